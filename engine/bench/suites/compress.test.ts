import { describe, expect, it } from "vitest";
import { COMPRESSION_EXAMPLES, decompress, exampleBytes, loadBrotli } from "../../compress/index.ts";
import type { Algorithm } from "../../compress/index.ts";
import { nodeBrotliLoader } from "../../cli/brotli-node.ts";
import { compressSuite } from "./compress.ts";

const pairs = compressSuite.cases.flatMap((c) => compressSuite.impls.filter((i) => compressSuite.has!(c, i)).map((i) => [c, i] as const));

describe("compress suite", () => {
  it("has at least one implementation for every case, and every impl is used", () => {
    for (const c of compressSuite.cases) expect(pairs.some(([k]) => k === c), c).toBe(true);
    for (const i of compressSuite.impls) expect(pairs.some(([, k]) => k === i), i).toBe(true);
    expect(compressSuite.impls).toContain(compressSuite.baseline);
  });

  it("decodes the same 1001 values with every decode implementation", async () => {
    for (const range of ["0-1000", "100000-101000"]) {
      const first = range === "0-1000" ? 0 : 100000;
      const expected = new Uint8Array(Int32Array.from({ length: 1001 }, (_, i) => first + i).buffer);
      for (const impl of ["packed-varint", "packed-fixed32", "packed-fixed32-memcpy"]) {
        const prepared = await compressSuite.prepare(`decode-packed:${range}`, impl);
        expect(prepared.output(), `${range} ${impl}`).toEqual(expected);
        expect(prepared.run()).toBe(1001);
        const encoded = impl === "packed-varint" ? (range === "0-1000" ? 1877 : 3006) : 4007;
        expect(prepared.bytes).toBe(encoded);
      }
    }
  });

  it("compresses to bytes that decompress to the payload, and decompresses to the payload", async () => {
    const brotli = await loadBrotli(nodeBrotliLoader);
    const payload = exampleBytes(COMPRESSION_EXAMPLES.find((e) => e.id === "0-1000-packed-fixed32")!);
    for (const [caseName, impl] of pairs.filter(([c]) => !c.startsWith("decode"))) {
      const [op, algorithm] = caseName.split(":") as ["compress" | "decompress", Algorithm];
      const prepared = await compressSuite.prepare(caseName, impl);
      const output = prepared.output() as Uint8Array;
      expect(prepared.bytes, caseName).toBe(4007);
      if (op === "compress") expect(decompress(algorithm, output, brotli), caseName).toEqual(payload);
      else expect(output, caseName).toEqual(payload);
      expect(prepared.run()).toBeInstanceOf(Uint8Array);
    }
  });

  it("refuses a pair it does not have", () => {
    expect(() => compressSuite.prepare("compress:gzip:l6", "brotli-wasm")).toThrow(/no case compress:gzip:l6 for brotli-wasm/);
    expect(() => compressSuite.prepare("decode-packed:7-8", "packed-varint")).toThrow(/no case/);
  });
});
