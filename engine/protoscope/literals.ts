/**
 * Decoding of quoted strings and backtick hex literals into bytes.
 *
 * Escapes are protoscope's and only those: `\n`, `\"`, `\\`, `\xNN` (exactly two hex digits)
 * and `\N`, `\NN`, `\NNN` (one to three octal digits, at most 255). Anything else, `\u` and `\t`
 * included, is an error, as in protoscope. Every other character is emitted as its UTF-8 bytes
 * (a lone surrogate, which only a JavaScript string can hold, becomes U+FFFD's bytes, as
 * TextEncoder does).
 *
 * Both decoders write into one scratch buffer that lives as long as the module and grows when
 * needed, so decoding a token allocates nothing; the caller copies the bytes out before the next
 * decode.
 */
import { AssembleError, AssembleErrorCode } from "./errors.ts";

let scratch = new Uint8Array(4096);

/**
 * Views of the first n scratch bytes, for short n, made once: a typed-array view costs an
 * allocation and a few hundred nanoseconds, and most literals are short.
 */
const CACHED_VIEWS = 256;
let views: (Uint8Array | undefined)[] = [];

/** The first `n` bytes of the last decode, as a view valid until the next decode. */
export function decodedView(n: number): Uint8Array {
  if (n >= CACHED_VIEWS) return new Uint8Array(scratch.buffer, 0, n);
  return (views[n] ??= new Uint8Array(scratch.buffer, 0, n));
}

function reserve(n: number): Uint8Array {
  if (scratch.length < n) {
    let size = scratch.length;
    while (size < n) size *= 2;
    scratch = new Uint8Array(size);
    views = [];
  }
  return scratch;
}

/** Value of a hex digit character code, or -1. */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const lower = c | 0x20;
  if (lower >= 97 && lower <= 102) return lower - 87;
  return -1;
}

/**
 * Decodes the string whose quotes are at `open` and `close - 1` into the scratch buffer and
 * returns its byte length. Throws AssembleError (bad-escape) with the escape's range.
 */
export function decodeString(text: string, open: number, close: number): number {
  const end = close - 1;
  // UTF-8 needs at most 3 bytes per UTF-16 unit.
  const out = reserve((end - open) * 3);
  let n = 0;
  let p = open + 1;
  while (p < end) {
    const c = text.charCodeAt(p);
    if (c < 0x80) {
      if (c !== 0x5c) {
        out[n++] = c;
        p++;
        continue;
      }
      p = decodeEscape(text, p, end, out, n);
      n++;
      continue;
    }
    p++;
    if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
      continue;
    }
    let cp = c;
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = p < end ? text.charCodeAt(p) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        p++;
      } else {
        cp = 0xfffd;
      }
    }
    if (cp < 0x10000) {
      out[n++] = 0xe0 | (cp >> 12);
      out[n++] = 0x80 | ((cp >> 6) & 0x3f);
      out[n++] = 0x80 | (cp & 0x3f);
    } else {
      out[n++] = 0xf0 | (cp >> 18);
      out[n++] = 0x80 | ((cp >> 12) & 0x3f);
      out[n++] = 0x80 | ((cp >> 6) & 0x3f);
      out[n++] = 0x80 | (cp & 0x3f);
    }
  }
  return n;
}

/** Decodes the escape whose backslash is at `p` into out[n]; returns the offset after it. */
function decodeEscape(text: string, p: number, end: number, out: Uint8Array, n: number): number {
  const c = p + 1 < end ? text.charCodeAt(p + 1) : -1;
  switch (c) {
    case 0x6e: // n
      out[n] = 0x0a;
      return p + 2;
    case 0x22: // "
    case 0x5c: // \
      out[n] = c;
      return p + 2;
    case 0x78: {
      // x
      const hi = p + 2 < end ? hexValue(text.charCodeAt(p + 2)) : -1;
      const lo = p + 3 < end ? hexValue(text.charCodeAt(p + 3)) : -1;
      if (hi < 0 || lo < 0) {
        throw new AssembleError(
          AssembleErrorCode.badEscape,
          p,
          Math.min(p + 4, end),
          "\\x must be followed by exactly two hex digits",
          // protoscope takes the next two characters, whatever they are, then fails on them.
          Math.min(p + 4, text.length),
        );
      }
      out[n] = (hi << 4) | lo;
      return p + 4;
    }
  }
  if (c >= 0x30 && c <= 0x37) {
    let value = 0;
    let q = p + 1;
    while (q < end && q < p + 4) {
      const d = text.charCodeAt(q);
      if (d < 0x30 || d > 0x37) break;
      value = value * 8 + (d - 0x30);
      q++;
    }
    if (value > 255) {
      throw new AssembleError(
        AssembleErrorCode.badEscape,
        p,
        q,
        `octal escape ${text.slice(p, q)} is ${value}, more than a byte holds (at most \\377)`,
        q,
      );
    }
    out[n] = value;
    return q;
  }
  if (c < 0) throw new AssembleError(AssembleErrorCode.badEscape, p, p + 1, "expected an escape character after \\", p + 1);
  const shown = String.fromCodePoint(text.codePointAt(p + 1)!);
  const hint = shown === "u" || shown === "U" ? " (protoscope has no \\u escapes: write the UTF-8 text itself, or \\x bytes)" : "";
  throw new AssembleError(
    AssembleErrorCode.badEscape,
    p,
    p + 1 + shown.length,
    `unknown escape sequence \\${shown}; the escapes are \\n \\" \\\\ \\xNN \\NNN${hint}`,
    p + 1,
  );
}

/**
 * Decodes the hex literal whose backticks are at `open` and `close - 1` into the scratch buffer
 * and returns its byte length. Throws AssembleError (bad-hex) naming the first bad character.
 */
export function decodeHex(text: string, open: number, close: number): number {
  const end = close - 1;
  const digits = end - open - 1;
  const out = reserve(digits >> 1);
  let n = 0;
  let p = open + 1;
  for (; p + 1 < end; p += 2) {
    const hi = hexValue(text.charCodeAt(p));
    const lo = hexValue(text.charCodeAt(p + 1));
    if (hi < 0 || lo < 0) {
      const bad = hi < 0 ? p : p + 1;
      throw new AssembleError(
        AssembleErrorCode.badHex,
        bad,
        bad + 1,
        `invalid character ${JSON.stringify(text[bad])} in a hex literal (only 0-9, a-f, A-F)`,
        // protoscope decodes the whole literal after reading it: it points after the backtick.
        close,
      );
    }
    out[n++] = (hi << 4) | lo;
  }
  if (p < end) {
    const bad = hexValue(text.charCodeAt(p)) < 0;
    throw new AssembleError(
      AssembleErrorCode.badHex,
      bad ? p : open,
      bad ? p + 1 : close,
      bad
        ? `invalid character ${JSON.stringify(text[p])} in a hex literal (only 0-9, a-f, A-F)`
        : `a hex literal needs an even number of digits (this one has ${digits})`,
      close,
    );
  }
  return n;
}
