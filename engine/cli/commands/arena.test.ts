import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { memoryIO } from "../io.ts";
import { main } from "../main.ts";

const golden = JSON.parse(readFileSync(join(import.meta.dirname, "../../arena/testdata/bump.golden.json"), "utf8")) as {
  results: { name: string; ops: string; mode: string; events: unknown[]; stats: unknown; chunkWords: number[] }[];
};

describe("wirelab arena", () => {
  for (const g of golden.results.filter((r) => ["cli-example", "first-growths", "realloc-in-place"].includes(r.name))) {
    it(`--json prints Go's trace for ${g.name} (${g.mode})`, async () => {
      const io = memoryIO();
      expect(await main(["arena", "--ops", g.ops, "--mode", g.mode, "--json"], io)).toBe(0);
      const doc = JSON.parse(io.out) as { events: unknown[]; stats: unknown; chunks: number[]; mode: string };
      expect(doc).toEqual({ mode: g.mode, events: g.events, stats: g.stats, chunks: g.chunkWords });
    });
  }

  it("defaults to the design and starts as CLI.md's example does", async () => {
    const io = memoryIO();
    expect(await main(["arena", "--ops=alloc:24,alloc:100,reset,realloc:1:200", "--json"], io)).toBe(0);
    const doc = JSON.parse(io.out) as { events: unknown[] };
    expect(doc.events.slice(0, 2)).toEqual([
      { op: "grow", chunk: 0, words: 8 },
      { op: "alloc", size: 24, chunk: 0, offset: 0, left: 5 },
    ]);
  });

  it("prints a table with the statistics", async () => {
    const io = memoryIO();
    expect(await main(["arena", "--ops", "alloc:8,alloc:64,alloc:128", "--mode", "listing"], io)).toBe(0);
    expect(io.out).toContain("grow        chunk #0 of 16 words (reused), really 8 words");
    expect(io.out).toContain("OVERFLOW");
    expect(io.out.trim().split("\n").at(-1)).toBe("requested 200 B, reserved 64 B in 1 chunk, wasted 120 B");
  });

  it("reports script errors as --ops:line:col and exits 1", async () => {
    const io = memoryIO();
    expect(await main(["arena", "--ops", "alloc:8,realloc:4:16"], io)).toBe(1);
    expect(io.err).toBe('--ops:1:9: "realloc:4:16": there is no allocation 4 yet (1 so far, counted from 0)\n');
  });

  it("exits 2 on bad usage", async () => {
    for (const args of [[], ["--ops", "alloc:8", "--mode", "fast"], ["--ops", "alloc:8", "--what"]]) {
      const io = memoryIO();
      expect(await main(["arena", ...args], io)).toBe(2);
      expect(io.err).toMatch(/^wirelab arena: /);
    }
  });
});
