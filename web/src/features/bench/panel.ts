// The Bench panel in the side-panel registry. Its code, and its Workers, load when it is first
// shown. Its view (suite, cases, quick) and the last runs of each suite travel with links, lesson
// steps and autosave, so a learner's before/after survives a reload.
import type { PanelDefinition } from "../panels/registry.ts";
import type { BenchRun } from "./benchSlice.ts";
import { RUNS_KEPT } from "./benchSlice.ts";

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

/** Keeps only runs shaped like ours (they come from links, i.e. anyone). */
function validRuns(value: unknown): Record<string, BenchRun[]> {
  const out: Record<string, BenchRun[]> = {};
  if (typeof value !== "object" || value === null) return out;
  for (const [suite, runs] of Object.entries(value)) {
    if (!Array.isArray(runs)) continue;
    const ok = runs.filter(
      (r): r is BenchRun =>
        typeof r === "object" &&
        r !== null &&
        typeof (r as BenchRun).at === "string" &&
        typeof (r as BenchRun).report === "object" &&
        (r as BenchRun).report !== null &&
        (r as BenchRun).report.suite === suite &&
        Array.isArray((r as BenchRun).report.results) &&
        Array.isArray((r as BenchRun).report.notes),
    );
    if (ok.length > 0) out[suite] = ok.slice(0, RUNS_KEPT);
  }
  return out;
}

export const panel: PanelDefinition = {
  id: "bench",
  label: "Bench",
  order: 60,
  heavy: true,
  load: async () => (await import("./BenchMount.tsx")).BenchMount,
  view: {
    capture: (s) => ({ suite: s.benchSuite, cases: s.benchCases, quick: s.benchQuick, runs: s.benchRuns }),
    apply: (value, store) => {
      if (typeof value !== "object" || value === null) return;
      const v = value as { suite?: unknown; cases?: unknown; quick?: unknown; runs?: unknown };
      const s = store.getState();
      if (typeof v.suite === "string") s.setBenchSelection(v.suite, isStringArray(v.cases) ? v.cases : undefined);
      if (typeof v.quick === "boolean") s.setBenchQuick(v.quick);
      s.setBenchRuns(validRuns(v.runs));
    },
  },
};
