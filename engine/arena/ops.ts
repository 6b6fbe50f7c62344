/**
 * The arena's operation script: `alloc:24, alloc:100, reset, realloc:1:200`, separated by commas,
 * spaces or new lines; `#` starts a comment that runs to the end of the line. Every problem is
 * a diagnostic positioned on the offending operation.
 */
import { LineIndex, type Diagnostic, type TextSpan } from "../diagnostics.ts";

export type ArenaOp =
  | { kind: "alloc"; bytes: number; span: TextSpan }
  | { kind: "reset"; span: TextSpan }
  /** Grows the `index`-th allocation (counting `alloc` operations from 0) to `bytes`. */
  | { kind: "realloc"; index: number; bytes: number; span: TextSpan };

/** The largest request one operation may make: 1 GiB keeps every offset an exact small integer. */
export const MAX_REQUEST_BYTES = 1 << 30;
/** Scripts longer than this are refused rather than animated (the trace is computed up front). */
export const MAX_OPS = 10_000;

export interface ParsedOps {
  ops: ArenaOp[];
  diagnostics: Diagnostic[];
}

const TOKEN = /[^\s,#]+/g;

function parseCount(text: string): number | undefined {
  if (!/^[0-9]+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Parses an operation script; ops with errors are left out and reported. */
export function parseArenaOps(text: string): ParsedOps {
  const lines = new LineIndex(text);
  const ops: ArenaOp[] = [];
  const diagnostics: Diagnostic[] = [];
  // Blank out comments so the token scan sees only operations, keeping offsets.
  const scan = text.replace(/#[^\n]*/g, (c) => " ".repeat(c.length));
  let allocs = 0;
  for (const m of scan.matchAll(TOKEN)) {
    const token = m[0];
    const span = lines.span(m.index, m.index + token.length);
    const fail = (message: string) => diagnostics.push({ code: "arena/bad-op", severity: "error", message, span });
    if (ops.length >= MAX_OPS) {
      diagnostics.push({ code: "arena/too-many-ops", severity: "error", message: `more than ${MAX_OPS} operations`, span });
      break;
    }
    const parts = token.split(":");
    const sizeOf = (s: string | undefined): number | undefined => (s === undefined ? undefined : parseCount(s));
    if (parts[0] === "reset" && parts.length === 1) {
      ops.push({ kind: "reset", span });
    } else if (parts[0] === "alloc" && parts.length === 2) {
      const bytes = sizeOf(parts[1]);
      if (bytes === undefined) fail(`"${token}": the size must be a whole number of bytes, e.g. alloc:24`);
      else if (bytes < 1 || bytes > MAX_REQUEST_BYTES) fail(`"${token}": the size must be from 1 to ${MAX_REQUEST_BYTES} bytes`);
      else {
        ops.push({ kind: "alloc", bytes, span });
        allocs++;
      }
    } else if (parts[0] === "realloc" && parts.length === 3) {
      const index = parseCount(parts[1]!);
      const bytes = sizeOf(parts[2]);
      if (index === undefined || bytes === undefined) fail(`"${token}": write realloc:I:BYTES, e.g. realloc:0:64 grows the first allocation to 64 bytes`);
      else if (index >= allocs) fail(`"${token}": there is no allocation ${index} yet (${allocs} so far, counted from 0)`);
      else if (bytes < 1 || bytes > MAX_REQUEST_BYTES) fail(`"${token}": the size must be from 1 to ${MAX_REQUEST_BYTES} bytes`);
      else ops.push({ kind: "realloc", index, bytes, span });
    } else {
      fail(`unknown operation "${token}": use alloc:BYTES, reset or realloc:I:BYTES`);
    }
  }
  return { ops, diagnostics };
}

/** The script of a list of operations, in the CLI's comma-separated form. */
export function formatArenaOps(ops: readonly ArenaOp[]): string {
  return ops.map((op) => (op.kind === "reset" ? "reset" : op.kind === "alloc" ? `alloc:${op.bytes}` : `realloc:${op.index}:${op.bytes}`)).join(",");
}
