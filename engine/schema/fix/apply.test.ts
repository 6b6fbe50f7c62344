import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineIndex, type TextEdit } from "../../diagnostics.ts";
import { enumValuePrefix } from "../lint/case.ts";
import { applyEdits, applyFix } from "./apply.ts";
import { enumPrefixFix, valueRenames } from "./enum-prefix.ts";
import { scanProto } from "./scan.ts";

const edit = (text: string, from: number, to: number, newText: string, file?: string): TextEdit => ({
  span: new LineIndex(text).span(from, to, file),
  newText,
});

describe("applyEdits", () => {
  const text = "enum E { A = 0; B = 1; }";
  it("applies edits given in any order against the original text", () => {
    const edits = [edit(text, 16, 17, "E_B"), edit(text, 9, 10, "E_A")];
    expect(applyEdits(text, edits)).toBe("enum E { E_A = 0; E_B = 1; }");
  });
  it("counts an identical duplicate once", () => {
    expect(applyEdits(text, [edit(text, 9, 10, "X"), edit(text, 9, 10, "X")])).toBe("enum E { X = 0; B = 1; }");
  });
  it("rejects overlapping and out-of-range edits with a RangeError", () => {
    expect(() => applyEdits(text, [edit(text, 9, 12, "X"), edit(text, 10, 11, "Y")])).toThrow(RangeError);
    expect(() => applyEdits("ab", [edit(text, 1, 9, "X")])).toThrow(RangeError);
  });
  it("applyFix routes edits by span.file and leaves other files alone", () => {
    const sources = { "a.proto": "A", "b.proto": "B", "c.proto": "C" };
    const fix = { title: "t", edits: [edit("A", 0, 1, "AA", "a.proto"), edit("B", 1, 1, "!", "b.proto")] };
    expect(applyFix(sources, fix)).toEqual({ "a.proto": "AA", "b.proto": "B!", "c.proto": "C" });
    expect(() => applyFix(sources, { title: "t", edits: [edit("A", 0, 1, "x", "zzz.proto")] })).toThrow(RangeError);
  });
});

describe("scanProto", () => {
  it("finds enums with scopes, values with numbers, defaults with types, and custom option values", () => {
    const text = [
      "package a.b;",
      "/* enum Fake { X = 0; } */ // enum Fake2 { Y = 0; }",
      'message M { enum E { option allow_alias = true; Z = 0x0; N = -2 [(o) = RED]; } optional E e = 1 [default = Z, json_name = "q"]; }',
      "option optimize_for = SPEED;",
      "option (x).y = { a: RED b: [RED] };",
    ].join("\n");
    const scanned = scanProto(text);
    expect(scanned.package).toBe("a.b");
    expect(scanned.enums.map((e) => [e.fullName, e.scope, e.values.map((v) => [v.name, v.number])])).toEqual([
      ["a.b.M.E", "a.b.M", [["Z", 0], ["N", -2]]],
    ]);
    expect(scanned.references.map((r) => [r.kind, r.name, r.typeName])).toEqual([
      ["option", "RED", undefined],
      ["default", "Z", "E"],
      ["option", "RED", undefined],
      ["option", "RED", undefined],
    ]);
  });

  it("never throws on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        scanProto(s);
        scanProto("enum E { " + s);
      }),
      { numRuns: 300 },
    );
  });
});

// Identifiers shaped like the names learners write: mixed case, digits, underscores.
const ident = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,10}$/);

describe("the prefix fix, as a property", () => {
  it("every value ends up prefixed, names stay unique, the zero value says UNSPECIFIED, and a second run changes nothing", () => {
    fc.assert(
      fc.property(ident, fc.uniqueArray(ident, { minLength: 1, maxLength: 6, selector: (s) => s }), (enumName, valueNames) => {
        const body = valueNames.map((v, i) => `  ${v} = ${i};`).join("\n");
        const text = `syntax = "proto3";\nenum ${enumName} {\n${body}\n}\n`;
        const sources = { "x.proto": text };
        const at = { file: "x.proto", offset: text.indexOf(`enum ${enumName} {`) + 5 };
        const fix = enumPrefixFix(sources, at);
        const fixed = fix === undefined ? sources : applyFix(sources, fix);
        const entry = scanProto(fixed["x.proto"]!).enums[0]!;
        const prefix = enumValuePrefix(enumName);
        const names = entry.values.map((v) => v.name);
        expect(names.every((n) => n.startsWith(prefix))).toBe(true);
        expect(new Set(names).size).toBe(names.length);
        expect(valueRenames(entry).size).toBe(0);
        expect(enumPrefixFix(fixed, at)).toBeUndefined();
        const zero = names[0]!;
        const wanted = prefix + "UNSPECIFIED";
        expect(zero.endsWith("_UNSPECIFIED") || names.slice(1).includes(wanted)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
