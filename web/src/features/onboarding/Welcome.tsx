// A short welcome on the first visit: what each pane is, and where the course starts. Dismissed
// once, or retired when a lesson opens, it stays dismissed on this device (onboardingSlice). Two lines at most on a laptop, so it
// never pushes the editors off a small screen.
import "./onboarding.css";
import { useEffect } from "react";
import { useAppStore } from "../../store/index.ts";
import { PANELS } from "../panels/registry.ts";

/**
 * Shows the course's panel and, for keyboard users, moves the focus to its first entry once the
 * panel's code has loaded (the editors between here and there would otherwise keep the Tab key).
 */
function startCourse(id: string) {
  useAppStore.getState().setSidePanel(id);
  const started = performance.now();
  const focusFirst = () => {
    const first = document.querySelector<HTMLElement>(`#side-panel-${id} nav button, #side-panel-${id} button`);
    if (first) first.focus();
    else if (performance.now() - started < 5000) requestAnimationFrame(focusFirst);
  };
  requestAnimationFrame(focusFirst);
}

/** The course's panel, when this build has one (the lessons feature registers it). */
const COURSE = PANELS.find((p) => p.id === "lessons" || p.id === "lesson" || p.id === "course");

export function Welcome() {
  const open = useAppStore((s) => s.welcomeOpen);
  const dismiss = useAppStore((s) => s.dismissWelcome);
  const openHelp = useAppStore((s) => s.setHelpOpen);
  // A learner who has opened a lesson has found the course: the note has done its work.
  const inLesson = useAppStore((s) => s.lessonOpen !== "");
  useEffect(() => {
    if (open && inLesson) dismiss();
  }, [open, inLesson, dismiss]);
  if (!open || inLesson) return null;
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <p>
        <strong id="welcome-title">Welcome to Wirelab: Protocol Buffers byte by byte.</strong> <strong>The editors</strong> hold
        a schema, protoscope text (bytes written as text) or a text-format message. <strong>The bytes</strong> they make sit beside
        them (below them on a narrow screen), with panels: the field tree, readings, what a byte means (Explain).{" "}
        <strong>Problems</strong> are listed at the bottom. Hover or click anything: its
        bytes, text and field light up together.{" "}
        {COURSE ? "The course starts in the " + COURSE.label + " panel." : "The course starts with the lessons in the Examples menu (Lesson: varints)."}
      </p>
      <div className="welcome-actions">
        {COURSE && (
          <button type="button" onClick={() => startCourse(COURSE.id)}>
            Start the course
          </button>
        )}
        <button type="button" onClick={() => openHelp(true)}>
          Keyboard shortcuts
        </button>
        <button type="button" onClick={dismiss}>
          Got it, hide this
        </button>
      </div>
    </section>
  );
}
