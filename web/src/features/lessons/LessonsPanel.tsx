// The course in the side panel: an overview with completion, and a lesson page (prose with live
// figures, predictions, exercises). Lesson and learner text is rendered by react-markdown, never
// injected as HTML.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { attribution, findSource, renderFigures, type Lesson } from "../../../../engine/lessons/index.ts";
import { loadBrotli, type BrotliModule } from "../../../../engine/compress/index.ts";
import { useAppStore } from "../../store/index.ts";
import { COURSE, FIGURE_ENV, exerciseKey } from "./course.ts";
import { ExerciseView } from "./ExerciseView.tsx";
import { Highlighted } from "./Highlighted.tsx";
import { presetWorkspace, sidePanelId } from "./presets.ts";
import "./lessons.css";

/** The Bench panel, embedded with the lesson's suite; its code and Workers load with the first lesson shown. */
const BenchPanel = lazy(() => import("../bench/BenchPanel.tsx").then((m) => ({ default: m.BenchPanel })));

function Predict({ text }: { text: string }) {
  const [question, answer = ""] = text.split(/\n---\n/);
  const [guess, setGuess] = useState("");
  const [shown, setShown] = useState(false);
  return (
    <div className="lesson-predict" role="group" aria-label="Predict, then see">
      <ReactMarkdown remarkPlugins={[remarkGfm]}>{question ?? ""}</ReactMarkdown>
      <label>
        Your guess <input value={guess} onChange={(e) => setGuess(e.target.value)} />
      </label>
      <button type="button" onClick={() => setShown(true)} disabled={shown}>
        Reveal
      </button>
      {shown && (
        <div className="lesson-predict-answer">
          {guess !== "" && <p>You guessed: {guess}</p>}
          <ReactMarkdown remarkPlugins={[remarkGfm]}>{answer}</ReactMarkdown>
        </div>
      )}
    </div>
  );
}

function Prose({ markdown }: { markdown: string }) {
  return (
    <ReactMarkdown
      remarkPlugins={[remarkGfm]}
      components={{
        code({ className, children }) {
          const text = String(children);
          if (className === "language-predict") return <Predict text={text.replace(/\n$/, "")} />;
          const language = /^language-(.+)$/.exec(className ?? "")?.[1];
          if (language) return <Highlighted text={text.replace(/\n$/, "")} language={language} />;
          return <code className={className}>{children}</code>;
        },
        pre({ children, node }) {
          const first = node?.children[0];
          const isPredict = first && "properties" in first && String((first.properties as { className?: string[] }).className ?? "").includes("language-predict");
          return isPredict ? <>{children}</> : <pre tabIndex={0}>{children}</pre>;
        },
      }}
    >
      {markdown}
    </ReactMarkdown>
  );
}

function Overview() {
  const completed = useAppStore((s) => s.progress.completed);
  const openLesson = useAppStore((s) => s.openLesson);
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
              <button type="button" className="lesson-link" onClick={() => openLesson(l.slug)}>
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

function LessonPage({ lesson }: { lesson: Lesson }) {
  const openLesson = useAppStore((s) => s.openLesson);
  const resetLesson = useAppStore((s) => s.resetLesson);
  const replaceWorkspace = useAppStore((s) => s.replaceWorkspace);
  const setSidePanel = useAppStore((s) => s.setSidePanel);
  // Brotli figures wait for brotli-wasm (its own chunk, loaded only by lessons that quote one);
  // until then they show as pending, then the page re-renders with the engine's sizes.
  const needsBrotli = lesson.prose.includes("brotli");
  const [brotli, setBrotli] = useState<BrotliModule | undefined>(undefined);
  useEffect(() => {
    if (!needsBrotli || brotli) return;
    let live = true;
    loadBrotli().then(
      (module) => live && setBrotli(module),
      () => undefined, // the figures stay pending; the Sizes panel reports why brotli is unavailable
    );
    return () => {
      live = false;
    };
  }, [needsBrotli, brotli]);
  const markdown = useMemo(() => renderFigures(lesson.prose, brotli ? { ...FIGURE_ENV, brotli } : FIGURE_ENV), [lesson, brotli]);
  const preset = () => {
    const ws = presetWorkspace(lesson);
    if (ws) replaceWorkspace(ws);
    if (lesson.meta.presets.panel) setSidePanel(sidePanelId(lesson.meta.presets.panel));
  };
  return (
    <article className="lesson-page" aria-labelledby="lesson-title">
      <button type="button" className="lesson-link" onClick={() => openLesson("")}>
        ← Course
      </button>
      <h2 id="lesson-title">
        {lesson.order}. {lesson.meta.title}
      </h2>
      <p className="lesson-question">{lesson.meta.question}</p>
      {lesson.meta.presets.files && (
        <p>
          <button type="button" onClick={preset}>
            Open this lesson's files in the editor
          </button>{" "}
          (your current files can be brought back with Undo in the toolbar)
        </p>
      )}
      <Prose markdown={markdown} />
      <section aria-label="Exercises">
        {lesson.meta.exercises.map((ex) => (
          <ExerciseView key={ex.id} lesson={lesson} exercise={ex} />
        ))}
      </section>
      <section aria-label="Benchmark" className="lesson-bench">
        <h3>Benchmark: the {lesson.meta.bench.suite} suite</h3>
        <Suspense fallback={<p>Loading the benchmark…</p>}>
          <BenchPanel suite={lesson.meta.bench.suite} {...(lesson.meta.bench.cases ? { cases: lesson.meta.bench.cases } : {})} />
        </Suspense>
      </section>
      <section aria-label="Sources" className="lesson-sources">
        <h3>Sources</h3>
        <ul>
          {lesson.meta.sources.map((id) => {
            const s = findSource(id)!;
            return (
              <li key={id}>
                <a href={s.url} rel="noreferrer noopener" target="_blank">
                  {attribution(s)}
                </a>
              </li>
            );
          })}
        </ul>
      </section>
      <button type="button" onClick={() => resetLesson(lesson.slug)}>
        Reset this lesson's progress
      </button>
    </article>
  );
}

export function LessonsPanel() {
  const open = useAppStore((s) => s.lessonOpen);
  const lesson = COURSE.lessons.find((l) => l.slug === open);
  return (
    <div className="lessons-panel">
      {lesson ? <LessonPage lesson={lesson} /> : <Overview />}
      <ProgressFile />
    </div>
  );
}
