/**
 * The guesses a schemaless decoder has to make, shared by the disassembler (text) and the
 * annotator (tree) so that both explain the same bytes the same way:
 *
 * - Does a length-delimited payload parse as a message? (`scanFields`)
 * - Is it readable text? (`textStats`: valid UTF-8 and at most 30% unprintable characters)
 *
 * The message question is answered by one flat pass over the payload's own fields, without
 * descending into nested payloads: a nested payload can always fall back to a string or bytes,
 * so it never makes its parent fail. This keeps the message-vs-string decision linear instead
 * of re-parsing every nested level speculatively.
 */
import { newVarintValue, readVarint } from "./numbers.ts";

const varint = newVarintValue();

/**
 * The end of the one field at `pos`, or -1 when it cannot be read: its tag or varint is
 * truncated or over 10 bytes, its fixed value or length runs past `end`, its wire type is 6 or
 * 7, or its field number is 0 (unless `allowFieldZero`). Groups' start and end tags are fields.
 */
export function fieldEnd(bytes: Uint8Array, pos: number, end: number, allowFieldZero: boolean): number {
  let p = readVarint(bytes, pos, end, varint);
  if (p < 0) return -1;
  if (varint.hi === 0 && varint.lo < 8 && !allowFieldZero) return -1;
  switch (varint.lo & 7) {
    case 0:
      return readVarint(bytes, p, end, varint);
    case 1:
      return end - p < 8 ? -1 : p + 8;
    case 5:
      return end - p < 4 ? -1 : p + 4;
    case 2:
      p = readVarint(bytes, p, end, varint);
      return p < 0 || varint.hi !== 0 || varint.lo > end - p ? -1 : p + varint.lo;
    case 3:
    case 4:
      return p;
    default:
      return -1;
  }
}

/**
 * Scans the fields in [start, end) without descending and returns where the first field that
 * cannot be read starts (`end` when all of them can); see `fieldEnd`.
 */
export function scanFields(bytes: Uint8Array, start: number, end: number, allowFieldZero: boolean): number {
  let pos = start;
  while (pos < end) {
    const next = fieldEnd(bytes, pos, end, allowFieldZero);
    if (next < 0) break;
    pos = next;
  }
  return pos;
}

/** Share of unprintable characters above which a valid UTF-8 payload is shown as bytes. */
export const MAX_UNPRINTABLE_SHARE = 0.3;

const graphicCache = new Uint8Array(0x10000); // 0 unknown, 1 graphic, 2 not
const GRAPHIC = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]$/u;

/**
 * Go's unicode.IsGraphic: letters, marks, numbers, punctuation, symbols and spaces (Zs).
 * (Our Unicode tables are the JavaScript engine's, which may be a newer version than Go's.)
 */
export function isGraphic(cp: number): boolean {
  if (cp < 0x80) return cp >= 0x20 && cp < 0x7f;
  if (cp < 0x10000) {
    const known = graphicCache[cp]!;
    if (known !== 0) return known === 1;
    const g = GRAPHIC.test(String.fromCharCode(cp));
    graphicCache[cp] = g ? 1 : 2;
    return g;
  }
  return GRAPHIC.test(String.fromCodePoint(cp));
}

/** The byte length of the code point last read by `decodeCodePoint`. */
export const utf8 = { width: 0 };

/**
 * Decodes one UTF-8 code point at `pos` (strictly: no overlong forms, no surrogates, nothing
 * above U+10FFFF). Returns the code point, or -1 when the bytes are not valid UTF-8; the
 * sequence's length is left in `utf8.width`.
 */
export function decodeCodePoint(bytes: Uint8Array, pos: number, end: number): number {
  const b0 = bytes[pos]!;
  if (b0 < 0x80) {
    utf8.width = 1;
    return b0;
  }
  let need: number;
  let cp: number;
  let min: number;
  if (b0 >= 0xc2 && b0 <= 0xdf) {
    need = 1;
    cp = b0 & 0x1f;
    min = 0x80;
  } else if (b0 >= 0xe0 && b0 <= 0xef) {
    need = 2;
    cp = b0 & 0x0f;
    min = 0x800;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    need = 3;
    cp = b0 & 0x07;
    min = 0x10000;
  } else return -1;
  if (end - pos <= need) return -1;
  for (let i = 1; i <= need; i++) {
    const b = bytes[pos + i]!;
    if ((b & 0xc0) !== 0x80) return -1;
    cp = (cp << 6) | (b & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return -1;
  utf8.width = need + 1;
  return cp;
}

/**
 * Whether [start, end) reads as text: valid UTF-8 with at most 30% unprintable characters
 * (protoscope's rule). An empty payload counts as (empty) text.
 */
export function looksLikeText(bytes: Uint8Array, start: number, end: number): boolean {
  let runes = 0;
  let unprintable = 0;
  for (let pos = start; pos < end; ) {
    const b = bytes[pos]!;
    if (b < 0x80) {
      if (b < 0x20 || b === 0x7f) unprintable++;
      pos++;
    } else {
      const cp = decodeCodePoint(bytes, pos, end);
      if (cp < 0) return false;
      if (!isGraphic(cp)) unprintable++;
      pos += utf8.width;
    }
    runes++;
  }
  return !(unprintable / runes > MAX_UNPRINTABLE_SHARE);
}

/** Where the first invalid UTF-8 sequence in [start, end) starts, or `end` when there is none. */
export function validUtf8Prefix(bytes: Uint8Array, start: number, end: number): number {
  for (let pos = start; pos < end; ) {
    if (bytes[pos]! < 0x80) pos++;
    else {
      if (decodeCodePoint(bytes, pos, end) < 0) return pos;
      pos += utf8.width;
    }
  }
  return end;
}

