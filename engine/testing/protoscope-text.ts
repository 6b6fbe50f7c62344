/**
 * protoscope's text and ours, made comparable by DIFFERENCES.md's first item (test support
 * only): for an unclosed or mismatched group under -explicit-wire-types, protoscope prints
 * `N:SGRSGROUP` (text it cannot assemble) where we print `N:SGROUP`; the line is three characters
 * shorter, which can move the column `# remarks` align to, so in those outputs the spaces before a
 * remark are not compared. `(\S)` anchors the match before the spaces (` +# ` alone retries inside
 * every run of indentation: quadratic on deep nesting).
 */
export function comparableWithProtoscope(want: string, got: string): [string, string] {
  if (!want.includes(":SGRSGROUP")) return [want, got];
  const alignFree = (s: string) => s.replace(/(\S) +# /g, "$1  # ");
  return [alignFree(want.replace(/:SGRSGROUP/g, ":SGROUP")), alignFree(got)];
}
