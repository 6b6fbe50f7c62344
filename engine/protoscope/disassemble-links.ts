/**
 * What the disassembler records as it prints, so its text links to the bytes without being
 * assembled again: a tree of the same shape as the assembler's tree of that text (a field node
 * over its tag and value, a `{` for a length prefix, a node per value, string line and hex line),
 * each node's source given by two points in the printer's text.
 *
 * A point is a position in the printer's line buffer when recorded (the first or last character
 * of a token, inclusive, so that text inserted between two lines moves the next line's starts and
 * not the last line's ends). The printer moves the points with the text: a fold that inserts or
 * removes a space (`shiftFrom`), packed values laid out in columns, and finally the layout with
 * indentation (`place`). Points are recorded in printing order and the text only ever moves as a
 * whole after a position, so they stay sorted: each move is a pass over a suffix.
 *
 * Shapes the recorder does not follow (groups, whose closing brace replaces a printed tag;
 * long-form varints; explicit wire types or lengths) mark the recording lost; the caller then
 * links by assembling the text instead.
 */
import type { RangeTree } from "../annotate/sources.ts";

/** Numbers per node row: byte start, byte end, the source's first and last point, the parent. */
const ROW = 5;
const B_START = 0;
const B_END = 1;
const P_FROM = 2;
const P_TO = 3;
const PARENT = 4;

export class LinkRecorder {
  /** Point positions, in recording order (and so sorted). */
  points = new Int32Array(1 << 10);
  count = 0;
  private rows = new Int32Array(ROW << 9);
  private nodes = 1; // node 0: the top level
  private readonly open: number[] = [0];
  /** True once the printing took a shape the recorder does not follow. */
  lost = false;

  /** Records a point at buffer position `at`; returns its index. */
  point(at: number): number {
    if (this.count === this.points.length) {
      const next = new Int32Array(this.points.length * 2);
      next.set(this.points);
      this.points = next;
    }
    this.points[this.count] = at;
    return this.count++;
  }

  private row(byteStart: number, fromPoint: number): number {
    if ((this.nodes + 1) * ROW > this.rows.length) {
      const next = new Int32Array(this.rows.length * 2);
      next.set(this.rows);
      this.rows = next;
    }
    const id = this.nodes++;
    const o = id * ROW;
    this.rows[o + B_START] = byteStart;
    this.rows[o + P_FROM] = fromPoint;
    this.rows[o + PARENT] = this.open[this.open.length - 1]!;
    return id;
  }

  /** A token: bytes [byteStart, byteEnd) printed as the text from point `from` to point `to`. */
  leaf(byteStart: number, byteEnd: number, from: number, to: number): void {
    const id = this.row(byteStart, from);
    this.rows[id * ROW + B_END] = byteEnd;
    this.rows[id * ROW + P_TO] = to;
  }

  /** Opens a node (a field) at `byteStart`, its text from point `from`; what follows is inside it. */
  openNode(byteStart: number, from: number): void {
    this.open.push(this.row(byteStart, from));
  }

  /** Closes the innermost open node at `byteEnd`, its text to point `to`. */
  closeNode(byteEnd: number, to: number): void {
    const id = this.open.pop()!;
    this.rows[id * ROW + B_END] = byteEnd;
    this.rows[id * ROW + P_TO] = to;
  }

  /** Moves the points at or after buffer position `at` by `delta` (text inserted or removed there). */
  shiftFrom(at: number, delta: number): void {
    const p = this.points;
    for (let k = this.count - 1; k >= 0 && p[k]! >= at; k--) p[k]! += delta;
  }

  /** The index of the first point at or after buffer position `at`. */
  firstFrom(at: number): number {
    let k = this.count;
    while (k > 0 && this.points[k - 1]! >= at) k--;
    return k;
  }

  /**
   * Turns every point from a line-buffer position into a position in the laid-out text: line `i`
   * held buffer positions [starts[i], next line's start) and its text begins at `lineOut[i]`.
   */
  place(starts: Int32Array, lineOut: Int32Array, lines: number): void {
    const p = this.points;
    let line = 0;
    for (let k = 0; k < this.count; k++) {
      const at = p[k]!;
      while (line + 1 < lines && starts[line + 1]! <= at) line++;
      p[k] = lineOut[line]! + (at - starts[line]!);
    }
  }

  /**
   * Turns UTF-8 byte positions in `text` into UTF-16 code-unit positions. Every point is on an
   * ASCII character (a token starts and ends with a digit, a letter, a sign, a colon, a quote, a
   * backtick or a brace), so a point's unit is the count of units before it.
   */
  toUtf16(text: Uint8Array): void {
    const p = this.points;
    let byte = 0;
    let unit = 0;
    for (let k = 0; k < this.count; k++) {
      const at = p[k]!;
      for (; byte < at; byte++) {
        const b = text[byte]!;
        if ((b & 0xc0) !== 0x80) unit += b >= 0xf0 ? 2 : 1;
      }
      p[k] = unit;
    }
  }

  /** The recorded tree (the points placed), read by handles: node 0 is the top level. */
  tree(): RangeTree {
    const rows = this.rows;
    const points = this.points;
    const children: number[][] = Array.from({ length: this.nodes }, () => []);
    for (let id = 1; id < this.nodes; id++) children[rows[id * ROW + PARENT]!]!.push(id);
    return {
      root: 0,
      children: (id) => children[id]!,
      start: (id) => rows[id * ROW + B_START]!,
      end: (id) => rows[id * ROW + B_END]!,
      from: (id) => points[rows[id * ROW + P_FROM]!]!,
      // Points are inclusive; a source range's end is not.
      to: (id) => points[rows[id * ROW + P_TO]!]! + 1,
    };
  }
}
