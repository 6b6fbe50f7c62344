// A short welcome on the first visit: what each pane is, and where the course starts. Dismissed
// once, it stays dismissed on this device (onboardingSlice).
import "./onboarding.css";
import { useAppStore } from "../../store/index.ts";

export function Welcome({ courseAction }: { courseAction?: { label: string; run: () => void } | undefined }) {
  const open = useAppStore((s) => s.welcomeOpen);
  const dismiss = useAppStore((s) => s.dismissWelcome);
  const openHelp = useAppStore((s) => s.setHelpOpen);
  if (!open) return null;
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title">Welcome to Wirelab: see Protocol Buffers byte by byte</h2>
      <ul>
        <li>
          <strong>Left, the editors</strong>: a schema (<code>.proto</code>), protoscope text (bytes written as text) or a text-format
          message. What you type becomes bytes at once.
        </li>
        <li>
          <strong>Right, the bytes</strong>, coloured by what they are, and <strong>side panels</strong>: the field tree, every reading
          of a field, what a byte means (Explain) and more.
        </li>
        <li>
          <strong>Below, the problems</strong>: errors and lint findings, with fixes.
        </li>
      </ul>
      <p>Hover or click anything: its bytes, its text and its field light up together.</p>
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
