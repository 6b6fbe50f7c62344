// The Bench panel's state: which suite (and cases) it shows, quick or full, the run in progress,
// and the last runs of each suite, so a learner sees before and after an edit side by side. In the
// store (and so in autosave) rather than in the component.
import type { StateCreator } from "zustand";
import type { BenchResult, SuiteReport } from "../../../../engine/bench/types.ts";
import type { AppState } from "../../store/types.ts";

/** Runs kept per suite: the newest and the one before it (before/after), plus one more. */
export const RUNS_KEPT = 3;

/** Where a run happened: what decides how far its clock can be trusted. */
export interface BenchEnvironment {
  crossOriginIsolated: boolean;
  fileProtocol: boolean;
  embedded: boolean;
}

export interface BenchRun {
  /** When it finished (ISO 8601). */
  at: string;
  quick: boolean;
  /** The cases asked for (all when absent). */
  cases?: string[];
  environment: BenchEnvironment;
  report: SuiteReport;
}

export type BenchStatus =
  | { state: "idle" }
  | { state: "running"; suite: string; fraction: number; message: string }
  | { state: "error"; suite: string; code: string; message: string };

export interface BenchSlice {
  benchSuite: string;
  /** Cases a lesson asked for; all of the suite's when undefined. */
  benchCases: string[] | undefined;
  benchQuick: boolean;
  benchStatus: BenchStatus;
  /** Newest first, at most RUNS_KEPT per suite. */
  benchRuns: Record<string, BenchRun[]>;
  setBenchSelection(suite: string, cases?: string[]): void;
  setBenchQuick(quick: boolean): void;
  setBenchStatus(status: BenchStatus): void;
  addBenchRun(run: BenchRun): void;
  /** Replaces every kept run (restoring a link or an autosave). */
  setBenchRuns(runs: Record<string, BenchRun[]>): void;
}

export const DEFAULT_BENCH_SUITE = "lazy";

export const createBenchSlice: StateCreator<AppState, [], [], BenchSlice> = (set, get) => ({
  benchSuite: DEFAULT_BENCH_SUITE,
  benchCases: undefined,
  benchQuick: true,
  benchStatus: { state: "idle" },
  benchRuns: {},
  setBenchSelection: (suite, cases) => {
    set({ benchSuite: suite, benchCases: cases && cases.length > 0 ? [...cases] : undefined });
    get().touchView();
  },
  setBenchQuick: (quick) => {
    set({ benchQuick: quick });
    get().touchView();
  },
  setBenchStatus: (status) => set({ benchStatus: status }),
  addBenchRun: (run) => {
    const suite = run.report.suite;
    const kept = [run, ...(get().benchRuns[suite] ?? [])].slice(0, RUNS_KEPT);
    set({ benchRuns: { ...get().benchRuns, [suite]: kept } });
    get().touchView();
  },
  setBenchRuns: (runs) => set({ benchRuns: runs }),
});

/** The same (case, impl) in an earlier run, for the "before" column. */
export function previousResult(previous: BenchRun | undefined, r: BenchResult): BenchResult | undefined {
  return previous?.report.results.find((p) => p.case === r.case && p.impl === r.impl);
}
