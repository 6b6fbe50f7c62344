/**
 * Human readings of values for the annotation tree (`Annotation.value`): numbers as people write
 * them, strings quoted, floats in the fewest digits that still name the same float.
 */
import type { TextValue } from "./types.ts";

/** The shortest decimal that reads back as the same 32-bit float (1.1, not 1.100000023841858). */
export function formatFloat32(v: number): string {
  if (!Number.isFinite(v)) return formatDouble(v);
  for (let p = 1; p < 10; p++) {
    const s = Number(v.toPrecision(p));
    if (Math.fround(s) === v) return String(s);
  }
  return String(v);
}

export function formatDouble(v: number): string {
  if (Number.isNaN(v)) return "nan";
  if (v === Infinity) return "inf";
  if (v === -Infinity) return "-inf";
  if (Object.is(v, -0)) return "-0";
  return String(v);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Bytes as a quoted text-format string: printable ASCII as is, the rest escaped. */
export function quoteBytes(bytes: Uint8Array): string {
  let s = '"';
  for (const b of bytes) {
    if (b === 34) s += '\\"';
    else if (b === 92) s += "\\\\";
    else if (b === 10) s += "\\n";
    else if (b === 13) s += "\\r";
    else if (b === 9) s += "\\t";
    else if (b >= 32 && b < 127) s += String.fromCharCode(b);
    else s += "\\" + b.toString(8).padStart(3, "0");
  }
  return s + '"';
}

/** A string field's value: the text when it is valid UTF-8, escaped bytes otherwise. */
export function quoteString(bytes: Uint8Array): string {
  try {
    return JSON.stringify(utf8.decode(bytes));
  } catch {
    return quoteBytes(bytes);
  }
}

export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The reading of a scalar value; `isString` tells a string field from a bytes field. */
export function formatValue(value: TextValue, isFloat32: boolean, isString: boolean): string {
  switch (value.kind) {
    case "int":
      return value.value.toString();
    case "float":
      if (Number.isNaN(value.value)) return value.negative ? "-nan" : "nan";
      return isFloat32 ? formatFloat32(value.value) : formatDouble(value.value);
    case "bool":
      return String(value.value);
    case "bytes":
      return isString ? quoteString(value.value) : quoteBytes(value.value);
    case "enum":
      return value.name === undefined ? String(value.value) : `${value.name} (${value.value})`;
    case "message":
      return "";
  }
}
