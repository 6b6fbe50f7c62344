/**
 * Hostile inputs: deep nesting, overlong varints, lengths past the end, and a 50 MB input. The
 * disassembler must return text (never throw, overflow the stack or hang), and the text must
 * still assemble back to the input.
 */
import { describe, expect, it } from "vitest";
import { assemble } from "./assembler.ts";
import { DEFAULT_MAX_DEPTH, disassemble } from "./disassemble.ts";

/** `levels` messages nested in field 1, innermost `1: 1`; built back to front without recursion. */
function nestedMessages(levels: number): Uint8Array {
  const varintSize = (n: number) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : 4);
  const sizes = [2];
  for (let i = 0; i < levels; i++) sizes.push(1 + varintSize(sizes[i]!) + sizes[i]!);
  const out = new Uint8Array(sizes[levels]!);
  let pos = 0;
  for (let i = levels; i >= 1; i--) {
    out[pos++] = 0x0a;
    let length = sizes[i - 1]!;
    while (length >= 0x80) {
      out[pos++] = (length & 0x7f) | 0x80;
      length >>>= 7;
    }
    out[pos++] = length;
  }
  out[pos] = 0x08;
  out[pos + 1] = 0x01;
  return out;
}

function roundTrips(bytes: Uint8Array, text: string): void {
  const result = assemble(text, { annotations: false });
  expect(result.diagnostics).toEqual([]);
  expect(result.bytes).toEqual(bytes);
}

describe("disassembling hostile input", () => {
  it("100 000 nested messages: opened to the depth limit, the rest as bytes", () => {
    const bytes = nestedMessages(100_000);
    const text = disassemble(bytes);
    const lines = text.split("\n");
    // One line per level opened as a message, one for the field past the limit, whose payload
    // follows as hex.
    expect(lines[0]).toBe("1: {");
    expect(lines[DEFAULT_MAX_DEPTH]).toBe(" ".repeat(2 * DEFAULT_MAX_DEPTH) + "1: {");
    expect(lines[DEFAULT_MAX_DEPTH + 1]).toMatch(new RegExp(`^ {${2 * DEFAULT_MAX_DEPTH + 2}}\`0a`));
    roundTrips(bytes, text);
  });

  it("100 000 nested groups: blocks to the depth limit, flat SGROUP/EGROUP tags after", () => {
    const bytes = new Uint8Array(200_000);
    bytes.fill(0x0b, 0, 100_000); // 1:SGROUP
    bytes.fill(0x0c, 100_000); // 1:EGROUP
    const text = disassemble(bytes);
    const lines = text.split("\n");
    expect(lines[0]).toBe("1: !{");
    const pad = " ".repeat(2 * DEFAULT_MAX_DEPTH);
    expect(lines[DEFAULT_MAX_DEPTH]).toBe(pad + "1:SGROUP");
    expect(lines[100_000]).toBe(pad + "1:EGROUP");
    expect(lines[lines.length - 2]).toBe("}");
    roundTrips(bytes, text);
  });

  it("a varint of 11 bytes is not a field: the rest becomes hex", () => {
    const bytes = Uint8Array.from([0x08, 0x96, 0x01, 0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]);
    expect(disassemble(bytes)).toBe("1: 150\n`10ffffffffffffffffffff01`\n");
  });

  it("a ten-byte varint whose last byte is above 1 overflows 64 bits: hex", () => {
    const bytes = Uint8Array.from([0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02]);
    expect(disassemble(bytes)).toBe("`08ffffffffffffffffff02`\n");
  });

  it("a length past the end: the field and the rest become hex", () => {
    const bytes = Uint8Array.from([0x08, 0x01, 0x0a, 0x05, 0x61, 0x62]);
    expect(disassemble(bytes)).toBe("1: 1\n`0a056162`\n");
  });

  it("a length prefix of 2^32 and more is past the end, not wrapped", () => {
    const bytes = Uint8Array.from([0x0a, 0x80, 0x80, 0x80, 0x80, 0x10, 0x61]);
    expect(disassemble(bytes)).toBe("`0a808080801061`\n");
  });

  it("50 MB of noise: text in bounded time, 40 bytes of hex a line", () => {
    const bytes = new Uint8Array(50 * 1024 * 1024);
    let x = 12345;
    for (let i = 0; i < bytes.length; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      bytes[i] = x >>> 24;
    }
    bytes[0] = 0x07; // wire type 7: not a field, so all of it is hex
    const started = performance.now();
    const text = disassemble(bytes);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(text.length).toBe(bytes.length * 2 + Math.ceil(bytes.length / 40) * 3);
    expect(text.startsWith("`07")).toBe(true);
  });

  it("200 000 floats in a row (one long run of aligned # remarks) stay linear", () => {
    // protoscope rescans the rest of a run of remark lines for each line: quadratic here.
    const count = 200_000;
    const bytes = new Uint8Array(count * 5);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < count; i++) {
      bytes[i * 5] = 0x0d; // 1:I32
      view.setFloat32(i * 5 + 1, i === count - 1 ? 123456.5 : 1.5, true);
    }
    const started = performance.now();
    const text = disassemble(bytes);
    expect(performance.now() - started).toBeLessThan(20_000);
    const lines = text.split("\n");
    // Every remark aligns to the widest line of the run (the last one), as protoscope prints
    // the same run of 2000.
    expect(lines[0]).toBe("1: 1.5i32       # 0x3fc00000i32");
    expect(lines[count - 1]).toBe("1: 123456.5i32  # 0x47f12040i32");
    roundTrips(bytes, text);
  });
});
