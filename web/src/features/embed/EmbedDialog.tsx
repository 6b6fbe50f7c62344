// The Embed dialog: writes what an author pastes into a documentation page for the view on screen
// (the workspace and view as a share state in the frame's hash) or for a lesson step, in the page's
// own syntax (HTML, VitePress, MDX), with a preview of the frame at the page's column width whose
// posted height becomes the snippet's starting height (so the page does not move as the frame
// loads). docs/EMBEDDING.md says what each parameter does.
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useAppStore } from "../../store/index.ts";
import { PANELS } from "../panels/registry.ts";
import { encodeShareHash } from "../share/shareLink.ts";
import { captureView } from "../view/viewState.ts";
import { copyText } from "../hex/clipboard.ts";
import { embedQuery, MAX_TITLE, shortHash, type EmbedTheme } from "./embedParams.ts";
import { appOrigin, frameMarkup, listenerPlacement, pageListener, SNIPPET_FORMS, type SnippetForm } from "./snippets.ts";
import { appAddress } from "./OpenInWirelab.tsx";
import { RESIZE_MESSAGE_TYPE } from "./resize.ts";

export interface EmbedChoices {
  form: SnippetForm;
  /** "" for the view on screen, else a lesson's slug. */
  lesson: string;
  /** A step of the lesson, from 1; 0 for the lesson as it opens. */
  step: number;
  name: string;
  panel: string;
  readOnly: boolean;
  toolbar: boolean;
  save: boolean;
  theme: EmbedTheme;
  title: string;
  /** Starting height in pixels; undefined: the preview's measured height. */
  height: number | undefined;
  /** Width of the page's text column the preview is measured at (VitePress's: 688). */
  column: number;
}

export const DEFAULT_COLUMN = 688;
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The frame's address for `choices` and the view on screen (a lesson frame needs no share state). */
export function frameSource(choices: EmbedChoices, extra: { save?: boolean } = {}): string {
  const s = useAppStore.getState();
  const content = choices.lesson ? "" : encodeShareHash(s.snapshot(), captureView(s));
  const name = NAME.test(choices.name) ? choices.name : defaultName(choices, content);
  const query = embedQuery({
    name,
    ...(choices.lesson ? { lesson: choices.lesson, ...(choices.step > 0 ? { step: choices.step } : {}) } : { panel: choices.panel }),
    readOnly: choices.readOnly,
    toolbar: choices.toolbar,
    save: extra.save ?? choices.save,
    theme: choices.theme,
    ...(choices.title.trim() ? { title: choices.title.trim().slice(0, MAX_TITLE) } : {}),
  });
  return appAddress() + query + content;
}

/**
 * A name that keeps this frame's saves apart from other frames' on the same site: the lesson and
 * step, or "frame-" and a digest of what it shows, so two snippets for different views never share
 * their readers' edits.
 */
export function defaultName(choices: Pick<EmbedChoices, "lesson" | "step" | "panel">, content: string): string {
  if (choices.lesson) return choices.step > 0 ? `${choices.lesson}-step-${choices.step}` : choices.lesson;
  return `frame-${shortHash(`${choices.panel}|${content}`)}`;
}

export function EmbedButton() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        Embed
      </button>
      <dialog ref={dialog} className="embed-dialog" aria-labelledby="embed-dialog-title" onClose={() => setOpen(false)}>
        {open && <EmbedForm onClose={() => dialog.current?.close()} />}
      </dialog>
    </>
  );
}

interface LessonChoice {
  slug: string;
  title: string;
  steps: string[];
}

/** The course's lessons and steps, loaded with the dialog (the course is its own chunk). */
function useLessons(): LessonChoice[] {
  const [lessons, setLessons] = useState<LessonChoice[]>([]);
  useEffect(() => {
    let live = true;
    void import("../lessons/course.ts").then(({ COURSE }) => {
      if (live) setLessons(COURSE.lessons.map((l) => ({ slug: l.slug, title: l.meta.title, steps: l.meta.steps.map((s) => s.label) })));
    });
    return () => {
      live = false;
    };
  }, []);
  return lessons;
}

/** The height the preview frame posts, at the chosen column width. */
function usePreviewHeight(frame: React.RefObject<HTMLIFrameElement | null>, src: string): number | undefined {
  const [height, setHeight] = useState<number>();
  useEffect(() => {
    setHeight(undefined);
    const onMessage = (e: MessageEvent) => {
      if (e.source !== frame.current?.contentWindow || (e.data as { type?: unknown })?.type !== RESIZE_MESSAGE_TYPE) return;
      const h = (e.data as { height?: unknown }).height;
      if (typeof h === "number" && Number.isFinite(h) && h > 0) setHeight(Math.round(h));
    };
    addEventListener("message", onMessage);
    return () => removeEventListener("message", onMessage);
  }, [frame, src]);
  return height;
}

/** `value`, once it has stayed the same for `ms` (the preview reloads only when typing pauses). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function EmbedForm({ onClose }: { onClose: () => void }) {
  const id = useId();
  const sidePanel = useAppStore((s) => s.sidePanel);
  const lessonOpen = useAppStore((s) => s.lessonOpen);
  const lessons = useLessons();
  const [choices, setChoices] = useState<EmbedChoices>({
    form: "html",
    lesson: lessonOpen,
    step: 0,
    name: "",
    panel: sidePanel,
    readOnly: false,
    toolbar: true,
    save: true,
    theme: "system",
    title: "",
    height: undefined,
    column: DEFAULT_COLUMN,
  });
  const [copied, setCopied] = useState<string>();
  const set = (patch: Partial<EmbedChoices>) => {
    setChoices((c) => ({ ...c, ...patch }));
    setCopied(undefined);
  };
  const src = frameSource(choices);
  // The preview keeps nothing in storage and is the same frame otherwise.
  const previewSrc = useDebounced(frameSource(choices, { save: false }), 400);
  const preview = useRef<HTMLIFrameElement>(null);
  // A page opened from a file (the single-file build) cannot frame itself: no preview there.
  const canPreview = location.protocol !== "file:";
  const measured = usePreviewHeight(preview, previewSrc);
  const height = choices.height ?? measured ?? 480;
  const lesson = lessons.find((l) => l.slug === choices.lesson);
  const title = choices.title.trim() ? `Wirelab: ${choices.title.trim()}` : lesson ? `Wirelab: ${lesson.title}` : "Wirelab";
  const frame = frameMarkup(choices.form, { src, title, height });
  const listener = useMemo(() => pageListener(choices.form, appOrigin(src)), [choices.form, src]);
  const copy = async (what: string, text: string) => setCopied((await copyText(text)) ? `${what} copied` : "Select the text and copy it");

  return (
    <form method="dialog" className="embed-form" onSubmit={(e) => e.preventDefault()}>
      <h2 id="embed-dialog-title">Embed this view</h2>
      <p className="embed-help">
        Paste these into a documentation page to show this view (or a lesson step) in a frame that sizes itself to its
        content, with a link back to the full app. docs/EMBEDDING.md explains every parameter.
      </p>
      <fieldset className="embed-forms">
        <legend>The page is</legend>
        {SNIPPET_FORMS.map((f) => (
          <label key={f.id}>
            <input type="radio" name={`${id}-form`} value={f.id} checked={choices.form === f.id} onChange={() => set({ form: f.id })} /> {f.label}
          </label>
        ))}
      </fieldset>
      <div className="embed-options">
        <label>
          Shows
          <select value={choices.lesson} onChange={(e) => set({ lesson: e.target.value, step: 0 })}>
            <option value="">The view on screen</option>
            {lessons.map((l) => (
              <option key={l.slug} value={l.slug}>
                Lesson: {l.title}
              </option>
            ))}
          </select>
        </label>
        {lesson ? (
          <label>
            Step
            <select value={choices.step} onChange={(e) => set({ step: Number(e.target.value) })}>
              <option value={0}>The lesson as it opens</option>
              {lesson.steps.map((label, i) => (
                <option key={i} value={i + 1}>
                  {i + 1}. {label}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label>
            Panel
            <select value={choices.panel} onChange={(e) => set({ panel: e.target.value })}>
              {PANELS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          Theme
          <select value={choices.theme} onChange={(e) => set({ theme: e.target.value as EmbedTheme })}>
            <option value="system">Reader's system setting</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
        <label>
          Title
          <input type="text" value={choices.title} maxLength={MAX_TITLE} onChange={(e) => set({ title: e.target.value })} />
        </label>
        <label>
          Frame name (keeps its saves apart)
          <input
            type="text"
            value={choices.name}
            placeholder={defaultName(choices, choices.lesson ? "" : src.slice(src.indexOf("#")))}
            pattern="[A-Za-z0-9_-]{1,64}"
            onChange={(e) => set({ name: e.target.value })}
          />
        </label>
        <label>
          Page column width (px)
          <input type="number" min={280} max={1600} value={choices.column} onChange={(e) => set({ column: Math.min(1600, Math.max(280, Number(e.target.value) || DEFAULT_COLUMN)) })} />
        </label>
        <label>
          Starting height (px)
          <input
            type="number"
            min={120}
            max={4000}
            value={height}
            onChange={(e) => set({ height: Number(e.target.value) || undefined })}
            aria-describedby={`${id}-height-note`}
          />
          <span id={`${id}-height-note`} className="embed-note">
            {choices.height !== undefined ? "as you set it" : measured !== undefined ? `the preview's height at ${choices.column} px` : canPreview ? "measuring…" : "a guess: no preview from a file"}
          </span>
        </label>
        <label className="check">
          <input type="checkbox" checked={choices.readOnly} onChange={(e) => set({ readOnly: e.target.checked })} /> Read-only (a light view, no editor)
        </label>
        <label className="check">
          <input type="checkbox" checked={!choices.toolbar} onChange={(e) => set({ toolbar: !e.target.checked })} /> Hide the toolbar
        </label>
        <label className="check">
          <input type="checkbox" checked={choices.save} onChange={(e) => set({ save: e.target.checked })} /> Keep the reader's edits
        </label>
      </div>
      <label htmlFor={`${id}-listener`}>Once per page</label>
      <p className="embed-help">{listenerPlacement(choices.form)}</p>
      <textarea id={`${id}-listener`} className="embed-snippet" readOnly value={listener} rows={6} onFocus={(e) => e.target.select()} />
      <label htmlFor={`${id}-snippet`}>The frame</label>
      <textarea id={`${id}-snippet`} className="embed-snippet" readOnly value={frame} rows={4} onFocus={(e) => e.target.select()} />
      {location.protocol === "file:" && <p className="embed-help">This copy runs from a file: host the dist/ folder on a web server for the frame to load.</p>}
      <div className="embed-actions">
        <button type="button" onClick={() => void copy("The listener", listener)}>
          Copy the listener
        </button>
        <button type="button" onClick={() => void copy("The frame", frame)}>
          Copy the frame
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
        <span role="status">{copied}</span>
      </div>
      {canPreview && (
      <details className="embed-preview" open>
        <summary>Preview at {choices.column} px</summary>
        <div className="embed-preview-scroll">
          <iframe ref={preview} src={previewSrc} title="Preview of the frame" style={{ width: choices.column, height, border: 0, display: "block" }} />
        </div>
      </details>
      )}
    </form>
  );
}
