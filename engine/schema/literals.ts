/**
 * Literal values of the .proto language, read the way protoc reads them: integers in decimal,
 * octal (leading 0) or hex, string literals with C escapes (as bytes), and the text protoc writes
 * back for defaults (C-escaped bytes, shortest round-tripping doubles).
 */

/** Parses an integer token; undefined when it exceeds `max` (protoc's "Integer out of range."). */
export function parseInteger(text: string, max: bigint): bigint | undefined {
  let digits = text;
  let base = 10n;
  if (text.length > 1 && text[0] === "0") {
    if (text[1] === "x" || text[1] === "X") {
      base = 16n;
      digits = text.slice(2);
    } else {
      base = 8n;
      digits = text.slice(1);
    }
  }
  let value = 0n;
  for (const c of digits) {
    const d = BigInt(parseInt(c, 36));
    if (Number.isNaN(parseInt(c, 36)) || d >= base) return undefined;
    value = value * base + d;
    if (value > 18446744073709551615n) return undefined;
  }
  return value > max ? undefined : value;
}

const SIMPLE_ESCAPES: Record<string, number> = {
  a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, "\\": 92, "?": 63, "'": 39, '"': 34,
};

const encoder = new TextEncoder();

/** Decodes a quoted string token (quotes included) into the bytes it denotes. */
export function decodeStringLiteral(token: string): Uint8Array {
  const quote = token[0];
  const out: number[] = [];
  const end = token.length > 1 && token[token.length - 1] === quote ? token.length - 1 : token.length;
  const isOct = (c: string | undefined) => c !== undefined && c >= "0" && c <= "7";
  const isHexC = (c: string | undefined) => c !== undefined && /[0-9a-fA-F]/.test(c);
  for (let i = 1; i < end; i++) {
    const c = token[i]!;
    if (c !== "\\" || i + 1 >= end) {
      const cp = token.codePointAt(i)!;
      if (cp < 0x80) out.push(cp);
      else {
        const s = String.fromCodePoint(cp);
        for (const b of encoder.encode(s)) out.push(b);
        if (cp > 0xffff) i++;
      }
      continue;
    }
    const e = token[++i]!;
    if (isOct(e)) {
      let code = parseInt(e, 8);
      if (isOct(token[i + 1]) && i + 1 < end) code = code * 8 + parseInt(token[++i]!, 8);
      if (isOct(token[i + 1]) && i + 1 < end) code = code * 8 + parseInt(token[++i]!, 8);
      out.push(code & 0xff);
    } else if (e === "x") {
      let code = 0;
      if (isHexC(token[i + 1]) && i + 1 < end) code = parseInt(token[++i]!, 16);
      if (isHexC(token[i + 1]) && i + 1 < end) code = code * 16 + parseInt(token[++i]!, 16);
      out.push(code);
    } else if (e === "u" || e === "U") {
      const len = e === "u" ? 4 : 8;
      const hex = token.slice(i + 1, i + 1 + len);
      if (hex.length !== len || !/^[0-9a-fA-F]+$/.test(hex)) {
        out.push(e.charCodeAt(0));
        continue;
      }
      let cp = parseInt(hex, 16);
      i += len;
      if (cp >= 0xd800 && cp < 0xdc00 && token[i + 1] === "\\" && token[i + 2] === "u") {
        const trail = token.slice(i + 3, i + 7);
        if (/^[0-9a-fA-F]{4}$/.test(trail)) {
          const t = parseInt(trail, 16);
          if (t >= 0xdc00 && t < 0xe000) {
            cp = 0x10000 + (((cp - 0xd800) << 10) | (t - 0xdc00));
            i += 6;
          }
        }
      }
      if (cp > 0x10ffff) for (const b of encoder.encode(`\\U${cp.toString(16).padStart(8, "0")}`)) out.push(b);
      else if (cp >= 0xd800 && cp < 0xe000) {
        // a lone surrogate: protoc writes its 3-byte encoding
        out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
      } else for (const b of encoder.encode(String.fromCodePoint(cp))) out.push(b);
    } else {
      out.push(SIMPLE_ESCAPES[e] ?? 63);
    }
  }
  return new Uint8Array(out);
}

const decoder = new TextDecoder("utf-8");

export function utf8Decode(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** protoc's CEscape: printable ASCII as is, \n \r \t \" \' \\ named, everything else 3-digit octal. */
export function cEscape(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) {
    switch (b) {
      case 10: out += "\\n"; break;
      case 13: out += "\\r"; break;
      case 9: out += "\\t"; break;
      case 34: out += '\\"'; break;
      case 39: out += "\\'"; break;
      case 92: out += "\\\\"; break;
      default:
        if (b < 0x20 || b >= 0x7f) out += "\\" + b.toString(8).padStart(3, "0");
        else out += String.fromCharCode(b);
    }
  }
  return out;
}

/** C's printf("%.{precision}g"). */
function formatG(value: number, precision: number): string {
  if (value === 0) return Object.is(value, -0) ? "-0" : "0";
  // The exponent after rounding to `precision` digits decides the notation, as in printf.
  const [mantissa, e] = value.toExponential(precision - 1).split("e");
  const exponent = Number(e);
  if (exponent < -4 || exponent >= precision) {
    const m = mantissa!.includes(".") ? mantissa!.replace(/0+$/, "").replace(/\.$/, "") : mantissa!;
    const sign = exponent < 0 ? "-" : "+";
    return `${m}e${sign}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  const fixed = value.toFixed(Math.max(0, precision - 1 - exponent));
  return fixed.includes(".") ? fixed.replace(/0+$/, "").replace(/\.$/, "") : fixed;
}

/** protoc's SimpleDtoa: %.15g when it round-trips, else %.17g; "inf", "-inf", "nan". */
export function formatDouble(value: number): string {
  if (value === Infinity) return "inf";
  if (value === -Infinity) return "-inf";
  if (Number.isNaN(value)) return "nan";
  const short = formatG(value, 15);
  if (Number(short) === value) return short;
  return formatG(value, 17);
}

/** protoc's SimpleFtoa for float options: %.6g when it round-trips through float32, else %.9g. */
export function formatFloat(value: number): string {
  if (value === Infinity) return "inf";
  if (value === -Infinity) return "-inf";
  if (Number.isNaN(value)) return "nan";
  const short = formatG(value, 6);
  if (Math.fround(Number(short)) === Math.fround(value)) return short;
  return formatG(value, 9);
}
