// The instructor's view of a workshop room: drop the learners' progress exports (each the file
// "Export progress" writes) and see who finished which exercise, and which checks fail most, so
// the next explanation goes where the room is stuck. Nothing leaves the page.
import { useId, useState, type DragEvent } from "react";
import { COURSE, exerciseKey } from "./course.ts";
import { parseProgress, type LessonProgress } from "./lessonsSlice.ts";

interface Learner {
  /** The file's name without .json: who it is, as the instructor named the files. */
  name: string;
  progress: LessonProgress;
}

/** Reads progress files; those that are not Wirelab progress are reported by name. */
async function readFiles(files: readonly File[]): Promise<{ learners: Learner[]; rejected: string[] }> {
  const learners: Learner[] = [];
  const rejected: string[] = [];
  for (const f of files) {
    let progress: LessonProgress | undefined;
    try {
      progress = parseProgress(JSON.parse(await f.text()));
    } catch {
      progress = undefined;
    }
    if (progress) learners.push({ name: f.name.replace(/\.json$/i, ""), progress });
    else rejected.push(f.name);
  }
  return { learners, rejected };
}

/** Failed checks over every learner's last result: "lesson/exercise check" -> how many learners. */
export function failingChecks(learners: readonly Learner[]): { key: string; check: string; count: number; example: string }[] {
  const counts = new Map<string, { key: string; check: string; count: number; example: string }>();
  for (const l of learners) {
    for (const [key, result] of Object.entries(l.progress.results)) {
      if (result.passed || l.progress.completed[key]) continue;
      for (const c of result.checks) {
        if (c.passed) continue;
        const id = `${key} ${c.name}`;
        const entry = counts.get(id) ?? { key, check: c.name, count: 0, example: c.message };
        entry.count++;
        counts.set(id, entry);
      }
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

export function InstructorView() {
  const id = useId();
  const [learners, setLearners] = useState<Learner[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  const add = async (files: readonly File[]) => {
    const r = await readFiles(files);
    setLearners((old) => [...old.filter((o) => !r.learners.some((n) => n.name === o.name)), ...r.learners].sort((a, b) => a.name.localeCompare(b.name)));
    setRejected(r.rejected);
  };
  const exercises = COURSE.lessons.flatMap((l) => l.meta.exercises.map((e, i) => ({ key: exerciseKey(l.slug, e.id), label: `${l.order}.${i + 1}`, title: `${l.meta.title}: ${e.title}` })));
  const failing = failingChecks(learners);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    void add([...e.dataTransfer.files]);
  };
  return (
    <section className="instructor" aria-labelledby={`${id}-h`} onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      <h3 id={`${id}-h`}>The room's progress</h3>
      <p className="lesson-note">
        Drop the learners' progress files here (each learner's “Export progress”, named after them), or choose them. They are read on this page only.
      </p>
      <label className="file-button">
        Choose progress files…
        <input type="file" multiple accept="application/json,.json" className="visually-hidden" onChange={(e) => void add([...(e.target.files ?? [])])} />
      </label>
      {rejected.length > 0 && <p role="status">Not Wirelab progress, left out: {rejected.join(", ")}.</p>}
      {learners.length > 0 && (
        <>
          <div className="lesson-table" role="region" aria-label="Who finished what" tabIndex={0}>
            <table className="instructor-table">
              <caption>
                {learners.length} learner{learners.length === 1 ? "" : "s"}: ✓ complete, ✗ last check failed, · not checked yet
              </caption>
              <thead>
                <tr>
                  <th scope="col">learner</th>
                  <th scope="col">done</th>
                  {exercises.map((e) => (
                    <th key={e.key} scope="col" title={e.title}>
                      {e.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {learners.map((l) => (
                  <tr key={l.name}>
                    <th scope="row">{l.name}</th>
                    <td>
                      {exercises.filter((e) => l.progress.completed[e.key]).length}/{exercises.length}
                    </td>
                    {exercises.map((e) => {
                      const done = l.progress.completed[e.key] === true;
                      const tried = l.progress.results[e.key] !== undefined;
                      return (
                        <td key={e.key} title={`${l.name}, ${e.title}: ${done ? "complete" : tried ? "last check failed" : "not checked yet"}`} className={done ? "cell-done" : tried ? "cell-failing" : ""}>
                          {done ? "✓" : tried ? "✗" : "·"}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h4>Checks that fail most</h4>
          {failing.length === 0 ? (
            <p>No learner has a failing check.</p>
          ) : (
            <ol className="instructor-failing" aria-label="Checks that fail most">
              {failing.slice(0, 10).map((f) => (
                <li key={`${f.key} ${f.check}`}>
                  <strong>
                    {f.key} · {f.check}
                  </strong>
                  : {f.count} learner{f.count === 1 ? "" : "s"} (for one: “{f.example}”)
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
