/**
 * Floating-point literals, rounded exactly the way protoscope (Go's strconv.ParseFloat) rounds
 * them: correctly, to nearest, ties to even, straight to the target width.
 *
 * Why not just `Math.fround(Number(text))`? Rounding a decimal first to binary64 and then to
 * binary32 ("double rounding") is wrong for the rare literals whose binary64 rounding lands
 * exactly on the midpoint between two binary32 values. We detect that case and settle it with
 * exact integer arithmetic. Hex floats have no parser in JavaScript at all, so they are rounded
 * here from their exact value.
 */

/** The binary formats a literal can be rounded to. */
export type FloatWidth = 32 | 64;

/** Largest finite binary32 value. */
const MAX_FLOAT32 = 3.4028234663852886e38;
/** Halfway between the largest binary32 and 2^128: from here up, binary32 rounding overflows. */
const OVERFLOW_MIDPOINT_32 = 2 ** 128 - 2 ** 103;

interface Format {
  /** Significand bits, including the implicit leading one. */
  precision: number;
  /** Exponent of the smallest normal number. */
  minExponent: number;
  /** Exponent of the largest finite number. */
  maxExponent: number;
}

const BINARY32: Format = { precision: 24, minExponent: -126, maxExponent: 127 };
const BINARY64: Format = { precision: 53, minExponent: -1022, maxExponent: 1023 };

/**
 * Parses a decimal float literal body (`-?[0-9]+\.[0-9]+([eE]-?[0-9]+)?`, already validated) to
 * the nearest value of the given width. Returns ±Infinity when the value overflows the width
 * (protoscope reports those as errors).
 */
export function parseDecimalFloat(body: string, width: FloatWidth): number {
  const d = Number(body);
  if (width === 64 || !Number.isFinite(d)) return d;
  const f = Math.fround(d);
  if (f === d) return f;
  const sign = Math.sign(d);
  if (!Number.isFinite(f)) {
    // Past the largest binary32: an overflow, unless d is exactly the midpoint between it and
    // 2^128 while the exact decimal lies below it.
    if (Math.abs(d) !== OVERFLOW_MIDPOINT_32) return f;
    return compareDecimalWithDouble(body, d) * sign < 0 ? sign * MAX_FLOAT32 : f;
  }
  // Double rounding can only go wrong when d sits exactly halfway between f and its neighbour.
  const other = 2 * d - f;
  if (Math.fround(other) !== other) return f;
  const cmp = compareDecimalWithDouble(body, d);
  if (cmp === 0) return f; // a true tie: fround already chose the even one
  const awayFromZero = cmp * sign > 0;
  return awayFromZero === Math.abs(f) > Math.abs(other) ? f : other;
}

/**
 * Parses a hex float literal body (`-?0x[0-9a-fA-F]+\.[0-9a-fA-F]+([pP]-?[0-9]+)?`, already
 * validated) to the nearest value of the given width; ±Infinity on overflow.
 */
export function parseHexFloat(body: string, width: FloatWidth): number {
  let i = 0;
  const negative = body.charCodeAt(0) === 45; // "-"
  if (negative) i++;
  i += 2; // "0x"
  let digits = "";
  let fractionDigits = 0;
  let seenPoint = false;
  for (; i < body.length; i++) {
    const c = body[i]!;
    if (c === ".") {
      seenPoint = true;
      continue;
    }
    if (c === "p" || c === "P") break;
    digits += c;
    if (seenPoint) fractionDigits++;
  }
  let exponent = 0;
  if (i < body.length) {
    i++; // p
    let sign = 1;
    if (body[i] === "-") {
      sign = -1;
      i++;
    }
    for (; i < body.length; i++) {
      // Saturate: beyond this any mantissa over- or underflows anyway (Go saturates too).
      if (exponent < 100_000_000) exponent = exponent * 10 + (body.charCodeAt(i) - 48);
    }
    exponent *= sign;
  }
  const mantissa = BigInt("0x" + digits);
  const value = roundToFormat(mantissa, exponent - 4 * fractionDigits, width === 32 ? BINARY32 : BINARY64);
  return negative ? -value : value;
}

/** The nearest value of `format` to mantissa * 2^exponent (mantissa >= 0), or Infinity. */
function roundToFormat(mantissa: bigint, exponent: number, format: Format): number {
  if (mantissa === 0n) return 0;
  const bits = mantissa.toString(2).length;
  const top = exponent + bits - 1; // the value lies in [2^top, 2^(top+1))
  if (top > format.maxExponent + 1) return Infinity;
  // The weight of the last significand bit: fixed for subnormals, relative for normals.
  const quantum = Math.max(top, format.minExponent) - (format.precision - 1);
  let kept: bigint;
  if (exponent >= quantum) {
    kept = mantissa << BigInt(exponent - quantum);
  } else {
    const shift = BigInt(quantum - exponent);
    kept = mantissa >> shift;
    const rest = mantissa - (kept << shift);
    const half = 1n << (shift - 1n);
    if (rest > half || (rest === half && (kept & 1n) === 1n)) kept += 1n;
  }
  const result = Number(kept) * 2 ** quantum;
  const max = (2 - 2 ** (1 - format.precision)) * 2 ** format.maxExponent;
  return result > max ? Infinity : result;
}

/** Sign of (exact decimal `body`) - (binary64 `d`), computed exactly with integers. */
function compareDecimalWithDouble(body: string, d: number): number {
  const negative = body.charCodeAt(0) === 45;
  const m = /^-?([0-9]+)\.([0-9]+)(?:[eE](-?[0-9]+))?$/.exec(body)!;
  const intPart = m[1]!;
  const fracPart = m[2]!;
  const digits = BigInt(intPart + fracPart);
  // Exponents this large cannot sit on a binary32 midpoint; clamp to keep the arithmetic small.
  const e = Math.max(-100_000, Math.min(100_000, Number(m[3] ?? "0")));
  const decimalExponent = e - fracPart.length;
  const [dm, de] = exactBinary(Math.abs(d));
  // Compare digits * 10^decimalExponent with dm * 2^de.
  let left = digits;
  let right = dm;
  if (decimalExponent >= 0) left *= 10n ** BigInt(decimalExponent);
  else right *= 10n ** BigInt(-decimalExponent);
  if (de >= 0) right <<= BigInt(de);
  else left <<= BigInt(-de);
  const sign = left === right ? 0 : left > right ? 1 : -1;
  return negative ? -sign : sign;
}

/** A finite positive double as mantissa * 2^exponent, both exact. */
function exactBinary(x: number): [bigint, number] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (biased === 0) return [mantissa, -1074];
  mantissa |= 1n << 52n;
  return [mantissa, biased - 1075];
}

/**
 * The shortest decimal text that reads back as the same binary32 value (for annotations:
 * `1.1i32` reads "1.1", not 1.100000023841858).
 */
export function formatFloat32(value: number): string {
  if (!Number.isFinite(value) || value === 0) return String(value);
  for (let p = 1; p < 10; p++) {
    const text = value.toPrecision(p);
    if (Math.fround(Number(text)) === value) return String(Number(text));
  }
  return String(value);
}
