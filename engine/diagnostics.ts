/**
 * Diagnostics: every problem the engine reports carries a span, a stable code, a severity and a
 * message. The span is required by the type, not by habit (protoscope once let an error escape
 * without a position; ours cannot).
 */
import type { DIAGNOSTIC_CODES } from "./diagnostic-codes.ts";

/** A position in source text. `line` and `column` are 1-based; `offset` is 0-based UTF-16. */
export interface TextPosition {
  offset: number;
  line: number;
  column: number;
}

/** A half-open range of source text, [start, end). */
export interface TextSpan {
  kind: "text";
  /** The file the span is in, when there is more than one (schema workspaces). */
  file?: string;
  start: TextPosition;
  end: TextPosition;
}

/** A half-open range of bytes, [start, end). */
export interface ByteSpan {
  kind: "bytes";
  start: number;
  end: number;
}

/**
 * No position: the diagnostic is about a whole file or input, and the tool it follows prints it
 * without a line and column (protoc's `a.proto: File not found.`, `Input message is missing
 * required fields`). Saying so in the type replaces a made-up 1:1 that editors would underline.
 */
export interface NoSpan {
  kind: "none";
  /** The file it is about, when there is more than one. */
  file?: string;
  /**
   * Where an editor may still show it, when the engine knows the declaration the message is
   * about although the tool names no position (protoc's errors about reserved ranges). Printers
   * ignore it: the printed form stays `file: message`.
   */
  near?: TextSpan;
}

export type Span = TextSpan | ByteSpan | NoSpan;

/** The file a span is in, when it names one (text spans and spans without a position). */
export function spanFile(span: Span): string | undefined {
  return span.kind === "bytes" ? undefined : span.file;
}

/** A span without a position, optionally about `file`. */
export function noSpan(file?: string, near?: TextSpan): NoSpan {
  const span: NoSpan = { kind: "none" };
  if (file !== undefined) span.file = file;
  if (near !== undefined) span.near = near;
  return span;
}

export type Severity = "error" | "warning" | "info";

/** A replacement of the text in `span` by `newText`; spans refer to the text before any edit. */
export interface TextEdit {
  span: TextSpan;
  newText: string;
}

/** A named set of edits that fixes a diagnostic, e.g. "Prefix the values of Stoplight". */
export interface Fix {
  title: string;
  edits: TextEdit[];
}

/** A code of engine/diagnostic-codes.ts's table, or a lint or breaking rule's id (upper case, buf's). */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES | Uppercase<string>;

export interface Diagnostic {
  /**
   * Stable code, e.g. "protoscope/unterminated-string", "wire/truncated", "ENUM_VALUE_PREFIX":
   * every one is listed, with its meaning, in engine/diagnostic-codes.ts (the type holds the
   * table's codes to it; lint and breaking rule ids are checked by diagnostic-codes.test.ts).
   */
  code: DiagnosticCode;
  severity: Severity;
  /** The message; for schema errors protoc's exact words, for lint findings buf's. */
  message: string;
  /** Where: text, bytes, or (by type, never by a made-up 1:1) no position. */
  span: Span;
  /**
   * The line and column the reference tool prints for this problem, when that is not the
   * span's start: protoscope points where its scanner stood (often after the token) and counts
   * columns in bytes. The CLI prints it, so its output matches the tool's; editors use `span`.
   */
  printedAt?: { line: number; column: number };
  /** Further lines printed after the message (protoc's "Note that enum values use C++ ..."). */
  notes?: string[];
  fixes?: Fix[];
}

/**
 * Formats a diagnostic the way the CLI prints it: `path:line:col: message`, `path:@OFFSET: message`
 * or, without a position, `path: message`.
 */
export function formatDiagnostic(path: string, d: Diagnostic): string {
  const span = d.span;
  const where =
    span.kind === "text"
      ? `${span.file ?? path}:${(d.printedAt ?? span.start).line}:${(d.printedAt ?? span.start).column}`
      : span.kind === "bytes"
        ? `${path}:@${span.start}`
        : (span.file ?? path);
  const lines = [`${where}: ${d.message}`];
  for (const note of d.notes ?? []) lines.push(`${where}: ${note}`);
  return lines.join("\n");
}

/** Computes 1-based line/column positions for offsets in one text, in O(log lines) per lookup. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
    }
  }

  /** Lines in the text: one more than its line feeds. */
  get lineCount(): number {
    return this.starts.length;
  }

  /** The offset where the 0-based `line` starts. */
  lineStart(line: number): number {
    return this.starts[line]!;
  }

  /** The 0-based line `offset` is on. */
  lineOf(offset: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  position(offset: number): TextPosition {
    const line = this.lineOf(offset);
    return { offset, line: line + 1, column: offset - this.starts[line]! + 1 };
  }

  span(from: number, to: number, file?: string): TextSpan {
    const span: TextSpan = { kind: "text", start: this.position(from), end: this.position(to) };
    if (file !== undefined) span.file = file;
    return span;
  }
}
