// The open exercise, above the editors: what to do, which files are graded and which makes the
// bytes, and Check, hints, the solution beside the attempt, Reset (with a way back) and the way
// back to the lesson's example. Check grades the files as the editor holds them (session.ts).
import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
import ReactMarkdown from "react-markdown";
import { lineDiff, type ExerciseMeta, type Lesson } from "../../../../engine/lessons/index.ts";
import { useAppStore } from "../../store/index.ts";
import { exerciseKey } from "./course.ts";
import { attemptDigest } from "./lessonsSlice.ts";
import { InlineMarkdown } from "./InlineMarkdown.tsx";
import { attemptFiles, checkExercise, closeExercise, exerciseInput, exerciseOf, lessonBySlug, resetExercise, undoReset } from "./session.ts";
import { KIND_WORDS } from "./kinds.ts";
import "./lessons.css";

export function ExerciseBar() {
  const slug = useAppStore((s) => s.lessonOpen);
  const id = useAppStore((s) => s.exerciseOpen);
  const lesson = lessonBySlug(slug);
  const ex = lesson && exerciseOf(lesson, id);
  if (!lesson || !ex) return null;
  return <Bar key={`${slug}/${id}`} lesson={lesson} ex={ex} />;
}

function Bar({ lesson, ex }: { lesson: Lesson; ex: ExerciseMeta }) {
  const key = exerciseKey(lesson.slug, ex.id);
  const hints = useAppStore((s) => s.progress.hints[key] ?? 0);
  const done = useAppStore((s) => s.progress.completed[key] === true);
  const solutionShown = useAppStore((s) => s.solutionShown[key] === true);
  const grade = useAppStore((s) => s.progress.results[key]);
  const digest = useAppStore((s) => attemptDigest(attemptFiles(s, ex)));
  const [undo, setUndo] = useState<Record<string, string>>();
  const { showNextHint, setSolutionShown } = useAppStore.getState();
  const index = lesson.meta.exercises.indexOf(ex);
  const input = exerciseInput(lesson, ex);
  const given = Object.keys(lesson.given[ex.id] ?? {});
  const bound = Object.entries(ex.bind ?? {});
  const titleId = `exercise-bar-${lesson.slug}-${ex.id}`;

  return (
    <section className="exercise-bar" aria-labelledby={titleId} data-exercise={ex.id} data-kind={ex.kind}>
      <div className="exercise-bar-head">
        <h2 id={titleId} tabIndex={-1}>
          <span className="exercise-kind" title={KIND_WORDS[ex.kind].long}>
            {KIND_WORDS[ex.kind].short}
          </span>{" "}
          Exercise {index + 1} of {lesson.meta.exercises.length}: {ex.title} {done && <span className="lesson-done">✓ complete</span>}
        </h2>
        <button
          type="button"
          className="exercise-leave"
          onClick={() => {
            closeExercise(useAppStore, lesson);
            // The bar goes away: the focus goes to this exercise in the lesson's list.
            requestAnimationFrame(() => document.querySelector<HTMLElement>(`.lesson-exercise-list li[data-exercise="${ex.id}"] button`)?.focus());
          }}
        >
          Back to the lesson's example
        </button>
      </div>
      <div className="exercise-prompt">
        <ReactMarkdown>{ex.prompt}</ReactMarkdown>
      </div>
      <p className="exercise-files" data-testid="exercise-files">
        Graded: {ex.files.map((n) => <code key={n}>{n}</code>).reduce<React.ReactNode[]>((all, c, i) => (i ? [...all, ", ", c] : [c]), [])}
        {input && (
          <>
            {" · "}bytes from <code>{input}</code>
            {!ex.files.includes(input) && " (given)"}
          </>
        )}
        {given.filter((g) => g !== input).length > 0 && <> · given, read-only: {given.filter((g) => g !== input).join(", ")}</>}
        {bound.map(([file, where]) => (
          <span key={file}> · {file} is also the Arena panel's {where === "arena.script" ? "operations" : "Go arena script"}</span>
        ))}
      </p>
      <div className="lesson-buttons">
        <button type="button" className="exercise-check" onClick={() => checkExercise(useAppStore, lesson, ex)}>
          Check
        </button>
        <button
          type="button"
          onClick={() => {
            showNextHint(key);
            // The new hint takes the focus (and is read out); the button may now be "No more hints", disabled.
            requestAnimationFrame(() => document.querySelector<HTMLElement>(".exercise-bar .lesson-hints li:last-child")?.focus());
          }}
          disabled={hints >= ex.hints.length}
        >
          {hints === 0 ? "Show a hint" : hints < ex.hints.length ? "Next hint" : "No more hints"}
        </button>
        <button type="button" aria-pressed={solutionShown} onClick={() => setSolutionShown(key, !solutionShown)}>
          {solutionShown ? "Hide the solution" : "Show the solution"}
        </button>
        {undo ? (
          <button
            type="button"
            onClick={() => {
              undoReset(useAppStore, ex, undo);
              setUndo(undefined);
            }}
          >
            Undo the reset
          </button>
        ) : (
          <button type="button" onClick={() => setUndo(resetExercise(useAppStore, lesson, ex))}>
            Reset to the start
          </button>
        )}
      </div>
      {undo && (
        <p role="status" className="exercise-note">
          The start files are back; “Undo the reset” brings your version back.
        </p>
      )}
      {hints > 0 && (
        <ol className="lesson-hints" aria-label="Hints">
          {ex.hints.slice(0, hints).map((h, i) => (
            <li key={i} tabIndex={-1}>
              <InlineMarkdown text={h} />
            </li>
          ))}
        </ol>
      )}
      {grade && (
        <div role="status" className="lesson-grade" data-testid="exercise-grade">
          <p>
            {grade.passed ? "All checks passed." : `${grade.checks.filter((c) => !c.passed).length} of ${grade.checks.length} checks failed.`}
            {grade.of !== undefined && grade.of !== digest && " (The files have changed since: press Check again.)"}
          </p>
          <ul>
            {grade.checks.map((c) => (
              <li key={c.name} className={c.passed ? "check-passed" : "check-failed"}>
                {c.passed ? "✓" : "✗"} <strong>{c.name}</strong>: <InlineMarkdown text={c.message} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {solutionShown && <SolutionDiff lesson={lesson} ex={ex} />}
      <p className="lesson-cli">
        From a terminal: <code>npx wirelab check {lesson.slug} {ex.id} {ex.files.join(" ")}</code>
      </p>
    </section>
  );
}

/** The solution beside the attempt, line by line (− yours, + the solution's). */
function SolutionDiff({ lesson, ex }: { lesson: Lesson; ex: ExerciseMeta }) {
  // A new object on every call: compared by its entries, or every store change would re-render (and loop).
  const files = useAppStore(useShallow((s) => attemptFiles(s, ex)));
  return (
    <div className="exercise-solution">
      {ex.files.map((name) => (
        <div key={name} className="lesson-diff" role="region" aria-label={`The solution's ${name}, beside yours`} tabIndex={0}>
          <span>
            {name}: − yours, + the solution
          </span>
          <pre>
            {lineDiff(files[name] ?? "", lesson.solution[ex.id]![name] ?? "").map((l, i) => (
              <div key={i} className={`diff-${l.kind}`}>
                {l.kind === "attempt" ? "− " : l.kind === "solution" ? "+ " : "  "}
                {l.text}
              </div>
            ))}
          </pre>
        </div>
      ))}
    </div>
  );
}

