// Lazy boundary for Monaco: the workspace renders at once with a plain preview of the text, and
// the editor replaces it when its chunk arrives.
import { lazy, Suspense } from "react";
import type { MonacoEditorProps } from "./MonacoEditor.tsx";

const MonacoEditor = lazy(() => import("./MonacoEditor.tsx"));

export type { Highlight } from "./MonacoEditor.tsx";

export function CodeEditor(props: MonacoEditorProps) {
  return (
    <Suspense fallback={<pre className="editor-fallback" aria-busy="true">{props.value.slice(0, 4000)}</pre>}>
      <MonacoEditor {...props} />
    </Suspense>
  );
}
