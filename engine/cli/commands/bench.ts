/**
 * `wirelab bench [SUITE...] [--list] [--quick] [--json] [--case C]... [--impl I]...`
 * Runs benchmark suites in Node, each case of each implementation in a worker thread of its own.
 */
import { formatClaimValue } from "../../bench/claims.ts";
import { OutputMismatchError, runSuite } from "../../bench/harness.ts";
import { geomean } from "../../bench/stats.ts";
import { loadSuite, suiteNames } from "../../bench/suites/index.ts";
import { suiteJson, type SuiteReport } from "../../bench/types.ts";
import { nodePlatform } from "../bench/node-platform.ts";
import { readCommandLine, usageError, type Flags } from "../args.ts";
import type { CliIO } from "../io.ts";

const HELP = `usage: wirelab bench [SUITE...] [--list] [--quick] [--json] [--case CASE]... [--impl IMPL]... [--message FILE]

Runs benchmark suites in Node (all suites when none is named). Each implementation of each case
runs in a worker thread of its own; samples are interleaved across implementations and reported
as medians with their median absolute deviation (±, percent of the median).

  --list     list the suites with their cases and implementations
  --quick    few short samples: a smoke test, not figures to quote
  --json     print {"suites":[{"suite","results":[{"case","impl","hz","rme","samples","medianNs",...}],"claim"}]}
             (results also carry mbps, bytes, objectsPerOp, ratio, flags, warnings where they apply)
  --case C   only case C (repeatable)
  --impl I   only implementation I (repeatable)
  --message F  a message (binary protobuf) to add as the case "custom" to suites that take one (writer)
`;

const FLAGS = {
  quick: { type: "boolean" },
  json: { type: "boolean" },
  list: { type: "boolean" },
  message: { type: "string", check: (v) => (v === undefined ? "--message needs a file" : undefined) },
  // Without a check: `--case needs a value`.
  case: { type: "string", multiple: true },
  impl: { type: "string", multiple: true },
} as const satisfies Flags;

export async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = readCommandLine("bench", HELP, args, FLAGS, { stopAtHelp: true, positional: (a) => (a === "-" ? "unknown option -" : undefined) }, io);
  if (typeof parsed === "number") return parsed;
  const { values, positionals: names } = parsed;
  const { quick, json, list, case: cases, impl: impls, message: messageFile } = values;
  const known = suiteNames();
  for (const n of names) if (!known.includes(n)) return usage(io, `unknown suite "${n}" (known: ${known.join(", ")})`);
  const selected = names.length > 0 ? names : known;

  if (list) {
    for (const name of selected) {
      const s = await loadSuite(name);
      io.stdout(`${s.name}: ${s.description}\n  cases: ${s.cases.join(", ")}\n  impls: ${s.impls.join(", ")}\n`);
      if (s.claim) io.stdout(`  claim: ${s.claim.text}\n`);
    }
    return 0;
  }

  let message: Uint8Array | undefined;
  if (messageFile !== undefined) {
    try {
      message = await io.readFile(messageFile);
    } catch (e) {
      io.stderr(`wirelab bench: cannot read ${messageFile}: ${e instanceof Error ? e.message : String(e)}\n`);
      return 1;
    }
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
        ...(message ? { input: { message } } : {}),
        onProgress: json ? undefined : (p) => io.stderr(`\r\x1b[K${p.message}`),
      });
      if (!json) io.stderr("\r\x1b[K");
      reports.push(report);
      if (!json) io.stdout(formatReport(report, suite.description, suite.baseline) + "\n");
    } catch (e) {
      if (e instanceof OutputMismatchError) {
        io.stderr(`wirelab bench: ${e.message}\n`);
        return 1;
      }
      if (e instanceof Error && /has no case|needs a message|custom message/.test(e.message)) return usage(io, e.message);
      throw e;
    }
  }
  if (json) {
    io.stdout(JSON.stringify({ suites: reports.map(suiteJson) }, null, 2) + "\n");
  }
  return 0;
}

function usage(io: CliIO, message: string): number {
  return usageError("bench", HELP, io, message);
}

function formatReport(report: SuiteReport, description: string, baseline: string | undefined): string {
  const withObjects = report.results.some((r) => r.objectsPerOp !== undefined);
  const rows: string[][] = [["case", "impl", "ops/s", "±", "samples", "MB/s", withObjects ? "objects/op" : "", baseline ? `vs ${baseline}` : ""]];
  for (const r of report.results) {
    const saturated = r.flags?.includes("timer-saturated");
    rows.push([
      r.case,
      r.impl,
      saturated ? "(timer too coarse)" : Math.round(r.hz).toLocaleString("en-US"),
      saturated ? "" : `${r.rme.toFixed(1)}%`,
      String(r.samples),
      r.mbps === undefined || saturated ? "" : r.mbps.toFixed(1),
      r.objectsPerOp === undefined ? "" : String(Math.round(r.objectsPerOp * 10) / 10),
      (r.ratio === undefined || saturated ? "" : `${r.ratio.toFixed(2)}x`) + (r.flags ? `  (${r.flags.join(", ")})` : ""),
    ]);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const right = new Set([2, 3, 4, 5, 6, 7]);
  const lines = [`${report.suite}: ${description}`];
  for (const row of rows) lines.push(row.map((cell, c) => (right.has(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join("  ").trimEnd());
  if (baseline) {
    const byImpl = new Map<string, number[]>();
    for (const r of report.results) if (r.ratio !== undefined) byImpl.set(r.impl, [...(byImpl.get(r.impl) ?? []), r.ratio]);
    const parts = [...byImpl].map(([impl, ratios]) => `${impl} ${geomean(ratios).toFixed(2)}x`);
    if (parts.length > 1) lines.push(`geometric mean of ratios to ${baseline}: ${parts.join(", ")}`);
  }
  if (report.claim) {
    lines.push(`claim: ${report.claim.text}`);
    report.claim.figures.forEach((f, i) => {
      const ours = report.claim!.measured.filter((m) => m.figure === i);
      const source = f.value === undefined ? "direction only" : formatClaimValue(f.kind, f.value);
      const here = ours.map((m) => `${m.case} ${formatClaimValue(m.kind, m.value, m.spread)}${m.sameDirection ? "" : " (opposite direction)"}`).join(", ");
      lines.push(`  ${f.kind} of ${f.after} over ${f.before}: source ${source} (${f.detail}); here: ${here || "not measured"}`);
    });
  }
  for (const r of report.results) for (const w of r.warnings ?? []) lines.push(`warning: ${r.case}/${r.impl}: ${w}`);
  lines.push(`timer resolution ${(report.timerResolutionNs / 1000).toFixed(3)} µs; medians of interleaved samples, ± is the median absolute deviation`);
  for (const n of report.notes) lines.push(`note: ${n}`);
  return lines.join("\n");
}
