// The Lessons side panel: the course overview with completion, and the progress file. The open
// lesson's page is LessonPage.tsx (a column of its own beside the workspace).
import { lazy, Suspense, useRef, useState } from "react";
import type { Lesson } from "../../../../engine/lessons/index.ts";
import { useAppStore } from "../../store/index.ts";
import { COURSE, exerciseKey } from "./course.ts";
import { revealPresetTarget } from "./LessonPage.tsx";
import { enterLesson } from "./session.ts";
import "./lessons.css";

export { LessonPane } from "./LessonPage.tsx";

const InstructorView = lazy(() => import("./InstructorView.tsx").then((m) => ({ default: m.InstructorView })));

/** Opens a lesson beside the workspace with its files and panels preset (the learner's own files wait aside). */
export function startLesson(lesson: Lesson) {
  enterLesson(useAppStore, lesson);
  revealPresetTarget(lesson.meta.presets);
}

function Overview() {
  const completed = useAppStore((s) => s.progress.completed);
  const open = useAppStore((s) => s.lessonOpen);
  const total = COURSE.lessons.reduce((n, l) => n + l.meta.exercises.length, 0);
  const done = COURSE.lessons.reduce((n, l) => n + l.meta.exercises.filter((e) => completed[exerciseKey(l.slug, e.id)]).length, 0);
  return (
    <nav aria-label="Course" className="lesson-overview">
      <h2>Course</h2>
      <p>
        {done} of {total} exercises complete.
      </p>
      <ol>
        {COURSE.lessons.map((l) => {
          const n = l.meta.exercises.filter((e) => completed[exerciseKey(l.slug, e.id)]).length;
          return (
            <li key={l.slug}>
              <button type="button" className="lesson-link" data-lesson={l.slug} aria-current={open === l.slug ? "page" : undefined} onClick={() => startLesson(l)}>
                {l.meta.title}
              </button>{" "}
              <span className={n === l.meta.exercises.length ? "lesson-done" : ""}>
                {n === l.meta.exercises.length ? "✓ complete" : `${n}/${l.meta.exercises.length}`}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function ProgressFile() {
  const exportProgress = useAppStore((s) => s.exportProgress);
  const importProgress = useAppStore((s) => s.importProgress);
  const saved = useAppStore((s) => s.progressSaved);
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState("");
  const download = () => {
    const url = URL.createObjectURL(new Blob([exportProgress()], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "wirelab-progress.json";
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="lesson-progress-file">
      {!saved && <p role="status">Progress is not saved on this device (storage is blocked): export it to keep it.</p>}
      <button type="button" onClick={download}>
        Export progress
      </button>
      <button type="button" onClick={() => input.current?.click()}>
        Import progress
      </button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label="Progress file to import"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          const why = importProgress(await file.text());
          setMessage(why ?? "Progress imported.");
          e.target.value = "";
        }}
      />
      {message && <p role="status">{message}</p>}
    </div>
  );
}

/** A workshop's instructor reads the room's progress files here; loaded only when opened. */
function Instructor() {
  const [open, setOpen] = useState(false);
  return (
    <details className="lesson-instructor" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Instructor view</summary>
      {open && (
        <Suspense fallback={<p>Loading…</p>}>
          <InstructorView />
        </Suspense>
      )}
    </details>
  );
}

/** The Lessons side panel: the course overview with completion, and the progress file. */
export function LessonsPanel() {
  return (
    <div className="lessons-panel">
      <Overview />
      <ProgressFile />
      <Instructor />
    </div>
  );
}
