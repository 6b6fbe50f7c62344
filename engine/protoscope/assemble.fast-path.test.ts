// The assembler's loop handles the commonest tokens itself (whitespace, comments, braces, short
// decimal varints, `N:` tags) and hands the rest to the general handlers. In every mode (bytes
// alone as the CLI runs it, annotated, recovering as the IDE runs it) it must give exactly what
// handing every token to the general handlers gives (`generalOnly`, the path the goldens and the
// differential fuzz test check against protoscope): the same bytes, the same diagnostics with
// their codes and spans, and the same annotation tree, every key of every node. Checked here on
// every golden and invalid file, and on random programs built from the tokens at the border of
// the fast path (9 and 10 digits, `N:` before anything, long-form, non-ASCII, a byte-order mark,
// comments without a newline). Bytes alone must also match the annotated bytes.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assemble } from "./index.ts";

const dir = join(import.meta.dirname, "testdata", "asm");
const files = [
  ...readdirSync(dir)
    .filter((n) => n.endsWith(".txt"))
    .map((n) => join(dir, n)),
  ...readdirSync(join(dir, "invalid"))
    .filter((n) => n.endsWith(".txt"))
    .map((n) => join(dir, "invalid", n)),
];

function expectSameAsGeneral(text: string): void {
  for (const options of [{}, { recover: true }, { annotations: false }, { annotations: false, recover: true }]) {
    const fast = assemble(text, options);
    const reference = assemble(text, { ...options, generalOnly: true });
    expect(Buffer.from(fast.bytes).toString("hex")).toBe(Buffer.from(reference.bytes).toString("hex"));
    expect(fast.diagnostics).toEqual(reference.diagnostics);
    // The nodes' properties are getters: their JSON is every key, children included.
    expect(JSON.parse(JSON.stringify(fast.annotations))).toEqual(JSON.parse(JSON.stringify(reference.annotations)));
  }
  const general = assemble(text);
  const bytesOnly = assemble(text, { annotations: false });
  expect(Buffer.from(bytesOnly.bytes).toString("hex")).toBe(Buffer.from(general.bytes).toString("hex"));
  // Only the annotating path warns about field numbers past 536870911 (the IDE's warning; the
  // CLI stays as silent as protoscope).
  expect(bytesOnly.diagnostics).toEqual(general.diagnostics.filter((d) => d.code !== "wire/field-number-out-of-range"));
}

const pieces = [
  "1",
  "7",
  "123456789",
  "999999999",
  "1234567890",
  "0",
  "007",
  "0x1f",
  "1:",
  "15:",
  "536870911:",
  "999999999:",
  "1234567890:",
  "1:LEN",
  "2:0",
  "1:8",
  "1z:",
  "-1:",
  "-5",
  "5z",
  "5i32",
  "5i64",
  "1.5",
  "true",
  "{",
  "}",
  "!{",
  "!",
  '"a\\x00b"',
  '"é"',
  "`ff00`",
  "long-form:2",
  "# note",
  "é",
  "1é",
  "1:é",
  "hello",
  "[",
  "\ufeff",
];
const separators = [" ", "\n", "\t", "\r\n", "", "  # c\n"];

const program = fc
  .array(fc.tuple(fc.constantFrom(...pieces), fc.constantFrom(...separators)), { maxLength: 40 })
  .map((parts) => parts.map(([piece, sep]) => piece + sep).join(""));

describe("the assembler's fast path matches the general handlers, in every mode", () => {
  it.each(files.map((f) => [f.slice(dir.length + 1), f]))("%s", (_name, file) => {
    expectSameAsGeneral(readFileSync(file, "utf8"));
  });

  it("on random programs from the fast path's border cases", () => {
    fc.assert(
      fc.property(program, (text) => {
        expectSameAsGeneral(text);
        // A leading byte-order mark is skipped by both.
        expectSameAsGeneral("\ufeff" + text);
      }),
      { numRuns: 1000 },
    );
  });

  it("on balanced programs (mostly valid, so the bytes are compared, not only errors)", () => {
    const valid = fc
      .array(fc.constantFrom("1: 5", "2: {3: 4}", "1: {}", "15: 123456789", "3: 1234567890", "4: !{5: 6}", '6: {"x"}', "1: 1.5", "1:LEN {}", "long-form:1 7", "8: long-form:2 {}"), {
        maxLength: 30,
      })
      .chain((fields) => fc.constantFrom(" ", "\n", "\n  ", " # c\n").map((sep) => fields.join(sep)));
    fc.assert(
      fc.property(valid, (text) => {
        expectSameAsGeneral(text);
        expect(assemble(text, { annotations: false }).diagnostics).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
