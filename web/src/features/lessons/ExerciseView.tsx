// One exercise: the prompt, the learner's files, Check (the same engine checks as the CLI),
// hints one at a time, the solution beside the attempt as a diff, and Reset.
import ReactMarkdown from "react-markdown";
import { gradeExercise, lineDiff, type ExerciseMeta, type Lesson } from "../../../../engine/lessons/index.ts";
import { useAppStore } from "../../store/index.ts";
import { exerciseKey } from "./course.ts";
import { attemptDigest } from "./lessonsSlice.ts";
import { textsWorkspace, WORKSPACE_FILE } from "./presets.ts";

export function ExerciseView({ lesson, exercise }: { lesson: Lesson; exercise: ExerciseMeta }) {
  const key = exerciseKey(lesson.slug, exercise.id);
  const attempt = useAppStore((s) => s.progress.attempts[key]);
  const hints = useAppStore((s) => s.progress.hints[key] ?? 0);
  const done = useAppStore((s) => s.progress.completed[key] === true);
  const solutionShown = useAppStore((s) => s.solutionShown[key] === true);
  // The last check's result lives in the store with the progress, so a reload shows it again.
  const grade = useAppStore((s) => s.progress.results[key]);
  const { setAttempt, resetAttempt, showNextHint, setSolutionShown, recordCheck } = useAppStore.getState();
  const files = { ...lesson.start[exercise.id], ...attempt };
  const id = `ex-${lesson.slug}-${exercise.id}`;

  // Files the workspace can hold can be tried in the editor, with the bytes, tree and panels
  // beside them, and brought back; the exercise's own copy changes only when the learner asks.
  const inEditor = exercise.files.every((n) => WORKSPACE_FILE.test(n));
  const editorHas = useAppStore((s) => exercise.files.some((n) => s.files.some((f) => f.name === n && f.kind !== "bytes" && f.text !== files[n])));
  const tryInEditor = () => {
    const ws = textsWorkspace({ ...lesson.given[exercise.id], ...files }, lesson.meta.presets.messageType ?? "", exercise.files.find((n) => !n.endsWith(".proto")));
    if (!ws) return;
    const s = useAppStore.getState();
    s.replaceWorkspace(ws);
    s.setOpenEditor(exercise.files[0]!);
    s.setSidePanelWide(false); // the editors come back if a panel had the whole window
  };
  const takeFromEditor = () => {
    for (const name of exercise.files) {
      const f = useAppStore.getState().files.find((x) => x.name === name);
      if (f && f.kind !== "bytes") setAttempt(key, name, f.text);
    }
  };

  const check = () => {
    const g = gradeExercise(lesson, exercise.id, files);
    recordCheck(key, { passed: g.passed, checks: g.checks, of: attemptDigest(files) });
  };

  return (
    <section className="lesson-exercise" aria-labelledby={`${id}-title`} data-exercise={exercise.id}>
      <h3 id={`${id}-title`}>
        {exercise.title} {done && <span className="lesson-done">✓ complete</span>}
      </h3>
      <ReactMarkdown>{exercise.prompt}</ReactMarkdown>
      {exercise.files.map((name) => (
        <div key={name} className={solutionShown ? "lesson-attempt-row lesson-side-by-side" : "lesson-attempt-row"}>
          <label className="lesson-file">
            <span>{name}</span>
            <textarea
              spellCheck={false}
              rows={Math.min(16, Math.max(4, (files[name] ?? "").split("\n").length + 1))}
              value={files[name] ?? ""}
              onChange={(e) => setAttempt(key, name, e.target.value)}
            />
          </label>
          {solutionShown && (
            <div className="lesson-diff" role="region" aria-label={`Solution for ${name}, beside your attempt`} tabIndex={0}>
              <span>Solution (− yours, + solution)</span>
              <pre>
                {lineDiff(files[name] ?? "", lesson.solution[exercise.id]![name] ?? "").map((l, i) => (
                  <div key={i} className={`diff-${l.kind}`}>
                    {l.kind === "attempt" ? "− " : l.kind === "solution" ? "+ " : "  "}
                    {l.text}
                  </div>
                ))}
              </pre>
            </div>
          )}
        </div>
      ))}
      <div className="lesson-buttons">
        <button type="button" onClick={check}>
          Check
        </button>
        <button type="button" onClick={() => showNextHint(key)} disabled={hints >= exercise.hints.length}>
          {hints === 0 ? "Show a hint" : hints < exercise.hints.length ? "Next hint" : "No more hints"}
        </button>
        <button type="button" aria-pressed={solutionShown} onClick={() => setSolutionShown(key, !solutionShown)}>
          {solutionShown ? "Hide solution" : "Show solution"}
        </button>
        {inEditor && (
          <>
            <button type="button" onClick={tryInEditor}>
              Try it in the editor
            </button>
            <button type="button" onClick={takeFromEditor} disabled={!editorHas}>
              Take the editor's version
            </button>
          </>
        )}
        <button
          type="button"
          onClick={() => resetAttempt(key)}
        >
          Reset
        </button>
      </div>
      {hints > 0 && (
        <ol className="lesson-hints" aria-label="Hints">
          {exercise.hints.slice(0, hints).map((h, i) => (
            <li key={i}>
              <ReactMarkdown>{h}</ReactMarkdown>
            </li>
          ))}
        </ol>
      )}
      {grade && (
        <div role="status" className="lesson-grade">
          <p>
            {grade.passed ? "All checks passed." : `${grade.checks.filter((c) => !c.passed).length} of ${grade.checks.length} checks failed.`}
            {grade.of !== undefined && grade.of !== attemptDigest(files) && " (You have edited the files since: press Check again.)"}
          </p>
          <ul>
            {grade.checks.map((c) => (
              <li key={c.name} className={c.passed ? "check-passed" : "check-failed"}>
                {c.passed ? "✓" : "✗"} <strong>{c.name}</strong>: {c.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="lesson-cli">
        From a terminal: <code>npx wirelab check {lesson.slug} {exercise.id} {exercise.files.join(" ")}</code>
      </p>
    </section>
  );
}
