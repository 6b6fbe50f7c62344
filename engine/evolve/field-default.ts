/**
 * A field's default value as protoreflect gives it (`descriptor.Default()`): the declared default,
 * else the kind's zero value, else (for enums) the enum's first value; and buf's comparison of two
 * defaults across a type change (FIELD_SAME_DEFAULT).
 */
import { goBytes, goFloat, goQuote } from "./go-format.ts";
import { fieldKind, isMap, isSet, LABEL_REPEATED, T, type Fld } from "./breaking-model.ts";

export type DefaultValue =
  /** string and bytes defaults, compared as their bytes (a Latin-1 string of them). */
  | { kind: "bytes"; bytes: string; printable: string }
  | { kind: "bool"; value: boolean; printable: string }
  /** Integer kinds and enums (the value's number). */
  | { kind: "int"; value: bigint; printable: string }
  | { kind: "float"; bits: 32 | 64; value: number; printable: string };

const SIMPLE_ESCAPES: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, "\\": 92, "'": 39, '"': 34, "?": 63 };
const isOctal = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "7";
const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9a-fA-F]$/.test(c);

/** protoc's C unescaping of a bytes default (`\n`, `\\`, `\"`, octal `\ooo`, hex `\xhh`). */
function unescapeBytes(text: string): Uint8Array {
  const out: number[] = [];
  const encoder = new TextEncoder();
  let plain = "";
  const flush = () => {
    if (plain !== "") out.push(...encoder.encode(plain));
    plain = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== "\\" || i + 1 >= text.length) {
      plain += c;
      continue;
    }
    flush();
    const n = text[++i]!;
    if (n in SIMPLE_ESCAPES) out.push(SIMPLE_ESCAPES[n]!);
    else if (isOctal(n)) {
      let v = Number(n);
      for (let k = 1; k < 3 && isOctal(text[i + 1]); k++) v = v * 8 + Number(text[++i]);
      out.push(v & 0xff);
    } else if ((n === "x" || n === "X") && isHex(text[i + 1])) {
      let v = parseInt(text[++i]!, 16);
      if (isHex(text[i + 1])) v = v * 16 + parseInt(text[++i]!, 16);
      out.push(v);
    } else plain += n;
  }
  flush();
  return Uint8Array.from(out);
}

const latin1 = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

/** Whether buf compares defaults for the field: not repeated, not a map, not a message. */
export function canHaveDefault(f: Fld): boolean {
  const kind = fieldKind(f);
  return f.proto.label !== LABEL_REPEATED && !isMap(f) && kind !== T.MESSAGE && kind !== T.GROUP;
}

function parseFloatDefault(text: string): number {
  if (text === "inf") return Infinity;
  if (text === "-inf") return -Infinity;
  if (text === "nan" || text === "-nan") return NaN;
  return Number(text);
}

/** The field's default (declared, else zero, else an enum's first value); undefined if unknowable. */
export function fieldDefault(f: Fld): DefaultValue | undefined {
  const kind = fieldKind(f);
  // proto3 fields have no declared default; the descriptor keeps none either.
  const declared = isSet(f.proto, "defaultValue") && f.file.syntax !== "proto3" ? f.proto.defaultValue : undefined;
  switch (kind) {
    case T.BYTES: {
      const bytes = declared === undefined ? new Uint8Array(0) : unescapeBytes(declared);
      return { kind: "bytes", bytes: latin1(bytes), printable: goBytes(bytes) };
    }
    case T.STRING: {
      const text = declared ?? "";
      return { kind: "bytes", bytes: latin1(new TextEncoder().encode(text)), printable: goQuote(text) };
    }
    case T.BOOL: {
      const value = declared === "true";
      return { kind: "bool", value, printable: String(value) };
    }
    case T.FLOAT:
    case T.DOUBLE: {
      const bits = kind === T.FLOAT ? 32 : 64;
      let value = declared === undefined ? 0 : parseFloatDefault(declared);
      if (bits === 32) value = Math.fround(value);
      return { kind: "float", bits, value, printable: goFloat(value, bits) };
    }
    case T.ENUM: {
      const enm = f.file.side.enums.get(f.typeName);
      if (enm === undefined || enm.values.length === 0) return undefined;
      const byName = declared === undefined ? undefined : enm.values.find((v) => v.name === declared);
      const number = byName?.number ?? enm.values[0]!.number;
      const first = enm.values.find((v) => v.number === number)!;
      return { kind: "int", value: BigInt(number), printable: `${enm.name}.${first.name}` };
    }
    default: {
      let value = 0n;
      if (declared !== undefined) {
        try {
          value = BigInt(declared);
        } catch {
          value = 0n;
        }
      }
      return { kind: "int", value, printable: value.toString() };
    }
  }
}

/** Go's reflect.Value.IsZero of the comparable value (a float's bits: -0 is not zero). */
export function isZeroDefault(d: DefaultValue): boolean {
  switch (d.kind) {
    case "bytes":
      return d.bytes === "";
    case "bool":
      return !d.value;
    case "int":
      return d.value === 0n;
    case "float":
      return Object.is(d.value, 0);
  }
}

/** An exact number for comparison across kinds: booleans and integers as bigints, floats as is. */
const exact = (d: DefaultValue): bigint | number =>
  d.kind === "bool" ? (d.value ? 1n : 0n) : d.kind === "int" ? d.value : d.kind === "float" ? d.value : 0;

/**
 * buf's lenient comparison: strings and bytes by their bytes; numbers, booleans and enums by value
 * (a float32 against a float64 after rounding the float64 to float32); a string against a number
 * always differs.
 */
export function defaultsEqual(a: DefaultValue, b: DefaultValue): boolean {
  if (a.kind === "bytes" || b.kind === "bytes") return a.kind === "bytes" && b.kind === "bytes" && a.bytes === b.bytes;
  if (a.kind === "float" && b.kind === "float" && a.bits !== b.bits) {
    if (Number.isNaN(a.value) && Number.isNaN(b.value)) return true;
    return a.bits === 32 ? a.value === Math.fround(b.value) : Math.fround(a.value) === b.value;
  }
  const x = exact(a);
  const y = exact(b);
  const xNaN = typeof x === "number" && Number.isNaN(x);
  const yNaN = typeof y === "number" && Number.isNaN(y);
  if (xNaN || yNaN) return xNaN && yNaN;
  if (typeof x === typeof y) return x === y;
  const [n, big] = typeof x === "number" ? [x, y as bigint] : [y as number, x];
  return Number.isInteger(n) && BigInt(n) === big;
}
