/**
 * Classifies and evaluates a symbol token: an integer, a tag expression, a float, `true`/`false`,
 * `inf32`/`inf64` (with an optional `-`) or `long-form:N`.
 *
 * The grammar is protoscope's (its regular expressions, matched here by hand so that a token
 * costs no substring and no regex run):
 *
 *   integer / tag   -?([0-9]+|0x[0-9a-fA-F]+)(z|i32|i64)?(:\w*)?
 *   decimal float   -?[0-9]+\.[0-9]+([eE]-?[0-9]+)?(i32|i64)?
 *   hex float       -?0x[0-9a-fA-F]+\.[0-9a-fA-F]+([pP]-?[0-9]+)?(i32|i64)?
 *   long-form       long-form:[0-9]+
 *
 * Integers are 64-bit two's complement, carried as two unsigned 32-bit halves (`lo`, `hi`)
 * because JavaScript numbers are exact only to 2^53. The rules, all from protoscope:
 * - a literal is read as an unsigned 64-bit number (beyond 2^64-1 is an error); a leading `-`
 *   negates it, which overflows above 2^63 (and -2^63 is allowed);
 * - a tag `N:T` encodes N << 3 | T, where N must keep its top three bits equal (so the shift
 *   loses nothing) and T is a name, a decimal 0..7, or empty (inferred later);
 * - `z` zigzag-encodes the whole value (for a tag: the shifted value, wire type included);
 * - `i32` accepts [-2^31, 2^32-1] read as int64 (so 18446744073709551615i32, which is -1 as
 *   int64, is allowed and means ffffffff); `i64` takes any 64-bit pattern.
 */
import { AssembleError, AssembleErrorCode } from "./errors.ts";
import { parseDecimalFloat, parseHexFloat } from "./floats.ts";

export const SymbolKind = {
  /** An integer (varint, zigzag, i32 or i64) or a tag expression. */
  Integer: 0,
  Float: 1,
  /** true / false: a one-byte varint. */
  Bool: 2,
  LongForm: 3,
} as const;

/** How an integer symbol is encoded. */
export const Encoding = {
  Varint: 0,
  Zigzag: 1,
  I32: 2,
  I64: 3,
} as const;

/** Wire type that a value suggests to a preceding tag with an inferred type. */
export const WIRE_VARINT = 0;
export const WIRE_I64 = 1;
export const WIRE_LEN = 2;
export const WIRE_SGROUP = 3;
export const WIRE_EGROUP = 4;
export const WIRE_I32 = 5;

/** The evaluated symbol. One instance is reused for every token (read it before the next parse). */
export interface SymbolValue {
  kind: number;
  /** Integer: one of Encoding. */
  encoding: number;
  /** Integer: the 64-bit value to encode (for a tag: shifted, wire type OR'ed in, zigzagged if asked). */
  lo: number;
  hi: number;
  /** Integer: the literal's own value as int64 halves, before any tag shift or zigzag (the field number of a tag). */
  literalLo: number;
  literalHi: number;
  /** Integer: the literal started with `-`. */
  negative: boolean;
  /** Integer: this is a tag expression. */
  isTag: boolean;
  /** Tag: no explicit wire type (`1:`); it comes from what follows. */
  inferred: boolean;
  /** The wire type this value suggests (or, for a tag with an explicit type, that type). */
  wireType: number;
  /** Float: the value (already rounded to binary32 when `width` is 32). */
  float: number;
  width: 32 | 64;
  /** Bool: 0 or 1. LongForm: N. */
  small: number;
}

export function newSymbolValue(): SymbolValue {
  return {
    kind: 0,
    encoding: 0,
    lo: 0,
    hi: 0,
    literalLo: 0,
    literalHi: 0,
    negative: false,
    isTag: false,
    inferred: false,
    wireType: 0,
    float: 0,
    width: 64,
    small: 0,
  };
}

const TWO_32 = 4294967296;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 102);
}
/** Go's \w: [0-9A-Za-z_]. */
function isWordChar(c: number): boolean {
  return isDigit(c) || ((c | 0x20) >= 97 && (c | 0x20) <= 122) || c === 95;
}

/** Length of an `i32`/`i64` suffix at p (3), or 0. */
function widthSuffix(text: string, p: number, end: number): number {
  if (p + 3 > end || text.charCodeAt(p) !== 105) return 0; // i
  const a = text.charCodeAt(p + 1);
  const b = text.charCodeAt(p + 2);
  return (a === 51 && b === 50) || (a === 54 && b === 52) ? 3 : 0; // 32 | 64
}

/**
 * Evaluates the symbol text[start, end) into `out`. Throws AssembleError for a malformed or
 * out-of-range symbol.
 */
export function parseSymbol(text: string, start: number, end: number, out: SymbolValue): void {
  // Fast path for the commonest tokens by far: 1-9 decimal digits (a varint), or the same
  // followed by ":" (a tag whose wire type comes from what follows). Same results as below.
  let p = start;
  let v = 0;
  while (p < end && p - start < 10) {
    const c = text.charCodeAt(p);
    if (c < 48 || c > 57) break;
    v = v * 10 + (c - 48);
    p++;
  }
  const digits = p - start;
  if (digits > 0 && digits <= 9) {
    if (p === end) {
      out.kind = SymbolKind.Integer;
      out.encoding = Encoding.Varint;
      out.lo = out.literalLo = v;
      out.hi = out.literalHi = 0;
      out.negative = false;
      out.isTag = false;
      out.inferred = false;
      out.wireType = WIRE_VARINT;
      return;
    }
    if (p === end - 1 && text.charCodeAt(p) === 58) {
      const shifted = v * 8;
      out.kind = SymbolKind.Integer;
      out.encoding = Encoding.Varint;
      out.lo = shifted >>> 0;
      out.hi = Math.floor(shifted / TWO_32);
      out.literalLo = v;
      out.literalHi = 0;
      out.negative = false;
      out.isTag = true;
      out.inferred = true;
      out.wireType = WIRE_VARINT;
      return;
    }
  }
  const first = text.charCodeAt(start);
  if (isDigit(first) || first === 45 /* - */) {
    if (parseInteger(text, start, end, out)) return;
    if (parseFloatSymbol(text, start, end, out)) return;
  }
  const word = text.slice(start, end);
  switch (word) {
    case "true":
    case "false":
      out.kind = SymbolKind.Bool;
      out.small = word === "true" ? 1 : 0;
      out.wireType = WIRE_VARINT;
      return;
    case "inf32":
    case "-inf32":
    case "inf64":
    case "-inf64":
      out.kind = SymbolKind.Float;
      out.width = word.endsWith("32") ? 32 : 64;
      out.float = word.startsWith("-") ? -Infinity : Infinity;
      out.wireType = out.width === 32 ? WIRE_I32 : WIRE_I64;
      return;
  }
  if (word.startsWith("long-form:") && word.length > 10 && /^[0-9]+$/.test(word.slice(10))) {
    out.kind = SymbolKind.LongForm;
    out.small = Number(word.slice(10));
    return;
  }
  const shown = clipped(word);
  throw new AssembleError(
    AssembleErrorCode.unknownSymbol,
    start,
    end,
    `unrecognized symbol ${JSON.stringify(shown)} (expected a number, tag, float, string, true/false, inf32/inf64 or long-form:N)`,
    // protoscope prints this one without a position.
    -1,
  );
}

/** Matches the integer/tag grammar; false when the text is not of that shape. */
function parseInteger(text: string, start: number, end: number, out: SymbolValue): boolean {
  let p = start;
  const negative = text.charCodeAt(p) === 45;
  if (negative) p++;
  let digitsStart: number;
  let hex = false;
  if (text.charCodeAt(p) === 48 && text.charCodeAt(p + 1) === 120 && p + 2 < end && isHexDigit(text.charCodeAt(p + 2))) {
    hex = true;
    p += 2;
    digitsStart = p;
    while (p < end && isHexDigit(text.charCodeAt(p))) p++;
  } else {
    digitsStart = p;
    while (p < end && isDigit(text.charCodeAt(p))) p++;
    if (p === digitsStart) return false;
  }
  const digitsEnd = p;
  let encoding: number = Encoding.Varint;
  if (p < end) {
    const c = text.charCodeAt(p);
    if (c === 122) {
      encoding = Encoding.Zigzag;
      p++;
    } else {
      const w = widthSuffix(text, p, end);
      if (w !== 0) {
        encoding = text.charCodeAt(p + 1) === 51 ? Encoding.I32 : Encoding.I64;
        p += w;
      }
    }
  }
  let isTag = false;
  const colon = p;
  if (p < end) {
    if (text.charCodeAt(p) !== 58) return false; // not ":" -> maybe a float
    isTag = true;
    for (p++; p < end; p++) if (!isWordChar(text.charCodeAt(p))) return false;
  }

  // The value, as an unsigned 64-bit number.
  let lo: number;
  let hi: number;
  const count = digitsEnd - digitsStart;
  if (count <= (hex ? 13 : 15)) {
    let v = 0;
    if (hex) for (let i = digitsStart; i < digitsEnd; i++) v = v * 16 + hexDigitValue(text.charCodeAt(i));
    else for (let i = digitsStart; i < digitsEnd; i++) v = v * 10 + (text.charCodeAt(i) - 48);
    lo = v >>> 0;
    hi = Math.floor(v / TWO_32) >>> 0;
  } else {
    const big = BigInt((hex ? "0x" : "") + text.slice(digitsStart, digitsEnd));
    if (big > 0xffffffffffffffffn) {
      throw new AssembleError(
        AssembleErrorCode.integerOverflow,
        start,
        end,
        `${clipped(text.slice(start, digitsEnd))} does not fit in 64 bits (at most 18446744073709551615)`,
      );
    }
    lo = Number(big & 0xffffffffn);
    hi = Number(big >> 32n);
  }
  if (negative && !(hi === 0x80000000 && lo === 0)) {
    if (hi >= 0x80000000) {
      throw new AssembleError(
        AssembleErrorCode.integerOverflow,
        start,
        end,
        `negation overflows: ${clipped(text.slice(start, digitsEnd))} is below -9223372036854775808`,
      );
    }
    // Two's complement negation of the 64-bit value.
    lo = (~lo + 1) >>> 0;
    hi = (~hi + (lo === 0 ? 1 : 0)) >>> 0;
  }
  out.kind = SymbolKind.Integer;
  out.negative = negative;
  out.literalLo = lo;
  out.literalHi = hi;
  out.isTag = isTag;
  out.inferred = false;
  out.encoding = encoding;

  if (isTag) {
    if (encoding === Encoding.I32 || encoding === Encoding.I64) {
      throw new AssembleError(
        AssembleErrorCode.fixedWidthTag,
        start,
        end,
        "cannot use fixed-width encoding (i32/i64) on a tag expression: tags are varints",
      );
    }
    const wireType = parseWireType(text, colon + 1, end);
    out.inferred = wireType < 0;
    out.wireType = wireType < 0 ? 0 : wireType;
    const top = hi >>> 29;
    if (top !== 0 && top !== 7) {
      throw new AssembleError(
        AssembleErrorCode.fieldNumberTooLarge,
        start,
        colon,
        "field number too large: shifting it left by three bits for the wire type would overflow 64 bits",
      );
    }
    hi = ((hi << 3) | (lo >>> 29)) >>> 0;
    lo = ((lo << 3) | out.wireType) >>> 0;
  } else {
    out.wireType = encoding === Encoding.I32 ? WIRE_I32 : encoding === Encoding.I64 ? WIRE_I64 : WIRE_VARINT;
  }

  if (encoding === Encoding.Zigzag) {
    const sign = hi >> 31; // 0 or -1
    const zhi = (((hi << 1) | (lo >>> 31)) ^ sign) >>> 0;
    lo = ((lo << 1) ^ sign) >>> 0;
    hi = zhi;
  } else if (encoding === Encoding.I32) {
    // As int64: non-negative values must fit 32 bits unsigned, negative ones 32 bits signed.
    const fits = hi === 0 || (hi === 0xffffffff && lo >= 0x80000000);
    if (!fits) {
      throw new AssembleError(
        AssembleErrorCode.integerTooWide,
        start,
        end,
        `${clipped(text.slice(start, end))} does not fit in 32 bits (i32 takes -2147483648 to 4294967295)`,
      );
    }
  }
  out.lo = lo;
  out.hi = hi;
  return true;
}

/** A symbol cut to 40 characters for a message (a 100 000-digit literal stays readable). */
function clipped(word: string): string {
  return word.length > 40 ? word.slice(0, 40) + "…" : word;
}

function hexDigitValue(c: number): number {
  return c <= 57 ? c - 48 : (c | 0x20) - 87;
}

const WIRE_TYPE_NAMES: Record<string, number> = { VARINT: 0, I64: 1, LEN: 2, SGROUP: 3, EGROUP: 4, I32: 5 };

/** The wire type written after a tag's colon: -1 when empty (inferred). */
function parseWireType(text: string, from: number, end: number): number {
  if (from === end) return -1;
  const word = text.slice(from, end);
  const named = WIRE_TYPE_NAMES[word];
  if (named !== undefined) return named;
  if (/^[0-9]+$/.test(word)) {
    const significant = word.replace(/^0+(?=.)/, "");
    const value = significant.length > 2 ? Infinity : Number(significant);
    if (value <= 7) return value;
    throw new AssembleError(
      AssembleErrorCode.badWireType,
      from,
      end,
      `a tag's wire type must be between 0 and 7, not ${word.length > 20 ? word.slice(0, 20) + "…" : word}`,
    );
  }
  throw new AssembleError(
    AssembleErrorCode.badWireType,
    from,
    end,
    `unknown wire type ${JSON.stringify(word)}: write VARINT, I64, LEN, SGROUP, EGROUP, I32 or a decimal 0-7`,
  );
}

/** Matches the two float grammars; false when the text is of neither shape. */
function parseFloatSymbol(text: string, start: number, end: number, out: SymbolValue): boolean {
  let p = start;
  if (text.charCodeAt(p) === 45) p++;
  let hex = false;
  if (text.charCodeAt(p) === 48 && text.charCodeAt(p + 1) === 120) {
    hex = true;
    p += 2;
  }
  const isMantissaDigit = hex ? isHexDigit : isDigit;
  let q = p;
  while (q < end && isMantissaDigit(text.charCodeAt(q))) q++;
  if (q === p || text.charCodeAt(q) !== 46 /* . */) return false;
  p = ++q;
  while (q < end && isMantissaDigit(text.charCodeAt(q))) q++;
  if (q === p) return false;
  const exponentMark = hex ? 112 : 101; // p | e
  if (q < end && (text.charCodeAt(q) | 0x20) === exponentMark) {
    q++;
    if (text.charCodeAt(q) === 45) q++;
    const digits = q;
    while (q < end && isDigit(text.charCodeAt(q))) q++;
    if (q === digits) return false;
  }
  const bodyEnd = q;
  let width: 32 | 64 = 64;
  if (q < end) {
    if (widthSuffix(text, q, end) !== 3 || q + 3 !== end) return false;
    width = text.charCodeAt(q + 1) === 51 ? 32 : 64;
  }
  const body = text.slice(start, bodyEnd);
  const value = hex ? parseHexFloat(body, width) : parseDecimalFloat(body, width);
  if (!Number.isFinite(value)) {
    throw new AssembleError(
      AssembleErrorCode.floatOverflow,
      start,
      end,
      `${clipped(body)} does not fit in an IEEE 754 binary${width} (out of range)`,
    );
  }
  out.kind = SymbolKind.Float;
  out.float = value;
  out.width = width;
  out.wireType = width === 32 ? WIRE_I32 : WIRE_I64;
  return true;
}
