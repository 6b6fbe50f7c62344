// The Bench panel: run a suite in Workers and read the result as a table, a chart and the source's
// claim beside our figure. Any lesson can embed it with a suite and optional cases; as a side
// panel it offers every suite. Runs are kept per suite in the store, the newest beside the one
// before, so an edit's effect is visible.
import { useEffect, useMemo, useRef, useState } from "react";
import { probeTimer } from "../../../../engine/bench/timer.ts";
import { suiteNames } from "../../../../engine/bench/suites/index.ts";
import type { SuiteDescription } from "../../../../engine/bench/types.ts";
import { useAppStore } from "../../store/index.ts";
import { BenchChart } from "./BenchChart.tsx";
import { previousResult, type BenchRun } from "./benchSlice.ts";
import { figureWords, formatHz, formatSpread, ourValue, runCsv, runJson, sourceValue } from "./format.ts";
import { benchEnvironment, cancelBench, startBench } from "./runner.ts";
import { describeRemote } from "./webPlatform.ts";
import "./bench.css";

export interface BenchPanelProps {
  /** The suite to run (a lesson's); the side panel lets the learner pick when absent. */
  suite?: string;
  /** Only these cases (all when absent). */
  cases?: string[];
  /** A message of the lesson's, for suites that take one (writer's case "custom"). */
  message?: Uint8Array;
}

export function BenchPanel(props: BenchPanelProps) {
  const selectedSuite = useAppStore((s) => s.benchSuite);
  const selectedCases = useAppStore((s) => s.benchCases);
  const quick = useAppStore((s) => s.benchQuick);
  const status = useAppStore((s) => s.benchStatus);
  const setSelection = useAppStore((s) => s.setBenchSelection);
  const setQuick = useAppStore((s) => s.setBenchQuick);
  const suite = props.suite ?? selectedSuite;
  const cases = props.cases ?? (props.suite ? undefined : selectedCases);
  const runs = useAppStore((s) => s.benchRuns[suite]);
  const [latest, previous] = runs ?? [];
  const [described, setDescribed] = useState<{ suite: string; d?: SuiteDescription; error?: string }>();
  const [copied, setCopied] = useState<string>();
  const running = status.state === "running";
  const env = benchEnvironment();
  // The page's clock before any run (Workers of the same page get the same coarsening); a few
  // hundred readings, under a millisecond on a fine clock and about 5 ms on a 100 µs one.
  const pageTimer = useMemo(() => probeTimer(), []);
  const timer = latest?.report.timer ?? pageTimer;

  // What the suite is and claims, before any run (transient: asked of a short-lived isolate).
  useEffect(() => {
    let live = true;
    describeRemote(suite).then(
      (d) => live && setDescribed({ suite, d }),
      (e: unknown) => live && setDescribed({ suite, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [suite]);
  const description = described?.suite === suite ? described.d : undefined;
  const claim = latest?.report.claim ?? description?.claim;

  // Run and Cancel take turns being enabled: the focus follows, so it is never left on a
  // disabled button (where the browser drops it to the page).
  const runButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const focusFollows = useRef(false);
  useEffect(() => {
    if (!focusFollows.current) return;
    (running ? cancelButton : runButton).current?.focus();
    if (!running) focusFollows.current = false;
  }, [running]);
  const run = () => {
    focusFollows.current = document.activeElement === runButton.current;
    void startBench(useAppStore, { suite, quick, ...(cases ? { cases } : {}), ...(props.message ? { message: props.message } : {}) });
  };
  const copy = async (what: "JSON" | "CSV") => {
    if (!latest) return;
    try {
      await navigator.clipboard.writeText(what === "JSON" ? runJson(latest) : runCsv(latest));
      setCopied(`copied as ${what}`);
    } catch {
      setCopied(`the browser refused the clipboard; use the table instead`);
    }
  };

  const warnings: string[] = [];
  if (env.fileProtocol) warnings.push("Opened from file://: browsers coarsen the timer here; serve the app over HTTP for finer figures.");
  else if (!env.crossOriginIsolated) warnings.push("This page is not cross-origin isolated, so the browser coarsens the timer (about 100 µs); samples are lengthened to compensate.");
  if (env.embedded) warnings.push("Embedded in another page: the timer may be coarser and the host page competes for the CPU.");
  if (timer.coarse) warnings.push(`The clock ticks every ${formatNs(timer.resolutionNs)}: coarse, so samples are lengthened to 100 ticks.`);
  const flagged: string[] = [];
  for (const r of latest?.report.results ?? []) for (const w of r.warnings ?? []) flagged.push(`${r.case} / ${r.impl}: ${w}`);
  if (latest?.quick) warnings.push("A quick run: few short samples, a first look rather than figures to quote.");

  return (
    <section className="bench-panel" aria-label="Benchmarks" data-testid="bench-panel">
      <div className="bench-controls">
        {props.suite ? (
          <strong className="bench-suite-name">{suite}</strong>
        ) : (
          <label>
            Suite{" "}
            <select value={suite} onChange={(e) => setSelection(e.target.value)} disabled={running}>
              {suiteNames().map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          <input type="checkbox" checked={quick} onChange={(e) => setQuick(e.target.checked)} disabled={running} /> Quick
        </label>
        <button type="button" ref={runButton} onClick={run} disabled={running}>
          Run
        </button>
        <button type="button" ref={cancelButton} onClick={cancelBench} disabled={!running}>
          Cancel
        </button>
      </div>
      <p className="bench-env" data-testid="bench-env">
        Cross-origin isolated: <strong>{env.crossOriginIsolated ? "yes" : "no"}</strong>
        {` · timer resolution ${formatNs(timer.resolutionNs)}${latest?.report.timer ? "" : " (this page; the run measures its Workers')"}`}
        {cases ? ` · cases: ${cases.join(", ")}` : ""}
      </p>
      {description?.description && <p className="bench-description">{description.description}</p>}
      {described?.suite === suite && described.error && <p className="bench-error">{described.error}</p>}

      {running && (
        <div className="bench-progress">
          <progress max={1} value={status.fraction} aria-label="benchmark progress" />
          <span aria-live="polite">{status.message}</span>
        </div>
      )}
      {status.state === "error" && status.suite === suite && (
        <p className="bench-error" role="alert">
          {status.message} <code>{status.code}</code>
        </p>
      )}

      {claim && (
        <aside className="bench-claim" aria-label="the source's claim">
          <p>{claim.text}</p>
          <p className="bench-source">
            Source: {claim.source.author},{" "}
            <a href={claim.source.url} target="_blank" rel="noreferrer noopener">
              “{claim.source.title}”
            </a>{" "}
            ({claim.source.publication})
          </p>
          <ul>
            {claim.figures.map((f, i) => {
              const ours = latest?.report.claim?.measured.filter((m) => m.figure === i) ?? [];
              return (
                <li key={i}>
                  {f.after} vs {f.before}, {figureWords(f.kind)}: the source saw <strong>{sourceValue(f)}</strong> ({f.detail}); here:{" "}
                  {ours.length === 0
                    ? "run the suite"
                    : ours.map((m, k) => (
                        <span key={m.case} className={m.sameDirection ? "bench-agrees" : "bench-disagrees"}>
                          {k > 0 ? ", " : ""}
                          {m.case} <strong>{ourValue(m)}</strong>
                          {m.sameDirection ? "" : " (the other way)"}
                        </span>
                      ))}
                </li>
              );
            })}
          </ul>
        </aside>
      )}

      {warnings.length > 0 && (
        <ul className="bench-warnings" aria-label="warnings">
          {warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}

      {latest && <ResultsTable run={latest} previous={previous} />}
      {flagged.length > 0 && (
        <details className="bench-flags">
          <summary>
            {flagged.length} figure{flagged.length === 1 ? "" : "s"} flagged (shaded rows): why
          </summary>
          <ul aria-label="flagged figures">
            {flagged.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </details>
      )}
      {latest && <BenchChart results={latest.report.results} impls={description?.impls ?? [...new Set(latest.report.results.map((r) => r.impl))]} />}
      {latest && (
        <div className="bench-copy">
          <button type="button" onClick={() => void copy("JSON")}>
            Copy JSON
          </button>
          <button type="button" onClick={() => void copy("CSV")}>
            Copy CSV
          </button>
          <span aria-live="polite">{copied}</span>
        </div>
      )}
    </section>
  );
}

function formatNs(ns: number): string {
  return ns >= 1000 ? `${(ns / 1000).toFixed(ns >= 10000 ? 0 : 1)} µs` : `${ns.toFixed(0)} ns`;
}

function ResultsTable({ run, previous }: { run: BenchRun; previous: BenchRun | undefined }) {
  const results = run.report.results;
  const hasMb = results.some((r) => r.mbps !== undefined);
  const hasObjects = results.some((r) => r.objectsPerOp !== undefined);
  const hasRatio = results.some((r) => r.ratio !== undefined);
  return (
    <div className="bench-table-wrap" tabIndex={0} role="region" aria-label="results table">
    <table className="bench-table" data-testid="bench-results">
      <caption>
        {run.report.suite}: {run.quick ? "quick run" : "full run"} at {new Date(run.at).toLocaleTimeString()}
        {run.report.cancelled ? " (cancelled: the cases shown finished)" : ""}
        {previous ? `; “before” is the run at ${new Date(previous.at).toLocaleTimeString()}` : ""}
      </caption>
      <thead>
        <tr>
          <th scope="col">case</th>
          <th scope="col">implementation</th>
          <th scope="col">median ops/s</th>
          <th scope="col">spread</th>
          <th scope="col">samples</th>
          {hasMb && <th scope="col">MB/s</th>}
          {hasObjects && <th scope="col">objects/op</th>}
          {hasRatio && <th scope="col">ratio</th>}
          {previous && <th scope="col">before</th>}
        </tr>
      </thead>
      <tbody>
        {results.map((r) => {
          const before = previousResult(previous, r);
          const saturated = r.flags?.includes("timer-saturated");
          return (
            <tr key={`${r.case}/${r.impl}`} className={r.flags ? "bench-flagged" : undefined} title={r.warnings?.join("\n")}>
              <td>{r.case}</td>
              <td>{r.impl}</td>
              <td className="num">{saturated ? "timer too coarse" : formatHz(r.hz)}</td>
              <td className="num">{saturated ? "" : formatSpread(r.rme)}</td>
              <td className="num">{r.samples}</td>
              {hasMb && <td className="num">{r.mbps === undefined || saturated ? "" : r.mbps.toFixed(1)}</td>}
              {hasObjects && <td className="num">{r.objectsPerOp === undefined ? "" : Math.round(r.objectsPerOp * 10) / 10}</td>}
              {hasRatio && <td className="num">{r.ratio === undefined || saturated ? "" : `${r.ratio.toFixed(2)}x`}</td>}
              {previous && (
                <td className="num">{before && Number.isFinite(before.hz) ? `${formatHz(before.hz)} (${changeOf(before.hz, r.hz)})` : ""}</td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
    </div>
  );
}

function changeOf(before: number, after: number): string {
  const pct = (after / before - 1) * 100;
  return `${pct >= 0 ? "+" : ""}${pct.toFixed(0)} %`;
}
