/**
 * protoscope's text and ours, made comparable by DIFFERENCES.md's items 1 and 4 (test support
 * only): a bool with a padded varint is `long-form:N 0` in ours; for an unclosed or mismatched group under -explicit-wire-types, protoscope prints
 * `N:SGRSGROUP` (text it cannot assemble) where we print `N:SGROUP`; the line is three characters
 * shorter, which can move the column `# remarks` align to, so in those outputs the spaces before a
 * remark are not compared. `(\S)` anchors the match before the spaces (` +# ` alone retries inside
 * every run of indentation: quadratic on deep nesting).
 */
export function comparableWithProtoscope(want: string, got: string): [string, string] {
  // Item 4: a padded bool is a number in ours (protoscope's `long-form:N false` does not assemble).
  if (want.includes("long-form:")) want = want.replace(/long-form:(\d+) (false|true)\b/g, (_m, n: string, b: string) => `long-form:${n} ${b === "true" ? 1 : 0}`);
  if (!want.includes(":SGRSGROUP")) return [want, got];
  const alignFree = (s: string) => s.replace(/(\S) +# /g, "$1  # ");
  return [alignFree(want.replace(/:SGRSGROUP/g, ":SGROUP")), alignFree(got)];
}
