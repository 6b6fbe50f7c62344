import type { TextSpan } from "../../../../engine/diagnostics.ts";
import type * as monacoNs from "monaco-editor/editor/editor.api";

/**
 * The editor range of a span, from its offsets. A span's line:column is the tool's own (protoc
 * counts a tab as up to 8 columns and a UTF-8 byte as one, buf a tab as 4); its offsets are plain
 * UTF-16 indexes into the text, which is what Monaco counts.
 */
export function rangeOf(monaco: typeof monacoNs, model: monacoNs.editor.ITextModel, span: TextSpan): monacoNs.Range {
  const length = model.getValueLength();
  const start = model.getPositionAt(Math.min(span.start.offset, length));
  const end = model.getPositionAt(Math.min(Math.max(span.end.offset, span.start.offset), length));
  return new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
}
