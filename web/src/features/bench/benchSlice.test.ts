import { describe, expect, it } from "vitest";
import { useAppStore } from "../../store/index.ts";
import { RUNS_KEPT, type BenchRun } from "./benchSlice.ts";
import { panel } from "./panel.ts";

const runOf = (suite: string, hz: number): BenchRun => ({
  at: new Date(2026, 10, 23, 22, 0, hz).toISOString(),
  quick: true,
  environment: { crossOriginIsolated: true, fileProtocol: false, embedded: false },
  report: { suite, results: [{ case: "c", impl: "i", hz, rme: 1, samples: 5, medianNs: 1e9 / hz }], timerResolutionNs: 100, notes: [] },
});

describe("bench slice and panel view", () => {
  it("keeps the newest runs per suite, and a link or autosave restores them and the selection", () => {
    const s = useAppStore.getState();
    for (let i = 1; i <= RUNS_KEPT + 2; i++) s.addBenchRun(runOf("lazy", i));
    s.addBenchRun(runOf("pool", 9));
    const runs = useAppStore.getState().benchRuns;
    expect(runs.lazy!.map((r) => r.report.results[0]!.hz)).toEqual([5, 4, 3]);
    s.setBenchSelection("pool", ["rows:100"]);
    s.setBenchQuick(false);

    const captured = JSON.parse(JSON.stringify(panel.view!.capture(useAppStore.getState())));
    s.setBenchRuns({});
    s.setBenchSelection("writer");
    s.setBenchQuick(true);
    panel.view!.apply(captured, useAppStore);
    const after = useAppStore.getState();
    expect(after.benchSuite).toBe("pool");
    expect(after.benchCases).toEqual(["rows:100"]);
    expect(after.benchQuick).toBe(false);
    expect(after.benchRuns).toEqual(runs);
  });

  it("drops runs that are not shaped like ours (links come from anyone)", () => {
    panel.view!.apply({ runs: { lazy: [{ at: 1 }, runOf("pool", 1), runOf("lazy", 2)], pool: "x" } }, useAppStore);
    const runs = useAppStore.getState().benchRuns;
    expect(Object.keys(runs)).toEqual(["lazy"]);
    expect(runs.lazy).toHaveLength(1);
  });
});
