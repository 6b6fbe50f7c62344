// A short welcome on the first visit: what each pane is, and where the course starts. Dismissed
// once, it stays dismissed on this device (onboardingSlice). Two lines at most on a laptop, so it
// never pushes the editors off a small screen.
import "./onboarding.css";
import { useAppStore } from "../../store/index.ts";
import { PANELS } from "../panels/registry.ts";

/** The course's panel, when this build has one (the lessons feature registers it). */
const COURSE = PANELS.find((p) => p.id === "lessons" || p.id === "lesson" || p.id === "course");

export function Welcome() {
  const open = useAppStore((s) => s.welcomeOpen);
  const dismiss = useAppStore((s) => s.dismissWelcome);
  const openHelp = useAppStore((s) => s.setHelpOpen);
  const setSidePanel = useAppStore((s) => s.setSidePanel);
  if (!open) return null;
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <p>
        <strong id="welcome-title">Welcome to Wirelab: Protocol Buffers byte by byte.</strong> <strong>Left, the editors</strong>: a
        schema, protoscope text (bytes written as text) or a text-format message. <strong>Right, the bytes</strong> they make, and
        panels: the field tree, readings, what a byte means (Explain). <strong>Below, the problems</strong>. Hover or click anything: its
        bytes, text and field light up together.{" "}
        {COURSE ? "The course starts in the " + COURSE.label + " panel." : "The course starts with the lessons in the Examples menu (Lesson: varints)."}
      </p>
      <div className="welcome-actions">
        {COURSE && (
          <button type="button" onClick={() => setSidePanel(COURSE.id)}>
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
