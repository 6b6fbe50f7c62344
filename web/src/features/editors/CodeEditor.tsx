// Lazy boundary for Monaco: the workspace renders at once with the text in a plain editor (a
// <textarea> that already edits the file), and Monaco replaces it when its chunk arrives, taking
// over the cursor if the plain editor had the focus. An embedded frame out of view stays with the
// plain editor until it is seen (features/embed/).
import { lazy, Suspense, useLayoutEffect, useRef } from "react";
import type { MonacoEditorProps } from "./MonacoEditor.tsx";

const loadMonacoEditor = () => import("./MonacoEditor.tsx");
const MonacoEditor = lazy(loadMonacoEditor);

export type { Highlight } from "./MonacoEditor.tsx";

/**
 * Starts fetching and compiling Monaco before an editor asks for it (an embedded frame that has
 * just come into view, while its workspace still loads); failures surface when the editor renders.
 */
export function preloadEditor(): void {
  loadMonacoEditor().catch(() => {});
}

/** Largest text (characters) the plain editor edits; above it the text is shown read-only until Monaco is up. */
export const PLAIN_EDIT_LIMIT = 256 * 1024;

/** Where the plain editor's cursor was when Monaco replaced it, by file name (taken once). */
const handoffs = new Map<string, { start: number; end: number }>();

/** The cursor the plain editor of `name` handed over (its focus included), or undefined. */
export function takeHandoff(name: string): { start: number; end: number } | undefined {
  const h = handoffs.get(name);
  handoffs.delete(name);
  return h;
}

/**
 * The text's start, read-only. A component of its own so the slice is taken only when it shows,
 * not on every render of every editor (the text is Monaco's joined pieces, and a slice of it first
 * joins them all: a megabyte copied per keystroke in a large document).
 */
export function Preview({ value }: { value: string }) {
  return (
    <pre className="editor-fallback" aria-busy="true">
      {value.slice(0, 4000)}
    </pre>
  );
}

/** The file in a <textarea>: typing changes the workspace at once, before Monaco is there. */
function PlainEditor({ name, ariaLabel, value, onChange }: Pick<MonacoEditorProps, "name" | "ariaLabel" | "value" | "onChange">) {
  const area = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = area.current;
    // Leaving while focused (Monaco has arrived): Monaco takes the cursor from here.
    return () => {
      if (el && document.activeElement === el) handoffs.set(name, { start: el.selectionStart, end: el.selectionEnd });
    };
  }, [name]);
  useLayoutEffect(() => {
    performance.mark("wirelab:editor-typeable", { detail: { name } });
  }, [name]);
  return (
    <textarea
      ref={area}
      className="editor-plain"
      data-editor={name}
      aria-label={ariaLabel}
      value={value}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      wrap="off"
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** What shows while Monaco is not there: the plain editor, or the text read-only when it cannot be edited or is large. */
export function EditorFallback(props: MonacoEditorProps) {
  return props.readOnly || props.value.length > PLAIN_EDIT_LIMIT ? <Preview value={props.value} /> : <PlainEditor {...props} />;
}

export function CodeEditor(props: MonacoEditorProps) {
  return (
    <Suspense fallback={<EditorFallback {...props} />}>
      <MonacoEditor {...props} />
    </Suspense>
  );
}
