/**
 * Writing a parsed message back, as protobuf's C++ runtime does after `protoc --decode`'s parse:
 * known fields by field number (extensions among them), each in the reader's own encoding (its
 * integer width, its packing, implicit-presence zeros left out), then the unknown fields in the
 * order they came. This is what a v2 service that reads and forwards a message sends on.
 *
 * `convertParsed` answers the other question a schema change raises: what a writer with the new
 * schema would write for the same data (the "what if" size).
 */
import type { DescField, DescMessage } from "@bufbuild/protobuf";
import { enumOf, wireTypeOf, type Parsed, type Scalar, type Unknown } from "../decode/protoc-text.ts";
import { FieldType as T, zigzagDecode64 } from "../wire/index.ts";

class Out {
  private chunks: number[] = [];
  byte(b: number) {
    this.chunks.push(b);
  }
  varint(v: bigint) {
    let x = BigInt.asUintN(64, v);
    while (x >= 0x80n) {
      this.chunks.push(Number(x & 0x7fn) | 0x80);
      x >>= 7n;
    }
    this.chunks.push(Number(x));
  }
  tag(no: number, wt: number) {
    this.varint((BigInt(no) << 3n) | BigInt(wt));
  }
  raw(b: Uint8Array) {
    for (const x of b) this.chunks.push(x);
  }
  bytes(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}

/** The scalar type a field's values have (enums count as int32), or undefined for messages. */
export function scalarOf(f: DescField): number | undefined {
  if (enumOf(f)) return T.INT32;
  if (f.fieldKind === "scalar" || (f.fieldKind === "list" && f.listKind === "scalar")) return (f as { scalar: number }).scalar;
  return undefined;
}

const isList = (f: DescField) => f.fieldKind === "list" || f.fieldKind === "map";
const isMessage = (f: DescField) => f.fieldKind === "message" || f.fieldKind === "map" || (f.fieldKind === "list" && f.listKind === "message");

/**
 * The varint a reader of type `scalar` writes for a value it read as varint `v`: its own width
 * (an int32 sign-extends its low 32 bits to ten bytes, a uint32 keeps 32 bits, a bool is 0 or 1).
 */
function varintAs(scalar: number, v: bigint): bigint {
  switch (scalar) {
    case T.INT32:
      return BigInt.asUintN(64, BigInt.asIntN(32, v));
    case T.UINT32:
    case T.SINT32:
      return BigInt.asUintN(32, v);
    case T.BOOL:
      return v === 0n ? 0n : 1n;
    default:
      return BigInt.asUintN(64, v);
  }
}

/** A value's bytes (no tag) as they were read: the varint, the length and the bytes, or the fixed bytes. */
function writeAsRead(out: Out, s: Scalar): void {
  if (s.kind === "varint") out.varint(s.v);
  else if (s.kind === "len") {
    out.varint(BigInt(s.v.length));
    out.raw(s.v);
  } else out.raw(s.v);
}

/** One value's bytes (no tag) as a reader of field `f` writes it: a varint in its own width, the rest as read. */
export function encodeScalar(f: DescField, s: Scalar): Uint8Array {
  const out = new Out();
  if (s.kind === "varint") out.varint(varintAs(scalarOf(f) ?? T.UINT64, s.v));
  else writeAsRead(out, s);
  return out.bytes();
}

function isZero(s: Scalar): boolean {
  if (s.kind === "varint") return s.v === 0n;
  if (s.kind === "len") return s.v.length === 0;
  // protobuf compares floats by bits for presence: -0.0 is written.
  return s.v.every((b) => b === 0);
}

/** The wire type of each kind of value read. */
const WIRE_TYPES = { varint: 0, i64: 1, len: 2, i32: 5 } as const;

/** An unknown field, written back as it came (a group with its fields in order). */
function writeUnknown(out: Out, u: Unknown): void {
  if (u.kind === "group") {
    out.tag(u.no, 3);
    for (const inner of u.v) writeUnknown(out, inner);
    out.tag(u.no, 4);
    return;
  }
  out.tag(u.no, WIRE_TYPES[u.kind]);
  writeAsRead(out, u);
}

function fieldsOf(p: Parsed): DescField[] {
  return [...p.desc.fields, ...[...p.extensions.values()].filter((f) => !p.desc.fields.includes(f))].sort((a, b) => a.number - b.number);
}

function writeMessage(out: Out, p: Parsed, mapEntry: boolean): void {
  for (const f of fieldsOf(p)) {
    const values = p.values.get(f.number);
    if (!values || values.length === 0) continue;
    if (isMessage(f)) {
      for (const v of values as Parsed[]) {
        const body = new Out();
        writeMessage(body, v, f.fieldKind === "map");
        const bytes = body.bytes();
        if (f.delimitedEncoding) {
          out.tag(f.number, 3);
          out.raw(bytes);
          out.tag(f.number, 4);
        } else {
          out.tag(f.number, 2);
          out.varint(BigInt(bytes.length));
          out.raw(bytes);
        }
      }
      continue;
    }
    const scalars = values as Scalar[];
    if (f.fieldKind === "list" && f.packed) {
      const body = new Out();
      for (const s of scalars) body.raw(encodeScalar(f, s));
      const bytes = body.bytes();
      out.tag(f.number, 2);
      out.varint(BigInt(bytes.length));
      out.raw(bytes);
      continue;
    }
    const wt = wireTypeOf(f);
    for (const s of scalars) {
      // Implicit presence: a zero is not written (a map entry writes its key and value always).
      if (!mapEntry && !isList(f) && f.presence === 2 && f.oneof === undefined && isZero(s)) continue;
      out.tag(f.number, wt);
      out.raw(encodeScalar(f, s));
    }
  }
  for (const u of p.unknown) writeUnknown(out, u);
}

/** The bytes a reader writes back for a message it parsed (see the file comment). */
export function serializeParsed(p: Parsed): Uint8Array {
  const out = new Out();
  writeMessage(out, p, false);
  return out.bytes();
}

// ---- the same data under another schema ------------------------------------------------------

/** A value's meaning, independent of its encoding. */
type Meaning = { kind: "int"; v: bigint } | { kind: "float"; v: number } | { kind: "bytes"; v: Uint8Array };

const le = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

function meaningOf(f: DescField, s: Scalar): Meaning {
  const scalar = scalarOf(f) ?? T.BYTES;
  switch (s.kind) {
    case "varint":
      switch (scalar) {
        case T.INT32:
          return { kind: "int", v: BigInt.asIntN(32, s.v) };
        case T.UINT32:
          return { kind: "int", v: BigInt.asUintN(32, s.v) };
        case T.INT64:
          return { kind: "int", v: BigInt.asIntN(64, s.v) };
        case T.SINT32:
          return { kind: "int", v: zigzagDecode64(BigInt.asUintN(32, s.v)) };
        case T.SINT64:
          return { kind: "int", v: zigzagDecode64(s.v) };
        case T.BOOL:
          return { kind: "int", v: s.v === 0n ? 0n : 1n };
        default:
          return { kind: "int", v: BigInt.asUintN(64, s.v) };
      }
    case "i32":
      if (scalar === T.FLOAT) return { kind: "float", v: le(s.v).getFloat32(0, true) };
      return { kind: "int", v: BigInt(scalar === T.SFIXED32 ? le(s.v).getInt32(0, true) : le(s.v).getUint32(0, true)) };
    case "i64":
      if (scalar === T.DOUBLE) return { kind: "float", v: le(s.v).getFloat64(0, true) };
      return { kind: "int", v: scalar === T.SFIXED64 ? le(s.v).getBigInt64(0, true) : le(s.v).getBigUint64(0, true) };
    case "len":
      return { kind: "bytes", v: s.v };
  }
}

/** The scalar a writer of field `f` writes for a meaning, or undefined when it cannot hold it. */
function scalarFor(f: DescField, m: Meaning): Scalar | undefined {
  const scalar = scalarOf(f);
  if (scalar === undefined) return undefined;
  if (m.kind === "bytes") return scalar === T.STRING || scalar === T.BYTES ? { kind: "len", v: m.v } : undefined;
  const asInt = m.kind === "int" ? m.v : Number.isFinite(m.v) ? BigInt(Math.trunc(m.v)) : 0n;
  const asFloat = m.kind === "float" ? m.v : Number(m.v);
  switch (scalar) {
    case T.STRING:
    case T.BYTES:
      return undefined;
    case T.FLOAT: {
      const b = new Uint8Array(4);
      le(b).setFloat32(0, asFloat, true);
      return { kind: "i32", v: b };
    }
    case T.DOUBLE: {
      const b = new Uint8Array(8);
      le(b).setFloat64(0, asFloat, true);
      return { kind: "i64", v: b };
    }
    case T.FIXED32:
    case T.SFIXED32: {
      const b = new Uint8Array(4);
      le(b).setUint32(0, Number(BigInt.asUintN(32, asInt)), true);
      return { kind: "i32", v: b };
    }
    case T.FIXED64:
    case T.SFIXED64: {
      const b = new Uint8Array(8);
      le(b).setBigUint64(0, BigInt.asUintN(64, asInt), true);
      return { kind: "i64", v: b };
    }
    case T.SINT32: {
      const n = BigInt.asIntN(32, asInt);
      return { kind: "varint", v: BigInt.asUintN(32, (n << 1n) ^ (n >> 31n)) };
    }
    case T.SINT64: {
      const n = BigInt.asIntN(64, asInt);
      return { kind: "varint", v: BigInt.asUintN(64, (n << 1n) ^ (n >> 63n)) };
    }
    case T.BOOL:
      return { kind: "varint", v: asInt === 0n ? 0n : 1n };
    default:
      return { kind: "varint", v: BigInt.asUintN(64, asInt) };
  }
}

/**
 * The data of `p` (parsed with one schema) as a writer with `desc` would hold it: each field
 * found by number, values converted to its type (an int32's -2 stays -2 as sint32 or fixed32), a
 * list becoming its last element for a singular field and a value a list of one for a repeated
 * one; fields `desc` lacks, and values it cannot hold, are left out, and so are unknown fields.
 */
export function convertParsed(p: Parsed, desc: DescMessage): Parsed {
  const out: Parsed = { desc, values: new Map(), extensions: new Map(), unknown: [] };
  for (const from of fieldsOf(p)) {
    const values = p.values.get(from.number);
    const to = desc.fields.find((f) => f.number === from.number);
    if (!values || values.length === 0 || !to) continue;
    const converted: (Scalar | Parsed)[] = [];
    for (const v of values) {
      if ("desc" in v) {
        if (isMessage(to) && to.fieldKind !== "map" && from.fieldKind !== "map") {
          const target = to.fieldKind === "message" ? to.message : to.fieldKind === "list" ? to.message : undefined;
          if (target) converted.push(convertParsed(v, target));
        } else if (to.fieldKind === "map" && from.fieldKind === "map") converted.push(v);
      } else if (!isMessage(to)) {
        const s = scalarFor(to, meaningOf(from, v));
        if (s) converted.push(s);
      }
    }
    if (converted.length === 0) continue;
    out.values.set(to.number, isList(to) ? converted : [converted[converted.length - 1]!]);
  }
  // A oneof keeps one member: the one with the highest number wins here (a writer sets one).
  for (const oneof of desc.oneofs) {
    const set = oneof.fields.filter((f) => out.values.has(f.number));
    for (const f of set.slice(0, -1)) out.values.delete(f.number);
  }
  return out;
}
