/**
 * From a string token to the bytes it stands for, the way protoc's `Tokenizer::ParseStringAppend`
 * does it. Text-format strings are bytes, not text: `\377` is the byte 0xFF even in a `string`
 * field, and characters written as themselves become their UTF-8 bytes.
 *
 * The tokenizer has already checked the shape of every escape, so this never fails; it only has
 * to reproduce protoc's choices for the odd cases (an octal escape above 0377 keeps its low 8 bits;
 * a lone `\uD800` becomes the three bytes ED A0 80; a `\U` escape beyond U+10FFFF stays as written).
 */

const SIMPLE: Record<string, number> = {
  a: 7,
  b: 8,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
  "\\": 92,
  "?": 63,
  "'": 39,
  '"': 34,
};

const hexValue = (c: string | undefined): number => (c === undefined ? -1 : /^[0-9a-fA-F]$/.test(c) ? parseInt(c, 16) : -1);
const octalValue = (c: string | undefined): number => (c !== undefined && c >= "0" && c <= "7" ? c.charCodeAt(0) - 48 : -1);

/** Appends the UTF-8 bytes of one code point; surrogates get the 3-byte form, as protoc writes them. */
export function appendUtf8(out: number[], cp: number): void {
  if (cp < 0x80) out.push(cp);
  else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
  else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
}

/**
 * Reads a `\u` or `\U` escape whose letter is at `i`. Returns the code point and the index just
 * past the escape, or undefined when it is not a valid one (protoc then keeps it as written).
 */
function unicodeEscape(s: string, i: number): { cp: number; end: number } | undefined {
  const digits = s[i] === "u" ? 4 : 8;
  let cp = 0;
  for (let k = 1; k <= digits; k++) {
    const v = hexValue(s[i + k]);
    if (v < 0) return undefined;
    cp = cp * 16 + v;
  }
  let end = i + 1 + digits;
  if (cp > 0x10ffff) return undefined;
  // A high surrogate followed by an escaped low surrogate is one code point.
  if (cp >= 0xd800 && cp <= 0xdbff && s[end] === "\\" && s[end + 1] === "u") {
    const low = unicodeEscape(s, end + 1);
    if (low && low.cp >= 0xdc00 && low.cp <= 0xdfff) {
      cp = 0x10000 + ((cp - 0xd800) << 10) + (low.cp - 0xdc00);
      end = low.end;
    }
  }
  return { cp, end };
}

/**
 * A byte that is not UTF-8, carried through a JS string as a lone low surrogate U+DC80..U+DCFF
 * ("surrogateescape"): how `wirelab encode` reads a file with raw bytes, which protoc encodes as
 * they are. The byte, or undefined for any other code point.
 */
export function rawByteOf(cp: number): number | undefined {
  return cp >= 0xdc80 && cp <= 0xdcff ? cp - 0xdc00 : undefined;
}

/** The string for `bytes`, its invalid UTF-8 bytes kept as rawByteOf's lone surrogates. */
export function decodeWithRawBytes(bytes: Uint8Array): string {
  const fatal = new TextDecoder("utf-8", { fatal: true });
  let out = "";
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const width = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (width === 1) {
      out += String.fromCharCode(b);
      i++;
      continue;
    }
    if (width > 0 && i + width <= bytes.length) {
      try {
        out += fatal.decode(bytes.subarray(i, i + width));
        i += width;
        continue;
      } catch {
        // falls through: not a character
      }
    }
    out += String.fromCharCode(0xdc00 + b);
    i++;
  }
  return out;
}

/** The bytes of one string token (`text` with its quotes). */
export function unescapeString(text: string, out: number[] = []): number[] {
  // Drop the quotes; an unterminated string has only the opening one (its error is already out).
  const last = text.length > 1 && text[text.length - 1] === text[0] ? text.length - 1 : text.length;
  let i = 1;
  while (i < last) {
    const c = text.charCodeAt(i);
    if (c !== 92 || i + 1 >= last) {
      const cp = text.codePointAt(i)!;
      // A character written as itself is its UTF-8 bytes, as the text's file would hold them; a
      // raw byte read from the file (rawByteOf) is itself; another lone surrogate cannot be in
      // UTF-8, so it is U+FFFD there (what TextEncoder writes).
      const raw = rawByteOf(cp);
      if (raw !== undefined) out.push(raw);
      else appendUtf8(out, cp >= 0xd800 && cp <= 0xdfff ? 0xfffd : cp);
      i += cp > 0xffff ? 2 : 1;
      continue;
    }
    const e = text[i + 1]!;
    if (octalValue(e) >= 0) {
      let code = octalValue(e);
      let j = i + 2;
      for (let k = 0; k < 2 && j < last && octalValue(text[j]) >= 0; k++, j++) code = code * 8 + octalValue(text[j]);
      out.push(code & 0xff);
      i = j;
    } else if (e === "x") {
      let code = 0;
      let j = i + 2;
      for (let k = 0; k < 2 && j < last && hexValue(text[j]) >= 0; k++, j++) code = code * 16 + hexValue(text[j]);
      out.push(code);
      i = j;
    } else if (e === "u" || e === "U") {
      const u = unicodeEscape(text.slice(0, last), i + 1);
      if (u) {
        appendUtf8(out, u.cp);
        i = u.end;
      } else {
        // Not a valid escape: protoc keeps the backslash and the letter; the digits follow as text.
        out.push(92, e.charCodeAt(0));
        i += 2;
      }
    } else {
      out.push(SIMPLE[e] ?? e.charCodeAt(0));
      i += 2;
    }
  }
  return out;
}
