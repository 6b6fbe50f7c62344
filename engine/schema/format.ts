/**
 * Printing schema diagnostics exactly as protoc does: `file:line:col: message`, each note on a
 * line of its own with the same prefix, and `file: message` for the few errors protoc has no
 * position for (reserved ranges, a missing file).
 */
import type { Diagnostic } from "../diagnostics.ts";
import { formatDiagnostic } from "../diagnostics.ts";
import { unpositioned } from "./linker.ts";

/** False for diagnostics protoc prints without a line and column (we still carry a span). */
export function protocPrintsPosition(d: Diagnostic): boolean {
  return !unpositioned.has(d);
}

export function formatSchemaDiagnostic(d: Diagnostic, path = d.span.kind === "text" ? (d.span.file ?? "") : ""): string {
  // protoc marks warnings in the text: "file:line:col: warning: message".
  const shown = d.severity === "warning" ? { ...d, message: `warning: ${d.message}` } : d;
  if (protocPrintsPosition(d)) return formatDiagnostic(path, shown);
  const file = d.span.kind === "text" ? (d.span.file ?? path) : path;
  return [shown.message, ...(d.notes ?? [])].map((m) => `${file}: ${m}`).join("\n");
}
