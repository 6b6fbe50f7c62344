/**
 * Applying text edits. Every edit's span refers to the text before any edit (LSP's rule), so
 * edits are applied from the end backwards and must not overlap.
 */
import type { Fix, TextEdit } from "../../diagnostics.ts";

/**
 * Applies `edits` (all for this one text) and returns the new text. Identical duplicate edits
 * count once; overlapping different edits throw a RangeError (a caller bug, not bad input).
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.span.start.offset - b.span.start.offset || a.span.end.offset - b.span.end.offset);
  const unique: TextEdit[] = [];
  for (const e of sorted) {
    const { start, end } = e.span;
    if (start.offset < 0 || end.offset < start.offset || end.offset > text.length) {
      throw new RangeError(`edit span ${start.offset}..${end.offset} is outside the text (length ${text.length})`);
    }
    const last = unique[unique.length - 1];
    if (last !== undefined && last.span.start.offset === start.offset && last.span.end.offset === end.offset && last.newText === e.newText) continue;
    if (last !== undefined && start.offset < last.span.end.offset) {
      throw new RangeError(`overlapping edits at offsets ${last.span.start.offset} and ${start.offset}`);
    }
    unique.push(e);
  }
  let out = text;
  for (let i = unique.length - 1; i >= 0; i--) {
    const e = unique[i]!;
    out = out.slice(0, e.span.start.offset) + e.newText + out.slice(e.span.end.offset);
  }
  return out;
}

/**
 * Applies a fix whose edits may touch several files (each edit's `span.file`; edits without a
 * file go to `defaultFile`). Returns the changed sources; untouched files are kept as they were.
 */
export function applyFix(sources: Readonly<Record<string, string>>, fix: Fix, defaultFile?: string): Record<string, string> {
  const byFile = new Map<string, TextEdit[]>();
  for (const e of fix.edits) {
    const file = e.span.file ?? defaultFile;
    if (file === undefined) throw new RangeError("edit has no file and no default file was given");
    byFile.set(file, [...(byFile.get(file) ?? []), e]);
  }
  const out: Record<string, string> = { ...sources };
  for (const [file, edits] of byFile) {
    const text = sources[file];
    if (text === undefined) throw new RangeError(`edit for unknown file ${JSON.stringify(file)}`);
    out[file] = applyEdits(text, edits);
  }
  return out;
}
