/**
 * The decoder line-up: the same bytes, with the same schema, through three real decoders (the
 * engine's, which parses by the rules of protoc 36.2's C++ parser (protoc-text.ts, kept exact by
 * golden files from protoc), @bufbuild/protobuf's fromBinary and protobufjs, its schema parsed
 * from the same .proto text), each reported field by field in one notation so that where
 * they agree, where they differ and which one throws can be read side by side. Differences are
 * facts about the libraries, not something to smooth over: each decoder's own error message is
 * kept as it threw it.
 *
 * The notation of a value: integers in decimal, bools as true/false, floats as JavaScript prints
 * the number, strings JSON-quoted, bytes as hex, enums by number, a message as
 * `{N: value, ...}` by field number, a list as `[a, b]`, a map as `{key: value}` sorted by key.
 */
import { fromBinary, isFieldSet, type DescField, type DescMessage, type Message } from "@bufbuild/protobuf";
import protobuf from "protobufjs";
import { FieldType as T, toHex, zigzagDecode64 } from "../wire/index.ts";
import { parseLikeProtoc, type Parsed, type Scalar } from "./protoc-text.ts";
import { LIBRARY_VERSIONS, LINEUP_DECODERS, type LineupDecoderName } from "./versions.ts";
import { READING_PROTO } from "./generated/reading-proto.ts";
import { lesson as readingRoot } from "./generated/pbjs/reading.js";

/**
 * protobufjs builds each decoder with `new Function`, which the app's Content-Security-Policy
 * forbids on the page (and in a Worker whose host sends the policy as a header). For the schemas
 * lessons decode on the page, pbjs generated the same decoders as static code ahead of time
 * (scripts/gen-lineup-code.mjs); they are used only when the schema is exactly that text.
 */
const STATIC_PBJS: readonly { text: string; types: Record<string, { decode(bytes: Uint8Array): unknown }> }[] = [
  { text: READING_PROTO, types: { "lesson.malformed.v1.Reading": readingRoot.malformed.v1.Reading } },
];

function staticProtobufjs(typeName: string, protos: Readonly<Record<string, string>>) {
  const texts = Object.values(protos);
  return STATIC_PBJS.find((s) => texts.length === 1 && texts[0] === s.text)?.types[typeName];
}

export interface LineupField {
  number: number;
  name: string;
  value: string;
}

export interface LineupDecoder {
  name: string;
  version: string;
  ok: boolean;
  /** The decoder's own message when it threw; absent when it read the bytes. */
  error?: string;
  fields: LineupField[];
}

export interface Lineup {
  decoders: LineupDecoder[];
}

export { LINEUP_DECODERS, type LineupDecoderName } from "./versions.ts";

const hex = (b: Uint8Array) => toHex(b);

/** One value in the line-up's notation, read through the descriptor whatever the decoder's object looks like. */
function show(f: DescField | { fieldKind: "scalar"; scalar: number } | { fieldKind: "message"; message: DescMessage }, v: unknown, get: Getter): string {
  if (f.fieldKind === "message") return showMessage(f.message, v, get);
  if (f.fieldKind === "enum") return String(num(v));
  return scalar(v);
}

function num(v: unknown): string | number {
  if (typeof v === "bigint" || typeof v === "number") return typeof v === "number" ? v : v.toString();
  if (v && typeof v === "object" && "toString" in v && "low" in v) return (v as { toString(): string }).toString(); // a protobufjs Long
  return Number(v);
}

function scalar(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (v instanceof Uint8Array) return hex(v);
  if (typeof v === "boolean") return String(v);
  return String(num(v));
}

/** How to read a field off a decoder's message object (by localName, with its own conventions). */
type Getter = (msg: unknown, f: DescField) => unknown;

function present(f: DescField, v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (f.fieldKind === "list") return (v as unknown[]).length > 0;
  if (f.fieldKind === "map") return Object.keys(v as object).length > 0;
  if (f.presence === 2 && f.fieldKind !== "message") {
    // Implicit presence: a zero value is not a field the bytes set.
    if (v instanceof Uint8Array) return v.length > 0;
    if (typeof v === "string") return v.length > 0;
    if (typeof v === "boolean") return v;
    return String(num(v)) !== "0";
  }
  return true;
}

function showField(f: DescField, v: unknown, get: Getter): string {
  if (f.fieldKind === "list") {
    const inner = f.listKind === "message" ? { fieldKind: "message" as const, message: f.message } : f.listKind === "enum" ? ({ fieldKind: "enum" } as never) : { fieldKind: "scalar" as const, scalar: f.scalar };
    return `[${(v as unknown[]).map((x) => show(inner, x, get)).join(", ")}]`;
  }
  if (f.fieldKind === "map") {
    const value = f.mapKind === "message" ? { fieldKind: "message" as const, message: f.message } : f.mapKind === "enum" ? ({ fieldKind: "enum" } as never) : { fieldKind: "scalar" as const, scalar: f.scalar };
    const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${k}: ${show(value, x, get)}`).join(", ")}}`;
  }
  return show(f, v, get);
}

function fieldsOf(desc: DescMessage, msg: unknown, get: Getter): LineupField[] {
  const out: LineupField[] = [];
  for (const f of [...desc.fields].sort((a, b) => a.number - b.number)) {
    const v = get(msg, f);
    if (!present(f, v)) continue;
    out.push({ number: f.number, name: f.name, value: showField(f, v, get) });
  }
  return out;
}

function showMessage(desc: DescMessage, msg: unknown, get: Getter): string {
  return `{${fieldsOf(desc, msg, get)
    .map((x) => `${x.number}: ${x.value}`)
    .join(", ")}}`;
}

/** @bufbuild/protobuf: fields by localName, a oneof as {case, value}; an unset field reads its default, so ask first. */
const byBufbuild: Getter = (msg, f) => {
  if (!isFieldSet(msg as Message, f)) return f.fieldKind === "list" ? [] : undefined;
  const m = msg as Record<string, unknown>;
  if (f.oneof) {
    const o = m[f.oneof.localName] as { case?: string; value?: unknown } | undefined;
    if (o && typeof o === "object" && "case" in o) return o.case === f.localName ? o.value : undefined;
  }
  return m[f.localName];
};

function failed(name: LineupDecoderName, e: unknown): LineupDecoder {
  // Where a policy forbids protobufjs's `new Function`, say so rather than quote the browser.
  const evalRefused = e instanceof Error && (e.name === "EvalError" || /unsafe-eval|Content Security Policy/i.test(e.message));
  const error = evalRefused ? "protobufjs builds its decoder with new Function, which this page's Content-Security-Policy forbids (wirelab decode --lineup runs it)" : e instanceof Error ? e.message : String(e);
  return { name, version: LIBRARY_VERSIONS[name], ok: false, error, fields: [] };
}

/**
 * Runs one decoder of the line-up. `protos` are the schema's .proto files (import path -> text),
 * which protobufjs parses itself; `desc` is the message type as the engine compiled it.
 */
export function runLineupDecoder(name: LineupDecoderName, desc: DescMessage, bytes: Uint8Array, protos: Readonly<Record<string, string>>): LineupDecoder {
  const ok = (fields: LineupField[]): LineupDecoder => ({ name, version: LIBRARY_VERSIONS[name], ok: true, fields });
  try {
    if (name === "wirelab") {
      const r = parseLikeProtoc(desc, bytes);
      if (!r.parsed) return failed(name, new Error(`Failed to parse input: ${r.error}`));
      return ok(fieldsOf(desc, r.parsed, byParsed));
    }
    if (name === "@bufbuild/protobuf") return ok(fieldsOf(desc, fromBinary(desc, bytes), byBufbuild));
    const precompiled = staticProtobufjs(desc.typeName, protos);
    if (precompiled) return ok(fieldsOf(desc, precompiled.decode(bytes), byProtobufjsKeepCase));
    const type = protobufjsRoot(protos).lookupType(desc.typeName);
    const msg = type.decode(bytes);
    return ok(fieldsOf(desc, msg, byProtobufjsKeepCase));
  } catch (e) {
    return failed(name, e);
  }
}

/**
 * protobufjs's Root for a schema, parsed once per text (the line-up runs again on every change of
 * the bytes, and parsing the .proto text was most of protobufjs's time). A few schemas are kept.
 */
const roots = new Map<string, protobuf.Root>();
export function protobufjsRoot(protos: Readonly<Record<string, string>>): protobuf.Root {
  const key = JSON.stringify(protos);
  let root = roots.get(key);
  if (!root) {
    root = new protobuf.Root();
    root.resolvePath = (_origin, target) => target;
    for (const text of Object.values(protos)) protobuf.parse(text, root, { keepCase: true, alternateCommentMode: true });
    if (roots.size >= 8) roots.delete(roots.keys().next().value!);
    roots.set(key, root);
  }
  return root;
}

/** protobufjs parsed with keepCase: fields by their proto name. */
const byProtobufjsKeepCase: Getter = (msg, f) => {
  const m = msg as Record<string, unknown>;
  if (!Object.prototype.hasOwnProperty.call(m, f.name)) {
    // Unset: protobufjs leaves it on the prototype (its default); the line-up shows it unset.
    return f.fieldKind === "list" ? [] : undefined;
  }
  return m[f.name];
};

const le = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

/** A scalar of the engine's parse as the JavaScript value the libraries would give for its type. */
function jsValue(f: DescField, s: Scalar): unknown {
  const t = f.fieldKind === "enum" || (f.fieldKind === "list" && f.listKind === "enum") || (f.fieldKind === "map" && f.mapKind === "enum") ? T.INT32 : (f as { scalar: number }).scalar;
  switch (s.kind) {
    case "varint":
      if (t === T.BOOL) return s.v !== 0n;
      if (t === T.INT32) return Number(BigInt.asIntN(32, s.v));
      if (t === T.UINT32) return Number(BigInt.asUintN(32, s.v));
      if (t === T.INT64) return BigInt.asIntN(64, s.v);
      if (t === T.SINT32) return Number(zigzagDecode64(BigInt.asUintN(32, s.v)));
      if (t === T.SINT64) return zigzagDecode64(s.v);
      return s.v;
    case "i32":
      return t === T.FLOAT ? le(s.v).getFloat32(0, true) : t === T.SFIXED32 ? le(s.v).getInt32(0, true) : le(s.v).getUint32(0, true);
    case "i64":
      return t === T.DOUBLE ? le(s.v).getFloat64(0, true) : t === T.SFIXED64 ? le(s.v).getBigInt64(0, true) : le(s.v).getBigUint64(0, true);
    case "len":
      return t === 9 ? new TextDecoder().decode(s.v) : s.v;
  }
}

/** The zero of a scalar type (an enum's when undefined) in its wire form. */
function zeroOf(scalar: number | undefined): Scalar {
  if (scalar === 1 || scalar === 6 || scalar === 16) return { kind: "i64", v: new Uint8Array(8) };
  if (scalar === 2 || scalar === 7 || scalar === 15) return { kind: "i32", v: new Uint8Array(4) };
  if (scalar === 9 || scalar === 12) return { kind: "len", v: new Uint8Array() };
  return { kind: "varint", v: 0n };
}

/** The engine's parse (protoc-text.ts): each field's values, singular ones as one value, maps keyed by key. */
const byParsed: Getter = (msg, f) => {
  const p = msg as Parsed;
  const values = p.values.get(f.number);
  if (!values) return f.fieldKind === "list" ? [] : undefined;
  const one = (v: Scalar | Parsed) => ("desc" in v ? v : jsValue(f, v));
  if (f.fieldKind === "list") return values.map(one);
  if (f.fieldKind === "map") {
    const out: Record<string, unknown> = {};
    for (const e of values as Parsed[]) {
      const k = e.values.get(1)?.[0] as Scalar | undefined;
      const v = e.values.get(2)?.[0];
      const keyField = { fieldKind: "scalar", scalar: f.mapKey } as unknown as DescField;
      const key = k ? jsValue(keyField, k) : f.mapKey === 9 ? "" : 0;
      // An entry without a value holds the value type's default (protoc prints it so): an empty message, a zero.
      out[String(key)] = v === undefined ? (f.mapKind === "message" ? { desc: f.message, values: new Map(), extensions: new Map(), unknown: [] } : jsValue(f, zeroOf(f.mapKind === "enum" ? undefined : f.scalar))) : "desc" in v ? v : jsValue(f, v);
    }
    return out;
  }
  return one(values[values.length - 1]!);
};

/** The whole line-up, one decoder after another (the app runs each in a Worker of its own). */
export function lineup(desc: DescMessage, bytes: Uint8Array, protos: Readonly<Record<string, string>>): Lineup {
  return { decoders: LINEUP_DECODERS.map((n) => runLineupDecoder(n, desc, bytes, protos)) };
}
