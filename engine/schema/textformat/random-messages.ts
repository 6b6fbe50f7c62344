/**
 * Random messages for the property and differential tests (test support only): a fast-check
 * arbitrary that builds `@bufbuild/protobuf` messages of any type, and a small text-format
 * printer, independent of the parser, that writes them in varied styles (lists and repeated
 * entries, `{}` and `<>`, octal and hex escapes, hex integers, separators and comments).
 */
import fc from "fast-check";
import { create, isFieldSet, ScalarType } from "@bufbuild/protobuf";
import type { DescEnum, DescField, DescMessage, Message } from "@bufbuild/protobuf";

type Init = Record<string, unknown>;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

function arbScalar(t: ScalarType): fc.Arbitrary<unknown> {
  switch (t) {
    case ScalarType.DOUBLE:
      return fc.double({ noNaN: true });
    case ScalarType.FLOAT:
      return fc.float({ noNaN: true }).map(Math.fround);
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return fc.integer();
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return fc.integer({ min: 0, max: 0xffffffff });
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return fc.bigInt({ min: INT64_MIN, max: INT64_MAX });
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return fc.bigInt({ min: 0n, max: UINT64_MAX });
    case ScalarType.BOOL:
      return fc.boolean();
    case ScalarType.STRING:
      return fc.string({ unit: "binary", maxLength: 8 });
    case ScalarType.BYTES:
      return fc.uint8Array({ maxLength: 8 });
  }
}

function arbEnum(e: DescEnum): fc.Arbitrary<number> {
  const named = fc.constantFrom(...e.values.map((v) => v.number));
  return e.open ? fc.oneof(named, fc.integer()) : named;
}

function arbValue(f: DescField, depth: number): fc.Arbitrary<unknown> | undefined {
  if (f.message) return depth > 0 ? arbMessageInit(f.message, depth - 1) : undefined;
  if (f.enum) return arbEnum(f.enum);
  return arbScalar(f.scalar!);
}

/** Init objects for `create()`; messages nest at most `depth` levels. */
export function arbMessageInit(desc: DescMessage, depth: number): fc.Arbitrary<Init> {
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      const choices = member.fields
        .map((f) => arbValue(f, depth)?.map((value) => ({ case: f.localName, value })))
        .filter((a) => a !== undefined);
      parts[member.localName] = fc.oneof(fc.constant({ case: undefined }), ...choices);
      continue;
    }
    const f = member;
    if (f.fieldKind === "map") {
      const key = arbScalar(f.mapKey).map((k) => String(k));
      const value = f.mapKind === "message" ? (depth > 0 ? arbMessageInit(f.message, depth - 1) : undefined) : f.mapKind === "enum" ? arbEnum(f.enum) : arbScalar(f.scalar);
      if (value) parts[f.localName] = fc.array(fc.tuple(key, value), { maxLength: 3 }).map((e) => Object.fromEntries(e));
      continue;
    }
    const value = arbValue(f, depth);
    if (!value) continue;
    parts[f.localName] = f.fieldKind === "list" ? fc.array(value, { maxLength: 4 }) : value;
  }
  return fc.record(parts, { requiredKeys: [] });
}

export function arbMessage(desc: DescMessage, depth = 2): fc.Arbitrary<Message> {
  return arbMessageInit(desc, depth).map((init) => create(desc, init as never) as Message);
}

// ---- printing -------------------------------------------------------------------------------

/** Printable ASCII stays; other bytes become octal or hex escapes (alternating). */
function quote(bytes: Uint8Array, rawUnicode: string | undefined): string {
  const plain = rawUnicode !== undefined && [...rawUnicode].every((ch) => ch.charCodeAt(0) >= 32 && ch !== "\u007f" && !"\"\\'".includes(ch));
  if (plain) return `'${rawUnicode}'`;
  let s = '"';
  bytes.forEach((b, i) => {
    if (b === 34) s += '\\"';
    else if (b === 92) s += "\\\\";
    else if (b >= 32 && b < 127) s += String.fromCharCode(b);
    else s += i % 2 === 0 ? "\\" + b.toString(8).padStart(3, "0") : "\\x" + b.toString(16).padStart(2, "0");
  });
  return s + '"';
}

function scalarText(t: ScalarType, v: unknown, style: number): string {
  switch (t) {
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT: {
      const n = v as number;
      if (n === Infinity) return style % 2 ? "inf" : "Infinity";
      if (n === -Infinity) return "-inf";
      if (Object.is(n, -0)) return "-0";
      const s = String(n);
      return style % 3 === 0 && t === ScalarType.FLOAT && /^-?\d+$/.test(s) === false ? s + "f" : s;
    }
    case ScalarType.BOOL:
      return (v ? ["true", "t", "True", "1"] : ["false", "f", "False", "0"])[style % 4]!;
    case ScalarType.STRING: {
      const str = v as string;
      return quote(new TextEncoder().encode(str), style % 2 ? str : undefined);
    }
    case ScalarType.BYTES:
      return quote(v as Uint8Array, undefined);
    default: {
      const n = BigInt(v as number | bigint);
      if (n >= 0n && style % 3 === 1) return "0x" + n.toString(16);
      if (n > 0n && style % 3 === 2) return "0" + n.toString(8);
      return n.toString();
    }
  }
}

function enumText(e: DescEnum, n: number, style: number): string {
  const v = e.values.find((v) => v.number === n);
  return v && style % 2 === 0 ? v.name : String(n);
}

/** The name text format uses for a field: a group's type name, otherwise the field name. */
function textName(f: DescField): string {
  return f.proto.type === 10 ? f.message!.name : f.name;
}

/** Prints a message as text format; `seed` varies the style deterministically. */
export function printTextFormat(desc: DescMessage, message: Message, seed = 0): string {
  const out: string[] = [];
  let style = seed;
  const next = () => ++style;
  const printMessage = (d: DescMessage, m: Message, indent: string): void => {
    const fields = [...d.fields];
    // Any field order is valid text; rotate to avoid always writing in declaration order.
    const rot = fields.length ? style % fields.length : 0;
    for (const f of [...fields.slice(rot), ...fields.slice(0, rot)]) {
      if (!isFieldSet(m, f)) continue;
      const raw = f.oneof
        ? (m as unknown as Record<string, { value: unknown }>)[f.oneof.localName]!.value
        : (m as unknown as Record<string, unknown>)[f.localName];
      const name = textName(f);
      const value = (v: unknown): string => {
        if (f.message) {
          const [open, close] = next() % 2 ? ["{", "}"] : ["<", ">"];
          out.push(`${indent}${name}${next() % 2 ? ":" : ""} ${open}`);
          printMessage(f.message, v as Message, indent + "  ");
          out.push(`${indent}${close}`);
          return "";
        }
        if (f.enum) return enumText(f.enum, v as number, next());
        return scalarText(f.scalar!, v, next());
      };
      if (f.fieldKind === "map") {
        for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
          const keyText = f.mapKey === ScalarType.STRING ? quote(new TextEncoder().encode(k), undefined) : k;
          out.push(`${indent}${name} {`);
          out.push(`${indent}  key: ${keyText}`);
          if (f.mapKind === "message") {
            out.push(`${indent}  value {`);
            printMessage(f.message, v as Message, indent + "    ");
            out.push(`${indent}  }`);
          } else {
            out.push(`${indent}  value: ${f.mapKind === "enum" ? enumText(f.enum, v as number, next()) : scalarText(f.scalar, v, next())}`);
          }
          out.push(`${indent}}`);
        }
      } else if (f.fieldKind === "list") {
        const items = raw as unknown[];
        if (!f.message && next() % 2) {
          out.push(`${indent}${name}: [${items.map(value).join(", ")}]${next() % 3 === 0 ? " # a list" : ""}`);
        } else {
          for (const item of items) {
            const text = value(item);
            if (text) out.push(`${indent}${name}: ${text}${next() % 2 ? ";" : ","}`);
          }
        }
      } else {
        const text = value(raw);
        if (text) out.push(`${indent}${name}: ${text}`);
      }
    }
  };
  printMessage(desc, message, "");
  return out.join("\n") + "\n";
}
