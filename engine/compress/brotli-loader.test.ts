import { describe, expect, it } from "vitest";
import { nodeBrotliLoader } from "../cli/brotli-node.ts";
import { CompressError, brotliIfLoaded, defaultBrotliLoader, loadBrotli } from "./index.ts";
import type { BrotliModule } from "./index.ts";

// Module state (the cached module) is per test file, so this file starts with nothing loaded.
describe("loadBrotli", () => {
  it("reports a failed load as compress/brotli-unavailable, does not cache it, then loads once", async () => {
    expect(brotliIfLoaded()).toBeUndefined();
    let error: unknown;
    try {
      await loadBrotli(() => Promise.reject(new Error("no wasm here")));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CompressError);
    expect((error as CompressError).code).toBe("compress/brotli-unavailable");
    expect((error as CompressError).message).toContain("no wasm here");
    expect(brotliIfLoaded()).toBeUndefined();

    let calls = 0;
    const counting = async (): Promise<BrotliModule> => {
      calls++;
      return nodeBrotliLoader();
    };
    const [a, b] = await Promise.all([loadBrotli(counting), loadBrotli(counting)]);
    expect(a).toBe(b);
    expect(await loadBrotli(counting)).toBe(a);
    expect(calls).toBe(1);
    expect(brotliIfLoaded()).toBe(a);
  });

  it("defaults, under Node, to a loader that works without any injection", async () => {
    const brotli = await defaultBrotliLoader();
    const input = new TextEncoder().encode("hello hello hello hello");
    expect(brotli.decompress(brotli.compress(input, { quality: 11 }))).toEqual(input);
  });
});
