/**
 * Field numbers are exact everywhere, up to the 2^61-1 a 64-bit tag can carry, and a warning
 * says when one is past protobuf's 536870911 (issue 10, item 2).
 */
import { describe, expect, it } from "vitest";
import { assemble } from "../protoscope/assembler.ts";
import { annotateBytes } from "./decode.ts";
import { fieldNumberOf, tagFieldNumber, walkAnnotations } from "./types.ts";
import type { AnnotationList, FieldNumber } from "./types.ts";

/** Every distinct `field` in the tree, in order of first appearance. */
function fields(nodes: AnnotationList): FieldNumber[] {
  const seen: FieldNumber[] = [];
  walkAnnotations(nodes, (n) => {
    if (n.field !== undefined && !seen.includes(n.field)) seen.push(n.field);
  });
  return seen;
}

const cases: { field: string; exact: FieldNumber; warns: boolean }[] = [
  { field: "1", exact: 1, warns: false },
  { field: "536870911", exact: 536870911, warns: false },
  { field: "536870912", exact: 536870912, warns: true },
  { field: "2147483649", exact: 2147483649, warns: true }, // 2^31 + 1: past an int32
  { field: "9007199254740991", exact: 9007199254740991, warns: true }, // 2^53 - 1: the last safe number
  { field: "9007199254740993", exact: "9007199254740993", warns: true }, // 2^53 + 1: no double holds it
  { field: "2305843009213693951", exact: "2305843009213693951", warns: true }, // 2^61 - 1
];

describe("exact field numbers", () => {
  it("fieldNumberOf and tagFieldNumber split 64-bit values exactly", () => {
    expect(fieldNumberOf(5, 0)).toBe(5);
    expect(fieldNumberOf(0xffffffff, 0x1fffff)).toBe(Number.MAX_SAFE_INTEGER);
    expect(fieldNumberOf(1, 0x200000)).toBe("9007199254740993");
    // The tag of 2^61-1 with wire type 0: all 64 bits set but the low three.
    expect(tagFieldNumber(0xfffffff8, 0xffffffff)).toBe("2305843009213693951");
    expect(tagFieldNumber(150 << 3, 0)).toBe(150);
  });

  for (const { field, exact, warns } of cases) {
    it(`field ${field}: the assembler's and the decoder's trees say ${JSON.stringify(exact)}${warns ? ", with a warning" : ""}`, () => {
      const text = `${field}: 7\n${field}: {"abc"}`;
      const assembled = assemble(text);
      expect(assembled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(fields(assembled.annotations)).toEqual([exact]);
      const tags = [...assembled.annotations].map((a) => a.children!.at(0)!);
      expect(tags.map((t) => t.value)).toEqual([`${field}:VARINT`, `${field}:LEN`]);
      expect([...assembled.annotations].map((a) => a.path)).toEqual([[exact], [exact]]);
      const warned = assembled.diagnostics.filter((d) => d.code === "wire/field-number-out-of-range");
      expect(warned.length).toBe(warns ? 2 : 0);
      if (warns) {
        expect(warned[0]!.severity).toBe("warning");
        expect(warned[0]!.message).toContain(`field number ${field} is above 536870911`);
        // The span is the tag's text: `N:`.
        expect(warned[0]!.span).toMatchObject({ kind: "text", start: { offset: 0 }, end: { offset: field.length + 1 } });
      }

      const decoded = annotateBytes(assembled.bytes);
      expect(fields(decoded.annotations)).toEqual([exact]);
      expect([...decoded.annotations].map((a) => a.path)).toEqual([[exact], [exact]]);
      const decodedWarnings = decoded.diagnostics.filter((d) => d.code === "wire/field-number-out-of-range");
      expect(decodedWarnings.length).toBe(warns ? 2 : 0);
      if (warns) {
        const tagBytes = decoded.annotations.at(0)!.children!.at(0)!.bytes;
        expect(decodedWarnings[0]!.span).toEqual({ kind: "bytes", start: tagBytes[0], end: tagBytes[1] });
      }
      // JSON keeps them exact too (the CLI's `annotate --json`).
      expect(JSON.stringify(decoded.annotations)).toContain(typeof exact === "string" ? `"field":"${exact}"` : `"field":${exact}`);
    });
  }

  it("the bytes-only assembly (the CLI's) stays silent, as protoscope is", () => {
    expect(assemble("2305843009213693951: 1", { annotations: false }).diagnostics).toEqual([]);
  });

  it("an end-group tag of a big group matches its start exactly", () => {
    const { annotations, diagnostics } = annotateBytes(assemble("2305843009213693951: !{ 1: 2 }", { annotations: false }).bytes);
    expect(diagnostics.map((d) => d.code)).toEqual(["wire/field-number-out-of-range"]);
    const group = annotations.at(0)!;
    expect(group.kind).toBe("message");
    expect(group.field).toBe("2305843009213693951");
    expect(group.children!.at(-1)!.kind).toBe("group-end");
    expect(group.children!.at(-1)!.field).toBe("2305843009213693951");
  });
});
