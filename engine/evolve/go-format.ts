/**
 * Go's fmt verbs as buf's messages use them: `%q` (strconv.Quote) for names and strings, `%v` for
 * floats (the shortest representation that reads back) and `0x%X` for bytes.
 */

/** Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

const hex = (n: number, width: number): string => n.toString(16).padStart(width, "0");

/** Go's strconv.Quote (`%q`): double quotes, Go escapes, printable characters kept as they are. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const r = ch.codePointAt(0)!;
    if (ch === '"' || ch === "\\") out += "\\" + ch;
    else if (PRINTABLE.test(ch)) out += ch;
    else if (r === 7) out += "\\a";
    else if (r === 8) out += "\\b";
    else if (r === 12) out += "\\f";
    else if (r === 10) out += "\\n";
    else if (r === 13) out += "\\r";
    else if (r === 9) out += "\\t";
    else if (r === 11) out += "\\v";
    else if (r < 0x20 || r === 0x7f) out += "\\x" + hex(r, 2);
    else if (r >= 0xd800 && r <= 0xdfff) out += "\\ufffd";
    else if (r < 0x10000) out += "\\u" + hex(r, 4);
    else out += "\\U" + hex(r, 8);
  }
  return out + '"';
}

/** `a, b` joined with ", " after quoting each (buf's xstrings.JoinSliceQuoted). */
export const goQuoteJoin = (values: readonly string[]): string => values.map(goQuote).join(", ");

/**
 * Go's `%v` of a float: the shortest decimal that reads back as the same value (as a float32 when
 * `bits` is 32), in `%e` form (at least two exponent digits) when the decimal exponent is below -4
 * or at least 6, which is Go's rule for shortest output (1.234567e+06, 123456, 1e-05, 0.0001);
 * infinities and NaN as +Inf, -Inf, NaN.
 */
export function goFloat(value: number, bits: 32 | 64): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "+Inf";
  if (value === -Infinity) return "-Inf";
  if (value === 0) return Object.is(value, -0) ? "-0" : "0";
  // Shortest digits: JS gives them for float64; for float32, the fewest significant digits that
  // round back to the same float32 (toPrecision rounds correctly, as Go's shortest does).
  let exp: string;
  if (bits === 64) exp = value.toExponential();
  else {
    exp = value.toExponential(8);
    for (let p = 1; p <= 9; p++) {
      const candidate = value.toExponential(p - 1);
      if (Math.fround(Number(candidate)) === value) {
        exp = candidate;
        break;
      }
    }
  }
  const [mantissa, e] = exp.split("e") as [string, string];
  const decimalExp = Number(e);
  if (decimalExp < -4 || decimalExp >= 6) {
    const sign = decimalExp < 0 ? "-" : "+";
    return `${mantissa}e${sign}${String(Math.abs(decimalExp)).padStart(2, "0")}`;
  }
  // Fixed notation with exactly the shortest digits.
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  let text: string;
  if (decimalExp >= 0) {
    const intPart = digits.slice(0, decimalExp + 1).padEnd(decimalExp + 1, "0");
    const frac = digits.slice(decimalExp + 1);
    text = frac === "" ? intPart : `${intPart}.${frac}`;
  } else {
    text = `0.${"0".repeat(-decimalExp - 1)}${digits}`;
  }
  return negative ? `-${text}` : text;
}

/** Go's `fmt.Sprintf("0x%X", b)` for each byte, joined as buf prints a bytes default: [0x61,0x2]. */
export const goBytes = (bytes: Uint8Array): string => `[${Array.from(bytes, (b) => "0x" + b.toString(16).toUpperCase()).join(",")}]`;
