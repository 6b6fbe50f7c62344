/**
 * `wirelab bench [SUITE...] [--list] [--quick] [--json] [--case C]... [--impl I]...`
 * Runs benchmark suites in Node, each case of each implementation in a worker thread of its own.
 */
import { OutputMismatchError, runSuite } from "../../bench/harness.ts";
import { geomean } from "../../bench/stats.ts";
import { loadSuite, suiteNames } from "../../bench/suites/index.ts";
import type { SuiteReport } from "../../bench/types.ts";
import { nodePlatform } from "../bench/node-platform.ts";
import type { CliIO } from "../io.ts";

const HELP = `usage: wirelab bench [SUITE...] [--list] [--quick] [--json] [--case CASE]... [--impl IMPL]...

Runs benchmark suites in Node (all suites when none is named). Each implementation of each case
runs in a worker thread of its own; samples are interleaved across implementations and reported
as medians with their median absolute deviation (±, percent of the median).

  --list     list the suites with their cases and implementations
  --quick    few short samples: a smoke test, not figures to quote
  --json     print {"suites":[{"suite","results":[{"case","impl","hz","rme","samples","medianNs",...}]}]}
  --case C   only case C (repeatable)
  --impl I   only implementation I (repeatable)
`;

export async function run(args: string[], io: CliIO): Promise<number> {
  const names: string[] = [];
  const cases: string[] = [];
  const impls: string[] = [];
  let quick = false;
  let json = false;
  let list = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--help" || a === "-h") {
      io.stdout(HELP);
      return 0;
    } else if (a === "--quick") quick = true;
    else if (a === "--json") json = true;
    else if (a === "--list") list = true;
    else if (a === "--case" || a === "--impl") {
      const v = args[++i];
      if (v === undefined) return usage(io, `${a} needs a value`);
      (a === "--case" ? cases : impls).push(v);
    } else if (a.startsWith("-")) return usage(io, `unknown option ${a}`);
    else names.push(a);
  }
  const known = suiteNames();
  for (const n of names) if (!known.includes(n)) return usage(io, `unknown suite "${n}" (known: ${known.join(", ")})`);
  const selected = names.length > 0 ? names : known;

  if (list) {
    for (const name of selected) {
      const s = await loadSuite(name);
      io.stdout(`${s.name}: ${s.description}\n  cases: ${s.cases.join(", ")}\n  impls: ${s.impls.join(", ")}\n`);
    }
    return 0;
  }

  const reports: SuiteReport[] = [];
  const platform = nodePlatform();
  for (const name of selected) {
    const suite = await loadSuite(name);
    try {
      const report = await runSuite(suite, platform, {
        quick,
        ...(cases.length ? { cases } : {}),
        ...(impls.length ? { impls } : {}),
        onProgress: json ? undefined : (m) => io.stderr(`\r\x1b[K${m}`),
      });
      if (!json) io.stderr("\r\x1b[K");
      reports.push(report);
      if (!json) io.stdout(formatReport(report, suite.description, suite.baseline) + "\n");
    } catch (e) {
      if (e instanceof OutputMismatchError) {
        io.stderr(`wirelab bench: ${e.message}\n`);
        return 1;
      }
      throw e;
    }
  }
  if (json) io.stdout(JSON.stringify({ suites: reports.map((r) => ({ suite: r.suite, timerResolutionNs: r.timerResolutionNs, results: r.results })) }, null, 2) + "\n");
  return 0;
}

function usage(io: CliIO, message: string): number {
  io.stderr(`wirelab bench: ${message}\n\n${HELP}`);
  return 2;
}

function formatReport(report: SuiteReport, description: string, baseline: string | undefined): string {
  const rows: string[][] = [["case", "impl", "ops/s", "±", "samples", "MB/s", baseline ? `vs ${baseline}` : ""]];
  for (const r of report.results) {
    rows.push([
      r.case,
      r.impl,
      Math.round(r.hz).toLocaleString("en-US"),
      `${r.rme.toFixed(1)}%`,
      String(r.samples),
      r.mbps === undefined ? "" : r.mbps.toFixed(1),
      (r.ratio === undefined ? "" : `${r.ratio.toFixed(2)}x`) + (r.flags ? `  (${r.flags.join("; ")})` : ""),
    ]);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const right = new Set([2, 3, 4, 5, 6]);
  const lines = [`${report.suite}: ${description}`];
  for (const row of rows) lines.push(row.map((cell, c) => (right.has(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join("  ").trimEnd());
  if (baseline) {
    const byImpl = new Map<string, number[]>();
    for (const r of report.results) if (r.ratio !== undefined) byImpl.set(r.impl, [...(byImpl.get(r.impl) ?? []), r.ratio]);
    const parts = [...byImpl].map(([impl, ratios]) => `${impl} ${geomean(ratios).toFixed(2)}x`);
    if (parts.length > 1) lines.push(`geometric mean of ratios to ${baseline}: ${parts.join(", ")}`);
  }
  lines.push(`timer resolution ${(report.timerResolutionNs / 1000).toFixed(3)} µs; medians of interleaved samples, ± is the median absolute deviation`);
  for (const n of report.notes) lines.push(`note: ${n}`);
  return lines.join("\n");
}
