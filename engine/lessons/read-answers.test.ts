import { describe, expect, it } from "vitest";
import { answerLines, readFieldLine, readInteger, readString, readWireType, readWords } from "./read-answers.ts";

describe("read answers", () => {
  it("reads integers in decimal and hex, with signs and thousands separators", () => {
    expect([readInteger("150"), readInteger("0x96"), readInteger("-3"), readInteger("1,000"), readInteger("−2"), readInteger("+7")]).toEqual([150n, 150n, -3n, 1000n, -2n, 7n]);
    expect([readInteger("1.5"), readInteger("ten"), readInteger("")]).toEqual([undefined, undefined, undefined]);
  });

  it("reads wire types by number, protoscope's names and the documentation's words", () => {
    for (const [text, wt] of [["0", 0], ["VARINT", 0], ["varint", 0], ["I64", 1], ["fixed64", 1], ["LEN", 2], ["length-delimited", 2], ["SGROUP", 3], ["EGROUP", 4], ["I32", 5], ["fixed32", 5]] as const) {
      expect(readWireType(text), text).toBe(wt);
    }
    expect(readWireType("6")).toBeUndefined();
    expect(readWireType("string")).toBeUndefined();
  });

  it("reads field lines written several ways", () => {
    const lines = answerLines('# my answer\nfield 1: VARINT 150\n2 LEN "testing"   # the string\nfield 3, wire type 5, 0x01020304\n4: 7\n');
    expect(lines.map((l) => l.line)).toEqual([2, 3, 4, 5]);
    expect(lines.map(readFieldLine)).toEqual([
      { line: 2, field: 1n, wireType: 0, value: "150" },
      { line: 3, field: 2n, wireType: 2, value: '"testing"' },
      { line: 4, field: 3n, wireType: 5, value: "0x01020304" },
      // A lone number after the field is its value, not a wire type.
      { line: 5, field: 4n, value: "7" },
    ]);
  });

  it("reads strings and word lists", () => {
    expect([readString('"a\\"b"'), readString("'x'"), readString("plain text")]).toEqual(['a"b', "x", "plain text"]);
    expect(readWords("Message, bytes and packed")).toEqual(["message", "bytes", "packed"]);
  });
});
