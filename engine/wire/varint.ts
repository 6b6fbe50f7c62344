/**
 * Varint arithmetic shared by the writers and the reader: sizes, zigzag, and splitting 64-bit
 * values into two unsigned 32-bit halves (the form every 64-bit encoder works on, since
 * JavaScript numbers are exact only up to 2^53).
 */
import { WireError } from "./errors.ts";

/** Bytes a varint of the unsigned 32-bit value `n` takes (1..5). */
export function varintSize32(n: number): number {
  if (n < 0x80) return 1;
  if (n < 0x4000) return 2;
  if (n < 0x200000) return 3;
  if (n < 0x10000000) return 4;
  return 5;
}

/** Bytes a varint of the 64-bit value with halves `lo`, `hi` (both unsigned) takes (1..10). */
export function varintSize64(lo: number, hi: number): number {
  if (hi === 0) return varintSize32(lo);
  // 32 bits of lo + the bits of hi, in 7-bit groups.
  const bits = 32 + (32 - Math.clz32(hi));
  return Math.ceil(bits / 7);
}

/** Zigzag-encodes a signed 32-bit integer: 0, -1, 1, -2 ... become 0, 1, 2, 3 ... */
export function zigzagEncode32(n: number): number {
  return ((n << 1) ^ (n >> 31)) >>> 0;
}

/** Inverse of zigzagEncode32. */
export function zigzagDecode32(n: number): number {
  return (n >>> 1) ^ -(n & 1);
}

/** Zigzag-encodes a signed 64-bit integer. */
export function zigzagEncode64(n: bigint): bigint {
  return BigInt.asUintN(64, (n << 1n) ^ (n >> 63n));
}

/** Inverse of zigzagEncode64. */
export function zigzagDecode64(n: bigint): bigint {
  const u = BigInt.asUintN(64, n);
  return (u >> 1n) ^ -(u & 1n);
}

// A BigInt64Array aliasing a Uint32Array splits a bigint into halves in ~11 ns, about twice as
// fast as a DataView (measured, see PERF-NOTES). Module-level scratch is safe: each isolate
// (page, Worker, Node) has its own copy and nothing survives between calls.
const scratch64 = new BigInt64Array(1);
const scratch32 = new Uint32Array(scratch64.buffer);

const TWO_32 = 4294967296;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/**
 * The low and high unsigned 32-bit halves of a 64-bit integer given as a bigint, a safe-integer
 * number or a decimal string. Writes them to `out[0]`, `out[1]`. `signed` selects the range
 * checked: int64 [-2^63, 2^63-1] or uint64 [0, 2^64-1].
 */
export function split64(value: bigint | number | string, signed: boolean, out: number[] | Uint32Array): void {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) {
      if (!Number.isInteger(value)) throw invalid(value, signed);
      value = BigInt(value);
    } else {
      if (!signed && value < 0) throw invalid(value, signed);
      out[0] = value >>> 0;
      out[1] = Math.floor(value / TWO_32) >>> 0;
      return;
    }
  } else if (typeof value === "string") {
    value = parseDecimal64(value, signed);
  }
  if (signed ? value < INT64_MIN || value > INT64_MAX : value < 0n || value > UINT64_MAX) {
    throw invalid(value, signed);
  }
  scratch64[0] = value; // wraps modulo 2^64: exactly two's complement for int64, identity for uint64
  out[0] = scratch32[0]!;
  out[1] = scratch32[1]!;
}

/** Zigzag-encodes, in place, the signed 64-bit value whose two's-complement halves `h` holds. */
export function zigzag64Halves(h: number[] | Uint32Array): void {
  const lo = h[0]!;
  const hi = h[1]!;
  const sign = hi >> 31; // 0 or -1
  h[0] = ((lo << 1) ^ sign) >>> 0;
  h[1] = (((hi << 1) | (lo >>> 31)) ^ sign) >>> 0;
}

/**
 * Writes the varint of the 64-bit value with unsigned 32-bit halves `lo`, `hi` into `buf` at
 * `pos`, 7 bits a byte, low bits first; returns the position after its last byte. The caller
 * makes room for 10 bytes.
 */
export function writeVarint64(buf: Uint8Array, pos: number, lo: number, hi: number): number {
  while (hi !== 0) {
    buf[pos++] = (lo & 0x7f) | 0x80;
    lo = ((lo >>> 7) | (hi << 25)) >>> 0;
    hi >>>= 7;
  }
  while (lo > 0x7f) {
    buf[pos++] = (lo & 0x7f) | 0x80;
    lo >>>= 7;
  }
  buf[pos++] = lo;
  return pos;
}

/** Joins two unsigned 32-bit halves into a signed (int64) or unsigned (uint64) bigint. */
export function join64(lo: number, hi: number, signed: boolean): bigint {
  scratch32[0] = lo;
  scratch32[1] = hi;
  const v = scratch64[0]!;
  return signed ? v : BigInt.asUintN(64, v);
}

const DECIMAL = /^-?[0-9]+$/;

/** Parses a decimal 64-bit integer string, as the 64-bit writer methods accept. */
export function parseDecimal64(text: string, signed: boolean): bigint {
  if (!DECIMAL.test(text)) {
    throw new WireError("wire/invalid-value", `invalid ${signed ? "int64" : "uint64"} "${text}": not a decimal integer`, 0);
  }
  return BigInt(text);
}

function invalid(value: unknown, signed: boolean): WireError {
  return new WireError("wire/invalid-value", `invalid ${signed ? "int64" : "uint64"}: ${String(value)}`, 0);
}

/** Encodes a 64-bit value (int64 or uint64 range) as a standalone varint, for tables and tests. */
export function encodeVarint64(value: bigint): Uint8Array {
  const out: number[] = [];
  let v = BigInt.asUintN(64, value);
  while (v > 0x7fn) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return Uint8Array.from(out);
}

/** readVarint's position when the bytes end inside the varint. */
export const VARINT_TRUNCATED = -1;
/** readVarint's position when the varint runs past ten bytes. */
export const VARINT_TOO_LONG = -2;

/**
 * The varint at `pos`, not reading past `end`, without a Reader: its value (the low 64 bits of
 * at most ten bytes; the tenth byte's high bits are dropped, as protoc's parser does) and the
 * position after it, or VARINT_TRUNCATED / VARINT_TOO_LONG with the value read so far. For code
 * that reads a few varints where it is (an option's unknown fields, one record of a tree);
 * Reader is stricter (a tenth byte above 1 is an error) and faster.
 */
export function readVarint(bytes: Uint8Array, pos: number, end = bytes.length): [value: bigint, next: number] {
  let v = 0n;
  for (let i = 0; i < 10; i++) {
    if (pos >= end) return [BigInt.asUintN(64, v), VARINT_TRUNCATED];
    const b = bytes[pos++]!;
    v |= BigInt(b & 0x7f) << BigInt(7 * i);
    if (b < 0x80) return [BigInt.asUintN(64, v), pos];
  }
  return [BigInt.asUintN(64, v), VARINT_TOO_LONG];
}
