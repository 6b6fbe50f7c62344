/**
 * GrowableWriter: the engine's writer for real output.
 *
 * One Uint8Array that doubles when full; varints written in place; length-delimited fields
 * written by `fork()`/`join()`, which reserve one byte for the length and shift the payload with
 * `copyWithin` only when it turns out to need more; a DataView created lazily, only when a
 * fixed-width value is first written into a given buffer; an ASCII fast path for short strings.
 *
 * `finish()` returns a view, not a copy: the finished message stays in the buffer and the writer
 * starts the next message right after it. A later message never overwrites an earlier result, so
 * every view stays valid while the writer is reused; when the buffer runs out, the writer moves to
 * a new one and the old one lives on for as long as a view refers to it. Results handed out this
 * way share one allocation, the same trick protobufjs uses for small buffers (a slab). The price:
 * a small result keeps its whole slab alive; `finish({ copy: true })` returns an exact-size copy
 * when that matters.
 *
 * A writer made with no options does not allocate at all: it starts in the free part of a slab
 * shared by such writers (protobufjs's pool, for a writer that does not know its size up front).
 * It holds the slab until its first `finish()`, which leaves the result there and hands the rest
 * of the slab to the next new writer; a reused writer then continues in a slab of its own. A writer
 * made while another holds the shared slab (one abandoned mid-message, or writers nested) starts a
 * new shared slab, so nothing is ever written over a result. A first message that outgrows the
 * slab moves to a shared scratch buffer instead of a chain of doubling allocations, and `finish()`
 * copies it out at its exact size: one allocation per large message, as a writer that measured
 * the message first would make.
 */
import { WireError } from "./errors.ts";
import { split64, varintSize32, writeVarint64, zigzag64Halves, zigzagEncode32 } from "./varint.ts";
import { makeTag } from "./wire-type.ts";

/** Told about the writer's rare, expensive moves; consulted only on those cold paths. */
export interface WriterObserver {
  /** The writer moved to a bigger (or fresh) buffer, copying the message in progress. */
  grow?(event: { oldCapacity: number; newCapacity: number; bytesCopied: number }): void;
  /** join() found the payload too long for the one reserved length byte and shifted it. */
  shift?(event: { at: number; bytesMoved: number; by: number }): void;
}

export interface GrowableWriterOptions {
  /**
   * Bytes of the first buffer. Default 1024: enough for most small messages without a grow, and
   * amortised over many messages when the writer is reused. A writer made per message and used
   * for tiny ones is faster with a smaller value; one that writes megabytes, with a larger one.
   */
  initialCapacity?: number;
  observer?: WriterObserver;
}

const DEFAULT_CAPACITY = 1024;

/** The slab writers made with no options start in. */
interface SharedSlab {
  readonly buf: Uint8Array;
  readonly view: DataView;
  /** Bytes before this belong to finished results. */
  used: number;
  /** A writer is writing a message after `used`. */
  held: boolean;
}

/** Module state: the current shared slab (see the class comment), made on first use. */
let shared: SharedSlab | undefined;

/** Shared slabs are replaced when less than this is left (a new writer always has DEFAULT_CAPACITY). */
const SHARED_MIN_ROOM = DEFAULT_CAPACITY;

/** The buffer first messages that outgrow the shared slab are built in, then copied out of. */
interface Scratch {
  readonly buf: Uint8Array;
  readonly view: DataView;
  held: boolean;
}

/** Module state: the scratch buffer (see the class comment), made on first use. */
let scratch: Scratch | undefined;

/** The scratch buffer starts at this size, and is not kept beyond SCRATCH_MAX. */
const SCRATCH_MIN = 65536;
const SCRATCH_MAX = 1 << 22;

function newScratch(capacity: number): Scratch {
  const buf = new Uint8Array(new ArrayBuffer(capacity));
  return { buf, view: new DataView(buf.buffer), held: true };
}

/** A writer that let go of its shared slab holds this until it writes again (its next write grows). */
const NO_BUFFER = /* @__PURE__ */ new Uint8Array(0);

/**
 * When finished results fill the buffer, the next one holds at least this many bytes (8 KiB,
 * protobufjs's slab size: one allocation for hundreds of small results) ...
 */
const MIN_SLAB = 8192;
/** ... and room for this many messages the size of the one in progress. */
const SLAB_MESSAGES = 4;

/**
 * Strings up to this many UTF-16 units are copied by a JS loop while they stay ASCII; longer ones
 * go straight to TextEncoder.encodeInto, whose native loop wins once the call overhead is paid.
 */
const ASCII_LOOP_MAX = 48;

const encoder = /* @__PURE__ */ new TextEncoder();

// Halves of the last 64-bit value split; a typed array keeps them untagged 32-bit integers.
const halves = new Uint32Array(2);

export class GrowableWriter {
  private buf: Uint8Array;
  /** Next byte to write. */
  private pos = 0;
  /** Where the message in progress starts; bytes before it belong to finished results. */
  private start = 0;
  /** Positions of the reserved length bytes of open forks. */
  private readonly stack: number[] = [];
  /** Created on the first fixed-width write into the current buffer. */
  private dataView: DataView | undefined = undefined;
  private readonly observer: WriterObserver | undefined;
  /** The shared slab this writer writes its first message into, until it finishes or outgrows it. */
  private slab: SharedSlab | undefined = undefined;
  /** The scratch buffer this writer's first message outgrew the slab into, until it finishes. */
  private scratch: Scratch | undefined = undefined;

  constructor(options?: GrowableWriterOptions) {
    if (options === undefined) {
      let s = shared;
      if (s === undefined || s.held || s.buf.length - s.used < SHARED_MIN_ROOM) {
        const buf = new Uint8Array(new ArrayBuffer(MIN_SLAB));
        s = shared = { buf, view: new DataView(buf.buffer), used: 0, held: false };
      }
      s.held = true;
      this.slab = s;
      this.buf = s.buf;
      this.dataView = s.view;
      this.start = this.pos = s.used;
      this.observer = undefined;
      return;
    }
    const capacity = Math.max(16, options.initialCapacity ?? DEFAULT_CAPACITY);
    this.buf = new Uint8Array(new ArrayBuffer(capacity));
    this.observer = options.observer;
  }

  /** Lets go of the shared slab: the bytes after `used` are the next new writer's. */
  private release(used: number): void {
    const s = this.slab!;
    s.used = used;
    s.held = false;
    this.slab = undefined;
  }

  /** Bytes written so far in the message in progress. */
  get length(): number {
    return this.pos - this.start;
  }

  /** Bytes the current buffer holds in all. */
  get capacity(): number {
    return this.buf.length;
  }

  /**
   * Ends the message in progress and returns its bytes as a view into the writer's buffer (or an
   * exact-size copy with `{ copy: true }`). The writer is ready for the next message; the view
   * stays valid whatever the writer does next.
   */
  finish(options?: { copy?: boolean }): Uint8Array {
    if (this.stack.length !== 0) {
      throw new WireError("wire/invalid-state", `finish() with ${this.stack.length} unjoined fork()`, this.length);
    }
    const start = this.start;
    const end = this.pos;
    this.start = end;
    const buf = this.buf;
    if (this.scratch !== undefined) {
      // The result leaves the scratch buffer, at its exact size.
      this.scratch.held = false;
      this.scratch = undefined;
      this.buf = NO_BUFFER;
      this.dataView = undefined;
      this.start = this.pos = 0;
      return buf.slice(start, end);
    }
    if (this.slab !== undefined) {
      // A copy leaves nothing behind in the shared slab.
      this.release(options?.copy ? start : end);
      this.buf = NO_BUFFER;
      this.dataView = undefined;
      this.start = this.pos = 0;
    }
    if (options?.copy) return buf.slice(start, end);
    // Cheaper than subarray(), which goes through the species constructor.
    return new Uint8Array(buf.buffer, start, end - start);
  }

  /** Drops the message in progress (and any open forks). Earlier results are untouched. */
  reset(): this {
    this.pos = this.start;
    this.stack.length = 0;
    return this;
  }

  /** Makes room for `n` more bytes. */
  private ensure(n: number): void {
    if (this.pos + n > this.buf.length) this.grow(n);
  }

  /** The cold path: move the message in progress to a buffer with room for `n` more bytes. */
  private grow(n: number): void {
    const old = this.buf;
    const used = this.pos - this.start;
    // Outgrowing the shared slab: the message moves to the scratch buffer (or, while another
    // writer holds that, to a buffer of its own) and leaves the slab to others from where it started.
    if (this.slab !== undefined) {
      this.release(this.start);
      let sc = scratch;
      if (sc === undefined || sc.held || sc.buf.length < used + n) {
        let size = SCRATCH_MIN;
        while (size < 2 * (used + n)) size *= 2;
        sc = scratch = newScratch(size);
      }
      sc.held = true;
      this.moveTo(sc.buf, used);
      this.dataView = sc.view;
      this.scratch = sc;
      return;
    }
    let capacity = old.length;
    if (this.start === 0 && capacity > 0) {
      // The message itself outgrew the buffer: double.
      do capacity *= 2;
      while (capacity < used + n);
    } else {
      // The buffer is full of finished results, which must stay untouched: start a fresh slab,
      // big enough for several messages like this one so that switching (and copying the part
      // of the message already written) stays rare.
      capacity = Math.max(capacity, MIN_SLAB);
      while (capacity < SLAB_MESSAGES * (used + n)) capacity *= 2;
    }
    if (this.scratch !== undefined) {
      // Outgrowing the scratch buffer: the bigger buffer becomes the scratch buffer, up to a bound.
      this.scratch.held = false;
      this.scratch = undefined;
      if (capacity <= SCRATCH_MAX) {
        const sc = (scratch = newScratch(capacity));
        this.moveTo(sc.buf, used);
        this.dataView = sc.view;
        this.scratch = sc;
        return;
      }
    }
    this.moveTo(new Uint8Array(new ArrayBuffer(capacity)), used);
    this.dataView = undefined;
    this.observer?.grow?.({ oldCapacity: old.length, newCapacity: capacity, bytesCopied: used });
  }

  /** Copies the message in progress (`used` bytes) to the start of `buf` and writes on there. */
  private moveTo(buf: Uint8Array, used: number): void {
    buf.set(this.buf.subarray(this.start, this.pos));
    const stack = this.stack;
    for (let i = 0; i < stack.length; i++) stack[i]! -= this.start;
    this.buf = buf;
    this.pos = used;
    this.start = 0;
  }

  private view(): DataView {
    return (this.dataView ??= new DataView(this.buf.buffer));
  }

  /** Writes raw bytes, with no length prefix. */
  raw(bytes: Uint8Array): this {
    const n = bytes.length;
    this.ensure(n);
    this.buf.set(bytes, this.pos);
    this.pos += n;
    return this;
  }

  /** Writes a tag: field number and wire type, as a uint32 varint. */
  tag(fieldNo: number, wireType: number): this {
    const tag = makeTag(fieldNo, wireType);
    if (tag < 0x80 && this.pos < this.buf.length) {
      // Fields 1-15: one byte, the common case worth a shortcut.
      this.buf[this.pos++] = tag;
      return this;
    }
    return this.uint32(tag);
  }

  /** Write a `uint32` value, an unsigned 32-bit varint (1-5 bytes). */
  uint32(value: number): this {
    if (value !== value >>> 0) throw this.invalid("uint32", value);
    this.ensure(5);
    const buf = this.buf;
    let pos = this.pos;
    while (value > 0x7f) {
      buf[pos++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    buf[pos++] = value;
    this.pos = pos;
    return this;
  }

  /** Write an `int32` value, a signed 32-bit varint: negative values take ten bytes (sign-extended to 64 bits). */
  int32(value: number): this {
    if (value !== (value | 0)) throw this.invalid("int32", value);
    if (value >= 0) return this.uint32(value);
    return this.varint(value >>> 0, 0xffffffff);
  }

  /** Write a `sint32` value, a signed, zigzag-encoded 32-bit varint. */
  sint32(value: number): this {
    if (value !== (value | 0)) throw this.invalid("sint32", value);
    return this.uint32(zigzagEncode32(value));
  }

  /** Write a `bool` value, a varint of one byte: 0 or 1. */
  bool(value: boolean): this {
    this.ensure(1);
    this.buf[this.pos++] = value ? 1 : 0;
    return this;
  }

  /** Write an `enum` value, an int32 varint. */
  enum(value: number): this {
    return this.int32(value);
  }

  /** Write an `int64` value, a signed 64-bit varint (1-10 bytes). Accepts bigint, safe-integer number or decimal string. */
  int64(value: bigint | number | string): this {
    split64(value, true, halves);
    return this.varint(halves[0]!, halves[1]!);
  }

  /** Write a `uint64` value, an unsigned 64-bit varint (1-10 bytes). */
  uint64(value: bigint | number | string): this {
    split64(value, false, halves);
    return this.varint(halves[0]!, halves[1]!);
  }

  /** Write a `sint64` value, a signed, zigzag-encoded 64-bit varint. */
  sint64(value: bigint | number | string): this {
    split64(value, true, halves);
    zigzag64Halves(halves);
    return this.varint(halves[0]!, halves[1]!);
  }

  /** Writes a 64-bit varint from its unsigned 32-bit halves. */
  varint(lo: number, hi: number): this {
    this.ensure(10);
    this.pos = writeVarint64(this.buf, this.pos, lo, hi);
    return this;
  }

  /**
   * Writes `value` as a varint of exactly `width` bytes, padding with continuation bytes
   * (protoscope's `long-form:N`). `width` must be at least the minimal size and at most 10.
   */
  varintLongForm(value: bigint, width: number): this {
    let v = BigInt.asUintN(64, value);
    if (width < 1 || width > 10) throw new WireError("wire/invalid-value", `varint width ${width} outside 1..10`, this.length);
    this.ensure(width);
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 1; i < width; i++) {
      buf[pos++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    if (v > 0x7fn) throw new WireError("wire/invalid-value", `${value} does not fit a ${width}-byte varint`, this.length);
    buf[pos++] = Number(v);
    this.pos = pos;
    return this;
  }

  /** Write a `fixed32` value, an unsigned 32-bit integer in 4 bytes, little-endian. */
  fixed32(value: number): this {
    if (value !== value >>> 0) throw this.invalid("fixed32", value);
    this.ensure(4);
    this.view().setUint32(this.pos, value, true);
    this.pos += 4;
    return this;
  }

  /** Write a `sfixed32` value, a signed 32-bit integer in 4 bytes, little-endian. */
  sfixed32(value: number): this {
    if (value !== (value | 0)) throw this.invalid("sfixed32", value);
    this.ensure(4);
    this.view().setInt32(this.pos, value, true);
    this.pos += 4;
    return this;
  }

  /** Write a `float` value, a 32-bit IEEE 754 float in 4 bytes, little-endian. */
  float(value: number): this {
    this.ensure(4);
    this.view().setFloat32(this.pos, value, true);
    this.pos += 4;
    return this;
  }

  /** Write a `double` value, a 64-bit IEEE 754 float in 8 bytes, little-endian. */
  double(value: number): this {
    this.ensure(8);
    this.view().setFloat64(this.pos, value, true);
    this.pos += 8;
    return this;
  }

  /** Write a `fixed64` value, an unsigned 64-bit integer in 8 bytes, little-endian. */
  fixed64(value: bigint | number | string): this {
    split64(value, false, halves);
    return this.fixed64Halves(halves[0]!, halves[1]!);
  }

  /** Write a `sfixed64` value, a signed 64-bit integer in 8 bytes, little-endian. */
  sfixed64(value: bigint | number | string): this {
    split64(value, true, halves);
    return this.fixed64Halves(halves[0]!, halves[1]!);
  }

  private fixed64Halves(lo: number, hi: number): this {
    this.ensure(8);
    const view = this.view();
    view.setUint32(this.pos, lo, true);
    view.setUint32(this.pos + 4, hi, true);
    this.pos += 8;
    return this;
  }

  /** Write a `bytes` value: a varint length, then the bytes. */
  bytes(value: Uint8Array): this {
    const n = value.length;
    this.uint32(n);
    this.ensure(n);
    const buf = this.buf;
    const pos = this.pos;
    if (n < 16) {
      for (let i = 0; i < n; i++) buf[pos + i] = value[i]!;
    } else {
      buf.set(value, pos);
    }
    this.pos = pos + n;
    return this;
  }

  /**
   * Write a `string` value: a varint length, then the UTF-8 bytes. Lone surrogates become
   * U+FFFD, as TextEncoder does.
   */
  string(value: string): this {
    const n = value.length;
    // UTF-8 needs at most 3 bytes per UTF-16 unit; plus 5 for the length.
    this.ensure(n * 3 + 5);
    const buf = this.buf;
    const lenPos = this.pos;
    // Bet that the string is ASCII, so its UTF-8 length is its length.
    const guess = varintSize32(n);
    let p = lenPos + guess;
    let i = 0;
    if (n <= ASCII_LOOP_MAX) {
      for (; i < n; i++) {
        const c = value.charCodeAt(i);
        if (c > 0x7f) break;
        buf[p++] = c;
      }
    }
    if (i < n) {
      const rest = i === 0 ? value : value.slice(i);
      p += encoder.encodeInto(rest, new Uint8Array(buf.buffer, p, buf.length - p)).written;
    }
    const len = p - lenPos - guess;
    const size = len === n ? guess : varintSize32(len);
    if (size !== guess) {
      // Non-ASCII text crossed a varint size boundary: move the payload to fit the prefix.
      buf.copyWithin(lenPos + size, lenPos + guess, p);
    }
    if (size === 1) {
      buf[lenPos] = len;
    } else {
      let q = lenPos;
      let v = len;
      while (v > 0x7f) {
        buf[q++] = (v & 0x7f) | 0x80;
        v >>>= 7;
      }
      buf[q] = v;
    }
    this.pos = lenPos + size + len;
    return this;
  }

  /**
   * Starts a length-delimited payload (an embedded message or a packed field): reserves one byte
   * for the length, betting that the payload will be under 128 bytes. Close it with join().
   */
  fork(): this {
    this.ensure(1);
    this.stack.push(this.pos);
    this.buf[this.pos++] = 0;
    return this;
  }

  /** Ends the payload started by the matching fork() and writes its length. */
  join(): this {
    const stack = this.stack;
    const top = stack[stack.length - 1];
    if (top === undefined) throw new WireError("wire/invalid-state", "join() without fork()", this.length);
    const len = this.pos - top - 1;
    if (len < 0x80) {
      stack.pop();
      this.buf[top] = len;
      return this;
    }
    // The bet lost: the length needs more than the one byte reserved. Shift the payload right
    // (after making room, which may move everything, the fork's own position included).
    const size = varintSize32(len);
    this.ensure(size - 1);
    const at = stack.pop()!;
    const buf = this.buf;
    buf.copyWithin(at + size, at + 1, this.pos);
    let p = at;
    let v = len;
    while (v > 0x7f) {
      buf[p++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    buf[p] = v;
    this.pos += size - 1;
    this.observer?.shift?.({ at: at - this.start, bytesMoved: len, by: size - 1 });
    return this;
  }

  private invalid(type: string, value: unknown): WireError {
    return new WireError("wire/invalid-value", `invalid ${type}: ${String(value)}`, this.length);
  }
}
