// The mounted editors, by file name, so other features (the problems list, fixes) can move a
// cursor without importing Monaco (which lives in a lazily loaded chunk).
import type { TextSpan } from "../../../../engine/diagnostics.ts";

/** An editor is named by the file it shows. */
export type EditorName = string;

export interface EditorHandle {
  /** Moves the cursor to the span, scrolls it into view and focuses the editor. */
  reveal(span: TextSpan): void;
}

const editors = new Map<EditorName, EditorHandle>();

export function registerEditor(name: EditorName, handle: EditorHandle): () => void {
  editors.set(name, handle);
  return () => {
    if (editors.get(name) === handle) editors.delete(name);
  };
}

export function getEditor(name: EditorName): EditorHandle | undefined {
  return editors.get(name);
}

/** The Monaco model URI of a file's editor, and back: one model per file name. */
export function modelPath(name: string): string {
  return `/${encodeURIComponent(name)}`;
}

export function fileOfModelPath(path: string): string {
  return decodeURIComponent(path.replace(/^\//, ""));
}
