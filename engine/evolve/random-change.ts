/**
 * Random schema pairs for testing the reader's view: a small message under proto2, proto3 or
 * edition 2023 (scalars, an enum, a nested message, repeated, optional and oneof fields), one
 * random change of the kinds people make (a new type, packed ↔ expanded, singular ↔ repeated,
 * into a oneof, a deletion with or without `reserved`, a rename, a new number, presence added or
 * removed, an enum value deleted, an enum made closed), and a random message written with the
 * first version. Deterministic for a seed. Used by the property test against protoc and by the
 * timing script; not shipped to the page.
 */
import type { DescField, DescMessage } from "@bufbuild/protobuf";
import type { Parsed, Scalar } from "../decode/protoc-text.ts";

export type Syntax = "proto2" | "proto3" | "2023";
export type Card = "single" | "optional" | "repeated";

export interface FieldModel {
  name: string;
  no: number;
  type: string;
  /** single: implicit presence where the syntax has it (proto2: optional); optional: explicit. */
  card: Card;
  /** true: packed, false: expanded, undefined: the syntax's default. */
  packed?: boolean;
  oneof?: string;
}

export interface SchemaModel {
  syntax: Syntax;
  fields: FieldModel[];
  enumValues: number[];
  /** Edition 2023 only: `option features.enum_type = CLOSED;`. */
  enumClosed: boolean;
  reserved: string[];
}

export const SCALARS = ["int32", "int64", "uint32", "uint64", "sint32", "sint64", "bool", "fixed32", "fixed64", "sfixed32", "sfixed64", "float", "double", "string", "bytes"] as const;
const TYPES = [...SCALARS, "E", "S"];
const packable = (t: string) => t !== "string" && t !== "bytes" && t !== "S";

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    // mulberry32
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

export function randomSchema(rng: Rng): SchemaModel {
  const syntax = rng.pick(["proto2", "proto3", "2023"] as const);
  const count = 2 + rng.int(5);
  const fields: FieldModel[] = [];
  for (let i = 0; i < count; i++) {
    const type = rng.pick(TYPES);
    const card: Card = rng.pick(["single", "optional", "repeated"] as const);
    const f: FieldModel = { name: `f${i + 1}`, no: i + 1, type, card };
    if (card === "repeated" && packable(type) && rng.chance(0.3)) f.packed = rng.chance(0.5);
    fields.push(f);
  }
  // Sometimes two singular fields share a oneof.
  const singles = fields.filter((f) => f.card !== "repeated");
  if (singles.length >= 2 && rng.chance(0.25)) for (const f of singles.slice(0, 2)) f.oneof = "choice";
  return { syntax, fields, enumValues: [0, 1, 2, 3], enumClosed: syntax === "2023" && rng.chance(0.2), reserved: [] };
}

export function renderSchema(m: SchemaModel): string {
  const head = m.syntax === "2023" ? `edition = "2023";` : `syntax = "${m.syntax}";`;
  const nested = m.syntax === "proto2" ? "optional " : "";
  const lines = [head, "package t;", ""];
  lines.push("enum E {");
  if (m.enumClosed) lines.push("  option features.enum_type = CLOSED;");
  for (const v of m.enumValues) lines.push(`  E_${v} = ${v};`);
  lines.push("}", "", "message S {", `  ${nested}int32 x = 1;`, `  ${nested}string y = 2;`, "}", "", "message M {");
  const rendered = new Set<string>();
  for (const f of m.fields) {
    if (f.oneof) {
      if (rendered.has(f.oneof)) continue;
      rendered.add(f.oneof);
      lines.push(`  oneof ${f.oneof} {`);
      for (const g of m.fields.filter((x) => x.oneof === f.oneof)) lines.push(`  ${renderField(m, g)}`);
      lines.push("  }");
    } else lines.push(renderField(m, f));
  }
  if (m.reserved.length > 0) lines.push(`  reserved ${m.reserved.join(", ")};`);
  lines.push("}", "");
  return lines.join("\n");
}

function renderField(m: SchemaModel, f: FieldModel): string {
  const opts: string[] = [];
  let label = "";
  if (f.card === "repeated") label = "repeated ";
  else if (m.syntax === "proto2" && !f.oneof) label = "optional ";
  else if (m.syntax === "proto3" && f.card === "optional" && !f.oneof && f.type !== "S") label = "optional ";
  if (m.syntax === "2023" && f.card === "single" && !f.oneof && f.type !== "S") opts.push("features.field_presence = IMPLICIT");
  if (f.card === "repeated" && packable(f.type) && f.packed !== undefined) {
    opts.push(m.syntax === "2023" ? `features.repeated_field_encoding = ${f.packed ? "PACKED" : "EXPANDED"}` : `packed = ${f.packed}`);
  }
  // An implicit-presence enum field needs an open enum.
  if (m.syntax === "2023" && f.type === "E" && m.enumClosed && opts[0]?.startsWith("features.field_presence")) opts.shift();
  return `  ${label}${f.type} ${f.name} = ${f.no}${opts.length > 0 ? ` [${opts.join(", ")}]` : ""};`;
}

export interface Change {
  kind: string;
  field?: string;
  to?: string;
}

/** One random change to a copy of `m`, and what it was. */
export function randomChange(m: SchemaModel, rng: Rng): { next: SchemaModel; change: Change } {
  const next: SchemaModel = { ...m, fields: m.fields.map((f) => ({ ...f })), enumValues: [...m.enumValues], reserved: [...m.reserved] };
  const f = rng.pick(next.fields);
  const kinds = ["type", "type", "type", "packing", "cardinality", "oneof", "delete", "delete-reserved", "rename", "renumber", "presence", "enum-value", "enum-closed"];
  for (let tries = 0; tries < 20; tries++) {
    const kind = rng.pick(kinds);
    switch (kind) {
      case "type": {
        const to = rng.pick(TYPES.filter((t) => t !== f.type));
        f.type = to;
        if (!packable(to)) delete f.packed;
        if (to === "S" && f.card === "single") f.card = "optional";
        return { next, change: { kind, field: f.name, to } };
      }
      case "packing":
        if (f.card !== "repeated" || !packable(f.type)) continue;
        f.packed = !(f.packed ?? m.syntax !== "proto2");
        return { next, change: { kind, field: f.name, to: f.packed ? "packed" : "expanded" } };
      case "cardinality":
        if (f.oneof) continue;
        f.card = f.card === "repeated" ? (f.type === "S" ? "optional" : rng.pick(["single", "optional"] as const)) : "repeated";
        if (f.card !== "repeated") delete f.packed;
        return { next, change: { kind, field: f.name, to: f.card } };
      case "oneof":
        if (f.oneof || f.card === "repeated") continue;
        // With a second field when there is one: a writer that set both is read as one member.
        f.oneof = "moved";
        for (const g of next.fields) if (g !== f && !g.oneof && g.card !== "repeated" && rng.chance(0.7)) {
          g.oneof = "moved";
          break;
        }
        return { next, change: { kind, field: f.name } };
      case "delete":
      case "delete-reserved":
        if (next.fields.length < 2) continue;
        next.fields = next.fields.filter((g) => g !== f);
        if (kind === "delete-reserved") next.reserved.push(String(f.no));
        return { next, change: { kind, field: f.name } };
      case "rename":
        f.name = `${f.name}_renamed`;
        return { next, change: { kind, field: f.name } };
      case "renumber": {
        const used = new Set(next.fields.map((g) => g.no));
        let no = 1;
        while (used.has(no)) no++;
        f.no = no;
        return { next, change: { kind, field: f.name, to: String(no) } };
      }
      case "presence":
        if (f.card === "repeated" || f.oneof || f.type === "S" || m.syntax === "proto2") continue;
        f.card = f.card === "single" ? "optional" : "single";
        return { next, change: { kind, field: f.name, to: f.card } };
      case "enum-value":
        if (!next.enumValues.includes(2)) continue;
        next.enumValues = next.enumValues.filter((v) => v !== 2);
        return { next, change: { kind, to: "E_2 deleted" } };
      case "enum-closed":
        if (m.syntax !== "2023") continue;
        next.enumClosed = !next.enumClosed;
        return { next, change: { kind, to: next.enumClosed ? "closed" : "open" } };
    }
  }
  f.name = `${f.name}_renamed`;
  return { next, change: { kind: "rename", field: f.name } };
}

const TEXT = ["", "a", "héllo", "日本", "x".repeat(20)];

function randomScalar(f: DescField, rng: Rng): Scalar {
  const scalar = f.fieldKind === "enum" || (f.fieldKind === "list" && f.listKind === "enum") ? 5 : (f as { scalar: number }).scalar;
  const enumField = f.fieldKind === "enum" || (f.fieldKind === "list" && f.listKind === "enum");
  const ints = [0n, 1n, 2n, 3n, -1n, -2n, 150n, 300n, 2147483647n, -2147483648n, 4294967295n, 5000000000n, -5000000000n, 9223372036854775807n];
  const pickInt = () => rng.pick(ints);
  const bytes = (n: number, v: bigint) => {
    const b = new Uint8Array(n);
    const dv = new DataView(b.buffer);
    if (n === 4) dv.setUint32(0, Number(BigInt.asUintN(32, v)), true);
    else dv.setBigUint64(0, BigInt.asUintN(64, v), true);
    return b;
  };
  if (enumField) return { kind: "varint", v: BigInt.asUintN(64, BigInt(rng.pick([0, 1, 2, 3]))) };
  switch (scalar) {
    case 1: {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setFloat64(0, rng.pick([0, 1.5, -2, 0.1, 1e300]), true);
      return { kind: "i64", v: b };
    }
    case 2: {
      const b = new Uint8Array(4);
      new DataView(b.buffer).setFloat32(0, rng.pick([0, 1.5, -2, 0.25]), true);
      return { kind: "i32", v: b };
    }
    case 6:
    case 16:
      return { kind: "i64", v: bytes(8, pickInt()) };
    case 7:
    case 15:
      return { kind: "i32", v: bytes(4, pickInt()) };
    case 8:
      return { kind: "varint", v: rng.chance(0.5) ? 1n : 0n };
    case 9:
      return { kind: "len", v: new TextEncoder().encode(rng.pick(TEXT)) };
    case 12:
      return { kind: "len", v: rng.chance(0.3) ? Uint8Array.of(0xff, 0x01) : new TextEncoder().encode(rng.pick(TEXT)) };
    case 5:
      return { kind: "varint", v: BigInt.asUintN(64, BigInt.asIntN(32, pickInt())) };
    case 13:
      return { kind: "varint", v: BigInt.asUintN(32, pickInt()) };
    case 17: {
      const n = BigInt.asIntN(32, pickInt());
      return { kind: "varint", v: BigInt.asUintN(32, (n << 1n) ^ (n >> 31n)) };
    }
    case 18: {
      const n = BigInt.asIntN(64, pickInt());
      return { kind: "varint", v: BigInt.asUintN(64, (n << 1n) ^ (n >> 63n)) };
    }
    default:
      return { kind: "varint", v: BigInt.asUintN(64, pickInt()) };
  }
}

/** A random message of `desc` (its fields set or not, lists of 0-3 values). */
export function randomMessage(desc: DescMessage, rng: Rng, depth = 0): Parsed {
  const p: Parsed = { desc, values: new Map(), extensions: new Map(), unknown: [] };
  for (const f of desc.fields) {
    if (!rng.chance(0.75)) continue;
    const n = f.fieldKind === "list" ? rng.int(4) : 1;
    const values: (Scalar | Parsed)[] = [];
    for (let i = 0; i < n; i++) {
      const message = f.fieldKind === "message" ? f.message : f.fieldKind === "list" && f.listKind === "message" ? f.message : undefined;
      if (message) {
        if (depth < 2) values.push(randomMessage(message, rng, depth + 1));
      } else values.push(randomScalar(f, rng));
    }
    if (values.length === 0) continue;
    if (f.oneof) for (const other of f.oneof.fields) p.values.delete(other.number);
    p.values.set(f.number, values);
  }
  return p;
}
