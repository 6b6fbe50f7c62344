/**
 * A varint taken apart for a learner: each byte's continuation bit and seven payload bits, the
 * groups in the order they are stored (lowest first), their sum, and whether a shorter encoding
 * of the same value exists. BigInt throughout: an explanation is made once per hover, and
 * exactness (a 61-bit field number, a 64-bit value) matters more than speed here.
 */
import type { ByteRow, Fact } from "./types.ts";
import { hexByte } from "../wire/hex.ts";

export interface VarintParts {
  /** The value as an unsigned 64-bit integer (bits past 64 are dropped, as parsers do). */
  value: bigint;
  /** One row per byte read. */
  rows: ByteRow[];
  /** The payload groups, lowest first, as 7-character bit strings. */
  groups: string[];
  /** Bytes the shortest encoding of `value` takes. */
  minimalLength: number;
  /** False when the input ends before a byte with continuation bit 0 (within 10 bytes). */
  complete: boolean;
}

/** One byte as two hex digits (engine/wire's). */
export const hex2 = hexByte;

export function bits8(b: number): string {
  return b.toString(2).padStart(8, "0");
}

/** Bytes the shortest varint of an unsigned 64-bit value takes (1..10). */
export function varintLength(value: bigint): number {
  let n = 1;
  for (let v = value >> 7n; v > 0n; v >>= 7n) n++;
  return n;
}

/** Reads the varint at `start` (at most 10 bytes, not past `end`) with every step kept. */
export function readVarintParts(bytes: Uint8Array, start: number, end: number): VarintParts {
  const rows: ByteRow[] = [];
  const groups: string[] = [];
  let value = 0n;
  let complete = false;
  for (let i = start; i < end && i - start < 10; i++) {
    const b = bytes[i]!;
    const more = (b & 0x80) !== 0;
    const payload = b & 0x7f;
    value |= BigInt(payload) << BigInt(7 * (i - start));
    groups.push(payload.toString(2).padStart(7, "0"));
    rows.push({
      offset: i,
      hex: hex2(b),
      bits: bits8(b),
      continuation: more ? 1 : 0,
      payload: groups[groups.length - 1]!,
      note: more ? "continuation bit 1: another byte follows" : "continuation bit 0: the last byte",
    });
    if (!more) {
      complete = true;
      break;
    }
  }
  value = BigInt.asUintN(64, value);
  return { value, rows, groups, minimalLength: varintLength(value), complete };
}

/**
 * The arithmetic that turns the groups into the value: the groups as stored, the same bits
 * highest first (how a number is written), and the sum of each group times 128^i.
 */
export function varintFacts(parts: VarintParts): Fact[] {
  const { groups } = parts;
  const terms: string[] = [];
  const addends: string[] = [];
  groups.forEach((g, i) => {
    const n = BigInt("0b" + g);
    terms.push(i === 0 ? `${n}` : `${n} × 2^${7 * i}`);
    addends.push((n << BigInt(7 * i)).toString());
  });
  const sum = groups.length === 1 ? `${addends[0]}` : `${terms.join(" + ")} = ${addends.join(" + ")} = ${parts.value}`;
  return [
    { label: "7-bit groups as stored (lowest first)", value: groups.join(" ") },
    { label: "the same groups, highest first", value: [...groups].reverse().join(" ") },
    { label: "sum of group × 2^(7·position)", value: sum },
  ];
}

/** Why these bytes are longer than they need be, or undefined when they are the shortest form. */
export function overlongWarning(parts: VarintParts, what: string): string | undefined {
  const length = parts.rows.length;
  if (!parts.complete || length <= parts.minimalLength) return undefined;
  const extra = length - parts.minimalLength;
  const padding = parts.rows
    .slice(parts.minimalLength)
    .map((r) => r.hex)
    .join(" ");
  return (
    `This ${what} takes ${length} bytes where ${parts.minimalLength} would do: the last ${extra === 1 ? "byte" : `${extra} bytes`} (${padding}) ` +
    `add only zero bits. It decodes to the same value, ${parts.value}, but protoc never writes it: ` +
    `encoders always write the shortest varint, so these redundant bytes only come from hand-made input ` +
    `(protoscope's long-form:N) or a buggy writer.`
  );
}
