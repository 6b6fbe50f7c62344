/**
 * The line printer behind the disassembler. Protoscope's disassembly text is shaped by a small
 * line-buffering printer (indentation blocks that fold into one line when short, packed values
 * laid out in columns, `# remarks` aligned in a column). To produce the same text we follow the
 * same rules here; the code is written afresh, the rules were learned by reading protoscope and
 * are checked against its output by the golden tests.
 *
 * Representation: the text of every line lives in one growable UTF-8 byte buffer, lines back to
 * back, with their start offsets, indentation changes and (sparse) remarks in side tables. A
 * large input prints millions of lines; one string or object per line made garbage collection
 * the main cost. Only the last lines ever change (writes go to the current line, folds merge the
 * last few), except the opening line of a group that never closes, whose replaced text is kept
 * in `overrides`. `finishBytes` lays everything out into a second buffer.
 */

import type { LinkRecorder } from "./disassemble-links.ts";

/** How an indentation block behaves when it ends. */
export interface BlockInfo {
  /** The block starts and ends with delimiters (`{`, `}`), so folding needs no space before/after them. */
  hasDelimiters: boolean;
  /**
   * Write the space a fold puts after the opening line when the block starts (not part of the
   * text unless the block folds), so that folding a long last line onto it copies nothing. For
   * blocks without delimiters whose opening line is complete when they start (a length prefix).
   * Nested length prefixes fold into one line that grows with every level; inserting the space
   * by shifting that line made deep nesting quadratic.
   */
  reserveFoldSpace?: boolean;
  /** Blocks of at most this many lines (counting the opening line) fold into one line. */
  heightToFoldAt: number;
  /** Which line, counted from the last (0 = last), is the final indented one. */
  unindentAt: number;
}

/** Spaces per indentation level. */
const INDENT = 2;
// protoscope also caps how many folded blocks may share a line (3), but its fold counter only
// ever sums zeros, so the cap never applies; we leave it out.

const SPACE = 0x20;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Code points in UTF-8 bytes [from, to): every byte that is not a continuation byte. */
function runeCount(buf: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if ((buf[i]! & 0xc0) !== 0x80) n++;
  return n;
}

function runeCountOf(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export class Printer {
  /** Where the disassembler records its links (disassemble-links.ts): moved with the text. */
  links: LinkRecorder | undefined;
  private buf: Uint8Array;
  private len = 0;
  /** Start offset in `buf` of each line; a line ends where the next starts (the last at `len`). */
  private starts: Int32Array;
  /** How much the *next* line is indented relative to each line. */
  private indents: Int32Array;
  /**
   * For each line, 1 when its last byte is a space reserved for a fold (`reserveFoldSpace`) that
   * has not happened: not part of the line's text (see `textEnd`).
   */
  private pads: Uint8Array;
  private lines = 0;
  /** For each line, 1 + the index of its remark entry, or 0 (most lines have none). */
  private remarkOf: Int32Array;
  /**
   * Remark texts as UTF-8, back to back. Entry e (a line's remarks, joined with ", ") is
   * [remarkStart[e], remarkEnd[e]) of `remarkBuf`. Bytes rather than strings: with float values
   * (every one gets a `# 0x...` remark) keeping a string list per line made the remarks a good
   * part of the run time, most of it garbage collection of strings that live to the end.
   */
  private remarkBuf = new Uint8Array(1 << 12);
  private remarkLen = 0;
  private remarkStart = new Int32Array(1 << 8);
  private remarkEnd = new Int32Array(1 << 8);
  /** Remark entries made so far. */
  private remarkCount = 0;
  /** Replaced texts of earlier lines (an unclosed group's `N: !{` becoming `N:SGROUP`). */
  private readonly overrides = new Map<number, string>();
  private readonly blockInfos: BlockInfo[] = [];
  private readonly blockStarts: number[] = [];

  /**
   * `inputSize`: bytes being disassembled, to size the buffers up front (text is typically about
   * three times the input, a line per four input bytes); growing by doubling copies and zeroes
   * the buffers over and over, which showed up as garbage-collection time on large inputs.
   */
  constructor(inputSize = 0) {
    this.buf = new Uint8Array(Math.max(1 << 12, Math.min(inputSize * 3, 1 << 28)));
    const lines = Math.max(1 << 8, Math.min(inputSize >> 2, 1 << 24));
    this.starts = new Int32Array(lines);
    this.indents = new Int32Array(lines);
    this.pads = new Uint8Array(lines);
    this.remarkOf = new Int32Array(lines);
  }

  private reserve(extra: number): void {
    if (this.len + extra <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  newLine(): void {
    if (this.lines === this.starts.length) {
      const starts = new Int32Array(this.lines * 2);
      starts.set(this.starts);
      this.starts = starts;
      const indents = new Int32Array(this.lines * 2);
      indents.set(this.indents);
      this.indents = indents;
      const pads = new Uint8Array(this.lines * 2);
      pads.set(this.pads);
      this.pads = pads;
      const remarkOf = new Int32Array(this.lines * 2);
      remarkOf.set(this.remarkOf);
      this.remarkOf = remarkOf;
    }
    this.starts[this.lines] = this.len;
    this.indents[this.lines] = 0;
    this.pads[this.lines] = 0;
    this.remarkOf[this.lines] = 0;
    this.lines++;
  }

  discardLine(): void {
    this.truncateLines(this.lines - 1);
  }

  private truncateLines(count: number): void {
    if (count < this.lines) {
      this.len = this.starts[count]!;
      if (this.overrides.size > 0) for (let i = count; i < this.lines; i++) this.overrides.delete(i);
      this.lines = count;
    }
  }

  /** The position in the line buffer the next write goes to (for LinkRecorder points). */
  get offset(): number {
    return this.len;
  }

  /** Appends text to the current line. */
  write(s: string): void {
    if (this.overrides.size > 0 && this.overrides.has(this.lines - 1)) {
      this.overrides.set(this.lines - 1, this.overrides.get(this.lines - 1)! + s);
      return;
    }
    const n = s.length;
    this.reserve(n * 3);
    const buf = this.buf;
    let len = this.len;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) {
        len += encoder.encodeInto(s.slice(i), buf.subarray(len)).written;
        break;
      }
      buf[len++] = c;
    }
    this.len = len;
  }

  /** Appends one ASCII byte to the current line. */
  writeByte(b: number): void {
    this.reserve(1);
    this.buf[this.len++] = b;
  }

  /** Appends bytes (valid UTF-8) to the current line. */
  writeBytes(bytes: Uint8Array, from: number, to: number): void {
    this.reserve(to - from);
    if (to - from < 64) {
      // A loop beats creating a subarray view for short runs.
      const buf = this.buf;
      let len = this.len;
      for (let i = from; i < to; i++) buf[len++] = bytes[i]!;
      this.len = len;
      return;
    }
    this.buf.set(bytes.subarray(from, to), this.len);
    this.len += to - from;
  }

  /** Appends the decimal digits of an integer of at most 32 bits, unsigned (0 .. 2^32 - 1). */
  writeNumber(n: number): void {
    this.reserve(10);
    const buf = this.buf;
    if (n < 10) {
      buf[this.len++] = 0x30 + n;
      return;
    }
    // Digits from the right into place, without making a string.
    let digits = 1;
    for (let m = n; m >= 10; m = Math.floor(m / 10)) digits++;
    let at = this.len + digits;
    this.len = at;
    for (let m = n; ; ) {
      const q = Math.floor(m / 10);
      buf[--at] = 0x30 + (m - q * 10);
      if (q === 0) break;
      m = q;
    }
  }

  /**
   * Appends a 64-bit value given as unsigned halves in lowercase hex without leading zeros (Go's
   * `%x`), without making strings: the NaN payloads of the disassembly are common enough in
   * random data that `toString(16)` + `padStart` showed in profiles.
   */
  writeHex64(lo: number, hi: number): void {
    this.reserve(16);
    const buf = this.buf;
    let digits = 0;
    if (hi !== 0) for (let v = hi; v !== 0; v >>>= 4) digits++;
    else for (let v = lo; ; v >>>= 4) {
      digits++;
      if (v >>> 4 === 0) break;
    }
    if (hi !== 0) digits += 8;
    let at = this.len + digits;
    this.len = at;
    for (let k = 0; k < digits; k++) {
      const nibble = k < 8 ? (lo >>> (4 * k)) & 15 : (hi >>> (4 * (k - 8))) & 15;
      buf[--at] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble;
    }
  }

  /** Appends the hex digits of each byte in [from, to) (two lowercase digits a byte). */
  writeHex(bytes: Uint8Array, from: number, to: number): void {
    this.reserve(2 * (to - from));
    const buf = this.buf;
    let len = this.len;
    for (let i = from; i < to; i++) {
      const b = bytes[i]!;
      const hi = b >>> 4;
      const lo = b & 15;
      buf[len++] = hi < 10 ? 0x30 + hi : 0x57 + hi;
      buf[len++] = lo < 10 ? 0x30 + lo : 0x57 + lo;
    }
    this.len = len;
  }

  /** Empties the current line's text (its remarks stay). */
  clearLine(): void {
    if (this.overrides.size > 0) this.overrides.delete(this.lines - 1);
    this.len = this.starts[this.lines - 1]!;
    this.pads[this.lines - 1] = 0;
  }

  /** Adds a remark (`# s`) to the current line. */
  remark(s: string): void {
    const e = this.openRemark(s.length * 3);
    const buf = this.remarkBuf;
    let len = this.remarkLen;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) {
        len += encoder.encodeInto(s.slice(i), buf.subarray(len)).written;
        break;
      }
      buf[len++] = c;
    }
    this.remarkLen = len;
    this.remarkEnd[e] = len;
  }

  /**
   * Adds the remark `0x<hex>i32` (`wide` false) or `0x<hex>i64` to the current line: the bits
   * of a value printed as a float, lowercase hex without leading zeros, written without strings.
   */
  remarkHex(lo: number, hi: number, wide: boolean): void {
    const e = this.openRemark(21);
    const buf = this.remarkBuf;
    let len = this.remarkLen;
    buf[len++] = 0x30; // 0
    buf[len++] = 0x78; // x
    let digits = 0;
    if (hi !== 0) for (let v = hi; v !== 0; v >>>= 4) digits++;
    else
      for (let v = lo; ; v >>>= 4) {
        digits++;
        if (v >>> 4 === 0) break;
      }
    if (hi !== 0) digits += 8;
    len += digits;
    let at = len;
    for (let k = 0; k < digits; k++) {
      const nibble = k < 8 ? (lo >>> (4 * k)) & 15 : (hi >>> (4 * (k - 8))) & 15;
      buf[--at] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble;
    }
    buf[len++] = 0x69; // i
    buf[len++] = wide ? 0x36 : 0x33;
    buf[len++] = wide ? 0x34 : 0x32;
    this.remarkLen = len;
    this.remarkEnd[e] = len;
  }

  /**
   * Makes the current line's remark entry the last one in `remarkBuf` (a new one, or the line's
   * entry moved to the end, followed by ", "), with room for `extra` more bytes; returns it.
   */
  private openRemark(extra: number): number {
    const line = this.lines - 1;
    const at = this.remarkOf[line]!;
    let e: number;
    if (at === 0) {
      e = this.remarkCount++;
      if (e === this.remarkStart.length) {
        const starts = new Int32Array(e * 2);
        starts.set(this.remarkStart);
        this.remarkStart = starts;
        const ends = new Int32Array(e * 2);
        ends.set(this.remarkEnd);
        this.remarkEnd = ends;
      }
      this.reserveRemark(extra);
      this.remarkStart[e] = this.remarkLen;
      this.remarkEnd[e] = this.remarkLen;
      this.remarkOf[line] = e + 1;
      return e;
    }
    e = at - 1;
    const from = this.remarkStart[e]!;
    const to = this.remarkEnd[e]!;
    this.reserveRemark(to - from + 2 + extra);
    if (to !== this.remarkLen) {
      // Not the last entry (a line that took over another's remarks): move it to the end.
      this.remarkBuf.copyWithin(this.remarkLen, from, to);
      this.remarkStart[e] = this.remarkLen;
      this.remarkLen += to - from;
    }
    this.remarkBuf[this.remarkLen++] = 0x2c; // ,
    this.remarkBuf[this.remarkLen++] = SPACE;
    return e;
  }

  private reserveRemark(extra: number): void {
    if (this.remarkLen + extra <= this.remarkBuf.length) return;
    let size = this.remarkBuf.length * 2;
    while (size < this.remarkLen + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.remarkBuf.subarray(0, this.remarkLen));
    this.remarkBuf = next;
  }

  /** The text of line `i`. */
  text(i: number): string {
    const override = this.overrides.size > 0 ? this.overrides.get(i) : undefined;
    if (override !== undefined) return override;
    return decoder.decode(this.buf.subarray(this.starts[i]!, this.textEnd(i)));
  }

  /** Replaces the text of line `i` (kept aside: only the last line's bytes can change in place). */
  replaceText(i: number, text: string): void {
    if (i === this.lines - 1) {
      this.clearLine();
      this.write(text);
    } else this.overrides.set(i, text);
  }

  private lineEnd(i: number): number {
    return i + 1 < this.lines ? this.starts[i + 1]! : this.len;
  }

  /** Where the text of line `i` ends: its end, less a space reserved for a fold. */
  private textEnd(i: number): number {
    return this.lineEnd(i) - this.pads[i]!;
  }

  /**
   * Opens an indentation block whose first line is the current one (with `reserveFoldSpace`,
   * that line must be complete: nothing more may be written to it).
   */
  startBlock(info: BlockInfo): void {
    const start = this.lines - 1;
    if (info.reserveFoldSpace === true && !(this.overrides.size > 0 && this.overrides.has(start))) {
      this.writeByte(SPACE);
      this.pads[start] = 1;
    }
    this.blockInfos.push(info);
    this.blockStarts.push(start);
    this.indents[start]!++;
  }

  /** Forgets the innermost block and undoes its indentation; returns its opening line's index. */
  dropBlock(): number {
    this.blockInfos.pop();
    const start = this.blockStarts.pop()!;
    this.indents[start]!--;
    return start;
  }

  /** Closes the innermost block, folding it into one line when it is short enough. */
  endBlock(): void {
    const info = this.blockInfos.pop()!;
    const start = this.blockStarts.pop()!;
    const height = this.lines - start;
    if (height <= info.heightToFoldAt && height >= 2) this.fold(info, start, height);
    // Unindent: the line `unindentAt` from the end is the last indented one.
    const after = this.lines - start;
    if (after <= info.unindentAt) this.indents[start]!--;
    else this.indents[this.lines - 1 - info.unindentAt]!--;
  }

  private fold(info: BlockInfo, start: number, height: number): void {
    const remarkOf = this.remarkOf;
    let remarkLine = -1;
    if (this.remarkCount > 0) {
      let remarkLines = 0;
      for (let i = start; i < this.lines; i++) {
        if (remarkOf[i] !== 0) {
          remarkLines++;
          remarkLine = i;
        }
      }
      // Never mix remarks from different lines.
      if (remarkLines > 1) return;
    }
    let overridden = false;
    if (this.overrides.size > 0) for (let i = start; i < this.lines; i++) overridden ||= this.overrides.has(i);
    const last = start + height - 1;
    const pads = this.pads;
    if (overridden) {
      // Rare: a replaced line takes part; join as strings.
      let text = this.text(start);
      for (let i = 0; i < height - 1; i++) {
        if ((i !== 0 && i !== height - 2) || !info.hasDelimiters) text += " ";
        text += this.text(start + 1 + i);
      }
      this.truncateLines(start + 1);
      this.replaceText(start, text);
    } else {
      // The lines are back to back at the end of the buffer. A space goes between two of them
      // unless the block has delimiters and it is the first or last boundary (inside them); a
      // space reserved at the end of a line serves as that space, or is removed. Boundaries are
      // done from the last back, so earlier offsets stay valid. Each insertion or removal moves
      // what follows it: in the disassembler's folds that is a closing brace or an EGROUP tag,
      // and a length prefix's fold (whose last line can be long) finds its space reserved.
      const starts = this.starts;
      for (let k = height - 2; k >= 0; k--) {
        const at = starts[start + k + 1]!;
        const spaced = (k !== 0 && k !== height - 2) || !info.hasDelimiters;
        if (pads[start + k] === 1) {
          if (!spaced) {
            this.buf.copyWithin(at - 1, at, this.len);
            this.len--;
            this.links?.shiftFrom(at, -1);
          }
        } else if (spaced) {
          this.reserve(1);
          this.buf.copyWithin(at + 1, at, this.len);
          this.buf[at] = SPACE;
          this.len++;
          this.links?.shiftFrom(at, 1);
        }
      }
      pads[start] = pads[last]!;
      this.lines = start + 1;
    }
    if (remarkLine > start) remarkOf[start] = remarkOf[remarkLine]!;
  }

  /**
   * Lays the last `count` lines out in rows of `cols` right-aligned columns. A line with remarks
   * ends its row group (remarks cannot share a line).
   */
  foldIntoColumns(cols: number, count: number): void {
    if (count === 0) return;
    const first = this.lines - count;
    const base = this.starts[first]!;
    // Copy the values out, then rewrite them as rows.
    const bytes = this.buf.slice(base, this.len);
    const starts = new Int32Array(count + 1);
    // Each line's remark entry, 1-based (0: none).
    const lineRemarks = this.remarkOf.slice(first, first + count);
    for (let i = 0; i < count; i++) starts[i] = this.starts[first + i]! - base;
    starts[count] = bytes.length;
    this.truncateLines(first);
    // The values' link points (sorted), moved with each value below.
    const links = this.links;
    let point = links ? links.firstFrom(base) : 0;
    const widths = new Int32Array(cols);
    let from = 0;
    while (from < count) {
      widths.fill(0);
      let end = count;
      for (let i = from; i < count; i++) {
        if (lineRemarks[i] !== 0) {
          end = i;
          break;
        }
        const len = runeCount(bytes, starts[i]!, starts[i + 1]!);
        const col = (i - from) % cols;
        if (len > widths[col]!) widths[col] = len;
      }
      if (end === from) end = from + 1;
      for (let i = from; i < end; i++) {
        const col = (i - from) % cols;
        if (col === 0) this.newLine();
        else this.writeByte(SPACE);
        const pad = widths[col]! - runeCount(bytes, starts[i]!, starts[i + 1]!);
        this.reserve(Math.max(pad, 0));
        for (let k = 0; k < pad; k++) this.buf[this.len++] = SPACE;
        if (links) {
          const lineEnd = base + starts[i + 1]!;
          const moved = this.len - (base + starts[i]!);
          for (; point < links.count && links.points[point]! < lineEnd; point++) links.points[point]! += moved;
        }
        this.writeBytes(bytes, starts[i]!, starts[i + 1]!);
        if (lineRemarks[i] !== 0) this.remarkOf[this.lines - 1] = lineRemarks[i]!;
      }
      from = end;
    }
  }

  /** Bytes of the text without the spaces that indentation and the alignment of remarks add. */
  unpaddedSize(): number {
    return this.len + this.lines + this.remarkLen + 4 * this.remarkCount;
  }

  /**
   * Lays the lines out (indentation, aligned remarks) and returns the text as UTF-8; undefined,
   * without laying out the rest, as soon as the spaces that indentation and the alignment of
   * remarks add come to more than `maxPadding` bytes.
   */
  finishBytes(maxPadding = Infinity): Uint8Array | undefined {
    const n = this.lines;
    const buf = this.buf;
    const starts = this.starts;
    const indents = this.indents;
    const pads = this.pads;
    // What the lines need as they are: their text, a newline each and the indentation. The
    // buffer is sized for that once, so plain lines (nearly all of them) are copied in a tight
    // loop without capacity checks; lines with remarks or replaced text go through
    // `layoutSpecialLine`, which makes room for themselves plus everything still to come.
    let indentation = 0;
    for (let i = 0, indent = 0; i < n; i++) {
      indentation += indent * INDENT;
      indent += indents[i]!;
    }
    if (indentation > maxPadding) return undefined;
    this.paddingLeft = maxPadding - indentation;
    let need = this.len + n + indentation;
    let out = new Uint8Array(need + 1024);
    this.out = out;
    let o = 0;
    let indent = 0;
    this.commentCol = -1;
    this.commentColUntil = -1;
    const remarkOf = this.remarkCount > 0 ? this.remarkOf : undefined;
    const overrides = this.overrides.size > 0 ? this.overrides : undefined;
    // Where each line's text starts in the output, for the link points (disassemble-links.ts).
    const lineOut = this.links ? new Int32Array(n) : undefined;
    for (let i = 0; i < n; i++) {
      const lead = indent * INDENT;
      if (lineOut) lineOut[i] = o + lead;
      const from = starts[i]!;
      const to = (i + 1 < n ? starts[i + 1]! : this.len) - pads[i]!;
      need -= lead + (to - from) + 1;
      if ((remarkOf !== undefined && remarkOf[i] !== 0) || (overrides !== undefined && overrides.has(i))) {
        this.outLen = o;
        this.layoutSpecialLine(i, indent, need);
        if (this.paddingLeft < 0) {
          this.out = new Uint8Array(0);
          return undefined;
        }
        out = this.out;
        o = this.outLen;
      } else {
        for (let k = 0; k < lead; k++) out[o++] = SPACE;
        if (to - from < 32) for (let k = from; k < to; k++) out[o++] = buf[k]!;
        else {
          out.set(buf.subarray(from, to), o);
          o += to - from;
        }
        out[o++] = 0x0a;
      }
      indent += indents[i]!;
    }
    const text = out.subarray(0, o);
    this.out = new Uint8Array(0);
    if (this.links && lineOut) {
      this.links.place(starts, lineOut, n);
      this.links.toUtf16(text);
    }
    return text;
  }

  /** finishBytes's `maxPadding` less the spaces added so far (less the indentation at first). */
  private paddingLeft = Infinity;
  // Remark column state of finishBytes: the current column and the line it holds until.
  private commentCol = -1;
  private commentColUntil = -1;

  /**
   * Lays out line `i` when it has remarks or replaced text, making room for it and for `rest`
   * more bytes (what the lines after it need).
   */
  private layoutSpecialLine(i: number, indent: number, rest: number): void {
    const lead = indent * INDENT;
    const override = this.overrides.size > 0 ? this.overrides.get(i) : undefined;
    const at = this.remarkCount > 0 ? this.remarkOf[i]! : 0;
    if (at !== 0 && this.commentColUntil < i) {
      this.commentCol = this.remarkColumn(i, indent);
      if (this.until >= 0) this.commentColUntil = this.until;
    }
    const textRoom = override !== undefined ? override.length * 3 : this.textEnd(i) - this.starts[i]!;
    const remarkRoom = at !== 0 ? Math.max(this.commentCol, 0) + 4 + this.remarkEnd[at - 1]! - this.remarkStart[at - 1]! : 0;
    this.ensure(lead + textRoom + remarkRoom + 1 + rest);
    this.pad(lead);
    const before = this.outLen;
    if (override !== undefined) this.put(override);
    else {
      const from = this.starts[i]!;
      const to = this.textEnd(i);
      this.out.set(this.buf.subarray(from, to), this.outLen);
      this.outLen += to - from;
    }
    const byteLength = this.outLen - before;
    const out = this.out;
    if (at !== 0) {
      const padding = this.commentCol - lead - byteLength;
      if (padding > 0) this.paddingLeft -= padding;
      this.pad(padding);
      const from = this.remarkStart[at - 1]!;
      const to = this.remarkEnd[at - 1]!;
      let o = this.outLen;
      out[o++] = SPACE;
      out[o++] = SPACE;
      out[o++] = 0x23; // #
      out[o++] = SPACE;
      for (let k = from; k < to; k++) out[o++] = this.remarkBuf[k]!;
      this.outLen = o;
    }
    out[this.outLen++] = 0x0a;
  }

  private out = new Uint8Array(0);
  private outLen = 0;

  private ensure(extra: number): void {
    if (this.outLen + extra <= this.out.length) return;
    let size = this.out.length * 2;
    while (size < this.outLen + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.out.subarray(0, this.outLen));
    this.out = next;
  }

  private pad(count: number): void {
    if (count <= 0) return;
    this.ensure(count);
    const out = this.out;
    let o = this.outLen;
    for (let k = 0; k < count; k++) out[o++] = SPACE;
    this.outLen = o;
  }

  /** Appends a string to the output (ASCII copied directly, anything else encoded). */
  private put(s: string): void {
    this.ensure(s.length * 3);
    const out = this.out;
    let o = this.outLen;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) {
        o += encoder.encodeInto(s.slice(i), out.subarray(o)).written;
        break;
      }
      out[o++] = c;
    }
    this.outLen = o;
  }

  private width(i: number, indent: number): number {
    const override = this.overrides.size > 0 ? this.overrides.get(i) : undefined;
    const runes = override !== undefined ? runeCountOf(override) : runeCount(this.buf, this.starts[i]!, this.textEnd(i));
    return indent * INDENT + runes;
  }

  /**
   * The column the remarks of line `i` (and the lines after it) align to. protoscope scans the
   * run of remark lines from `i`, widening the column at each wider line, but cuts the run at a
   * wider line two or more lines in that opens a block; `until` is set to where the next search
   * starts (-1: keep the previous). Only the widening lines ("records") matter, so the scan
   * follows a next-wider chain, keeping long runs linear (protoscope rescans them, quadratically).
   */
  private remarkColumn(i: number, indentAtI: number): number {
    const n = this.lines;
    // Lines of one run come here one after another when the run reaches the end of the text
    // (nothing cuts it): measure the run once.
    let end: number;
    if (i >= this.runFrom && i < this.runEnd) end = this.runEnd;
    else {
      end = i;
      while (end < n && this.remarkOf[end] !== 0) end++;
      this.buildRun(i, end, indentAtI);
    }
    const from = this.runFrom;
    const widths = this.runWidths;
    const nextWider = this.runNextWider;
    let column = -1;
    this.until = end < n ? end : -1;
    for (let k = i; k !== -1 && k < end; k = nextWider[k - from]!) {
      if (k - i > 1 && this.indents[k] !== 0) {
        this.until = k;
        break;
      }
      column = widths[k - from]!;
    }
    const extra = column % INDENT;
    if (extra !== 0) column += INDENT - extra;
    return column;
  }

  /** Set by remarkColumn: where the next column search starts (-1: keep the previous). */
  private until = -1;
  // The run of remark lines last measured: [runFrom, runEnd), each line's width (absolute
  // indentation + characters) and the next wider line (-1: none). Scratch arrays, reused.
  private runFrom = -1;
  private runEnd = -1;
  private runWidths = new Int32Array(64);
  private runNextWider = new Int32Array(64);
  private readonly runStack: number[] = [];

  private buildRun(from: number, end: number, indentAtFrom: number): void {
    const size = end - from;
    if (this.runWidths.length < size) {
      this.runWidths = new Int32Array(size * 2);
      this.runNextWider = new Int32Array(size * 2);
    }
    const widths = this.runWidths;
    const nextWider = this.runNextWider;
    nextWider.fill(-1, 0, size);
    const stack = this.runStack;
    stack.length = 0;
    let indent = indentAtFrom;
    for (let k = from; k < end; k++) {
      const w = this.width(k, indent);
      widths[k - from] = w;
      indent += this.indents[k]!;
      while (stack.length > 0 && widths[stack[stack.length - 1]! - from]! < w) nextWider[stack.pop()! - from] = k;
      stack.push(k);
    }
    this.runFrom = from;
    this.runEnd = end;
  }
}
