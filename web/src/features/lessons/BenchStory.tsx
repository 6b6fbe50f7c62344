// A lesson's benchmark, inside its story: the prose asks how many times as fast one
// implementation will be as another, the guess is locked before Run, and the run's ratio lands
// beside it and the source's figure for the same pair, with a plain warning when the spread is
// too wide to trust. The suite runs in Workers through the Bench panel.
import { lazy, Suspense, useId, useRef, useState } from "react";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { judgeGuess, type BenchPrediction, type Lesson } from "../../../../engine/lessons/index.ts";
import type { BenchResult } from "../../../../engine/bench/types.ts";
import { useAppStore } from "../../store/index.ts";

const BenchPanel = lazy(() => import("../bench/BenchPanel.tsx").then((m) => ({ default: m.BenchPanel })));

/** Spread (as a share of the figure) past which a figure is not to be trusted without a full run. */
export const WIDE_SPREAD = 0.15;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/** after's ops/s over before's, case by case, with each ratio's spread (the two relative MADs added). */
export function measuredRatios(results: readonly BenchResult[], prediction: BenchPrediction): { case: string; ratio: number; spread: number }[] {
  const out: { case: string; ratio: number; spread: number }[] = [];
  const cases = [...new Set(results.map((r) => r.case))].filter((c) => !prediction.cases || prediction.cases.includes(c));
  for (const c of cases) {
    const a = results.find((r) => r.case === c && r.impl === prediction.after);
    const b = results.find((r) => r.case === c && r.impl === prediction.before);
    if (!a || !b || !(a.hz > 0) || !(b.hz > 0) || !Number.isFinite(a.hz) || !Number.isFinite(b.hz)) continue;
    out.push({ case: c, ratio: a.hz / b.hz, spread: (a.rme + b.rme) / 100 });
  }
  return out;
}

export interface BenchStoryProps {
  lesson: Lesson;
  /** The question, as Markdown. */
  question: string;
}

export function BenchStory({ lesson, question }: BenchStoryProps) {
  const { suite, cases, message, predict } = lesson.meta.bench;
  const id = `${lesson.slug}/bench`;
  const entry = useAppStore((s) => s.progress.guesses[id]);
  const latest = useAppStore((s) => s.benchRuns[suite]?.[0]);
  const bytes = useAppStore((s) => (message === "workspace" ? s.result?.bytes : undefined));
  const { setGuess, revealGuess } = useAppStore.getState();
  const [confirming, setConfirming] = useState(false);
  const inputId = useId();
  const guess = entry?.guess ?? "";
  const locked = entry?.revealed === true;
  const ratios = latest && predict ? measuredRatios(latest.report.results, predict) : [];
  const ours = ratios.length ? median(ratios.map((r) => r.ratio)) : undefined;
  const spread = ratios.length ? Math.max(...ratios.map((r) => r.spread)) : 0;
  // The source's own figure for the same pair, when its claim has one.
  const claimed = latest?.report.claim?.figures.find((f) => f.kind === "speedup" && f.after === predict?.after && f.before === predict?.before);
  const verdict = ours !== undefined && guess.trim() !== "" ? judgeGuess(guess, { kind: "number", value: Number(ours.toFixed(2)), unit: "x", tolerance: { relative: 0.25 } }) : undefined;
  const x = (n: number) => `${n >= 10 ? n.toFixed(1) : n.toFixed(2)}x`;

  const section = useRef<HTMLElement>(null);
  const lock = () => {
    if (guess.trim() === "" && !confirming) return setConfirming(true);
    setConfirming(false);
    revealGuess(id);
    // The lock button goes away: the focus moves on to Run (the benchmark loads on demand).
    const started = performance.now();
    const go = () => {
      const run = [...(section.current?.querySelectorAll<HTMLButtonElement>(".bench-controls button") ?? [])].find((b) => b.textContent === "Run");
      if (run) run.focus();
      else if (performance.now() - started < 5000) requestAnimationFrame(go);
    };
    requestAnimationFrame(go);
  };

  return (
    <section ref={section} className="lesson-bench" aria-label="Benchmark" data-testid="lesson-bench">
      <ReactMarkdown remarkPlugins={[remarkGfm]}>{question}</ReactMarkdown>
      {predict && (
        <form
          className="lesson-predict-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!locked) lock();
          }}
        >
          <label htmlFor={inputId}>Your guess</label>
          <input
            id={inputId}
            value={guess}
            readOnly={locked}
            aria-readonly={locked}
            onChange={(e) => {
              setConfirming(false);
              setGuess(id, e.target.value);
            }}
            aria-describedby={`${inputId}-unit`}
          />
          <span id={`${inputId}-unit`} className="lesson-predict-unit">
            times as fast ({predict.after} over {predict.before})
          </span>
          {!locked && <button type="submit">{confirming ? "Run without a guess" : "Lock my guess"}</button>}
          {confirming && !locked && (
            <span role="status" className="lesson-predict-confirm">
              No guess yet: say what you expect before you measure.{" "}
              <button type="button" onClick={() => setConfirming(false)}>
                Let me guess
              </button>
            </span>
          )}
        </form>
      )}
      {(locked || !predict) && (
        <>
          {latest && ours !== undefined && (
            <div role="status" className="lesson-bench-verdict" data-testid="bench-verdict">
              <p>
                {guess.trim() !== "" ? (
                  <>
                    Your guess: <strong>{guess}</strong>.{" "}
                  </>
                ) : (
                  "No guess. "
                )}
                Measured here ({latest.quick ? "a quick run" : "a full run"}): {predict!.after} is <strong>{x(ours)}</strong> as fast as {predict!.before}
                {ratios.length > 1 && ` (the median of ${ratios.map((r) => `${r.case} ${x(r.ratio)}`).join(", ")})`}.{" "}
                {claimed ? `${latest.report.claim!.source.author} ${claimed.value !== undefined ? `saw ${x(claimed.value)}` : "states the direction only"} (${claimed.detail}).` : "The source gives no figure for this pair: ours is the only one."}
              </p>
              {verdict && <p className={`lesson-verdict lesson-verdict-${verdict.verdict}`}>{verdict.message}</p>}
              {(latest.quick || spread > WIDE_SPREAD) && (
                <p className="lesson-bench-trust">
                  {spread > WIDE_SPREAD ? `The spread is wide (±${Math.round(spread * 100)} %)` : "This was a quick run"}: run the full suite (untick Quick) before you trust
                  this figure{claimed && ours < 1 !== (claimed.value ?? 2) < 1 ? ", all the more as it points the other way from the source's" : ""}.
                </p>
              )}
            </div>
          )}
          <Suspense fallback={<p>Loading the benchmark…</p>}>
            <BenchPanel suite={suite} {...(cases ? { cases } : {})} {...(bytes && bytes.length > 0 ? { message: bytes } : {})} />
          </Suspense>
        </>
      )}
    </section>
  );
}
