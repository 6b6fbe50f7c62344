/**
 * Number reading and printing for the disassembler: varints with their redundant bytes, 64-bit
 * values as two 32-bit halves (BigInt only when the high half is used), and floats printed the
 * way Go's strconv prints them (shortest digits, `%g` layout), which is what protoscope emits.
 */

/**
 * Where `readVarint` leaves the value it read. Callers own one each and reuse it, so reading a
 * varint allocates nothing.
 */
export interface VarintValue {
  /** Low 32 bits of the value, unsigned. */
  lo: number;
  /** High 32 bits of the value, unsigned. */
  hi: number;
  /** Redundant trailing bytes (protoscope's `long-form:N`). */
  extra: number;
}

export function newVarintValue(): VarintValue {
  return { lo: 0, hi: 0, extra: 0 };
}

/**
 * Reads a varint of at most 10 bytes at `pos` (stopping at `end`) into `varint`; returns the
 * position after it, or -1 when it is truncated or longer than 64 bits (the tenth byte may only
 * be 0 or 1, as in protoscope).
 */
export function readVarint(bytes: Uint8Array, pos: number, end: number, varint: VarintValue): number {
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

/**
 * The shortest decimal digits that read back as the double `v` (> 0), from JavaScript's own
 * shortest formatting (`String(v)`: "123.45", "0.00012", "1.5e-7", "1e+21"), and the decimal
 * exponent of the first digit.
 */
function shortest64(v: number): { digits: string; exp: number } {
  const s = String(v);
  const e = s.indexOf("e");
  const mantissa = e < 0 ? s : s.slice(0, e);
  const eExp = e < 0 ? 0 : Number(s.slice(e + 1));
  const dot = mantissa.indexOf(".");
  const intLength = dot < 0 ? mantissa.length : dot;
  let digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  let zeros = 0;
  while (zeros < digits.length - 1 && digits.charCodeAt(zeros) === 0x30) zeros++;
  digits = digits.slice(zeros);
  let end = digits.length;
  while (end > 1 && digits.charCodeAt(end - 1) === 0x30) end--;
  return { digits: digits.slice(0, end), exp: intLength - 1 - zeros + eExp };
}

/** `digits` rounded (half to even) to `p` significant digits, with the adjusted exponent. */
function roundDigits(digits: string, exp: number, p: number): { digits: string; exp: number } {
  if (digits.length <= p) return { digits, exp };
  let head = Number(digits.slice(0, p));
  const next = digits.charCodeAt(p);
  const exactHalf = next === 0x35 && digits.length === p + 1;
  if (next > 0x35 || (next === 0x35 && !exactHalf) || (exactHalf && head % 2 === 1)) head++;
  let text = String(head);
  if (text.length > p) {
    // 999 rounded up to 1000: one digit more, one exponent up.
    text = text.slice(0, p);
    exp++;
  }
  return { digits: text, exp };
}

/**
 * Whether the decimal `digits`·10^(exp - digits.length + 1), read as a double and then rounded
 * to float32 (Math.fround of the parsed string), is `v`. Parsing the string was most of the cost
 * of printing random float32 bits, so the value is first computed in double arithmetic (at most
 * three roundings away from the exact value); that decides unless it lies so close to a
 * rounding boundary between two float32s that the roundings could matter, and then the string
 * is parsed as before.
 */
function readsBackAs32(digits: string, exp: number, v: number): boolean {
  const e = exp - digits.length + 1;
  const approx = timesPow10(Number(digits), e);
  const f = Math.fround(approx);
  if (f !== 0 && f !== Infinity && !nearFloat32Boundary(approx, f)) return f === v;
  return Math.fround(Number(`${digits}e${e}`)) === v;
}

/** n·10^e in double arithmetic (each step exact or one rounding; at most three steps here). */
function timesPow10(n: number, e: number): number {
  if (!(e > -400 && e < 400)) return e > 0 ? Infinity : 0; // never loop on a non-finite exponent
  while (e > 22) {
    n *= POW10[22]!;
    e -= 22;
  }
  while (e < -22) {
    n /= POW10[22]!;
    e += 22;
  }
  return e >= 0 ? n * POW10[e]! : n / POW10[-e]!;
}

/**
 * Whether the positive double `x`, which rounds to the float32 `f`, lies within 2^-48 of itself
 * (far more than the error of `timesPow10` plus the parse's own rounding) of a midpoint between
 * `f` and a neighbouring float32, where a different rounding path could round the other way.
 */
function nearFloat32Boundary(x: number, f: number): boolean {
  f32[0] = f;
  const bits = u32of32[0]!;
  if (bits >= 0x7f7fffff) return true; // the largest float32: its upper boundary is the overflow to infinity
  u32of32[0] = bits + 1;
  const up = f32[0]!;
  u32of32[0] = bits - 1;
  const down = f32[0]!;
  const tolerance = x * 3.552713678800501e-15; // 2^-48
  return (f + up) / 2 - x <= tolerance || x - (f + down) / 2 <= tolerance;
}

/** Powers of ten exact in a double (10^0 .. 10^22). */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * Shortest decimal digits that read back as the same float32 (what Go's
 * `FormatFloat(x, 'g', -1, 32)` picks): the fewest digits, and among those the closest.
 * Fast path in double arithmetic: for 1..9 digits, the candidates n·10^k around v, scaled with an
 * exact power of ten; a candidate reads back when Math.fround gives v again. Outside the exact
 * powers (|k| > 22), the slower string path.
 */
function shortest32(v: number): { digits: string; exp: number } {
  let exp = Math.floor(Math.log10(v));
  for (let p = 1; p <= 9; p++) {
    const k = exp - p + 1;
    // Outside the exact powers the scaling takes a few roundings: the answer stands only when
    // no candidate lies near a float32 rounding boundary and no two are nearly as close to v
    // (else the slower exact path decides).
    const exact = k <= 22 && k >= -22;
    if (!exact && !(k > -100 && k < 100)) return shortest32Slow(v); // not a finite float (callers screen those out)
    const scale = POW10[k < 0 ? -k : k] ?? 0;
    const scaled = exact ? (k >= 0 ? v / scale : v * scale) : timesPow10(v, -k);
    const n = Math.round(scaled);
    let best = -1;
    let bestDistance = Infinity;
    for (let m = n - 1; m <= n + 1; m++) {
      if (m <= 0) continue;
      const c = exact ? (k >= 0 ? m * scale : m / scale) : timesPow10(m, k);
      const f = Math.fround(c);
      if (!exact && (f === 0 || f === Infinity || nearFloat32Boundary(c, f))) return shortest32Slow(v);
      if (f !== v) continue;
      const distance = Math.abs(c - v);
      if (!exact && best > 0 && Math.abs(distance - bestDistance) <= v * 2.842170943040401e-14) return shortest32Slow(v); // 2^-45
      // Exact ties go to the even digit, as Go's shortest formatting (Ryu) rounds.
      if (distance < bestDistance || (distance === bestDistance && m % 2 === 0)) {
        best = m;
        bestDistance = distance;
      }
    }
    if (best > 0) {
      let digits = String(best);
      // A candidate may have one digit more (99 -> 100) or fewer (10 -> 9) than p.
      const e = k + digits.length - 1;
      let end = digits.length;
      while (end > 1 && digits.charCodeAt(end - 1) === 0x30) end--;
      digits = digits.slice(0, end);
      return { digits, exp: e };
    }
    // log10 may be off by one near powers of ten; the candidates absorb most of it.
    if (p === 1 && n >= 10) exp++;
  }
  return shortest32Slow(v);
}

/** `shortest32` through strings, for extreme exponents where the double arithmetic is too close to call. */
function shortest32Slow(v: number): { digits: string; exp: number } {
  const full = shortest64(v);
  // More digits never hurt, so binary-search the fewest whose rounding reads back.
  let lo = 1;
  let hi = Math.min(9, full.digits.length);
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const r = roundDigits(full.digits, full.exp, mid);
    if (readsBackAs32(r.digits, r.exp, v)) hi = mid;
    else lo = mid + 1;
  }
  const best = roundDigits(full.digits, full.exp, lo);
  // With one digit fewer, the nearest decimal may fall outside the float's rounding interval
  // while a neighbour falls inside (the interval is lopsided at powers of two).
  if (lo > 1) {
    const r = roundDigits(full.digits, full.exp, lo - 1);
    const d = Number(r.digits);
    for (const n of [d - 1, d + 1]) {
      if (n <= 0) continue;
      const x = Number(`${n}e${r.exp - (lo - 1) + 1}`);
      // The shortest digits of x parse back to x, so they read back as v exactly when x does:
      // make them only then.
      if (Math.fround(x) !== v) continue;
      const candidate = shortest64(x);
      if (readsBackAs32(candidate.digits, candidate.exp, v)) return candidate;
    }
  }
  return best;
}

/**
 * Go's `%g` layout of shortest digits, as protoscope adjusts it: exponent form (`1.5e-07`, at
 * least two exponent digits, no `+`) when the decimal exponent is below -4 or at least 6, plain
 * decimal otherwise, and always a `.` (`1.0`, `1.0e06`).
 *
 * protoscope falls back to a hex float when the decimal does not read back as the same bits; with
 * shortest digits (which by definition read back) that never happens, so there is no fallback.
 */
function layoutG(negative: boolean, digits: string, exp: number): string {
  let end = digits.length;
  while (end > 1 && digits.charCodeAt(end - 1) === 0x30) end--;
  if (end < digits.length) digits = digits.slice(0, end);
  let out: string;
  if (exp < -4 || exp >= 6) {
    const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : `${digits}.0`;
    const absExp = exp < 0 ? -exp : exp;
    out = `${mant}e${exp < 0 ? "-" : ""}${absExp < 10 ? "0" : ""}${absExp}`;
  } else if (exp < 0) {
    out = `0.${"0".repeat(-exp - 1)}${digits}`;
  } else if (digits.length > exp + 1) {
    out = `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  } else {
    out = digits + "0".repeat(exp + 1 - digits.length) + ".0";
  }
  return negative ? "-" + out : out;
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
  const { digits, exp } = shortest32(Math.abs(v));
  return layoutG(bits >>> 31 === 1, digits, exp);
}

/** A 64-bit float as protoscope prints it; see `formatFloat32`. */
export function formatFloat64(lo: number, hi: number, floatForSure: boolean): string {
  if (lo === 0 && hi === 0) return "0.0";
  if (lo === 0 && hi === 0x80000000) return "-0.0";
  const biased = (hi >>> 20) & 0x7ff;
  if (Math.abs(biased - 1023) >= 1023 && !floatForSure) return "";
  const v = float64FromBits(lo, hi);
  const { digits, exp } = shortest64(Math.abs(v));
  return layoutG(hi >>> 31 === 1, digits, exp);
}

/**
 * A float32 as a reader would write it in JavaScript: the shortest digits that read back as the
 * same float32 (`0.1`, not `0.10000000149011612`), `NaN`, `Infinity`, `-0`.
 */
export function float32Text(bits: number): string {
  const v = float32FromBits(bits);
  if (v !== v || v === Infinity || v === -Infinity || v === 0) return Object.is(v, -0) ? "-0" : String(v);
  const { digits, exp } = shortest32(Math.abs(v));
  const text = String(Number(`${digits}e${exp - digits.length + 1}`));
  return v < 0 ? "-" + text : text;
}
