// The mounted editors, by name, so other features (the problems list, Ctrl+Enter) can move a
// cursor without importing Monaco (which lives in a lazily loaded chunk).
import type { TextSpan } from "../../../../engine/diagnostics.ts";

export type EditorName = "schema" | "protoscope" | "message";

export interface EditorHandle {
  /** Moves the cursor to the span, scrolls it into view and focuses the editor. */
  reveal(span: TextSpan): void;
  /** Applies text edits as one undoable step. */
  applyEdits(edits: { span: TextSpan; newText: string }[]): void;
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
