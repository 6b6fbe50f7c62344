// Plain functions behind the Bench panel's table, chart and copy buttons (tested on their own).
import { formatClaimValue } from "../../../../engine/bench/claims.ts";
import { suiteJson, type BenchResult, type ClaimFigure, type ClaimMeasurement } from "../../../../engine/bench/types.ts";
import type { BenchRun } from "./benchSlice.ts";

export function formatHz(hz: number): string {
  if (!Number.isFinite(hz)) return "—";
  if (hz >= 1e6) return `${(hz / 1e6).toFixed(2)} M`;
  if (hz >= 1e4) return `${Math.round(hz / 1e3).toLocaleString("en-US")} k`;
  return Math.round(hz).toLocaleString("en-US");
}

export const formatSpread = (rme: number) => (Number.isFinite(rme) ? `±${rme.toFixed(1)} %` : "—");

/** "58 %" / "1.73x": the source's value of a figure, or "direction only". */
export function sourceValue(f: ClaimFigure): string {
  return f.value === undefined ? "direction only" : formatClaimValue(f.kind, f.value);
}

export function ourValue(m: ClaimMeasurement): string {
  return formatClaimValue(m.kind, m.value, m.spread);
}

const FIGURE_WORDS: Record<ClaimFigure["kind"], string> = {
  speedup: "faster",
  "time-saved": "less time",
  "objects-saved": "fewer objects",
  "size-saved": "fewer bytes",
};
export const figureWords = (k: ClaimFigure["kind"]) => FIGURE_WORDS[k];

/** The run as JSON, in the CLI's `--json` shape for one suite. */
export function runJson(run: BenchRun): string {
  const r = run.report;
  return JSON.stringify(
    {
      suites: [suiteJson(r)],
      at: run.at,
      quick: run.quick,
      environment: run.environment,
      ...(r.cancelled ? { cancelled: true } : {}),
    },
    null,
    2,
  );
}

const CSV_COLUMNS = ["suite", "case", "impl", "hz", "rme", "samples", "medianNs", "mbps", "bytes", "objectsPerOp", "ratio", "flags"] as const;

function csvCell(v: unknown): string {
  if (v === undefined || v === null || (typeof v === "number" && !Number.isFinite(v))) return "";
  const s = Array.isArray(v) ? v.join(";") : String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The run as CSV: one row per (case, implementation). */
export function runCsv(run: BenchRun): string {
  const rows = [CSV_COLUMNS.join(",")];
  for (const r of run.report.results) {
    const row: Record<string, unknown> = { suite: run.report.suite, ...r };
    rows.push(CSV_COLUMNS.map((c) => csvCell(row[c])).join(","));
  }
  return rows.join("\n") + "\n";
}

/** Whether bars should use a log scale: when the fastest is over 20x the slowest. */
export function useLogScale(results: readonly BenchResult[]): boolean {
  const hz = results.map((r) => r.hz).filter((h) => Number.isFinite(h) && h > 0);
  if (hz.length < 2) return false;
  return Math.max(...hz) / Math.min(...hz) > 20;
}

/** Position of `v` on a [0, 1] axis from `min` to `max`, linear or logarithmic. */
export function scale(v: number, min: number, max: number, log: boolean): number {
  if (!(v > 0) || !(max > min)) return 0;
  if (log) return Math.max(0, Math.min(1, (Math.log(v) - Math.log(min)) / (Math.log(max) - Math.log(min))));
  return Math.max(0, Math.min(1, v / max));
}
