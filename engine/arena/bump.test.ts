import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findTool, missingToolReason } from "../testing/tools.ts";
import { nextPow2, parseArenaOps, simulateArena, type ArenaMode } from "./index.ts";

const TESTDATA = join(import.meta.dirname, "testdata");

interface GoldenResult {
  name: string;
  ops: string;
  mode: ArenaMode;
  events: unknown[];
  chunkWords: number[];
  stats: unknown;
}

const golden = JSON.parse(readFileSync(join(TESTDATA, "bump.golden.json"), "utf8")) as { results: GoldenResult[] };

function trace(ops: string, mode: ArenaMode) {
  const parsed = parseArenaOps(ops);
  expect(parsed.diagnostics).toEqual([]);
  return simulateArena(parsed.ops, mode);
}

describe("bump arena against the Go programs (bump.golden.json)", () => {
  it("covers every script in both modes", () => {
    const scripts = (JSON.parse(readFileSync(join(TESTDATA, "scripts.json"), "utf8")) as { scripts: { name: string }[] }).scripts;
    expect(golden.results.map((r) => `${r.name}/${r.mode}`)).toEqual(scripts.flatMap((s) => [`${s.name}/design`, `${s.name}/listing`]));
  });

  for (const g of golden.results) {
    it(`${g.name} (${g.mode}): the same events, chunk sizes and statistics as Go`, () => {
      const t = trace(g.ops, g.mode);
      expect(t.events).toEqual(g.events);
      expect(t.chunks.map((c) => c.words)).toEqual(g.chunkWords);
      expect(t.stats).toEqual(g.stats);
      expect(t.eventOp).toHaveLength(t.events.length);
    });
  }

  const go = findTool("go");
  it.skipIf(!go)(`the golden file is what the Go programs print today${go ? "" : ` (${missingToolReason("go")})`}`, () => {
    const out = execFileSync(go!, ["run", "./bump"], { cwd: join(TESTDATA, "go"), input: readFileSync(join(TESTDATA, "scripts.json")) });
    expect(JSON.parse(out.toString())).toEqual(golden);
  });
});

describe("bump arena facts the lessons build on", () => {
  it("nextPow2 is the smallest power of two strictly greater", () => {
    expect([0, 1, 7, 8, 511, 512, 513].map(nextPow2)).toEqual([1, 2, 8, 16, 512, 1024, 1024]);
  });

  it("a request of exactly 512 words opens a 1024-word chunk", () => {
    expect(trace("alloc:4096", "design").events[0]).toEqual({ op: "grow", chunk: 0, words: 1024 });
  });

  it("the listing hands the 8-word chunk to the 16- and 32-word growths, and writes past it", () => {
    const t = trace("alloc:8,alloc:64,alloc:128", "listing");
    const grows = t.events.filter((e) => e.op === "grow").slice(0, 3);
    expect(grows).toEqual([
      { op: "grow", chunk: 0, words: 8 },
      { op: "grow", chunk: 0, words: 16, realWords: 8, reused: true },
      { op: "grow", chunk: 0, words: 32, realWords: 8, reused: true },
    ]);
    expect(t.events.filter((e) => e.op === "overflow").length).toBeGreaterThan(0);
    expect(t.stats.chunks).toBe(1);
    const design = trace("alloc:8,alloc:64,alloc:128", "design");
    expect(design.chunks.map((c) => c.words)).toEqual([8, 16, 32]);
    expect(design.events.some((e) => e.op === "overflow" || e.op === "overlap")).toBe(false);
  });

  it("reset reuses the chunks the arena already owns (design)", () => {
    const t = trace("alloc:24,alloc:100,reset,alloc:24,alloc:100", "design");
    expect(t.events.filter((e) => e.op === "grow")).toEqual([
      { op: "grow", chunk: 0, words: 8 },
      { op: "grow", chunk: 1, words: 16 },
      { op: "grow", chunk: 0, words: 8, reused: true },
      { op: "grow", chunk: 1, words: 16, reused: true },
    ]);
    expect(t.stats).toEqual({ requested: 248, reserved: 192, wasted: 2 * (4 + 40), chunks: 2 });
  });

  it("the CLI's example: alloc:24 lands at offset 0 with 5 words left", () => {
    expect(trace("alloc:24", "design").events).toEqual([
      { op: "grow", chunk: 0, words: 8 },
      { op: "alloc", size: 24, chunk: 0, offset: 0, left: 5 },
    ]);
  });
});

describe("arena operation scripts", () => {
  it("accepts commas, spaces, new lines and comments", () => {
    const p = parseArenaOps("alloc:24, reset\nrealloc:0:64 # grow it\n");
    expect(p.diagnostics).toEqual([]);
    expect(p.ops.map((o) => o.kind)).toEqual(["alloc", "reset", "realloc"]);
  });

  it("positions every mistake on its operation", () => {
    const p = parseArenaOps("alloc:8,\nalloc:x, realloc:3:8 free alloc:0");
    expect(p.diagnostics.map((d) => [d.code, d.span.kind === "text" ? [d.span.start.line, d.span.start.column, d.span.end.column] : null])).toEqual([
      ["arena/bad-op", [2, 1, 8]],
      ["arena/bad-op", [2, 10, 21]],
      ["arena/bad-op", [2, 22, 26]],
      ["arena/bad-op", [2, 27, 34]],
    ]);
    expect(p.diagnostics[1]!.message).toContain("no allocation 3");
    expect(p.ops).toHaveLength(1);
  });
});
