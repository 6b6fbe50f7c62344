// A prediction in a lesson: the learner guesses, then reveals the engine's answer, computed live.
// The guess is compared with it in the learner's terms ("Off by 8 bytes: it is 11"), locks at the
// reveal, and is kept with the progress. Enter reveals; an empty guess asks "reveal anyway?".
import { useId, useRef, useState } from "react";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { judgeGuess, type Expected } from "../../../../engine/lessons/index.ts";
import { useAppStore } from "../../store/index.ts";

export interface PredictProps {
  /** Progress key: `slug/NAME`. */
  id: string;
  /** The question, as Markdown (live figures already rendered). */
  question: string;
  /** What the page reveals after the answer: Markdown. */
  explanation: string;
  /** What the guess is compared with; undefined while a figure cannot be computed yet (brotli loading). */
  expected: Expected | undefined;
}

function unitHint(expected: Expected | undefined): string | undefined {
  if (!expected) return undefined;
  if (expected.kind === "choice") return expected.choices.join(" or ");
  return expected.unit || undefined;
}

function answerText(expected: Expected): string {
  if (expected.kind === "choice") return expected.value;
  const n = Number.isInteger(expected.value) ? expected.value.toLocaleString("en-US") : expected.value.toLocaleString("en-US", { maximumFractionDigits: 2 });
  return expected.unit === "x" || expected.unit === "%" ? `${n}${expected.unit}` : `${n}${expected.unit ? ` ${expected.unit}` : ""}`;
}

export function Predict({ id, question, explanation, expected }: PredictProps) {
  const entry = useAppStore((s) => s.progress.guesses[id]);
  const { setGuess, revealGuess } = useAppStore.getState();
  const [confirming, setConfirming] = useState(false);
  const inputId = useId();
  const guess = entry?.guess ?? "";
  const shown = entry?.revealed === true;
  const hint = unitHint(expected);
  const verdictRef = useRef<HTMLParagraphElement>(null);
  const reveal = () => {
    if (guess.trim() === "" && !confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    revealGuess(id);
    // The Reveal button goes away: the focus moves to the verdict, which is read out.
    requestAnimationFrame(() => verdictRef.current?.focus());
  };
  const verdict = shown && expected && guess.trim() !== "" ? judgeGuess(guess, expected) : undefined;
  return (
    <div className="lesson-predict" role="group" aria-label="Predict, then see" data-predict={id} data-verdict={verdict?.verdict}>
      <ReactMarkdown remarkPlugins={[remarkGfm]}>{question}</ReactMarkdown>
      <form
        className="lesson-predict-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!shown) reveal();
        }}
      >
        <label htmlFor={inputId}>Your guess</label>
        <input
          id={inputId}
          value={guess}
          readOnly={shown}
          aria-readonly={shown}
          aria-describedby={hint ? `${inputId}-unit` : undefined}
          onChange={(e) => {
            setConfirming(false);
            setGuess(id, e.target.value);
          }}
        />
        {hint && (
          <span id={`${inputId}-unit`} className="lesson-predict-unit">
            {hint}
          </span>
        )}
        {!shown && <button type="submit">{confirming ? "Reveal anyway" : "Reveal"}</button>}
        {confirming && !shown && (
          <span role="status" className="lesson-predict-confirm">
            No guess yet: a guess, even a rough one, is what makes the answer stick. Reveal anyway?{" "}
            <button type="button" onClick={() => setConfirming(false)}>
              Let me guess
            </button>
          </span>
        )}
      </form>
      {shown && (
        <div className="lesson-predict-answer">
          <p ref={verdictRef} tabIndex={-1} role="status" className={`lesson-verdict lesson-verdict-${verdict?.verdict ?? "none"}`}>
            {verdict ? verdict.message : expected ? `You revealed it without a guess: ${answerText(expected)}.` : "The answer:"}
          </p>
          <ReactMarkdown remarkPlugins={[remarkGfm]}>{explanation}</ReactMarkdown>
        </div>
      )}
    </div>
  );
}
