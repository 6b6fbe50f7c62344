import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { simulateGoArena } from "./goarena.ts";

interface Golden {
  results: { name: string; script: string; plainExit: number; ops: { line: string; asan: unknown[]; plainReached: boolean }[] }[];
}
const golden = JSON.parse(readFileSync(join(import.meta.dirname, "testdata", "goarena.golden.json"), "utf8")) as Golden;

describe("Go arena scripts against GOEXPERIMENT=arenas go run [-asan] (goarena.golden.json)", () => {
  it("covers every script", () => {
    const scripts = (JSON.parse(readFileSync(join(import.meta.dirname, "testdata", "goarena-scripts.json"), "utf8")) as { scripts: { name: string }[] }).scripts;
    expect(golden.results.map((r) => r.name)).toEqual(scripts.map((s) => s.name));
  });

  for (const g of golden.results) {
    it(`${g.name}: every operation's -asan reports, and a plain run passing silently`, () => {
      const run = simulateGoArena(g.script);
      expect(run.diagnostics).toEqual([]);
      expect(run.steps.map((s) => s.asan)).toEqual(g.ops.map((o) => o.asan));
      expect(run.steps.map((s) => s.silentWithoutAsan)).toEqual(g.ops.map((o) => o.plainReached));
      expect(g.plainExit).toBe(0);
    });
  }

  it("the issue's fact: a write after Free is use-after-poison under -asan and silent without", () => {
    const w = simulateGoArena("new p int\nfree\nwrite p").steps[2]!;
    expect(w.asan).toEqual([{ error: "use-after-poison", access: "WRITE", size: 8 }]);
    expect(w.silentWithoutAsan).toBe(true);
    expect(w.note).toContain("passes silently");
  });
});

describe("Go arena script errors", () => {
  it("positions mistakes on their line", () => {
    const run = simulateGoArena("new p int\nread p[0]\nfree\nnew q int\nmakeslice s int 4 2\nwrite z");
    expect(run.diagnostics.map((d) => (d.span.kind === "text" ? d.span.start.line : 0))).toEqual([2, 4, 5, 6]);
    expect(run.diagnostics[1]!.message).toContain("already freed");
    expect(run.steps).toEqual([]);
  });

  it("refuses an index past the length, as Go would panic", () => {
    expect(simulateGoArena("makeslice s int 1 4\nread s[1]").diagnostics[0]!.message).toBe("index 1 out of range [1] with length 1");
  });
});
