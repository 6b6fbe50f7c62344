// The open lesson's page, a column beside the editors, bytes and panels: the question, the prose
// with live figures, predictions, step buttons that preset the panels and the benchmark in its
// story, then the exercises (each opens in the editor) and the sources. Lesson text is rendered by
// react-markdown, never injected as HTML.
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { attribution, codeFences, expectedAnswer, findSource, predictBlocks, renderFigures, type Expected, type Lesson, type LessonPreset } from "../../../../engine/lessons/index.ts";
import { loadBrotli, type BrotliModule } from "../../../../engine/compress/index.ts";
import { useAppStore } from "../../store/index.ts";
import { BenchStory } from "./BenchStory.tsx";
import { COURSE, FIGURE_ENV, exerciseKey } from "./course.ts";
import { Highlighted } from "./Highlighted.tsx";
import { KIND_WORDS } from "./kinds.ts";
import { Predict } from "./Predict.tsx";
import { applyPreset } from "./presets.ts";
import { leaveLesson, openExercise, startExerciseSync } from "./session.ts";
import { startVeil } from "./veil.ts";
import "./lessons.css";

/** A button for a step the prose points at (`[label](#step-ID)`): it presets the panels for that point. */
function StepButton({ lesson, id, children }: { lesson: Lesson; id: string; children: ReactNode }) {
  const step = lesson.meta.steps.find((s) => s.id === id);
  const inExercise = useAppStore((s) => s.exerciseOpen !== "");
  if (!step) return <>{children}</>;
  return (
    <button
      type="button"
      className="lesson-step"
      data-step={id}
      title={inExercise ? "Goes back from the exercise to the lesson's example" : undefined}
      onClick={() => {
        // A step is about the lesson's example: leave an open exercise first (its files are kept).
        if (useAppStore.getState().exerciseOpen !== "") {
          useAppStore.getState().setExerciseOpen("");
          applyPreset(useAppStore, lesson, lesson.meta.presets, { files: "always", opening: true });
        }
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

/** Each prediction's live answer; brotli figures wait for brotli (undefined until then). */
function useExpected(lesson: Lesson, brotli: BrotliModule | undefined): Map<string, Expected | undefined> {
  return useMemo(() => {
    const env = brotli ? { ...FIGURE_ENV, brotli } : FIGURE_ENV;
    const out = new Map<string, Expected | undefined>();
    for (const p of predictBlocks(lesson.prose)) {
      const e = p.answer === undefined ? undefined : expectedAnswer(p.answer, env);
      out.set(p.name, e && !("error" in e) ? e : undefined);
    }
    return out;
  }, [lesson, brotli]);
}

function Prose({ markdown, lesson, expected }: { markdown: string; lesson: Lesson; expected: Map<string, Expected | undefined> }) {
  // Predictions, matched by their (rendered) text to their names in the prose, in order.
  const predicts = useMemo(() => {
    const names = predictBlocks(lesson.prose).map((p) => p.name);
    const rendered = predictBlocks(markdown);
    const bodies = codeFences(markdown)
      .filter((f) => /^predict\b/.test(f.info))
      .map((f) => markdown.slice(f.start, f.end).replace(/^```[^\n]*\n/, "").replace(/\n```[ \t]*$/, ""));
    return new Map(bodies.map((body, i) => [body, { name: names[i]!, block: rendered[i]! }]));
  }, [markdown, lesson]);
  return (
    <ReactMarkdown
      remarkPlugins={[remarkGfm]}
      components={{
        code({ className, children }) {
          const text = String(children);
          if (className === "language-predict") {
            const p = predicts.get(text.replace(/\n$/, ""));
            if (!p) return <code className={className}>{children}</code>;
            return <Predict id={`${lesson.slug}/${p.name}`} question={p.block.question} explanation={p.block.explanation} expected={expected.get(p.name)} />;
          }
          if (className === "language-bench") return <BenchStory lesson={lesson} question={text.replace(/\n$/, "")} />;
          if (className === "language-exercises") return <Exercises lesson={lesson} inProse />;
          const language = /^language-(.+)$/.exec(className ?? "")?.[1];
          if (language) return <Highlighted text={text.replace(/\n$/, "")} language={language} />;
          return <code className={className}>{children}</code>;
        },
        pre({ children, node }) {
          const first = node?.children[0];
          const cls = first && "properties" in first ? String((first.properties as { className?: string[] }).className ?? "") : "";
          return /language-(predict|bench|exercises)/.test(cls) ? <>{children}</> : <pre tabIndex={0}>{children}</pre>;
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

/**
 * Brings what a preset is about into view once it has rendered (a panel's code may still be
 * loading): the Arena's Go section for a Go arena script, below the bump-pointer view; the Sizes
 * comparison for a preset that pins payloads, below the settings.
 */
export function revealPresetTarget(preset: LessonPreset) {
  const selector =
    typeof preset.panels?.arena?.goScript === "string"
      ? '[data-panel="arena"] .goarena'
      : preset.panels?.sizes?.compared !== undefined
        ? '[data-panel="sizes"] .sizes-compare'
        : undefined;
  if (!selector) return;
  const started = performance.now();
  const reveal = () => {
    const section = document.querySelector(selector);
    if (section) section.scrollIntoView({ block: "start" });
    else if (performance.now() - started < 5000) requestAnimationFrame(reveal);
  };
  requestAnimationFrame(reveal);
}

/** The lesson's exercises: each opens in the editor, where Check grades what the editor holds. */
function Exercises({ lesson, inProse = false }: { lesson: Lesson; inProse?: boolean }) {
  const open = useAppStore((s) => s.exerciseOpen);
  const progress = useAppStore((s) => s.progress);
  return (
    <section aria-label="Exercises" className="lesson-exercises">
      {!inProse && <h3>Exercises</h3>}
      <p className="lesson-note">
        An exercise opens its files in the editor, with the bytes and every panel; Check grades what the editor holds. Your files are kept
        with your progress; the lesson's example comes back with “Back to the lesson's example”.
      </p>
      <ol className="lesson-exercise-list">
        {lesson.meta.exercises.map((ex, i) => {
          const key = exerciseKey(lesson.slug, ex.id);
          const done = progress.completed[key] === true;
          const started = progress.attempts[key] !== undefined || progress.results[key] !== undefined;
          const here = open === ex.id;
          return (
            <li key={ex.id} className={`lesson-exercise${here ? " is-open" : ""}`} data-exercise={ex.id}>
              <span className="exercise-kind" title={KIND_WORDS[ex.kind].long}>
                {KIND_WORDS[ex.kind].short}
              </span>{" "}
              <strong>
                {i + 1}. {ex.title}
              </strong>{" "}
              <span className={done ? "lesson-done" : "lesson-status"}>{done ? "✓ complete" : started ? "started" : ""}</span>{" "}
              {here ? (
                <button type="button" onClick={() => focusExerciseBar()}>
                  In the editor: go to it
                </button>
              ) : (
                <button type="button" onClick={() => (openExercise(useAppStore, lesson, ex.id), focusExerciseBar())}>
                  {done ? "Open it again" : started ? "Continue in the editor" : "Start in the editor"}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Moves the focus to the exercise's bar above the editors (its heading), once it has rendered. */
function focusExerciseBar() {
  const started = performance.now();
  const go = () => {
    const heading = document.querySelector<HTMLElement>(".exercise-bar h2");
    if (heading) {
      heading.scrollIntoView({ block: "nearest" });
      heading.focus();
    } else if (performance.now() - started < 3000) requestAnimationFrame(go);
  };
  requestAnimationFrame(go);
}

/** "Reset this lesson's progress", confirmed first and undoable after. */
function ResetProgress({ lesson }: { lesson: Lesson }) {
  const [state, setState] = useState<"idle" | "confirm" | { undo: ReturnType<typeof snapshotOf> }>("idle");
  if (state === "idle") {
    return (
      <button type="button" onClick={() => setState("confirm")}>
        Reset this lesson's progress…
      </button>
    );
  }
  if (state === "confirm") {
    return (
      <p role="group" aria-label="Reset this lesson's progress?" className="lesson-confirm">
        Forget this lesson's exercises, hints, checks and guesses?{" "}
        <button
          type="button"
          autoFocus
          onClick={() => {
            const undo = snapshotOf(lesson);
            useAppStore.getState().resetLesson(lesson.slug);
            setState({ undo });
          }}
        >
          Yes, reset it
        </button>{" "}
        <button type="button" onClick={() => setState("idle")}>
          Keep it
        </button>
      </p>
    );
  }
  return (
    <p role="status" className="lesson-confirm">
      This lesson's progress is reset.{" "}
      <button
        type="button"
        onClick={() => {
          useAppStore.getState().restoreLessonProgress(state.undo);
          setState("idle");
        }}
      >
        Undo
      </button>
    </p>
  );
}

function snapshotOf(lesson: Lesson) {
  const p = useAppStore.getState().progress;
  const mine = <T,>(r: Record<string, T>) => Object.fromEntries(Object.entries(r).filter(([k]) => k.startsWith(`${lesson.slug}/`)));
  return { completed: mine(p.completed), attempts: mine(p.attempts), hints: mine(p.hints), guesses: mine(p.guesses), results: mine(p.results) };
}

function LessonPage({ lesson }: { lesson: Lesson }) {
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
  const expected = useExpected(lesson, brotli);
  // A lesson just opened: bring its title into view and put the focus there (on a phone the
  // course list is far below the page).
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.scrollIntoView({ block: "nearest" });
    title.current?.focus({ preventScroll: true });
  }, [lesson.slug]);
  const back = () => {
    leaveLesson(useAppStore);
    // The focus goes to the course list's entry for this lesson, in the Lessons panel.
    const started = performance.now();
    const go = () => {
      const link = document.querySelector<HTMLElement>(`.lesson-overview [data-lesson="${lesson.slug}"]`);
      if (link) link.focus();
      else if (performance.now() - started < 3000) requestAnimationFrame(go);
    };
    requestAnimationFrame(go);
  };
  return (
    <article className="lesson-page" aria-labelledby="lesson-title">
      <button type="button" className="lesson-link" onClick={back}>
        ← Course
      </button>
      <h2 id="lesson-title" ref={title} tabIndex={-1}>
        {lesson.order}. {lesson.meta.title}
      </h2>
      <p className="lesson-question">{lesson.meta.question}</p>
      <p className="lesson-note" data-testid="lesson-aside-note">
        Your own files are kept aside while this lesson is open; they come back when you go back to the course.{" "}
        <button type="button" className="lesson-link" onClick={() => applyPreset(useAppStore, lesson, lesson.meta.presets, { files: "always", opening: true })}>
          Reset the lesson's example
        </button>
      </p>
      <Prose markdown={markdown} lesson={lesson} expected={expected} />
      {/* Where the prose does not place the exercises (an ```exercises block), they follow it. */}
      {!/^```exercises\s*$/m.test(lesson.prose) && <Exercises lesson={lesson} />}
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
      <ResetProgress lesson={lesson} />
    </article>
  );
}

/** The open lesson's page, in its own column beside the editors, bytes and panels (App shows it). */
export function LessonPane() {
  const open = useAppStore((s) => s.lessonOpen);
  const lesson = COURSE.lessons.find((l) => l.slug === open);
  // While a lesson is open: every edit of an exercise file is its attempt, and what the lesson
  // keeps out of sight stays out of sight.
  useEffect(() => {
    const stopSync = startExerciseSync(useAppStore);
    const stopVeil = startVeil(useAppStore);
    return () => {
      stopSync();
      stopVeil();
    };
  }, []);
  if (!lesson) return null;
  return (
    <aside className="lesson-pane lessons-panel" aria-label="Lesson">
      <LessonPage lesson={lesson} />
    </aside>
  );
}
