// tokenize(): token classes and ranges for editor highlighting; never throws.
import { describe, expect, it } from "vitest";
import { tokenize } from "./index.ts";

const shape = (text: string) => tokenize(text).map((t) => [t.kind, text.slice(t.from, t.to)]);

describe("tokenize", () => {
  it("classifies every kind of token, comments included", () => {
    const text = '1: 150 # note\n2:LEN {"a\\"b" `ff`} 3: !{ 1.5i32 -2z inf64 true long-form:2 5 } bogus 0x1: 99999999999999999999';
    expect(shape(text)).toEqual([
      ["tag", "1:"],
      ["number", "150"],
      ["comment", "# note"],
      ["tag", "2:LEN"],
      ["brace", "{"],
      ["string", '"a\\"b"'],
      ["hex", "`ff`"],
      ["brace", "}"],
      ["tag", "3:"],
      ["group", "!{"],
      ["float", "1.5i32"],
      ["number", "-2z"],
      ["float", "inf64"], // the assembler reads it as a float, so it is coloured as one
      ["keyword", "true"],
      ["long-form", "long-form:2"],
      ["number", "5"],
      ["brace", "}"],
      ["invalid", "bogus"],
      ["tag", "0x1:"], // a hex field number makes a tag, as the assembler reads it
      ["invalid", "99999999999999999999"], // beyond 2^64: the assembler refuses it
    ]);
  });

  it("splits symbols at the characters protoscope splits at", () => {
    expect(shape('1:{2:"x"}3:!{}#c')).toEqual([
      ["tag", "1:"],
      ["brace", "{"],
      ["tag", "2:"],
      ["string", '"x"'],
      ["brace", "}"],
      ["tag", "3:"],
      ["group", "!{"],
      ["brace", "}"],
      ["comment", "#c"],
    ]);
  });

  it("skips a leading byte-order mark", () => {
    expect(tokenize("\ufeff1").map((t) => [t.kind, t.from, t.to])).toEqual([["number", 1, 2]]);
  });

  it("gives every token its start and end as offset, line and column", () => {
    const text = '1: {\n  "two\nlines" # c\n}';
    const tokens = tokenize(text);
    expect(tokens.map((t) => [t.kind, t.start, t.end])).toEqual([
      ["tag", { offset: 0, line: 1, column: 1 }, { offset: 2, line: 1, column: 3 }],
      ["brace", { offset: 3, line: 1, column: 4 }, { offset: 4, line: 1, column: 5 }],
      ["string", { offset: 7, line: 2, column: 3 }, { offset: 18, line: 3, column: 7 }],
      ["comment", { offset: 19, line: 3, column: 8 }, { offset: 22, line: 3, column: 11 }],
      ["brace", { offset: 23, line: 4, column: 1 }, { offset: 24, line: 4, column: 2 }],
    ]);
  });

  it("never throws: an unclosed string or hex literal, a lone ! become invalid tokens", () => {
    expect(shape('1 "abc')).toEqual([
      ["number", "1"],
      ["invalid", '"abc'],
    ]);
    expect(shape("`ab")).toEqual([["invalid", "`ab"]]);
    expect(shape("! 1")).toEqual([
      ["invalid", "!"],
      ["number", "1"],
    ]);
  });

  it("gives ordered ranges with only whitespace between them", () => {
    const text = "1: {2: 3} # c\n\t`00` \"s\"\r\n";
    const tokens = tokenize(text);
    let at = 0;
    for (const t of tokens) {
      expect(text.slice(at, t.from)).toMatch(/^[ \t\r\n]*$/);
      expect(t.to).toBeGreaterThan(t.from);
      at = t.to;
    }
    expect(text.slice(at)).toMatch(/^[ \t\r\n]*$/);
    expect(tokens).toHaveLength(8);
  });
});
