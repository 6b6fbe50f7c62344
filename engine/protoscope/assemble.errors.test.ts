// Every assembler error: its code and its exact span (character offsets, and line:column for a
// multi-line case). Assembly stops at the first error and returns no bytes.
import { describe, expect, it } from "vitest";
import type { TextSpan } from "../diagnostics.ts";
import { assemble, AssembleErrorCode as E } from "./index.ts";

/** [input, code, span start, span end] (character offsets). */
const cases: [input: string, code: string, from: number, to: number][] = [
  ['1: "abc', E.unterminatedString, 3, 7],
  ['"ok" "\\q"', E.badEscape, 6, 8],
  ['"\\u0041"', E.badEscape, 1, 3],
  ['"\\x4"', E.badEscape, 1, 4],
  ['"\\xg0"', E.badEscape, 1, 5],
  ['"\\400"', E.badEscape, 1, 5],
  ['"\\', E.unterminatedString, 0, 2],
  ["`abcd", E.unterminatedHex, 0, 5],
  ["`abc`", E.badHex, 0, 5],
  ["`0g`", E.badHex, 2, 3],
  ["`00 11`", E.badHex, 3, 4],
  ["1: hello", E.unknownSymbol, 3, 8],
  ["5[", E.unknownSymbol, 1, 2],
  ["1e5", E.unknownSymbol, 0, 3],
  ["\ufeff1 \ufeff2", E.unknownSymbol, 3, 5],
  ["18446744073709551616", E.integerOverflow, 0, 20],
  ["1 -9223372036854775809", E.integerOverflow, 2, 22],
  ["0x10000000000000000z", E.integerOverflow, 0, 20],
  ["1i32: 5", E.fixedWidthTag, 0, 5],
  ["9:8", E.badWireType, 2, 3],
  ["1:0x5", E.badWireType, 2, 5],
  ["1:foo", E.badWireType, 2, 5],
  ["2305843009213693952: 1", E.fieldNumberTooLarge, 0, 19],
  ["4294967296i32", E.integerTooWide, 0, 13],
  ["-2147483649i32", E.integerTooWide, 0, 14],
  ["1.0e400", E.floatOverflow, 0, 7],
  ["3.4028236e38i32", E.floatOverflow, 0, 15],
  ["0x1.0p1024", E.floatOverflow, 0, 10],
  ['long-form:2 "abc"', E.longFormMisplaced, 0, 11],
  ["long-form:1 1.5", E.longFormMisplaced, 0, 11],
  ["long-form:1 5i32", E.longFormMisplaced, 0, 11],
  ["long-form:1 long-form:2 5", E.longFormMisplaced, 0, 11],
  ["1 long-form:1", E.longFormMisplaced, 2, 13],
  ["{ long-form:1 }", E.longFormMisplaced, 2, 13],
  ["long-form:1 }", E.longFormMisplaced, 0, 11],
  ["1: long-form:1 !{}", E.longFormMisplaced, 3, 14],
  ["long-form:1025 1", E.longFormTooLarge, 0, 14],
  ["!{}", E.groupWithoutTag, 0, 2],
  ["1:SGROUP !{}", E.groupWithoutTag, 9, 11],
  ["1 !{}", E.groupWithoutTag, 2, 4],
  ["-1: !{}", E.groupWithoutTag, 4, 6],
  ["1: ! {}", E.bangWithoutBrace, 3, 4],
  ["!", E.bangWithoutBrace, 0, 1],
  ["1: 2 }", E.unmatchedClose, 5, 6],
  ["1: { 2: 3", E.unclosedBrace, 3, 4],
  ["1: !{ 2: 3", E.unclosedBrace, 3, 5],
  ["{ { }", E.unclosedBrace, 0, 1],
  ["1: long-form:3 { 2: 3", E.unclosedBrace, 3, 16],
];

describe("assembler errors: code and span", () => {
  it.each(cases)("%j -> %s [%i, %i)", (input, code, from, to) => {
    const result = assemble(input);
    expect(result.bytes.length).toBe(0);
    expect(result.annotations).toEqual([]);
    expect(result.diagnostics).toHaveLength(1);
    const d = result.diagnostics[0]!;
    expect(d.code).toBe(code);
    expect(d.severity).toBe("error");
    expect(d.message.length).toBeGreaterThan(10);
    const span = d.span as TextSpan;
    expect(span.kind).toBe("text");
    expect([span.start.offset, span.end.offset]).toEqual([from, to]);
  });

  it("gives 1-based line and column", () => {
    const result = assemble('1: 2\n3: {\n  4: "x"\n  5: \\ }\n');
    const span = result.diagnostics[0]!.span as TextSpan;
    expect(result.diagnostics[0]!.code).toBe(E.unknownSymbol);
    expect(span.start).toEqual({ offset: 24, line: 4, column: 6 });
    expect(span.end).toEqual({ offset: 25, line: 4, column: 7 });
  });

  it("reports the first error only, even when more follow", () => {
    const result = assemble("1: oops 2: }} `zz`");
    expect(result.diagnostics.map((d) => d.code)).toEqual([E.unknownSymbol]);
  });
});
