/**
 * Number tokens to values, as protoc reads them: integers may be decimal, hex (`0x1F`) or octal
 * (`017`); a double may be any decimal integer or float token (`1`, `1.5`, `.5`, `1e3`, `1.5f`) but
 * not hex or octal, or one of the words `inf`, `infinity`, `nan` in any case.
 */

export const INT32_MAX = 0x7fffffffn;
export const UINT32_MAX = 0xffffffffn;
export const INT64_MAX = 0x7fffffffffffffffn;
export const UINT64_MAX = 0xffffffffffffffffn;

/** Whether an integer token is hex (`0x...`) or octal (a leading zero and more digits). */
export function isHexOrOctal(text: string): boolean {
  return text.length > 1 && text[0] === "0";
}

/** The value of an integer token (the tokenizer has checked its shape). */
export function integerTokenValue(text: string): bigint {
  if (text.length > 1 && text[0] === "0") {
    if (text[1] === "x" || text[1] === "X") return BigInt("0x" + text.slice(2));
    return BigInt("0o" + text.slice(1));
  }
  return BigInt(text);
}

/** The value of a decimal integer or float token as a double, correctly rounded (as strtod). */
export function decimalTokenValue(text: string): number {
  return Number(text.endsWith("f") || text.endsWith("F") ? text.slice(0, -1) : text);
}

/** The double a word stands for (`inf`, `infinity`, `nan`, any case), or undefined. */
export function namedDouble(word: string): number | undefined {
  const lower = word.toLowerCase();
  if (lower === "inf" || lower === "infinity") return Infinity;
  if (lower === "nan") return NaN;
  return undefined;
}
