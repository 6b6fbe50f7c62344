// Hostile input: deep nesting, huge numbers, long-form abuse, a 50 MB file. Each must end in a
// result or a positioned error within seconds, never a stack overflow or a hang.
import { describe, expect, it } from "vitest";
import type { TextSpan } from "../diagnostics.ts";
import { assemble, AssembleErrorCode as E } from "./index.ts";

describe("adversarial input", () => {
  it("100 000 nested braces assemble (no recursion), with correct length prefixes", () => {
    const depth = 100_000;
    const text = "{".repeat(depth) + "}".repeat(depth);
    const result = assemble(text, { annotations: false });
    expect(result.diagnostics).toEqual([]);
    // Innermost: 00; each level wraps the previous in a length prefix. Check by peeling.
    const bytes = result.bytes;
    let at = 0;
    for (let level = 0; level < depth; level++) {
      let length = 0;
      let shift = 0;
      let b: number;
      do {
        b = bytes[at++]!;
        length += (b & 0x7f) * 2 ** shift;
        shift += 7;
      } while (b & 0x80);
      expect(length).toBe(bytes.length - at);
      if (level > 10 && level < depth - 10) {
        // Skip the middle: checking every level is quadratic in nothing but time.
        level = depth - 11;
        at = findInnerLevel(bytes, depth - 10);
      }
    }
    expect(at).toBe(bytes.length);
  });

  it("100 000 nested braces with annotations: a tree as deep, walkable without recursion", () => {
    const depth = 100_000;
    const text = "1: {".repeat(depth) + "}".repeat(depth);
    const result = assemble(text);
    expect(result.diagnostics).toEqual([]);
    let node = result.annotations.at(0)!;
    let levels = 1;
    while (node.children && node.children.length > 2) {
      node = node.children.at(2)!;
      levels++;
    }
    expect(levels).toBe(depth);
  });

  it("100 000 unclosed braces: a positioned error at the innermost", () => {
    const result = assemble("{".repeat(100_000));
    expect(result.diagnostics[0]!.code).toBe(E.unclosedBrace);
    expect((result.diagnostics[0]!.span as TextSpan).start.offset).toBe(99_999);
  });

  it("100 000 nested groups", () => {
    const depth = 100_000;
    const result = assemble("1: !{".repeat(depth) + "}".repeat(depth), { annotations: false });
    expect(result.diagnostics).toEqual([]);
    expect(result.bytes.length).toBe(2 * depth);
  });

  it("integer literals of 10+ bytes and absurd lengths are clear errors", () => {
    const huge = "9".repeat(100_000);
    for (const text of ["18446744073709551616", "0x" + "f".repeat(17), huge, "-" + huge + "z", huge + ":"]) {
      const d = assemble(text).diagnostics[0]!;
      expect(d.code).toBe(E.integerOverflow);
      expect((d.span as TextSpan).start.offset).toBe(0);
      expect(d.message.length).toBeLessThan(300);
    }
    const float = assemble("1." + huge + "e" + huge).diagnostics[0]!;
    expect(float.code).toBe(E.floatOverflow);
    expect(assemble("0.0e" + huge).diagnostics).toEqual([]);
  });

  it("output past 256 MiB is a positioned error, not an exhausted heap", () => {
    // 32 long-form:1024 varints of 1025 bytes per line: ~33 KB of output per 540 characters.
    const line = "long-form:1024 1 ".repeat(32) + "\n";
    const text = line.repeat(8200);
    const d = assemble(text, { annotations: false }).diagnostics[0]!;
    expect(d.code).toBe(E.outputTooLarge);
    expect((d.span as TextSpan).start.line).toBeGreaterThan(7000);
  });

  it("long-form cannot ask for gigabytes", () => {
    const d = assemble("long-form:2147483647 1").diagnostics[0]!;
    expect(d.code).toBe(E.longFormTooLarge);
    const ok = assemble("long-form:1024 1");
    expect(ok.bytes.length).toBe(1025);
  });

  it("a 50 MB input assembles in seconds", () => {
    const line = '1: 150 2: {"hello world" 3: -7z} 4: 1.5 5: `deadbeef` 6: !{ 7: 1i32 }\n';
    const text = line.repeat(Math.ceil(50_000_000 / line.length));
    const started = performance.now();
    const result = assemble(text, { annotations: false });
    const ms = performance.now() - started;
    expect(result.diagnostics).toEqual([]);
    const one = assemble(line).bytes;
    expect(result.bytes.length).toBe(one.length * Math.ceil(50_000_000 / line.length));
    expect(result.bytes.subarray(0, one.length)).toEqual(one);
    expect(ms).toBeLessThan(20_000);
  });

  it("a 50 MB string literal, with annotations", () => {
    const text = '1: {"' + "x".repeat(50_000_000) + '"}';
    const result = assemble(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.bytes.length).toBe(50_000_000 + 1 + 4);
    expect(result.annotations.at(0)!.children!.at(2)!.value!.length).toBeLessThan(200);
  });

  it("a 50 MB error: the position is still exact", () => {
    const text = '1: {"' + "x\n".repeat(25_000_000) + '"} ?';
    const d = assemble(text, { annotations: false }).diagnostics[0]!;
    expect(d.code).toBe(E.unknownSymbol);
    expect((d.span as TextSpan).start).toEqual({ offset: 50_000_008, line: 25_000_001, column: 4 });
  });
});

/** Offset of the length prefix of nesting level `level` (0 = outermost) in `{{...}}` bytes. */
function findInnerLevel(bytes: Uint8Array, level: number): number {
  let at = 0;
  for (let i = 0; i < level; i++) {
    while (bytes[at]! & 0x80) at++;
    at++;
  }
  return at;
}
