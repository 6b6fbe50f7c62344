/**
 * Reader: decodes the protobuf binary format.
 *
 * Every error is a WireError carrying the byte offset where the bad value starts, and running
 * out of input ("wire/truncated") is a different code from broken input (overlong varint, bad
 * wire type, length past the end of its message, mismatched group). Nesting (groups skipped,
 * messages entered) is limited, so hostile input gets an error instead of a stack overflow.
 */
import { WireError, type WireErrorCode } from "./errors.ts";
import { join64, zigzagDecode32, zigzagDecode64 } from "./varint.ts";
import { MAX_FIELD_NUMBER, WireType } from "./wire-type.ts";

export interface ReaderOptions {
  /**
   * Deepest nesting of messages entered with enter() and groups skipped with skip(). Default 100,
   * protobuf's own default recursion limit; raise it for unusual data, at the cost of more memory
   * on adversarial input (never stack: skipping is iterative).
   */
  maxDepth?: number;
  /** Reject strings that are not valid UTF-8 (code "wire/invalid-utf8"). Default false: invalid sequences become U+FFFD. */
  checkUtf8?: boolean;
}

const lenient = /* @__PURE__ */ new TextDecoder("utf-8");
const strict = /* @__PURE__ */ new TextDecoder("utf-8", { fatal: true });
const halves = new Uint32Array(2);

export class Reader {
  /** Next byte to read. */
  pos = 0;
  /** End of the message being read: the input's end, or the end of the innermost entered message. */
  len: number;
  private depth = 0;
  private readonly view: DataView;
  private readonly maxDepth: number;
  private readonly checkUtf8: boolean;

  constructor(
    readonly buf: Uint8Array,
    options: ReaderOptions = {},
  ) {
    this.len = buf.length;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    this.maxDepth = options.maxDepth ?? 100;
    this.checkUtf8 = options.checkUtf8 ?? false;
  }

  /** True when the current message has no bytes left. */
  get done(): boolean {
    return this.pos >= this.len;
  }

  /** Current nesting depth (entered messages plus groups being skipped). */
  get nesting(): number {
    return this.depth;
  }

  private fail(code: WireErrorCode, message: string, offset: number): never {
    throw new WireError(code, message, offset);
  }

  /** Reads a tag and returns `[fieldNo, wireType]`; rejects wire types 6, 7 and field number 0. */
  tag(): [fieldNo: number, wireType: number] {
    const at = this.pos;
    const tag = this.uint32();
    const fieldNo = tag >>> 3;
    const wireType = tag & 7;
    if (wireType > 5) this.fail("wire/bad-wire-type", `invalid wire type ${wireType} (field ${fieldNo})`, at);
    if (fieldNo === 0 || fieldNo > MAX_FIELD_NUMBER) this.fail("wire/bad-wire-type", `invalid field number ${fieldNo}`, at);
    return [fieldNo, wireType];
  }

  /** Reads a varint into halves[0] (low 32 bits) and halves[1] (high 32 bits). */
  private varint64Halves(): void {
    const buf = this.buf;
    const end = this.len;
    const start = this.pos;
    let lo = 0;
    let hi = 0;
    let pos = start;
    for (let shift = 0; shift < 70; shift += 7) {
      if (pos >= end) this.fail("wire/truncated", "varint runs past the end of the input", start);
      const b = buf[pos++]!;
      if (shift < 28) lo |= (b & 0x7f) << shift;
      else if (shift === 28) {
        lo |= (b & 0x0f) << 28;
        hi |= (b & 0x7f) >> 4;
      } else {
        hi |= (b & 0x7f) << (shift - 32);
      }
      if (b < 0x80) {
        if (shift === 63 && b > 1) this.fail("wire/overlong-varint", "varint overflows 64 bits", start);
        this.pos = pos;
        halves[0] = lo;
        halves[1] = hi;
        return;
      }
    }
    this.fail("wire/overlong-varint", "varint longer than 10 bytes", start);
  }

  /** Reads a varint and keeps its low 32 bits, unsigned (a `uint32`; longer varints are truncated as protobuf does). */
  uint32(): number {
    const buf = this.buf;
    const pos = this.pos;
    // Fast path: one byte.
    if (pos < this.len) {
      const b = buf[pos]!;
      if (b < 0x80) {
        this.pos = pos + 1;
        return b;
      }
    }
    this.varint64Halves();
    return halves[0]!;
  }

  /** Read an `int32`: a varint, low 32 bits as a signed integer. */
  int32(): number {
    return this.uint32() | 0;
  }

  /** Read a `sint32`: a zigzag-encoded varint. */
  sint32(): number {
    return zigzagDecode32(this.uint32());
  }

  /** Read an `enum` value (an int32). */
  enum(): number {
    return this.int32();
  }

  /** Read a `bool`: any non-zero varint is true. */
  bool(): boolean {
    this.varint64Halves();
    return halves[0] !== 0 || halves[1] !== 0;
  }

  /** Read an `int64` varint as a signed bigint. */
  int64(): bigint {
    this.varint64Halves();
    return join64(halves[0]!, halves[1]!, true);
  }

  /** Read a `uint64` varint as an unsigned bigint. */
  uint64(): bigint {
    this.varint64Halves();
    return join64(halves[0]!, halves[1]!, false);
  }

  /** Read a `sint64`: a zigzag-encoded 64-bit varint. */
  sint64(): bigint {
    return zigzagDecode64(this.uint64());
  }

  private need(n: number, what: string): number {
    const at = this.pos;
    if (at + n > this.len) this.fail("wire/truncated", `${what} needs ${n} bytes, ${this.len - at} left`, at);
    this.pos = at + n;
    return at;
  }

  /** Read a `fixed32`: 4 bytes little-endian, unsigned. */
  fixed32(): number {
    return this.view.getUint32(this.need(4, "fixed32"), true);
  }

  /** Read a `sfixed32`: 4 bytes little-endian, signed. */
  sfixed32(): number {
    return this.view.getInt32(this.need(4, "sfixed32"), true);
  }

  /** Read a `float`: 4 bytes little-endian IEEE 754. */
  float(): number {
    return this.view.getFloat32(this.need(4, "float"), true);
  }

  /** Read a `double`: 8 bytes little-endian IEEE 754. */
  double(): number {
    return this.view.getFloat64(this.need(8, "double"), true);
  }

  /** Read a `fixed64`: 8 bytes little-endian, unsigned. */
  fixed64(): bigint {
    const at = this.need(8, "fixed64");
    return join64(this.view.getUint32(at, true), this.view.getUint32(at + 4, true), false);
  }

  /** Read a `sfixed64`: 8 bytes little-endian, signed. */
  sfixed64(): bigint {
    const at = this.need(8, "sfixed64");
    return join64(this.view.getUint32(at, true), this.view.getUint32(at + 4, true), true);
  }

  /** Reads a length prefix and checks that the payload fits in the current message; returns its length. */
  length(): number {
    const at = this.pos;
    this.varint64Halves();
    const n = halves[0]!;
    if (halves[1] !== 0 || n > 0x7fffffff || this.pos + n > this.len) {
      const len = halves[1] !== 0 ? join64(halves[0]!, halves[1]!, false).toString() : String(n);
      this.fail("wire/length-past-end", `length ${len} runs past the end of the message (${this.len - this.pos} bytes left)`, at);
    }
    return n;
  }

  /** Read a `bytes` value: a view into the input, not a copy. */
  bytes(): Uint8Array {
    const n = this.length();
    const start = this.pos;
    this.pos = start + n;
    return this.buf.subarray(start, start + n);
  }

  /** Read a `string` value: UTF-8, decoded. */
  string(): string {
    const at = this.pos;
    const bytes = this.bytes();
    if (!this.checkUtf8) return lenient.decode(bytes);
    try {
      return strict.decode(bytes);
    } catch {
      return this.fail("wire/invalid-utf8", "string is not valid UTF-8", at);
    }
  }

  /**
   * Reads a length prefix and narrows the reader to that payload, for reading an embedded
   * message; returns a token to hand to leave() when the payload is done.
   */
  enter(): number {
    const at = this.pos;
    const n = this.length();
    if (this.depth >= this.maxDepth) this.fail("wire/nesting-too-deep", `messages nested deeper than ${this.maxDepth}`, at);
    this.depth++;
    const outer = this.len;
    this.len = this.pos + n;
    return outer;
  }

  /**
   * A reader of the length-delimited payload here (its prefix is read, and this reader moves past
   * the payload): bounded to it, one level deeper, with this reader's options. Positions stay
   * those of the whole buffer, so its errors point into it. For code that reads a payload in
   * another function or later; enter() and leave() do the same without a new reader.
   */
  sub(): Reader {
    const at = this.pos;
    const n = this.length();
    const r = this.within(this.pos, this.pos + n, at);
    this.pos += n;
    return r;
  }

  /**
   * A reader of bytes [start, end) of the same buffer, one level deeper than this one (a payload
   * whose bounds were found earlier). `at` is where an error about the depth points.
   */
  within(start: number, end: number, at = start): Reader {
    if (start < 0 || end > this.buf.length || start > end) this.fail("wire/length-past-end", `bytes ${start}..${end} are not inside the input`, at);
    if (this.depth >= this.maxDepth) this.fail("wire/nesting-too-deep", `messages nested deeper than ${this.maxDepth}`, at);
    const r = new Reader(this.buf, { maxDepth: this.maxDepth, checkUtf8: this.checkUtf8 });
    r.pos = start;
    r.len = end;
    r.depth = this.depth + 1;
    return r;
  }

  /** Ends an embedded message begun with enter(); the payload must have been read to its end. */
  leave(token: number): void {
    if (this.pos !== this.len) this.fail("wire/length-past-end", "embedded message not read to its end", this.pos);
    this.len = token;
    this.depth--;
  }

  /**
   * Skips the value of a field whose tag was just read, and returns the skipped bytes. A start
   * group is skipped up to its matching end group (iteratively: nesting costs no stack).
   */
  skip(wireType: number, fieldNo?: number): Uint8Array {
    const start = this.pos;
    switch (wireType) {
      case WireType.Varint:
        this.varint64Halves();
        break;
      case WireType.I64:
        this.need(8, "fixed64");
        break;
      case WireType.I32:
        this.need(4, "fixed32");
        break;
      case WireType.LEN: {
        const n = this.length();
        this.pos += n;
        break;
      }
      case WireType.StartGroup:
        this.skipGroup(fieldNo);
        break;
      case WireType.EndGroup:
        this.fail("wire/group-mismatch", `end group (field ${fieldNo ?? "?"}) without a start group`, Math.max(0, start - 1));
        break;
      default:
        this.fail("wire/bad-wire-type", `cannot skip wire type ${wireType}`, start);
    }
    return this.buf.subarray(start, this.pos);
  }

  private skipGroup(fieldNo: number | undefined): void {
    // Field numbers of the groups still open, innermost last.
    const open: number[] = [fieldNo ?? -1];
    const starts: number[] = [this.pos];
    const baseDepth = this.depth;
    if (this.depth + 1 > this.maxDepth) this.fail("wire/nesting-too-deep", `groups nested deeper than ${this.maxDepth}`, this.pos);
    this.depth++;
    try {
      while (open.length > 0) {
        if (this.pos >= this.len) this.fail("wire/truncated", `group (field ${open[open.length - 1]}) has no end group`, starts[starts.length - 1]!);
        const at = this.pos;
        const [no, wt] = this.tag();
        if (wt === WireType.EndGroup) {
          const expected = open.pop()!;
          starts.pop();
          if (expected !== -1 && expected !== no) {
            this.fail("wire/group-mismatch", `end group for field ${no} closes the group of field ${expected}`, at);
          }
          this.depth--;
        } else if (wt === WireType.StartGroup) {
          if (this.depth >= this.maxDepth) this.fail("wire/nesting-too-deep", `groups nested deeper than ${this.maxDepth}`, at);
          this.depth++;
          open.push(no);
          starts.push(this.pos);
        } else {
          this.skip(wt, no);
        }
      }
    } finally {
      this.depth = baseDepth;
    }
  }
}
