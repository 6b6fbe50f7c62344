// The order of the Problems list: by file, in the order of the tabs, then by position in the file
// (line and column, or byte offset), so the list reads top to bottom like the editor. Problems
// without a position come first in their file, as protoc prints its file-level errors; equal
// positions keep the engine's order.
import type { Diagnostic } from "../../../../engine/diagnostics.ts";

export interface Problem {
  /** The file whose result carries the diagnostic. */
  file: string;
  d: Diagnostic;
}

/** The file a problem is shown under: the file its span names, else the one that reported it. */
export function problemFile(p: Problem): string {
  return p.d.span.kind === "bytes" ? p.file : (p.d.span.file ?? p.file);
}

function position(d: Diagnostic): [number, number] {
  const s = d.span;
  if (s.kind === "bytes") return [s.start, 0];
  if (s.kind === "text") return [s.start.line, s.start.column];
  return [-1, -1];
}

export function sortProblems(problems: readonly Problem[], fileOrder: readonly string[]): Problem[] {
  const rank = (name: string) => {
    const i = fileOrder.indexOf(name);
    return i === -1 ? fileOrder.length : i;
  };
  // Two files outside the order compare by name; one file with itself never calls localeCompare,
  // whose first call builds ICU's collator (some 25 ms on the page's first result).
  const byName = (a: string, b: string) => (a === b ? 0 : a.localeCompare(b));
  return problems
    .map((p, i) => ({ p, i, file: problemFile(p), at: position(p.d) }))
    .sort((a, b) => rank(a.file) - rank(b.file) || byName(a.file, b.file) || a.at[0] - b.at[0] || a.at[1] - b.at[1] || a.i - b.i)
    .map((x) => x.p);
}
