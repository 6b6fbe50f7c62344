/**
 * What an assembly keeps for the next one over an edited text, so a keystroke near the end of a
 * large document re-assembles only what follows the last unchanged checkpoint.
 *
 * While it runs, an assembly given a memo (recovering, with annotations: the editor's mode)
 * records a checkpoint about every `interval` characters, at the start of a top-level token that
 * begins a line, with no brace open, no tag and no long-form pending. There the whole state is a
 * handful of counts: bytes written (raw, before length prefixes), prefixes closed and their total
 * size, tree rows made and the last top-level node, recovered errors, error messages and
 * field-number warnings. The memo keeps those with the text, the raw bytes, the length-prefix
 * plan and the tree's rows (with raw offsets, before `finish` fixes them in its own copy).
 *
 * The next assembly finds the longest common prefix of the old and new texts and resumes from the
 * last checkpoint inside it: everything before a checkpoint depends only on the text before it
 * (its token begins after a newline, so no earlier token can run into an edit there), so it is
 * taken as it was, and the output is the same as a fresh assembly's (assemble.memo.test.ts checks
 * bytes, diagnostics and every key of the tree over random edits). An edit at the top of the
 * document gains nothing; an edit at the end re-reads at most `interval` characters.
 *
 * A memo belongs to one caller and one document (engine/workspace keeps one per input file in
 * the WorkspaceCache of the page and of the engine Worker). A run that fails half-way leaves it
 * empty, never inconsistent.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { FieldWarning } from "./assemble-annotations.ts";
import type { LengthPrefixPlan } from "./length-prefixes.ts";

/** Numbers per checkpoint in `AssemblyMemo.checkpoints`. */
export const CP_STRIDE = 9;
/** Offsets of a checkpoint's numbers. */
export const CP_POS = 0;
export const CP_RAW = 1;
export const CP_PREFIXES = 2;
export const CP_PREFIX_BYTES = 3;
export const CP_ROWS = 4;
export const CP_LAST_TOP = 5;
export const CP_ERRORS = 6;
export const CP_MESSAGES = 7;
export const CP_WARNINGS = 8;

/**
 * Most tree rows a memo keeps (2^19 rows of 44 bytes: 22 MiB, about 1.4 MB of protoscope).
 * A larger document is assembled afresh each time, as without a memo.
 */
export const MEMO_MAX_ROWS = 1 << 19;

export class AssemblyMemo {
  /** Whether the fields below describe a finished run (false before one, and during one). */
  valid = false;
  /** The text of that run. */
  text = "";
  /** The annotation limit of that run (a different limit cannot resume it). */
  maxAnnotations = 0;
  /** Its checkpoints, CP_STRIDE numbers each, in text order. */
  checkpoints: number[] = [];
  /** Its raw output (without length prefixes), a copy. */
  raw: Uint8Array = new Uint8Array(0);
  /** Its length-prefix plan. */
  plan: LengthPrefixPlan | null = null;
  /** Its tree's rows, byte offsets still raw; also the storage the next run builds in. */
  columns: Int32Array | null = null;
  errors: Diagnostic[] = [];
  messages: readonly string[] = [];
  warnings: readonly FieldWarning[] = [];

  /** Where the last run resumed reading (-1: it read the text from the start). */
  resumedAt = -1;

  /** `interval`: characters between checkpoints (fewer: more kept, less re-read). */
  constructor(readonly interval: number) {}

  /**
   * Where an assembly of `text` with this memo would start reading: its last checkpoint within
   * the part `text` shares with the memo's text (0: from the start).
   */
  resumePoint(text: string): number {
    if (!this.valid) return 0;
    const at = this.lastCheckpointAtOrBefore(commonPrefixLength(this.text, text));
    return at < 0 ? 0 : this.checkpoints[at + CP_POS]!;
  }

  /** Index into `checkpoints` of the last one at or before `offset`, or -1. */
  lastCheckpointAtOrBefore(offset: number): number {
    const cps = this.checkpoints;
    let lo = 0;
    let hi = cps.length / CP_STRIDE;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cps[mid * CP_STRIDE + CP_POS]! <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? -1 : (lo - 1) * CP_STRIDE;
  }
}

/**
 * A memo for one document's assemblies (see the module comment); pass it as
 * `AssembleOptions.memo` on every run over that document.
 */
export function createAssemblyMemo(interval = 1024): AssemblyMemo {
  return new AssemblyMemo(Math.max(1, interval));
}

/** Length of the longest common prefix of `a` and `b`. */
export function commonPrefixLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  // Chunks first: comparing two slices is a memory comparison, far faster than a char loop.
  const CHUNK = 2048;
  while (i + CHUNK <= n && a.slice(i, i + CHUNK) === b.slice(i, i + CHUNK)) i += CHUNK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}
