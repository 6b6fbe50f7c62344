/**
 * The line printer behind the disassembler. Protoscope's disassembly text is shaped by a small
 * line-buffering printer (indentation blocks that fold into one line when short, packed values
 * laid out in columns, `# remarks` aligned in a column). To produce the same text we model the
 * same rules here; the code is written afresh, the rules were learned by reading protoscope and
 * checked against its output by the golden tests.
 *
 * Everything is buffered as lines and joined once at the end, so output is built in O(size).
 */

/** One output line: its text, its `# remarks`, and how the indentation changes after it. */
export interface PrinterLine {
  text: string;
  /** Remarks printed after the text as `  # a, b`; null when there are none (the common case). */
  remarks: string[] | null;
  /** How much the *next* line is indented relative to this one. */
  indent: number;
  /** How many folded blocks this line holds (bounded by `maxFolds`). */
  folds: number;
}

/** How an indentation block behaves when it ends. */
export interface BlockInfo {
  /** The block starts and ends with delimiters (`{`, `}`), so folding needs no space before/after them. */
  hasDelimiters: boolean;
  /** Blocks of at most this many lines (counting the opening line) fold into one line. */
  heightToFoldAt: number;
  /** Which line, counted from the last (0 = last), is the final indented one. */
  unindentAt: number;
}

interface OpenBlock extends BlockInfo {
  start: number;
}

/** Spaces per indentation level. */
const INDENT = 2;
/** How many folded blocks may nest in one line. */
const MAX_FOLDS = 3;

const spaceCache: string[] = [""];
function spaces(n: number): string {
  if (n <= 0) return "";
  let s = spaceCache[n];
  if (s === undefined) {
    s = " ".repeat(n);
    if (n < 4096) spaceCache[n] = s;
  }
  return s;
}

/** Number of code points in a string (Go's utf8.RuneCount over the same text). */
function runeCount(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Number of UTF-8 bytes of a string. */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

export class Printer {
  readonly lines: PrinterLine[] = [];
  private readonly blocks: OpenBlock[] = [];

  /** The line being written. */
  current(): PrinterLine {
    return this.lines[this.lines.length - 1]!;
  }

  newLine(): void {
    this.lines.push({ text: "", remarks: null, indent: 0, folds: 0 });
  }

  discardLine(): void {
    this.lines.pop();
  }

  write(s: string): void {
    this.lines[this.lines.length - 1]!.text += s;
  }

  remark(s: string): void {
    const line = this.current();
    if (line.remarks === null) line.remarks = [s];
    else line.remarks.push(s);
  }

  /** Opens an indentation block whose first line is the current one. */
  startBlock(info: BlockInfo): void {
    this.blocks.push({ ...info, start: this.lines.length - 1 });
    this.current().indent++;
  }

  /** Forgets the innermost block and undoes its indentation; returns its opening line. */
  dropBlock(): PrinterLine {
    const block = this.blocks.pop()!;
    const start = this.lines[block.start]!;
    start.indent--;
    return start;
  }

  /** Closes the innermost block, folding it into one line when it is short enough. */
  endBlock(): void {
    const block = this.blocks.pop()!;
    const lines = this.lines;
    const start = lines[block.start]!;
    const height = lines.length - block.start;
    if (height <= block.heightToFoldAt && height >= 2) this.fold(block, start, height);
    // Unindent: the line `unindentAt` from the end is the last indented one.
    const after = lines.length - block.start;
    if (after <= block.unindentAt) start.indent--;
    else lines[lines.length - 1 - block.unindentAt]!.indent--;
  }

  private fold(block: OpenBlock, start: PrinterLine, height: number): void {
    const lines = this.lines;
    let folds = 0;
    let remarkLines = 0;
    for (let i = block.start; i < lines.length; i++) {
      const line = lines[i]!;
      folds += line.folds;
      if (line.remarks !== null) remarkLines++;
    }
    // Do not fold too deep, and never mix remarks from different lines.
    if (folds > MAX_FOLDS || remarkLines > 1) return;
    let text = start.text;
    for (let i = 0; i < height - 1; i++) {
      const line = lines[block.start + 1 + i]!;
      if ((i !== 0 && i !== height - 2) || !block.hasDelimiters) text += " ";
      text += line.text;
      if (line.remarks !== null) start.remarks = line.remarks;
    }
    start.text = text;
    start.folds = folds;
    lines.length = block.start + 1;
  }

  /**
   * Lays the last `count` lines out in rows of `cols` right-aligned columns. A line with remarks
   * ends its row group (remarks cannot share a line).
   */
  foldIntoColumns(cols: number, count: number): void {
    const lines = this.lines;
    const toFold = lines.splice(lines.length - count, count);
    const widths = new Array<number>(cols);
    let from = 0;
    while (from < toFold.length) {
      widths.fill(0);
      let end = toFold.length;
      for (let i = from; i < toFold.length; i++) {
        const line = toFold[i]!;
        if (line.remarks !== null) {
          end = i;
          break;
        }
        const len = runeCount(line.text);
        const col = (i - from) % cols;
        if (len > widths[col]!) widths[col] = len;
      }
      if (end === from) end = from + 1;
      let row: PrinterLine | undefined;
      for (let i = from; i < end; i++) {
        const line = toFold[i]!;
        const col = (i - from) % cols;
        if (col === 0) {
          this.newLine();
          row = this.current();
        } else row!.text += " ";
        row!.text += spaces(widths[col]! - runeCount(line.text)) + line.text;
        if (line.remarks !== null) row!.remarks = line.remarks;
      }
      from = end;
    }
  }

  /** Joins the lines into the final text, aligning runs of remarks into one column. */
  finish(): string {
    const lines = this.lines;
    const n = lines.length;
    const parts: string[] = [];
    // Absolute indentation (in levels) in effect for each line, and each line's width.
    const absIndent = new Int32Array(n);
    let indent = 0;
    for (let i = 0; i < n; i++) {
      absIndent[i] = indent;
      indent += lines[i]!.indent;
    }
    const width = (i: number) => absIndent[i]! * INDENT + runeCount(lines[i]!.text);
    // For runs of lines with remarks: the next line in the run that is wider (a left-to-right
    // record), so that the column search below follows records instead of rescanning the run.
    const nextWider = new Int32Array(n).fill(-1);
    const runEnd = new Int32Array(n);
    for (let i = 0; i < n; ) {
      if (lines[i]!.remarks === null) {
        i++;
        continue;
      }
      let j = i;
      while (j < n && lines[j]!.remarks !== null) j++;
      const stack: number[] = [];
      for (let k = i; k < j; k++) {
        const w = width(k);
        while (stack.length > 0 && width(stack[stack.length - 1]!) < w) nextWider[stack.pop()!] = k;
        stack.push(k);
        runEnd[k] = j;
      }
      i = j;
    }

    let commentCol = -1;
    let commentColUntil = -1;
    for (let i = 0; i < n; i++) {
      const line = lines[i]!;
      if (line.remarks !== null && commentColUntil < i) {
        // Remarks of contiguous lines share a column, unless a wider line that opens a block
        // (two or more lines into the run) would push the column out: the run is cut there.
        commentCol = -1;
        const end = runEnd[i]!;
        let k = i;
        let cut = false;
        while (k !== -1 && k < end) {
          if (k - i > 1 && lines[k]!.indent !== 0) {
            commentColUntil = k;
            cut = true;
            break;
          }
          commentCol = width(k);
          k = nextWider[k]!;
        }
        if (!cut && end < n) commentColUntil = end;
        const extra = commentCol % INDENT;
        if (extra !== 0) commentCol += INDENT - extra;
      }
      const lead = absIndent[i]! * INDENT;
      parts.push(spaces(lead), line.text);
      if (line.remarks !== null) {
        parts.push(spaces(commentCol - lead - utf8Length(line.text)), "  # ", line.remarks.join(", "));
      }
      parts.push("\n");
    }
    return parts.join("");
  }
}
