// Lazy boundary for Monaco: the workspace renders at once with a plain preview of the text, and
// the editor replaces it when its chunk arrives.
import { lazy, Suspense } from "react";
import type { MonacoEditorProps } from "./MonacoEditor.tsx";

const MonacoEditor = lazy(() => import("./MonacoEditor.tsx"));

export type { Highlight } from "./MonacoEditor.tsx";

/**
 * The text's start, while Monaco loads. A component of its own so the slice is taken only when
 * the fallback shows, not on every render of every editor (the text is Monaco's joined pieces,
 * and a slice of it first joins them all: a megabyte copied per keystroke in a large document).
 */
function Preview({ value }: { value: string }) {
  return (
    <pre className="editor-fallback" aria-busy="true">
      {value.slice(0, 4000)}
    </pre>
  );
}

export function CodeEditor(props: MonacoEditorProps) {
  return (
    <Suspense fallback={<Preview value={props.value} />}>
      <MonacoEditor {...props} />
    </Suspense>
  );
}
