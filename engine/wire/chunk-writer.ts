/**
 * ChunkWriter: the classic "chunks + concat" design, kept to compare against GrowableWriter
 * (the lesson on the growable buffer shows both).
 *
 * Small values are pushed one byte at a time onto a plain JS array; strings, bytes and raw data
 * flush that array into a Uint8Array chunk and append their own chunk. fork() saves the chunk
 * list and starts a new one; join() concatenates the forked chunks into one array, then writes
 * its length and appends it to the parent. finish() concatenates everything into a fresh array.
 * Every nested message is therefore copied once per level of nesting, and every flush allocates.
 */
import { concatBytes } from "./bytes.ts";
import { WireError } from "./errors.ts";
import { split64, writeVarint64, zigzag64Halves, zigzagEncode32 } from "./varint.ts";
import { makeTag } from "./wire-type.ts";

const encoder = /* @__PURE__ */ new TextEncoder();
const halves = new Uint32Array(2);
/** Where a varint or a fixed-width value is written before push() moves its bytes to the array. */
const scratchBytes = new Uint8Array(10);
const scratch = new DataView(scratchBytes.buffer);

export class ChunkWriter {
  /** Finished chunks of the current (innermost) level. */
  private chunks: Uint8Array[] = [];
  /** Bytes not yet flushed into a chunk. */
  private buf: number[] = [];
  /** Saved state of the enclosing levels, one entry per open fork(). */
  private readonly stack: { chunks: Uint8Array[]; buf: number[] }[] = [];

  /** Concatenates everything written and resets the writer. */
  finish(): Uint8Array {
    if (this.stack.length !== 0) throw new WireError("wire/invalid-state", "finish() with unjoined fork()", 0);
    this.flush();
    const out = concatBytes(this.chunks);
    this.chunks = [];
    return out;
  }

  private flush(): void {
    if (this.buf.length > 0) {
      this.chunks.push(new Uint8Array(this.buf));
      this.buf = [];
    }
  }

  fork(): this {
    this.stack.push({ chunks: this.chunks, buf: this.buf });
    this.chunks = [];
    this.buf = [];
    return this;
  }

  join(): this {
    this.flush();
    const payload = concatBytes(this.chunks);
    const prev = this.stack.pop();
    if (!prev) throw new WireError("wire/invalid-state", "join() without fork()", 0);
    this.chunks = prev.chunks;
    this.buf = prev.buf;
    this.uint32(payload.length);
    return this.raw(payload);
  }

  raw(bytes: Uint8Array): this {
    this.flush();
    this.chunks.push(bytes);
    return this;
  }

  tag(fieldNo: number, wireType: number): this {
    return this.uint32(makeTag(fieldNo, wireType));
  }

  uint32(value: number): this {
    if (value !== value >>> 0) throw new WireError("wire/invalid-value", `invalid uint32: ${value}`, 0);
    while (value > 0x7f) {
      this.buf.push((value & 0x7f) | 0x80);
      value >>>= 7;
    }
    this.buf.push(value);
    return this;
  }

  int32(value: number): this {
    if (value !== (value | 0)) throw new WireError("wire/invalid-value", `invalid int32: ${value}`, 0);
    return value >= 0 ? this.uint32(value) : this.varint(value >>> 0, 0xffffffff);
  }

  sint32(value: number): this {
    if (value !== (value | 0)) throw new WireError("wire/invalid-value", `invalid sint32: ${value}`, 0);
    return this.uint32(zigzagEncode32(value));
  }

  bool(value: boolean): this {
    this.buf.push(value ? 1 : 0);
    return this;
  }

  enum(value: number): this {
    return this.int32(value);
  }

  int64(value: bigint | number | string): this {
    split64(value, true, halves);
    return this.varint(halves[0]!, halves[1]!);
  }

  uint64(value: bigint | number | string): this {
    split64(value, false, halves);
    return this.varint(halves[0]!, halves[1]!);
  }

  sint64(value: bigint | number | string): this {
    split64(value, true, halves);
    zigzag64Halves(halves);
    return this.varint(halves[0]!, halves[1]!);
  }

  varint(lo: number, hi: number): this {
    return this.push(writeVarint64(scratchBytes, 0, lo, hi));
  }

  /** Pushes the first `n` bytes of the scratch buffer. */
  private push(n: number): this {
    for (let i = 0; i < n; i++) this.buf.push(scratchBytes[i]!);
    return this;
  }

  fixed32(value: number): this {
    if (value !== value >>> 0) throw new WireError("wire/invalid-value", `invalid fixed32: ${value}`, 0);
    scratch.setUint32(0, value, true);
    return this.push(4);
  }

  sfixed32(value: number): this {
    if (value !== (value | 0)) throw new WireError("wire/invalid-value", `invalid sfixed32: ${value}`, 0);
    scratch.setInt32(0, value, true);
    return this.push(4);
  }

  float(value: number): this {
    scratch.setFloat32(0, value, true);
    return this.push(4);
  }

  double(value: number): this {
    scratch.setFloat64(0, value, true);
    return this.push(8);
  }

  fixed64(value: bigint | number | string): this {
    split64(value, false, halves);
    scratch.setUint32(0, halves[0]!, true);
    scratch.setUint32(4, halves[1]!, true);
    return this.push(8);
  }

  sfixed64(value: bigint | number | string): this {
    split64(value, true, halves);
    scratch.setUint32(0, halves[0]!, true);
    scratch.setUint32(4, halves[1]!, true);
    return this.push(8);
  }

  bytes(value: Uint8Array): this {
    this.uint32(value.length);
    return this.raw(value.slice());
  }

  string(value: string): this {
    const bytes = encoder.encode(value);
    this.uint32(bytes.length);
    return this.raw(bytes);
  }
}
