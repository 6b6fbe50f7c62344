// The course: an overview with completion in the Lessons side panel, and the open lesson's page
// (prose with live figures, predictions, step buttons that preset the panels, exercises) in a
// column of its own beside the editors, bytes and panels. Lesson and learner text is rendered by react-markdown, never
// injected as HTML.
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { attribution, codeFences, findSource, renderFigures, type Lesson, type LessonPreset } from "../../../../engine/lessons/index.ts";
import { loadBrotli, type BrotliModule } from "../../../../engine/compress/index.ts";
import { useAppStore } from "../../store/index.ts";
import { COURSE, FIGURE_ENV, exerciseKey } from "./course.ts";
import { ExerciseView } from "./ExerciseView.tsx";
import { Highlighted } from "./Highlighted.tsx";
import { applyPreset } from "./presets.ts";
import "./lessons.css";

/** The Bench panel, embedded with the lesson's suite; its code and Workers load with the first lesson shown. */
const BenchPanel = lazy(() => import("../bench/BenchPanel.tsx").then((m) => ({ default: m.BenchPanel })));

/** A prediction: the learner guesses, then reveals the engine's answer. The guess is kept in the store with the progress. */
function Predict({ text, id }: { text: string; id: string }) {
  const [question, answer = ""] = text.split(/\n---\n/);
  const entry = useAppStore((s) => s.progress.guesses[id]);
  const { setGuess, revealGuess } = useAppStore.getState();
  const guess = entry?.guess ?? "";
  const shown = entry?.revealed === true;
  return (
    <div className="lesson-predict" role="group" aria-label="Predict, then see" data-predict={id}>
      <ReactMarkdown remarkPlugins={[remarkGfm]}>{question ?? ""}</ReactMarkdown>
      <label>
        Your guess <input value={guess} onChange={(e) => setGuess(id, e.target.value)} />
      </label>
      <button type="button" onClick={() => revealGuess(id)} disabled={shown}>
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

/** A button for a step the prose points at (`[label](#step-ID)`): it presets the panels for that point. */
function StepButton({ lesson, id, children }: { lesson: Lesson; id: string; children: ReactNode }) {
  const step = lesson.meta.steps.find((s) => s.id === id);
  if (!step) return <>{children}</>;
  return (
    <button
      type="button"
      className="lesson-step"
      data-step={id}
      onClick={() => {
        applyPreset(useAppStore, lesson, step);
        // On a narrow screen the panels sit below the page: bring the one just set up into view.
        document.getElementById("side-panels")?.scrollIntoView({ block: "nearest" });
        revealPresetTarget(step);
      }}
    >
      <span aria-hidden="true">▸ </span>
      {children}
    </button>
  );
}

function Prose({ markdown, lesson }: { markdown: string; lesson: Lesson }) {
  // Predictions are numbered in the order they appear; their guesses are kept under slug/predict-N.
  const predicts = useMemo(
    () =>
      codeFences(markdown)
        .filter((f) => f.info === "predict")
        .map((f) => markdown.slice(f.start, f.end).replace(/^```[^\n]*\n/, "").replace(/\n```[ \t]*$/, "")),
    [markdown],
  );
  return (
    <ReactMarkdown
      remarkPlugins={[remarkGfm]}
      components={{
        code({ className, children }) {
          const text = String(children);
          if (className === "language-predict") {
            const body = text.replace(/\n$/, "");
            return <Predict text={body} id={`${lesson.slug}/predict-${predicts.indexOf(body) + 1}`} />;
          }
          const language = /^language-(.+)$/.exec(className ?? "")?.[1];
          if (language) return <Highlighted text={text.replace(/\n$/, "")} language={language} />;
          return <code className={className}>{children}</code>;
        },
        pre({ children, node }) {
          const first = node?.children[0];
          const isPredict = first && "properties" in first && String((first.properties as { className?: string[] }).className ?? "").includes("language-predict");
          return isPredict ? <>{children}</> : <pre tabIndex={0}>{children}</pre>;
        },
        table({ children }) {
          // A wide table scrolls sideways inside the page column (focusable, so keys scroll it too).
          return (
            <div className="lesson-table" role="region" aria-label="Table" tabIndex={0}>
              <table>{children}</table>
            </div>
          );
        },
        a({ href, children }) {
          const step = /^#step-([a-z0-9-]+)$/.exec(href ?? "")?.[1];
          if (step) return <StepButton lesson={lesson} id={step}>{children}</StepButton>;
          return (
            <a href={href} rel="noreferrer noopener" target="_blank">
              {children}
            </a>
          );
        },
      }}
    >
      {markdown}
    </ReactMarkdown>
  );
}

/** Opens a lesson beside the workspace with its files and panels preset. */
export function startLesson(lesson: Lesson) {
  useAppStore.getState().openLesson(lesson.slug);
  applyPreset(useAppStore, lesson, lesson.meta.presets, { opening: true });
  revealPresetTarget(lesson.meta.presets);
}

/**
 * A preset of the Go arena script is about the Arena panel's Go section, below its bump-pointer
 * view: scroll the panel to it once it has rendered (the panel's code may still be loading).
 */
function revealPresetTarget(preset: LessonPreset) {
  if (typeof preset.panels?.arena?.goScript !== "string") return;
  const started = performance.now();
  const reveal = () => {
    const section = document.querySelector('[data-panel="arena"] .goarena');
    if (section) section.scrollIntoView({ block: "start" });
    else if (performance.now() - started < 5000) requestAnimationFrame(reveal);
  };
  requestAnimationFrame(reveal);
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
              <button type="button" className="lesson-link" aria-current={open === l.slug ? "page" : undefined} onClick={() => startLesson(l)}>
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
  const resetLesson = useAppStore((s) => s.resetLesson);
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
  // A lesson just opened: bring its title into view and put the focus there (on a phone the
  // course list is far below the page).
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.scrollIntoView({ block: "nearest" });
    title.current?.focus({ preventScroll: true });
  }, [lesson.slug]);
  const close = () => {
    useAppStore.getState().openLesson("");
    useAppStore.getState().setSidePanel("lessons");
  };
  return (
    <article className="lesson-page" aria-labelledby="lesson-title">
      <button type="button" className="lesson-link" onClick={close}>
        ← Course
      </button>
      <h2 id="lesson-title" ref={title} tabIndex={-1}>
        {lesson.order}. {lesson.meta.title}
      </h2>
      <p className="lesson-question">{lesson.meta.question}</p>
      <p className="lesson-preset-note">
        <button type="button" onClick={() => applyPreset(useAppStore, lesson, lesson.meta.presets, { files: "always", opening: true })}>
          Reset the lesson's files and panels
        </button>{" "}
        (the files you had before are one click away: “Restore” in the toolbar)
      </p>
      <Prose markdown={markdown} lesson={lesson} />
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

/** The Lessons side panel: the course overview with completion, and the progress file. */
export function LessonsPanel() {
  return (
    <div className="lessons-panel">
      <Overview />
      <ProgressFile />
    </div>
  );
}

/** The open lesson's page, in its own column beside the editors, bytes and panels (App shows it). */
export function LessonPane() {
  const open = useAppStore((s) => s.lessonOpen);
  const lesson = COURSE.lessons.find((l) => l.slug === open);
  if (!lesson) return null;
  return (
    <aside className="lesson-pane lessons-panel" aria-label="Lesson">
      <LessonPage lesson={lesson} />
    </aside>
  );
}
