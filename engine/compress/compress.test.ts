import { readFileSync } from "node:fs";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { nodeBrotliLoader } from "../cli/brotli-node.ts";
import type { BrotliModule } from "./index.ts";
import {
  ALGORITHMS,
  BROTLI_IMPLEMENTATION,
  COMPRESSION_EXAMPLES,
  CompressError,
  FFLATE_IMPLEMENTATION,
  brotliWindowBits,
  compressedSizes,
  decompress,
  exampleBytes,
  flateDecompress,
  loadBrotli,
  resultFor,
} from "./index.ts";
import type { BrotliQuality, DeflateLevel } from "./index.ts";

let brotli: BrotliModule;
beforeAll(async () => {
  brotli = await loadBrotli(nodeBrotliLoader);
});

const LEVELS: DeflateLevel[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const QUALITIES: BrotliQuality[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

describe("the post's payloads", () => {
  it("have exactly the post's raw sizes", () => {
    expect(COMPRESSION_EXAMPLES.map((e) => exampleBytes(e).length)).toEqual([2875, 1877, 5005, 4007, 3006, 4007]);
    for (const e of COMPRESSION_EXAMPLES) expect(exampleBytes(e).length).toBe(e.post.raw);
  });

  it("compress under brotli at default settings to within 1% of the post's figures", () => {
    const post = [1094, 885, 1140, 1140, 1039, 1163];
    COMPRESSION_EXAMPLES.forEach((e, i) => {
      const brotliResult = resultFor(compressedSizes(exampleBytes(e), brotli), "brotli")!;
      expect(brotliResult.settings).toEqual({ kind: "brotli", quality: 11, windowBits: 22 });
      expect(Math.abs(brotliResult.size - post[i]!) / post[i]!, e.id).toBeLessThanOrEqual(0.01);
    });
  });

  it("decompress back to the input at every level and quality", () => {
    for (const e of COMPRESSION_EXAMPLES) {
      const input = exampleBytes(e);
      for (const level of LEVELS) {
        const report = compressedSizes(input, undefined, { level, quality: 11 });
        expect(report.results.map((r) => r.algorithm)).toEqual(["gzip", "zlib", "deflate"]);
        for (const r of report.results) expect(decompress(r.algorithm, r.bytes, undefined), `${e.id} ${r.algorithm} ${level}`).toEqual(input);
      }
      for (const quality of QUALITIES) {
        const r = resultFor(compressedSizes(input, brotli, { level: 6, quality }), "brotli")!;
        expect(decompress("brotli", r.bytes, brotli), `${e.id} brotli ${quality}`).toEqual(input);
      }
    }
  });

  it("are smaller under brotli as packed varints than packed fixed32, by less for large values", () => {
    const size = (id: string) => resultFor(compressedSizes(exampleBytes(COMPRESSION_EXAMPLES.find((e) => e.id === id)!), brotli), "brotli")!.size;
    const smallLead = size("0-1000-packed-fixed32") - size("0-1000-packed-varint");
    const largeLead = size("100000-101000-packed-fixed32") - size("100000-101000-packed-varint");
    expect(smallLead).toBeGreaterThan(largeLead);
    expect(largeLead).toBeGreaterThan(0);
  });
});

describe("compressedSizes", () => {
  it("names the implementation and settings of every result", () => {
    const report = compressedSizes(new Uint8Array([1, 2, 3, 1, 2, 3]), brotli, { level: 9, quality: 4 });
    expect(report.raw).toBe(6);
    expect(report.results.map((r) => [r.algorithm, r.implementation, r.settingsLabel])).toEqual([
      ["gzip", FFLATE_IMPLEMENTATION, "level 9"],
      ["zlib", FFLATE_IMPLEMENTATION, "level 9"],
      ["deflate", FFLATE_IMPLEMENTATION, "level 9"],
      ["brotli", BROTLI_IMPLEMENTATION, "quality 4, window 2^22"],
    ]);
    for (const r of report.results) expect(r.ratio).toBeCloseTo(r.size / 6, 10);
  });

  it("names the versions actually installed", () => {
    const version = (name: string) =>
      (JSON.parse(readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), "utf8")) as { version: string }).version;
    expect(FFLATE_IMPLEMENTATION).toBe(`fflate ${version("fflate")}`);
    expect(BROTLI_IMPLEMENTATION).toBe(`brotli-wasm ${version("brotli-wasm")}`);
  });

  it("frames one DEFLATE stream three ways: zlib adds 6 bytes, gzip 18", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), fc.constantFrom(...LEVELS), (input, level) => {
        const report = compressedSizes(input, undefined, { level, quality: 11 });
        const deflate = resultFor(report, "deflate")!.size;
        expect(resultFor(report, "zlib")!.size).toBe(deflate + 6);
        expect(resultFor(report, "gzip")!.size).toBe(deflate + 18);
      }),
      { numRuns: 60 },
    );
  });

  it("round-trips arbitrary bytes through every compressor", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 3000 }),
        fc.constantFrom(...LEVELS),
        fc.constantFrom(...QUALITIES),
        (input, level, quality) => {
          const report = compressedSizes(input, brotli, { level, quality });
          expect(report.results.map((r) => r.algorithm)).toEqual([...ALGORITHMS]);
          for (const r of report.results) expect(decompress(r.algorithm, r.bytes, brotli)).toEqual(input);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("reports a ratio of 0 for empty input instead of dividing by zero", () => {
    const report = compressedSizes(new Uint8Array(0), brotli);
    for (const r of report.results) {
      expect(r.ratio).toBe(0);
      expect(r.size).toBeGreaterThan(0);
    }
  });
});

describe("decompress errors", () => {
  const garbage = new Uint8Array([0xff, 0xfe, 0xfd, 0xfc, 0x01, 0x02]);
  it.each(["gzip", "zlib", "deflate"] as const)("rejects a corrupt %s stream with compress/corrupt", (algorithm) => {
    expect(() => flateDecompress(algorithm, garbage)).toThrowError(CompressError);
    try {
      flateDecompress(algorithm, garbage);
    } catch (e) {
      expect((e as CompressError).code).toBe("compress/corrupt");
      expect((e as CompressError).message).toContain(algorithm);
    }
  });

  it("rejects a corrupt brotli stream with compress/corrupt", () => {
    let error: unknown;
    try {
      decompress("brotli", garbage, brotli);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CompressError);
    expect((error as CompressError).code).toBe("compress/corrupt");
  });

  it("says brotli is not loaded rather than crashing", () => {
    let error: unknown;
    try {
      decompress("brotli", new Uint8Array([1]), undefined);
    } catch (e) {
      error = e;
    }
    expect((error as CompressError).code).toBe("compress/brotli-unavailable");
  });
});

describe("brotliWindowBits", () => {
  it("reads back every window Google's encoder (Node's zlib) can declare", () => {
    const input = new Uint8Array(50_000).map((_, i) => (i * 7919) & 0xff);
    for (let lgwin = 10; lgwin <= 24; lgwin++) {
      const stream = brotliCompressSync(input, {
        params: { [zlibConstants.BROTLI_PARAM_LGWIN]: lgwin, [zlibConstants.BROTLI_PARAM_QUALITY]: 5 },
      });
      expect(brotliWindowBits(new Uint8Array(stream)), `lgwin ${lgwin}`).toBe(lgwin);
    }
  });

  it("decodes the short forms and refuses the empty and large-window cases", () => {
    expect(brotliWindowBits(new Uint8Array(0))).toBeUndefined();
    expect(brotliWindowBits(new Uint8Array([0b0000_0000]))).toBe(16); // first bit 0
    expect(brotliWindowBits(new Uint8Array([0b0000_0001]))).toBe(17); // 1, n = 0, m = 0
    expect(brotliWindowBits(new Uint8Array([0b0100_0001]))).toBe(12); // 1, n = 0, m = 4: 8 + 4
    expect(brotliWindowBits(new Uint8Array([0b0001_0001]))).toBeUndefined(); // m = 1: large window
  });
});
