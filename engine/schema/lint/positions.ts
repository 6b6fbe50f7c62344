/**
 * Source positions for lint findings.
 *
 * Descriptors carry protoc's SourceCodeInfo spans: 0-based line and column, where protoc counts
 * columns in UTF-8 bytes and advances a tab to the next multiple of 8. buf reports positions
 * from its own compiler, which counts UTF-16 code units and advances a tab to the next
 * multiple of 4 (measured with buf 1.75: "\tint32 A" puts A at column 11). The two agree on
 * tab-free ASCII lines. With the source text we convert exactly; without it we trust protoc's
 * column and cannot know the offset (reported as -1, and no fixes are offered).
 */
import { LineIndex, type TextPosition, type TextSpan } from "../../diagnostics.ts";

/** Tab stops of the two tools (see above). */
const PROTOC_TAB = 8;
const BUF_TAB = 4;

const utf8Length = (codePoint: number): number =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

export class SourcePositions {
  private readonly lines: LineIndex | undefined;

  constructor(readonly text: string | undefined) {
    if (text !== undefined) this.lines = new LineIndex(text);
  }

  /** The position of protoc's (0-based line, 0-based column), in buf's columns. */
  fromProtoc(line: number, protocColumn: number): TextPosition {
    const lines = this.lines;
    const text = this.text;
    if (lines === undefined || text === undefined || line >= lines.lineCount) {
      return { offset: -1, line: line + 1, column: protocColumn + 1 };
    }
    const lineStart = lines.lineStart(line);
    const lineEnd = line + 1 < lines.lineCount ? lines.lineStart(line + 1) - 1 : text.length;
    // Walk the line in protoc's columns until we reach the requested one.
    let col = 0;
    let i = lineStart;
    while (i < lineEnd && col < protocColumn) {
      const cp = text.codePointAt(i)!;
      col = cp === 9 ? col + PROTOC_TAB - (col % PROTOC_TAB) : col + utf8Length(cp);
      i += cp > 0xffff ? 2 : 1;
    }
    return { offset: i, line: line + 1, column: this.bufColumn(lineStart, i) };
  }

  /** buf's position of the character at `offset` (needs the text). */
  atOffset(offset: number): TextPosition {
    const lines = this.lines!;
    const line = lines.lineOf(offset);
    return { offset, line: line + 1, column: this.bufColumn(lines.lineStart(line), offset) };
  }

  /** buf's 1-based column of the character at `offset` on the line starting at `lineStart`. */
  private bufColumn(lineStart: number, offset: number): number {
    let col = 0;
    for (let i = lineStart; i < offset; i++) {
      col = this.text!.charCodeAt(i) === 9 ? col + BUF_TAB - (col % BUF_TAB) : col + 1;
    }
    return col + 1;
  }

  /** Converts a SourceCodeInfo span ([line, col, endCol] or [line, col, endLine, endCol]). */
  span(span: readonly number[], file: string): TextSpan {
    const [startLine = 0, startCol = 0] = span;
    const endLine = span.length >= 4 ? span[2]! : startLine;
    const endCol = span.length >= 4 ? span[3]! : (span[2] ?? startCol);
    return { kind: "text", file, start: this.fromProtoc(startLine, startCol), end: this.fromProtoc(endLine, endCol) };
  }

  /** buf's position for findings about a whole file (no element to point at): 1:1. */
  fileStart(file: string): TextSpan {
    const start: TextPosition = { offset: this.text === undefined ? -1 : 0, line: 1, column: 1 };
    return { kind: "text", file, start, end: { ...start } };
  }
}
