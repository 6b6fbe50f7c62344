/**
 * Number reading and printing for the disassembler: varints with their redundant bytes, 64-bit
 * values as two 32-bit halves (BigInt only when the high half is used), and floats printed the
 * way Go's strconv prints them (shortest digits, `%g` layout), which is what protoscope emits.
 */

/**
 * The result of the last `readVarint` call. Module-level state instead of a returned object, so
 * reading a varint allocates nothing; callers copy the fields out straight away.
 */
export const varint = {
  /** Low 32 bits of the value, unsigned. */
  lo: 0,
  /** High 32 bits of the value, unsigned. */
  hi: 0,
  /** Redundant trailing bytes (protoscope's `long-form:N`). */
  extra: 0,
};

/**
 * Reads a varint of at most 10 bytes at `pos` (stopping at `end`) into `varint`; returns the
 * position after it, or -1 when it is truncated or longer than 64 bits (the tenth byte may only
 * be 0 or 1, as in protoscope).
 */
export function readVarint(bytes: Uint8Array, pos: number, end: number): number {
  let lo = 0;
  let hi = 0;
  let extra = 0;
  for (let count = 0; ; count++) {
    if (pos >= end) return -1;
    const b = bytes[pos++]!;
    if (count === 9 && b > 1) return -1;
    const bits = b & 0x7f;
    if (count < 4) lo |= bits << (7 * count);
    else if (count === 4) {
      lo |= (bits & 0x0f) << 28;
      hi |= bits >>> 4;
    } else hi |= bits << (7 * count - 32);
    extra = bits === 0 ? extra + 1 : 0;
    if ((b & 0x80) === 0) break;
  }
  lo >>>= 0;
  hi >>>= 0;
  if (lo === 0 && hi === 0) extra--;
  varint.lo = lo;
  varint.hi = hi;
  varint.extra = extra;
  return pos;
}

const TWO_32 = 4294967296;

/** Unsigned decimal of a 64-bit value given as halves. */
export function formatUint64(lo: number, hi: number): string {
  if (hi === 0) return String(lo);
  if (hi < 0x200000) return String(hi * TWO_32 + lo);
  return ((BigInt(hi) << 32n) | BigInt(lo)).toString();
}

/** Signed (two's complement) decimal of a 64-bit value given as halves. */
export function formatInt64(lo: number, hi: number): string {
  if (hi === 0) return String(lo);
  if (hi === 0xffffffff && lo !== 0) return String(lo - TWO_32);
  if (hi < 0x200000) return String(hi * TWO_32 + lo);
  return BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo)).toString();
}

/** Decimal of the zigzag-decoded value (sint64) given as halves. */
export function formatZigzag64(lo: number, hi: number): string {
  // (v >>> 1) ^ -(v & 1)
  const nlo = ((lo >>> 1) | ((hi & 1) << 31)) >>> 0;
  const nhi = hi >>> 1;
  if ((lo & 1) === 0) return formatUint64(nlo, nhi);
  return formatInt64(~nlo >>> 0, ~nhi >>> 0);
}

/** Lowercase hex without leading zeros (Go's `%x`) of a 64-bit value given as halves. */
export function formatHex64(lo: number, hi: number): string {
  if (hi === 0) return lo.toString(16);
  return hi.toString(16) + lo.toString(16).padStart(8, "0");
}

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const f32 = new Float32Array(1);
const u32of32 = new Uint32Array(f32.buffer);

/** The float32 whose bits are `bits`. */
export function float32FromBits(bits: number): number {
  u32of32[0] = bits;
  return f32[0]!;
}

/** The float64 whose bits are the halves `lo`, `hi` (little-endian host order assumed). */
export function float64FromBits(lo: number, hi: number): number {
  u32[0] = lo;
  u32[1] = hi;
  return f64[0]!;
}

/** Shortest decimal digits of a float64 and the exponent of the first digit. */
function shortest64(v: number): { digits: string; exp: number } {
  const s = v.toExponential();
  const e = s.indexOf("e");
  return { digits: s.slice(0, e).replace(".", ""), exp: Number(s.slice(e + 1)) };
}

/**
 * Shortest decimal digits that read back as the same float32 (what Go's
 * `FormatFloat(x, 'g', -1, 32)` picks): the fewest digits, and among those the closest.
 */
function shortest32(v: number): { digits: string; exp: number } {
  for (let p = 1; p <= 9; p++) {
    const s = v.toExponential(p - 1);
    const e = s.indexOf("e");
    const digits = s.slice(0, e).replace(".", "");
    const exp = Number(s.slice(e + 1));
    if (Math.fround(Number(s)) === v) return { digits, exp };
    // The nearest p-digit decimal may fall outside the float's rounding interval where a
    // neighbour does not (the interval is lopsided at powers of two): try both neighbours.
    const d = Number(digits);
    for (const n of [d - 1, d + 1]) {
      if (n <= 0) continue;
      const candidate = Number(`${n}e${exp - p + 1}`);
      if (Math.fround(candidate) === v) {
        const t = candidate.toExponential(p - 1);
        const te = t.indexOf("e");
        return { digits: t.slice(0, te).replace(".", ""), exp: Number(t.slice(te + 1)) };
      }
    }
  }
  return shortest64(v);
}

/**
 * Go's `%g` layout for shortest digits: exponent form (`1.5e-07`, at least two exponent digits)
 * when the decimal exponent is below -4 or at least 6, plain decimal otherwise.
 */
function layoutG(negative: boolean, digits: string, exp: number): string {
  const trimmed = digits.replace(/0+$/, "") || "0";
  let out: string;
  if (exp < -4 || exp >= 6) {
    const mant = trimmed.length > 1 ? `${trimmed[0]}.${trimmed.slice(1)}` : trimmed;
    const absExp = Math.abs(exp);
    out = `${mant}e${exp < 0 ? "-" : "+"}${absExp < 10 ? "0" : ""}${absExp}`;
  } else if (exp < 0) {
    out = `0.${"0".repeat(-exp - 1)}${trimmed}`;
  } else if (trimmed.length > exp + 1) {
    out = `${trimmed.slice(0, exp + 1)}.${trimmed.slice(exp + 1)}`;
  } else {
    out = trimmed + "0".repeat(exp + 1 - trimmed.length);
  }
  return negative ? "-" + out : out;
}

/**
 * Go's `%x` layout of a float (`-0x1.8p+01`): hex mantissa with a leading 1 (subnormals are
 * normalized), at least two exponent digits.
 */
function layoutHexFloat(negative: boolean, mantHi: number, mantLo: number, mantBits: number, exp: number): string {
  // Work in BigInt: this path is rare (only when a decimal would not round-trip).
  let mant = (BigInt(mantHi) << 32n) | BigInt(mantLo);
  if (mant === 0n) exp = 0;
  mant <<= BigInt(60 - mantBits);
  while (mant !== 0n && (mant & (1n << 60n)) === 0n) {
    mant <<= 1n;
    exp--;
  }
  let out = negative ? "-0x" : "0x";
  out += String((mant >> 60n) & 1n);
  mant = (mant << 4n) & ((1n << 64n) - 1n);
  if (mant !== 0n) {
    out += ".";
    while (mant !== 0n) {
      out += ((mant >> 60n) & 15n).toString(16);
      mant = (mant << 4n) & ((1n << 64n) - 1n);
    }
  }
  const absExp = Math.abs(exp);
  out += `p${exp < 0 ? "-" : "+"}${absExp < 10 ? "0" : ""}${absExp}`;
  return out;
}

/** Adjusts Go's float text the way protoscope does: no `+` in the exponent, always a `.`. */
function protoscopeFloatText(s: string): string {
  s = s.replaceAll("+", "");
  if (!s.includes(".")) s = s.includes("e") ? s.replace("e", ".0e") : s + ".0";
  return s;
}

/**
 * A 32-bit float as protoscope prints it, or "" when its exponent is extreme (subnormal or the
 * largest finite exponent) and `floatForSure` is false: such bits are more likely an integer.
 * Callers handle NaN and infinities first.
 */
export function formatFloat32(bits: number, floatForSure: boolean): string {
  if (bits === 0) return "0.0";
  if (bits === 0x80000000) return "-0.0";
  const biased = (bits >>> 23) & 0xff;
  if (Math.abs(biased - 127) >= 127 && !floatForSure) return "";
  const v = float32FromBits(bits);
  const negative = bits >>> 31 === 1;
  const { digits, exp } = shortest32(Math.abs(v));
  let text = layoutG(negative, digits, exp);
  if (Math.fround(Number(text)) !== v) {
    const mant = bits & 0x7fffff;
    const e = biased === 0 ? -126 : biased - 127;
    text = layoutHexFloat(negative, 0, biased === 0 ? mant : mant | 0x800000, 23, e);
  }
  return protoscopeFloatText(text);
}

/** A 64-bit float as protoscope prints it; see `formatFloat32`. */
export function formatFloat64(lo: number, hi: number, floatForSure: boolean): string {
  if (lo === 0 && hi === 0) return "0.0";
  if (lo === 0 && hi === 0x80000000) return "-0.0";
  const biased = (hi >>> 20) & 0x7ff;
  if (Math.abs(biased - 1023) >= 1023 && !floatForSure) return "";
  const v = float64FromBits(lo, hi);
  const negative = hi >>> 31 === 1;
  const { digits, exp } = shortest64(Math.abs(v));
  let text = layoutG(negative, digits, exp);
  if (Number(text) !== v) {
    const mantHi = hi & 0xfffff;
    const e = biased === 0 ? -1022 : biased - 1023;
    text = layoutHexFloat(negative, biased === 0 ? mantHi : mantHi | 0x100000, lo, 52, e);
  }
  return protoscopeFloatText(text);
}
