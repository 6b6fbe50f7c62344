/**
 * Readings of an ambiguous field: the same bytes read every way the wire format allows. A
 * length-delimited payload may be a UTF-8 string, raw bytes, a message, or packed varints,
 * fixed32s or fixed64s; a fixed-width value may be an unsigned or signed integer or a float; a
 * varint may be signed, unsigned, zigzag or a bool. Each reading says whether all of the bytes
 * parse that way, so a learner (or a hover in the hex view) can see every candidate at once.
 */
import { fieldEnd, scanFields, validUtf8Prefix } from "../annotate/heuristics.ts";
import { float32Text, float64FromBits, formatInt64, formatUint64, formatZigzag64, newVarintValue, readVarint } from "../annotate/numbers.ts";
import { toHex } from "../wire/hex.ts";

export type ReadingKind =
  | "string"
  | "bytes"
  | "message"
  | "packed-varint"
  | "packed-fixed32"
  | "packed-fixed64"
  | "int64"
  | "uint64"
  | "sint64"
  | "int32"
  | "uint32"
  | "sint32"
  | "bool"
  | "fixed32"
  | "sfixed32"
  | "float"
  | "fixed64"
  | "sfixed64"
  | "double";

export interface Reading {
  kind: ReadingKind;
  /** Whether all of the bytes parse as this reading. */
  valid: boolean;
  /** The value read (for packed readings, the values joined by spaces; "" when invalid). */
  value: string;
  /** Packed readings: each element, as text (signed int64 for varints, unsigned for fixed). */
  values?: string[];
  /** When not valid: the byte offset where reading stopped, and why. */
  errorAt?: number;
  reason?: string;
}

/** Most packed elements (and message fields) counted in a reading; past it the text ends in "…". */
const MAX_LISTED = 1000;
/**
 * Most payload bytes shown as a string or hex value; past it the value ends in "…". A reading is
 * shown on a hover and in a table cell: the hex of a megabyte payload (two million characters)
 * would cost a hover a third of a second and show nothing more.
 */
export const MAX_VALUE_BYTES = 4096;

const varint = newVarintValue();
const decoder = new TextDecoder();

/**
 * Every reading of the bytes [start, end) as a field of wire type `wireType`: for wire type 2,
 * the payload; for 0, the varint; for 1 and 5, the eight or four value bytes. Never throws:
 * out-of-range arguments give readings marked invalid.
 */
export function readings(bytes: Uint8Array, start: number, end: number, wireType: number): Reading[] {
  start = Math.max(0, Math.min(start, bytes.length));
  end = Math.max(start, Math.min(end, bytes.length));
  switch (wireType) {
    case 0:
      return varintReadings(bytes, start, end);
    case 1:
      return fixed64Readings(bytes, start, end);
    case 5:
      return fixed32Readings(bytes, start, end);
    case 2:
      return delimitedReadings(bytes, start, end);
    default:
      return [{ kind: "bytes", valid: true, value: toHex(bytes.subarray(start, end), "") }];
  }
}

function invalid(kind: ReadingKind, errorAt: number, reason: string): Reading {
  return { kind, valid: false, value: "", errorAt, reason };
}

function varintReadings(bytes: Uint8Array, start: number, end: number): Reading[] {
  const next = readVarint(bytes, start, end, varint);
  const kinds: ReadingKind[] = ["int64", "uint64", "sint64", "int32", "uint32", "sint32", "bool"];
  if (next < 0) return kinds.map((k) => invalid(k, start, "not a varint of at most 10 bytes"));
  if (next !== end) return kinds.map((k) => invalid(k, next, "bytes after the varint"));
  const { lo, hi } = varint;
  const fits32 = hi === 0 || (hi === 0xffffffff && lo >= 0x80000000);
  return [
    { kind: "int64", valid: true, value: formatInt64(lo, hi) },
    { kind: "uint64", valid: true, value: formatUint64(lo, hi) },
    { kind: "sint64", valid: true, value: formatZigzag64(lo, hi) },
    // 32-bit kinds keep the low 32 bits (what a parser does), but a value that does not fit is
    // not what a writer of that type produces.
    fits32
      ? { kind: "int32", valid: true, value: String(lo | 0) }
      : { kind: "int32", valid: false, value: String(lo | 0), errorAt: start, reason: "more than 32 bits" },
    hi === 0
      ? { kind: "uint32", valid: true, value: String(lo) }
      : { kind: "uint32", valid: false, value: String(lo), errorAt: start, reason: "more than 32 bits" },
    hi === 0
      ? { kind: "sint32", valid: true, value: formatZigzag64(lo, 0) }
      : { kind: "sint32", valid: false, value: formatZigzag64(lo, 0), errorAt: start, reason: "more than 32 bits" },
    hi === 0 && lo <= 1
      ? { kind: "bool", valid: true, value: lo === 1 ? "true" : "false" }
      : { kind: "bool", valid: false, value: "true", errorAt: start, reason: "neither 0 nor 1" },
  ];
}

function u32(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

function fixed32Readings(bytes: Uint8Array, start: number, end: number): Reading[] {
  if (end - start !== 4) {
    const reason = `${end - start} bytes, not 4`;
    return (["fixed32", "sfixed32", "float"] as const).map((k) => invalid(k, start, reason));
  }
  const bits = u32(bytes, start);
  return [
    { kind: "fixed32", valid: true, value: String(bits) },
    { kind: "sfixed32", valid: true, value: String(bits | 0) },
    { kind: "float", valid: true, value: float32Text(bits) },
  ];
}

function fixed64Readings(bytes: Uint8Array, start: number, end: number): Reading[] {
  if (end - start !== 8) {
    const reason = `${end - start} bytes, not 8`;
    return (["fixed64", "sfixed64", "double"] as const).map((k) => invalid(k, start, reason));
  }
  const lo = u32(bytes, start);
  const hi = u32(bytes, start + 4);
  return [
    { kind: "fixed64", valid: true, value: formatUint64(lo, hi) },
    { kind: "sfixed64", valid: true, value: formatInt64(lo, hi) },
    { kind: "double", valid: true, value: String(float64FromBits(lo, hi)) },
  ];
}

function packed(kind: ReadingKind, values: string[], total: number): Reading {
  const listed = values.join(" ") + (total > values.length ? " …" : "");
  return { kind, valid: true, value: listed, values };
}

function delimitedReadings(bytes: Uint8Array, start: number, end: number): Reading[] {
  const out: Reading[] = [];
  const length = end - start;

  // UTF-8 string.
  const utf8End = validUtf8Prefix(bytes, start, end);
  if (utf8End === end) {
    // Cut at a character boundary (not inside a multi-byte sequence).
    let cut = Math.min(end, start + MAX_VALUE_BYTES);
    while (cut < end && cut > start && (bytes[cut]! & 0xc0) === 0x80) cut--;
    out.push({ kind: "string", valid: true, value: decoder.decode(bytes.subarray(start, cut)) + (cut < end ? "…" : "") });
  } else out.push(invalid("string", utf8End, "not valid UTF-8"));

  // Bytes: always.
  const shown = Math.min(end, start + MAX_VALUE_BYTES);
  out.push({ kind: "bytes", valid: true, value: toHex(bytes.subarray(start, shown), "") + (shown < end ? "…" : "") });

  // Message: every field readable (field number 0 is not).
  const stop = scanFields(bytes, start, end, false);
  if (stop === end) {
    let fields = 0;
    for (let p = start; p < end; fields++) p = fieldEnd(bytes, p, end, false);
    out.push({ kind: "message", valid: true, value: `${fields} field${fields === 1 ? "" : "s"}` });
  } else out.push(invalid("message", stop, "a field cannot be read here"));

  // Packed varints.
  const values: string[] = [];
  let p = start;
  let count = 0;
  while (p < end) {
    const next = readVarint(bytes, p, end, varint);
    if (next < 0) break;
    if (values.length < MAX_LISTED) values.push(formatInt64(varint.lo, varint.hi));
    count++;
    p = next;
  }
  out.push(p === end ? packed("packed-varint", values, count) : invalid("packed-varint", p, "truncated or overlong varint"));

  // Packed fixed32 and fixed64.
  if (length % 4 === 0) {
    const list: string[] = [];
    for (let q = start; q < end && list.length < MAX_LISTED; q += 4) list.push(String(u32(bytes, q)));
    out.push(packed("packed-fixed32", list, length / 4));
  } else out.push(invalid("packed-fixed32", end - (length % 4), `${length} bytes is not a multiple of 4`));
  if (length % 8 === 0) {
    const list: string[] = [];
    for (let q = start; q < end && list.length < MAX_LISTED; q += 8) list.push(formatUint64(u32(bytes, q), u32(bytes, q + 4)));
    out.push(packed("packed-fixed64", list, length / 8));
  } else out.push(invalid("packed-fixed64", end - (length % 8), `${length} bytes is not a multiple of 8`));
  return out;
}
