import { describe, expect, it } from "vitest";
import { COMPRESSION_EXAMPLES, exampleBytes } from "../../../../engine/compress/index.ts";
import { computeSizes } from "./computeSizes.ts";

describe("computeSizes (what the panel's Worker answers)", () => {
  it("gives every compressor's size with its implementation and settings, and no compressed bytes", async () => {
    const input = exampleBytes(COMPRESSION_EXAMPLES.find((e) => e.id === "0-1000-packed-varint")!);
    const answer = await computeSizes(input, { level: 6, quality: 11 });
    expect(answer.raw).toBe(1877);
    expect(answer.rows.map((r) => [r.algorithm, r.implementation, r.settingsLabel, r.size])).toEqual([
      ["gzip", "fflate 0.8.3", "level 6", 1530],
      ["zlib", "fflate 0.8.3", "level 6", 1518],
      ["deflate", "fflate 0.8.3", "level 6", 1512],
      ["brotli", "brotli-wasm 3.0.1", "quality 11, window 2^22", 885],
    ]);
    for (const r of answer.rows) expect(Object.keys(r).sort()).toEqual(["algorithm", "implementation", "ratio", "settingsLabel", "size"]);
  });

  it("follows the settings", async () => {
    const input = exampleBytes(COMPRESSION_EXAMPLES.find((e) => e.id === "0-1000-packed-fixed32")!);
    const stored = await computeSizes(input, { level: 0, quality: 0 });
    const best = await computeSizes(input, { level: 9, quality: 11 });
    expect(stored.rows[2]!.settingsLabel).toBe("level 0");
    expect(stored.rows[2]!.size).toBeGreaterThan(4007);
    expect(best.rows[2]!.size).toBeLessThan(stored.rows[2]!.size);
    expect(best.rows[3]!.size).toBeLessThan(stored.rows[3]!.size);
  });
});
