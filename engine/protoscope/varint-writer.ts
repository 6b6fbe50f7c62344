/**
 * Varints the way protoscope writes them: minimal, or with `long-form:N`, N bytes longer than
 * minimal (the last minimal byte gets its continuation bit, then N-1 bytes 0x80 and one 0x00).
 */
import type { GrowableWriter } from "../wire/growable-writer.ts";
import { join64, varintSize64, writeVarint64 } from "../wire/varint.ts";

/**
 * Largest N accepted in `long-form:N`. Protoscope takes anything up to 2^31-1 (and tries to
 * allocate it); a varint is at most 10 bytes, so this leaves plenty of room to teach padding
 * while a typo cannot ask for gigabytes. A deliberate difference, listed in the README.
 */
export const MAX_LONG_FORM = 1024;

/** Writes the 64-bit value (unsigned halves lo, hi) as a varint padded by `longForm` extra bytes. */
export function writeVarint(w: GrowableWriter, lo: number, hi: number, longForm: number): void {
  if (longForm <= 0) {
    w.varint(lo, hi);
    return;
  }
  const minimal = varintSize64(lo, hi);
  const width = minimal + longForm;
  if (width <= 10) {
    w.varintLongForm(join64(lo, hi, false), width);
    return;
  }
  // Wider than any real varint: GrowableWriter stops at 10 bytes, so spell the bytes out: the
  // minimal varint with a continuation bit on its last byte, 0x80 bytes, then 0x00.
  const bytes = new Uint8Array(width);
  let p = writeVarint64(bytes, 0, lo, hi);
  bytes[p - 1]! |= 0x80;
  while (p < width - 1) bytes[p++] = 0x80;
  bytes[p] = 0;
  w.raw(bytes);
}
