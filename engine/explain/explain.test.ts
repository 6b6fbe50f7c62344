import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { annotateBytes } from "../annotate/decode.ts";
import { assemble } from "../protoscope/assembler.ts";
import { compile } from "../schema/index.ts";
import { encodeVarint64 } from "../wire/varint.ts";
import { byteRangeText, explainByte, explanationText, type Explanation } from "./index.ts";

const schema = compile({
  "t.proto": `syntax = "proto3";
package t;
enum Color { COLOR_UNSPECIFIED = 0; RED = 1; }
message M {
  string name = 1;
  int32 count = 2;
  sint32 delta = 3;
  float ratio = 4;
  repeated int32 nums = 5;
  Color color = 6;
  fixed32 f = 7;
  sint64 big_delta = 8;
}
`,
});
const M = schema.registry!.getMessage("t.M")!;

/** Bytes from protoscope text, with the assembler's tree (no schema) or the decoder's (with M). */
function tree(protoscope: string, withSchema: boolean) {
  const r = assemble(protoscope);
  expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const annotations = withSchema ? annotateBytes(r.bytes, { message: M }).annotations : r.annotations;
  return { bytes: r.bytes, annotations };
}

function explain(protoscope: string, at: number, withSchema = true): Explanation {
  const { bytes, annotations } = tree(protoscope, withSchema);
  const e = explainByte(bytes, annotations, at);
  expect(e).toBeDefined();
  return e!;
}

/** The facts of the section with `heading`, as a label -> value map. */
function facts(e: Explanation, heading: string): Record<string, string> {
  const s = e.sections.find((x) => x.heading === heading);
  expect(s, `section ${heading} in ${e.sections.map((x) => x.heading).join(", ")}`).toBeDefined();
  return Object.fromEntries(s!.facts.map((f) => [f.label, f.value]));
}

/** The varint rows of the first section: hex, continuation bit, payload bits. */
function varintRows(e: Explanation): [string, 0 | 1 | undefined, string | undefined][] {
  return e.sections[0]!.rows.map((r) => [r.hex, r.continuation, r.payload]);
}

describe("byteRangeText: the one range notation", () => {
  it.each([
    [1, 3, "bytes 1–2 (2 bytes)"],
    [4, 5, "byte 4 (1 byte)"],
    [0, 1024, "bytes 0–1023 (1,024 bytes)"],
    [7, 7, "no bytes (at byte 7)"],
  ])("[%i, %i) is %s", (start, end, text) => {
    expect(byteRangeText(start, end)).toBe(text);
  });
});

describe("tags", () => {
  it("the tag of field 1 LEN: one byte 0a = 1 << 3 | 2, named from the schema", () => {
    const e = explain('1: {"hi"}', 0);
    expect(e.title).toBe("Tag: field 1 (name), wire type 2 (LEN)");
    expect(e.range).toBe("byte 0 (1 byte)");
    expect(e.kind).toBe("tag");
    expect(varintRows(e)).toEqual([["0a", 0, "0001010"]]);
    const f = facts(e, "Tag");
    expect(f["field_number = tag >> 3"]).toBe("10 >> 3 = 1");
    expect(f["wire_type = tag & 7"]).toBe("10 & 7 = 2 (LEN)");
    expect(f["check: field_number << 3 | wire_type"]).toBe("1 << 3 | 2 = 8 + 2 = 10");
    expect(f["tag in binary: field number bits, then 3 wire-type bits"]).toBe("1 010");
    expect(f["field in the schema"]).toBe("name (string)");
    expect(e.warnings).toEqual([]);
  });

  it("without a schema the tag has no name and says so", () => {
    const e = explain('1: {"hi"}', 0, false);
    expect(e.title).toBe("Tag: field 1, wire type 2 (LEN)");
    expect(e.sections[0]!.sentences.some((s) => s.includes("No schema names this field"))).toBe(true);
  });

  it("2^61 - 1 as a field number: exact, ten bytes, and a warning that protoc never writes it", () => {
    const field = 2n ** 61n - 1n;
    const e = explain(`${field}: 1`, 3, false);
    const tag = encodeVarint64(field << 3n);
    expect(e.range).toBe(byteRangeText(0, tag.length));
    expect(tag.length).toBe(10);
    expect(e.title).toBe(`Tag: field ${field}, wire type 0 (VARINT)`);
    expect(facts(e, "Tag")["field_number = tag >> 3"]).toBe(`${field << 3n} >> 3 = ${field}`);
    expect(e.sections[0]!.rows.map((r) => r.hex).join("")).toBe(Buffer.from(tag).toString("hex"));
    expect(e.warnings).toHaveLength(1);
    expect(e.warnings[0]).toContain(`Field number ${field} is above 536870911`);
    expect(e.warnings[0]).toContain("protoc never writes");
    expect(e.where).toBe(`field ${field}`);
  });

  it.each([
    [536870911, 0],
    [18999, 0],
    [19000, 1],
    [19999, 1],
    [20000, 0],
    [536870912, 1],
  ])("field %i: %i warnings", (field, warnings) => {
    const e = explain(`${field}: 1`, 0, false);
    expect(e.warnings).toHaveLength(warnings);
    if (warnings) expect(e.warnings[0]).toContain("protoc never writes");
  });

  it("group start and end tags name each other's bytes", () => {
    // 1b = 3:SGROUP, 08 02 = 1: 2, 1c = 3:EGROUP
    const { bytes, annotations } = tree("3: !{ 1: 2 }", false);
    expect(Buffer.from(bytes).toString("hex")).toBe("1b08021c");
    for (const at of [0, 3]) {
      const e = explainByte(bytes, annotations, at)!;
      expect(facts(e, "Group")).toEqual({
        "start tag (SGROUP)": "byte 0 (1 byte)",
        contents: "bytes 1–2 (2 bytes)",
        "end tag (EGROUP)": "byte 3 (1 byte)",
      });
    }
  });
});

describe("varints", () => {
  it("150: 96 01, groups 0010110 and 0000001, 22 + 128", () => {
    const e = explain("2: 150", 1);
    expect(e.title).toBe("count: int32: 150");
    expect(e.range).toBe("bytes 1–2 (2 bytes)");
    expect(varintRows(e)).toEqual([
      ["96", 1, "0010110"],
      ["01", 0, "0000001"],
    ]);
    const f = facts(e, "Varint");
    expect(f["7-bit groups as stored (lowest first)"]).toBe("0010110 0000001");
    expect(f["the same groups, highest first"]).toBe("0000001 0010110");
    expect(f["sum of group × 2^(7·position)"]).toBe("22 + 1 × 2^7 = 22 + 128 = 150");
    expect(f["unsigned value"]).toBe("150");
    expect(e.warnings).toEqual([]);
  });

  it("-1 as int32: sign-extended to 64 bits, ten bytes, and what sint32 would take", () => {
    const e = explain("2: -1", 5);
    const n = 2n ** 64n - 1n;
    expect(e.title).toBe("count: int32: -1");
    expect(e.range).toBe("bytes 1–10 (10 bytes)");
    expect(varintRows(e)).toEqual([...Array(9).fill(["ff", 1, "1111111"]), ["01", 0, "0000001"]]);
    expect(facts(e, "Varint")["unsigned value"]).toBe(String(n));
    const f = facts(e, "int32");
    expect(f["as a signed 64-bit number: n − 2^64"]).toBe(`${n} − ${2n ** 64n} = -1`);
    expect(f["int32 value"]).toBe("-1");
    const sentences = e.sections.find((s) => s.heading === "int32")!.sentences;
    expect(sentences[0]).toContain("sign-extended to 64 bits");
    expect(sentences[0]).toContain("all ten bytes");
    expect(sentences[1]).toBe("As sint32 (zigzag) the same -1 would be 1 and take 1 byte.");
  });

  it("-1 as sint32: zigzag 1, one byte, and both directions of the zigzag step", () => {
    const e = explain("3: 1", 1);
    expect(e.kind).toBe("zigzag");
    expect(e.title).toBe("delta: sint32 (zigzag): -1");
    expect(varintRows(e)).toEqual([["01", 0, "0000001"]]);
    const f = facts(e, "Zigzag");
    expect(f["undo zigzag: (n >>> 1) ^ −(n & 1)"]).toBe("(1 >>> 1) ^ −(1 & 1) = 0 ^ -1 = -1");
    expect(f["how it was written: (v << 1) ^ (v >> 31)"]).toBe("(-1 << 1) ^ (-1 >> 31) = -2 ^ -1 = 1");
    expect(f["sint32 value"]).toBe("-1");
  });

  it.each([
    [0n, 0n],
    [1n, -1n],
    [2n, 1n],
    [3n, -2n],
    [4294967295n, -2147483648n],
    [4294967294n, 2147483647n],
  ])("sint32 zigzag %s reads %s", (n, v) => {
    const e = explain(`3: ${n}`, 1);
    expect(facts(e, "Zigzag")["sint32 value"]).toBe(String(v));
  });

  it("sint64 zigzag of the largest value reads -2^63", () => {
    const e = explain(`8: ${2n ** 64n - 1n}`, 1);
    expect(facts(e, "Zigzag")["sint64 value"]).toBe(String(-(2n ** 63n)));
  });

  it("an overlong varint: the same value, the redundant bytes named, protoc never writes it", () => {
    const e = explain("2: long-form:2 150", 1);
    expect(varintRows(e)).toEqual([
      ["96", 1, "0010110"],
      ["81", 1, "0000001"],
      ["80", 1, "0000000"],
      ["00", 0, "0000000"],
    ]);
    expect(facts(e, "int32")["int32 value"]).toBe("150");
    expect(e.warnings).toHaveLength(1);
    expect(e.warnings[0]).toContain("takes 4 bytes where 2 would do");
    expect(e.warnings[0]).toContain("(80 00)");
    expect(e.warnings[0]).toContain("protoc never writes");
  });

  it("an overlong tag is flagged too", () => {
    const e = explain("long-form:1 2: 150", 0);
    expect(e.title).toBe("Tag: field 2 (count), wire type 0 (VARINT)");
    expect(e.warnings[0]).toContain("This tag takes 2 bytes where 1 would do");
  });

  it("an enum is read by its number and named", () => {
    const e = explain("6: 1", 1);
    expect(e.title).toBe("color: enum t.Color: RED (1)");
  });

  it("without a schema every reading of the varint is listed, and the ones that do not fit say why", () => {
    const e = explain("2: -1", 5, false);
    expect(facts(e, "Readings")).toEqual({ int64: "-1", uint64: String(2n ** 64n - 1n), sint64: String(-(2n ** 63n)), int32: "-1" });
    const why = e.sections.find((s) => s.heading === "Readings")!.sentences;
    expect(why).toContain("Not uint32: more than 32 bits.");
    expect(why).toContain("Not bool: neither 0 nor 1.");
  });
});

describe("fixed-width values", () => {
  it("a float: little-endian 00 00 c0 3f is 0x3fc00000: sign 0, exponent 127, 1.5", () => {
    const e = explain("4: 1.5i32", 2);
    expect(e.title).toBe("ratio: float: 1.5");
    expect(e.range).toBe("bytes 1–4 (4 bytes)");
    expect(e.sections[0]!.rows.map((r) => [r.hex, r.bits])).toEqual([
      ["00", "00000000"],
      ["00", "00000000"],
      ["c0", "11000000"],
      ["3f", "00111111"],
    ]);
    expect(facts(e, "Little-endian")["the bytes, last first"]).toBe("0x3fc00000");
    const f = facts(e, "float (IEEE 754 single)");
    expect(f["sign bit"]).toBe("0 (positive)");
    expect(f["exponent (8 bits)"]).toBe("01111111 = 127");
    expect(f["value: +(1 + fraction) × 2^(exponent − 127)"]).toBe("+1.5 × 2^0 = 1.5");
    expect(facts(e, "Readings")).toEqual({ fixed32: String(0x3fc00000), sfixed32: String(0x3fc00000), float: "1.5" });
  });

  it("a fixed32 declared so is not explained as a float, but the float reading is still listed", () => {
    const e = explain("7: 1.5i32", 1);
    expect(e.title).toBe(`f: fixed32: ${0x3fc00000}`);
    expect(e.sections.map((s) => s.heading)).toEqual(["Little-endian", "Readings"]);
    expect(facts(e, "Readings").float).toBe("1.5");
  });

  it("a double without a schema: 8 bytes, the sign of -2", () => {
    const e = explain("9: -2.0i64", 3, false);
    expect(e.title).toBe("double: -2");
    const f = facts(e, "double (IEEE 754 double)");
    expect(f["sign bit"]).toBe("1 (negative)");
    expect(f["exponent (11 bits)"]).toBe("10000000000 = 1024");
  });
});

describe("length-delimited", () => {
  it("the length prefix says what it covers and lists the payload's readings", () => {
    const e = explain('1: {"hé"}', 1);
    expect(e.title).toBe("name: Length prefix: 3 bytes follow");
    const f = facts(e, "Length prefix");
    expect(f.length).toBe("3 bytes");
    expect(f.covers).toBe("bytes 2–4 (3 bytes)");
    expect(f["read as"]).toBe("a string (string)");
    expect(facts(e, "Readings").string).toBe('"hé"');
  });

  it("a string byte: its code point, the UTF-8 bit patterns, escapes for what does not print", () => {
    const e = explain('1: {"a\\n€"}', 5);
    const s = e.sections.find((x) => x.heading === "UTF-8 text")!;
    expect(s.codePoints!.map((c) => [c.codePoint, c.shown, c.hex])).toEqual([
      ["U+0061", "a", "61"],
      ["U+000A", "\\n", "0a"],
      ["U+20AC", "€", "e2 82 ac"],
    ]);
    expect(s.rows.map((r) => [r.offset, r.note])).toEqual([
      [4, "1110xxxx: starts a 3-byte character"],
      [5, "10xxxxxx: a continuation byte (6 more bits)"],
      [6, "10xxxxxx: a continuation byte (6 more bits)"],
    ]);
    expect(facts(e, "UTF-8 text")["character at bytes 4–6 (3 bytes)"]).toBe("U+20AC €");
    expect(facts(e, "Length-delimited")).toEqual({ "length prefix": "byte 1 (1 byte) = 5", payload: "bytes 2–6 (5 bytes)" });
  });

  it("invalid UTF-8 in a string field shows as \\x escapes", () => {
    // Without a schema these bytes are read as bytes; the schema says field 1 is a string.
    expect(explain("1: {`ff61`}", 2, false).sections[0]!.heading).toBe("Bytes");
    const e = explain("1: {`ff61`}", 2);
    expect(e.title).toBe('name: String: "\\xffa"');
    expect(e.sections[0]!.codePoints!.map((c) => [c.codePoint, c.shown])).toEqual([
      ["invalid", "\\xff"],
      ["U+0061", "a"],
    ]);
  });

  it("a packed element: which of how many, and where each one starts and ends", () => {
    const e = explain("5: {1 2 300}", 5);
    expect(e.title).toBe("nums: int32: 300");
    expect(facts(e, "Packed")).toEqual({
      element: "3 of 3",
      "element 1": "byte 2 (1 byte) = 1",
      "element 2": "byte 3 (1 byte) = 2",
      "▸ element 3": "bytes 4–5 (2 bytes) = 300",
    });
  });
});

describe("robustness", () => {
  it("explains every byte of random input without throwing, and the range holds the byte", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.boolean(), (raw, withSchema) => {
        const { annotations } = annotateBytes(raw, withSchema ? { message: M } : {});
        for (let i = 0; i < raw.length; i++) {
          const e = explainByte(raw, annotations, i)!;
          expect(e).toBeDefined();
          expect(e.start <= i && i < e.end).toBe(true);
          expect(explanationText(e)).toContain(e.title);
        }
        expect(explainByte(raw, annotations, raw.length)).toBeUndefined();
        expect(explainByte(raw, annotations, -1)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it("the text form carries every fact and sentence of the structured form", () => {
    const e = explain("2: -1", 3);
    const text = explanationText(e);
    for (const s of e.sections) {
      expect(text).toContain(s.heading);
      for (const f of s.facts) expect(text).toContain(`${f.label}: ${f.value}`);
      for (const sentence of s.sentences) expect(text).toContain(sentence);
    }
    expect(text).toContain("▸ byte 3: ff  1 1111111");
  });
});
