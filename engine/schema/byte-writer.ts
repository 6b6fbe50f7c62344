/**
 * A small wire-format writer for option values. Options are few and short, so simplicity wins
 * over speed here: bytes go into a plain number array. (The engine's fast writer lives in
 * engine/wire; the schema compiler does not depend on it so it can be used on its own.)
 */
export class ByteWriter {
  private readonly out: number[] = [];

  /** Write a field tag: field number and wire type as one varint. */
  tag(fieldNo: number, wireType: number): this {
    return this.varint(BigInt(fieldNo) * 8n + BigInt(wireType));
  }

  /** Write an unsigned varint (the value must already be in 0 .. 2^64-1). */
  varint(value: bigint): this {
    let v = value;
    while (v >= 0x80n) {
      this.out.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.out.push(Number(v));
    return this;
  }

  /** Write 4 bytes little-endian. */
  fixed32(value: number): this {
    const v = value >>> 0;
    this.out.push(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff);
    return this;
  }

  /** Write 8 bytes little-endian. */
  fixed64(value: bigint): this {
    const v = BigInt.asUintN(64, value);
    this.fixed32(Number(v & 0xffffffffn));
    return this.fixed32(Number(v >> 32n));
  }

  /** Write a float as 4 IEEE-754 bytes. */
  float(value: number): this {
    const view = new DataView(new ArrayBuffer(4));
    view.setFloat32(0, value, true);
    return this.raw(new Uint8Array(view.buffer));
  }

  /** Write a double as 8 IEEE-754 bytes. */
  double(value: number): this {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, value, true);
    return this.raw(new Uint8Array(view.buffer));
  }

  /** Write a length prefix and then the bytes. */
  bytes(value: Uint8Array): this {
    this.varint(BigInt(value.length));
    return this.raw(value);
  }

  /** Write bytes as they are. */
  raw(value: Uint8Array): this {
    for (const b of value) this.out.push(b);
    return this;
  }

  finish(): Uint8Array {
    return new Uint8Array(this.out);
  }
}
