/**
 * Printing schema diagnostics exactly as protoc does: `file:line:col: message`, each note on a
 * line of its own with the same prefix, and `file: message` for the few errors protoc has no
 * position for (reserved ranges, a missing file).
 */
import type { Diagnostic } from "../diagnostics.ts";
import { formatDiagnostic, spanFile } from "../diagnostics.ts";

/** False for diagnostics protoc prints without a line and column (their span is `none`). */
export function protocPrintsPosition(d: Diagnostic): boolean {
  return d.span.kind !== "none";
}

/** `path`: the file as printed (protoc 36 prints the path a file was read from); default its import path. */
export function formatSchemaDiagnostic(d: Diagnostic, path = spanFile(d.span) ?? ""): string {
  // protoc marks warnings in the text: "file:line:col: warning: message".
  const shown = d.severity === "warning" ? { ...d, message: `warning: ${d.message}` } : d;
  if (protocPrintsPosition(d)) return formatDiagnostic(path, shown.span.kind === "text" && path !== "" ? { ...shown, span: { ...shown.span, file: path } } : shown);
  const file = path !== "" ? path : (spanFile(d.span) ?? "");
  return [shown.message, ...(d.notes ?? [])].map((m) => `${file}: ${m}`).join("\n");
}
