// A short welcome on the first visit: what each pane is, and where the course starts. Dismissed
// once, it stays dismissed on this device (onboardingSlice). Two lines at most on a laptop, so it
// never pushes the editors off a small screen.
import "./onboarding.css";
import { useAppStore } from "../../store/index.ts";

export function Welcome({ courseAction }: { courseAction?: { label: string; run: () => void } | undefined }) {
  const open = useAppStore((s) => s.welcomeOpen);
  const dismiss = useAppStore((s) => s.dismissWelcome);
  const openHelp = useAppStore((s) => s.setHelpOpen);
  if (!open) return null;
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <p>
        <strong id="welcome-title">Welcome to Wirelab: Protocol Buffers byte by byte.</strong> <strong>Left, the editors</strong>: a
        schema, protoscope text (bytes written as text) or a text-format message. <strong>Right, the bytes</strong> they make, and
        panels: the field tree, readings, what a byte means (Explain). <strong>Below, the problems</strong>. Hover or click anything: its
        bytes, text and field light up together.
      </p>
      <div className="welcome-actions">
        {courseAction && (
          <button type="button" onClick={courseAction.run}>
            {courseAction.label}
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
