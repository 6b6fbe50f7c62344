// A lesson's benchmark, inside its story: the prose asks for a guess of the figure the suite
// measures (how many times faster, how much less time), the guess is locked before Run, and the
// run's figure lands beside it and the source's claim, with a plain warning when the spread is
// too wide to trust. The suite runs in Workers through the Bench panel.
import { lazy, Suspense, useId, useState } from "react";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { judgeGuess, type Lesson } from "../../../../engine/lessons/index.ts";
import type { Claim, ClaimMeasurement } from "../../../../engine/bench/types.ts";
import { formatClaimValue } from "../../../../engine/bench/claims.ts";
import { useAppStore } from "../../store/index.ts";

const BenchPanel = lazy(() => import("../bench/BenchPanel.tsx").then((m) => ({ default: m.BenchPanel })));

/** Spread (as a share of the figure) past which a figure is not to be trusted without a full run. */
export const WIDE_SPREAD = 0.15;

const UNIT: Record<Claim["figures"][number]["kind"], string> = {
  speedup: "x (times as fast)",
  "time-saved": "% less time",
  "objects-saved": "% fewer objects",
  "size-saved": "% fewer bytes",
};

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

export interface BenchStoryProps {
  lesson: Lesson;
  /** The question, as Markdown. */
  question: string;
}

export function BenchStory({ lesson, question }: BenchStoryProps) {
  const { suite, cases, figure = 0, message } = lesson.meta.bench;
  const id = `${lesson.slug}/bench`;
  const entry = useAppStore((s) => s.progress.guesses[id]);
  const latest = useAppStore((s) => s.benchRuns[suite]?.[0]);
  const bytes = useAppStore((s) => (message === "workspace" ? s.result?.bytes : undefined));
  const { setGuess, revealGuess } = useAppStore.getState();
  const [confirming, setConfirming] = useState(false);
  const inputId = useId();
  const guess = entry?.guess ?? "";
  const locked = entry?.revealed === true;
  const claim = latest?.report.claim;
  const fig = claim?.figures[figure];
  const measured: ClaimMeasurement[] = claim?.measured.filter((m) => m.figure === figure) ?? [];
  const ours = measured.length ? median(measured.map((m) => m.value)) : undefined;
  const spread = measured.length ? Math.max(...measured.map((m) => (m.value !== 0 ? Math.abs(m.spread / m.value) : 0))) : 0;
  const verdict = ours !== undefined && fig && guess.trim() !== "" ? judgeGuess(guess, { kind: "number", value: Number(ours.toFixed(2)), unit: fig.kind === "speedup" ? "x" : "%", tolerance: { relative: 0.25 } }) : undefined;

  const lock = () => {
    if (guess.trim() === "" && !confirming) return setConfirming(true);
    setConfirming(false);
    revealGuess(id);
  };

  return (
    <section className="lesson-bench" aria-label="Benchmark" data-testid="lesson-bench">
      <ReactMarkdown remarkPlugins={[remarkGfm]}>{question}</ReactMarkdown>
      <form
        className="lesson-predict-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!locked) lock();
        }}
      >
        <label htmlFor={inputId}>Your guess</label>
        <input id={inputId} value={guess} readOnly={locked} aria-readonly={locked} onChange={(e) => (setConfirming(false), setGuess(id, e.target.value))} aria-describedby={`${inputId}-unit`} />
        <span id={`${inputId}-unit`} className="lesson-predict-unit">
          {fig ? UNIT[fig.kind] : "x or %"}
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
      {locked && (
        <>
          {latest && fig && ours !== undefined && (
            <div role="status" className="lesson-bench-verdict" data-testid="bench-verdict">
              <p>
                {guess.trim() !== "" ? <>Your guess: <strong>{guess}</strong>. </> : "No guess. "}
                Measured here ({latest.quick ? "a quick run" : "a full run"}): <strong>{formatClaimValue(fig.kind, ours)}</strong>
                {measured.length > 1 && ` (median of ${measured.map((m) => `${m.case} ${formatClaimValue(m.kind, m.value)}`).join(", ")})`}. {claim.source.author}
                {fig.value !== undefined ? ` saw ${formatClaimValue(fig.kind, fig.value)}` : " gave a direction only"} ({fig.detail}).
              </p>
              {verdict && <p className={`lesson-verdict lesson-verdict-${verdict.verdict}`}>{verdict.message}</p>}
              {(latest.quick || spread > WIDE_SPREAD) && (
                <p className="lesson-bench-trust">
                  {spread > WIDE_SPREAD ? `The spread is wide (±${Math.round(spread * 100)} % of the figure)` : "This was a quick run"}: run the full suite (untick Quick)
                  before you trust this figure{measured.some((m) => !m.sameDirection) ? ", especially as it points the other way from the source" : ""}.
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
