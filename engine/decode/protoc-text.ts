/**
 * What `protoc --decode=TYPE` prints for a message's bytes: the bytes parsed the way protobuf's
 * C++ parser (protoc 36.2) parses them, then printed by its TextFormat printer. Parsing follows the
 * wire rules a reader must follow (the last value of a singular field wins, a message field
 * merges, a list appends packed and expanded elements alike, a oneof keeps its last member, a
 * map keeps a key's last value) and C++'s own edges: a varint may take ten bytes whatever its
 * tenth byte holds, an unknown value of a closed (proto2) enum becomes an unknown field, a
 * proto3 string must be UTF-8 (a proto2 one only earns a logged error). Printing follows
 * TextFormat: fields by number (extensions as `[full.name]`), then unknown fields by number as
 * they came (a non-empty payload that parses as fields printed as a block); strings C-escaped,
 * floats and doubles in the shortest `%g` form that reads back, map entries sorted by key (a key
 * read twice is printed twice: protoc's parse keeps every entry).
 * Golden files from protoc (scripts/golden-decode.mjs) keep it exact.
 */
import type { DescField, DescMessage, Registry } from "@bufbuild/protobuf";
import { FieldType as T, readVarint, VARINT_TRUNCATED, wireTypeOfField, zigzagDecode64 } from "../wire/index.ts";

export interface ProtocDecodeResult {
  /** What protoc prints on standard output (empty when the parse fails). */
  text: string;
  /** What protoc prints on standard error: logged errors, and "Failed to parse input." on failure. */
  stderr: string;
  ok: boolean;
}

class ParseError extends Error {}

/** A value as parsed: scalars keep their wire form, messages their parsed fields. */
export type Scalar = { kind: "varint"; v: bigint } | { kind: "i32"; v: Uint8Array } | { kind: "i64"; v: Uint8Array } | { kind: "len"; v: Uint8Array };
export type Unknown = { no: number } & (Scalar | { kind: "group"; v: Unknown[] });

export interface Parsed {
  desc: DescMessage;
  /** Field number -> values (singular fields hold one). */
  values: Map<number, (Scalar | Parsed)[]>;
  /** The extension fields read, by number. */
  extensions: Map<number, DescField>;
  unknown: Unknown[];
}

const MAX_DEPTH = 100;


class Input {
  pos: number;
  constructor(
    readonly buf: Uint8Array,
    readonly start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }
  get done() {
    return this.pos >= this.end;
  }
  /** A varint of up to ten bytes; the tenth byte's high bits are dropped, as C++ does. */
  varint(): bigint {
    const [v, next] = readVarint(this.buf, this.pos, this.end);
    if (next < 0) throw new ParseError(next === VARINT_TRUNCATED ? "truncated varint" : "varint longer than ten bytes");
    this.pos = next;
    return v;
  }
  /**
   * Reading a printed unknown field's payload again (UnknownFieldSet's parse), protoc keeps a tag
   * varint's low 32 bits, however long it is; a message's own parse refuses a tag above 32 bits.
   */
  truncateTags = false;
  tag(): [number, number] {
    const t = this.truncateTags ? BigInt.asUintN(32, this.varint()) : this.varint();
    if (t > 0xffffffffn || t >> 3n === 0n) throw new ParseError("bad tag");
    const wt = Number(t & 7n);
    if (wt > 5) throw new ParseError("bad wire type");
    return [Number(t >> 3n), wt];
  }
  take(n: number): Uint8Array {
    if (n < 0 || this.pos + n > this.end) throw new ParseError("value past the end");
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  length(): number {
    const n = this.varint();
    if (n > 0x7fffffffn) throw new ParseError("length too large");
    return Number(n);
  }
}

function newParsed(desc: DescMessage): Parsed {
  return { desc, values: new Map(), extensions: new Map(), unknown: [] };
}

/** Reads an unknown field's value; a group runs to its matching end tag. */
function readUnknown(input: Input, no: number, wt: number, depth: number): Unknown {
  switch (wt) {
    case 0:
      return { no, kind: "varint", v: input.varint() };
    case 1:
      return { no, kind: "i64", v: input.take(8) };
    case 5:
      return { no, kind: "i32", v: input.take(4) };
    case 2:
      return { no, kind: "len", v: input.take(input.length()) };
    case 3: {
      if (depth >= MAX_DEPTH) throw new ParseError("too deep");
      const inner: Unknown[] = [];
      for (;;) {
        if (input.done) throw new ParseError("group without end");
        const [n, w] = input.tag();
        if (w === 4) {
          if (n !== no) throw new ParseError("mismatched end group");
          return { no, kind: "group", v: inner };
        }
        inner.push(readUnknown(input, n, w, depth + 1));
      }
    }
    default:
      throw new ParseError("unexpected end group");
  }
}

/** The wire type a field's values take when not packed (a map entry and a message: LEN, a group: 3). */
export function wireTypeOf(f: DescField): number {
  if (f.fieldKind === "message" || (f.fieldKind === "list" && f.listKind === "message")) return f.delimitedEncoding ? 3 : 2;
  if (f.fieldKind === "map") return 2;
  return wireTypeOfField(f.fieldKind === "enum" || (f.fieldKind === "list" && f.listKind === "enum") ? T.ENUM : (f as { scalar: number }).scalar);
}

const closedEnum = (f: DescField) => {
  const e = f.fieldKind === "enum" ? f.enum : f.fieldKind === "list" && f.listKind === "enum" ? f.enum : undefined;
  return e !== undefined && !e.open;
};
export const enumOf = (f: DescField) => (f.fieldKind === "enum" ? f.enum : f.fieldKind === "list" && f.listKind === "enum" ? f.enum : undefined);
const isString = (f: DescField) => (f.fieldKind === "scalar" || (f.fieldKind === "list" && f.listKind === "scalar")) && (f as { scalar: number }).scalar === T.STRING;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** When and on which thread protoc's log lines say they were written (absl's log prefix). */
export interface LogClock {
  now: Date;
  thread: number;
}

/** A log line as protoc 36 (absl) writes it: `E1126 21:04:33.905727    3636 file.cc:578] message`. */
export function abslLog(clock: LogClock | undefined, severity: "E" | "W" | "I", source: string, message: string): string {
  const t = clock?.now ?? new Date();
  const two = (n: number) => String(n).padStart(2, "0");
  const micros = String(t.getMilliseconds() * 1000).padStart(6, "0");
  const stamp = `${two(t.getMonth() + 1)}${two(t.getDate())} ${two(t.getHours())}:${two(t.getMinutes())}:${two(t.getSeconds())}.${micros}`;
  return `${severity}${stamp} ${String(clock?.thread ?? 0).padStart(7)} ${source}] ${message}\n`;
}

interface Ctx {
  registry?: Registry;
  log?: LogClock;
  stderr: string[];
  /** Where the record being read starts (an absolute offset into the input): where a failure is reported. */
  at: number;
}

/** Stores one element of field `f`: replaces a singular value, appends to a list, merges a message. */
function store(target: Parsed, f: DescField, value: Scalar | Parsed): void {
  const list = f.fieldKind === "list" || f.fieldKind === "map";
  if (f.oneof) for (const other of f.oneof.fields) if (other.number !== f.number) target.values.delete(other.number);
  if (list) {
    const values = target.values.get(f.number) ?? [];
    values.push(value);
    target.values.set(f.number, values);
  } else target.values.set(f.number, [value]);
}

function parseInto(target: Parsed, input: Input, depth: number, ctx: Ctx, endGroup?: number): void {
  if (depth > MAX_DEPTH) throw new ParseError("too deep");
  for (;;) {
    if (input.done) {
      if (endGroup !== undefined) throw new ParseError("group without end");
      return;
    }
    ctx.at = input.pos;
    const [no, wt] = input.tag();
    if (wt === 4) {
      if (endGroup === no) return;
      throw new ParseError("unexpected end group");
    }
    // An extension has the same shape as a field for what follows (kind, type, number, name).
    const field = (target.desc.fields.find((x) => x.number === no) ?? (ctx.registry?.getExtensionFor(target.desc, no) as unknown as DescField | undefined)) as DescField | undefined;
    const expected = field ? wireTypeOf(field) : -1;
    const packable = field && field.fieldKind === "list" && field.listKind !== "message" && expected !== 2;
    if (!field || (wt !== expected && !(packable && wt === 2))) {
      const unknown = readUnknown(input, no, wt, depth);
      // A map entry keeps no unknown fields (C++'s MapEntry skips them): only its key and value.
      if (!entryTypes.has(target.desc)) target.unknown.push(unknown);
      continue;
    }
    if (!target.desc.fields.includes(field)) target.extensions.set(no, field);
    if (field.fieldKind === "message" || (field.fieldKind === "list" && field.listKind === "message") || field.fieldKind === "map") {
      const desc = field.fieldKind === "map" ? mapEntry(field) : field.message!;
      // A singular message merges into the one already there; list elements and map entries are new.
      const existing = field.fieldKind === "message" ? (target.values.get(no)?.[0] as Parsed | undefined) : undefined;
      const child = existing ?? newParsed(desc);
      if (wt === 3) parseInto(child, input, depth + 1, ctx, no);
      else {
        const n = input.length();
        if (input.pos + n > input.end) {
          // protoc pushes the longer limit and parses the message anyway, from the buffer as it
          // is (past the enclosing message's end, up to the input's), failing only when it
          // returns: what it reads on the way is checked, and an invalid string logged.
          parseInto(child, new Input(input.buf, input.pos, Math.min(input.pos + n, input.buf.length)), depth + 1, ctx);
          throw new ParseError("value past the end");
        }
        const inner = new Input(input.buf, input.pos, input.pos + n);
        parseInto(child, inner, depth + 1, ctx);
        input.pos = inner.end;
      }
      store(target, field, child);
      continue;
    }
    const one = (w: number): Scalar => {
      if (w === 0) return { kind: "varint", v: input.varint() };
      if (w === 1) return { kind: "i64", v: input.take(8) };
      if (w === 5) return { kind: "i32", v: input.take(4) };
      const n = input.length();
      if (input.pos + n > input.end && isString(field)) truncatedString(field, input, n, ctx);
      return { kind: "len", v: input.take(n) };
    };
    const add = (s: Scalar) => {
      if (closedEnum(field) && s.kind === "varint") {
        const n = Number(BigInt.asIntN(32, s.v));
        if (!enumOf(field)!.values.some((v) => v.number === n)) {
          // Kept as the int32 it is, sign-extended (protoc 36.2, packed or not; 3.21 kept a packed one's raw varint).
          target.unknown.push({ no, kind: "varint", v: BigInt.asUintN(64, BigInt(n)) });
          return;
        }
      }
      if (isString(field) && s.kind === "len") checkUtf8(field, s.v, ctx);
      store(target, field, s);
    };
    if (wt === 2 && expected !== 2) {
      // A packed run of a list's elements.
      const n = input.length();
      const inner = new Input(input.buf, input.pos, input.pos + n);
      if (inner.end > input.end) throw new ParseError("value past the end");
      input.pos = inner.end;
      while (!inner.done) {
        if (expected === 0) add({ kind: "varint", v: inner.varint() });
        else add({ kind: expected === 1 ? "i64" : "i32", v: inner.take(expected === 1 ? 8 : 4) });
      }
      continue;
    }
    add(one(wt));
  }
}

/**
 * A string field's UTF-8, checked where protoc checks it: proto2 (edition 998) keeps the bytes
 * without a word (protoc 36); proto3 and editions (utf8_validation VERIFY) log the error and fail
 * the parse.
 */
function checkUtf8(field: DescField, bytes: Uint8Array, ctx: Ctx): void {
  try {
    utf8.decode(bytes);
  } catch {
    const parent = field.parent as DescMessage | undefined;
    const where = parent?.kind === "message" ? `${parent.typeName}.${field.name}` : field.name;
    const file = parent?.kind === "message" ? parent.file : (field as unknown as { file: { edition: number } }).file;
    if ((file.edition as number) !== 998) {
      ctx.stderr.push(
        abslLog(ctx.log, "E", "wire_format_lite.cc:578", `String field '${where}' contains invalid UTF-8 data when parsing a protocol buffer. Use the 'bytes' type if you intend to send raw bytes. `),
      );
      throw new ParseError("invalid UTF-8");
    }
  }
}

/**
 * A string whose length runs past the end of its message. protoc's parser (36.2) reads a string
 * that fits in what is left of its buffer plus the 16 "slop" bytes kept after it in one go, from
 * the buffer as it is: past the enclosing message's end if need be, and past the input's end as
 * zero bytes. It checks that string's UTF-8 (logging the error) before it notices the overrun.
 * A longer string is read in chunks and fails first, unchecked. (protoc reads standard input in
 * blocks; for an input of many blocks the buffer is the last block, which only matters for a
 * string that starts before it: we take the whole input as one buffer.)
 */
const SLOP_BYTES = 16;
function truncatedString(field: DescField, input: Input, n: number, ctx: Ctx): void {
  const left = input.buf.length - input.pos;
  if (n > left + SLOP_BYTES) return;
  const seen = new Uint8Array(n);
  seen.set(input.buf.subarray(input.pos, input.pos + Math.min(n, left)));
  checkUtf8(field, seen, ctx);
}

/** The entry message of a map field (key 1, value 2), made up from the field: @bufbuild/protobuf keeps no descriptor for it. */
const entries = new WeakMap<DescField, DescMessage>();
const entryTypes = new WeakSet<DescMessage>();
function mapEntry(f: DescField): DescMessage {
  if (f.fieldKind !== "map") throw new Error("not a map");
  let entry = entries.get(f);
  if (!entry) {
    // The entry is a message of the map field's file (its edition decides UTF-8 checks), named as protoc names it.
    entry = { kind: "message", typeName: f.proto.typeName.replace(/^\./, ""), name: "Entry", fields: [], oneofs: [], nestedMessages: [], file: f.parent.file } as unknown as DescMessage;
    const key = { number: 1, name: "key", fieldKind: "scalar", scalar: f.mapKey, presence: 1, delimitedEncoding: false, oneof: undefined, parent: entry };
    const value =
      f.mapKind === "message"
        ? { number: 2, name: "value", fieldKind: "message", message: f.message, presence: 1, delimitedEncoding: false, oneof: undefined, parent: entry }
        : f.mapKind === "enum"
          ? { number: 2, name: "value", fieldKind: "enum", enum: f.enum, presence: 1, delimitedEncoding: false, oneof: undefined, parent: entry }
          : { number: 2, name: "value", fieldKind: "scalar", scalar: f.scalar, presence: 1, delimitedEncoding: false, oneof: undefined, parent: entry };
    (entry.fields as unknown[]).push(key, value);
    entryTypes.add(entry);
    entries.set(f, entry);
  }
  return entry;
}

// ---- printing ------------------------------------------------------------------------------

/**
 * `p` significant digits of |v| and the decimal exponent of the first, rounded as glibc's printf
 * rounds: to nearest, an exact tie to even. (JavaScript's toExponential rounds a tie up:
 * 805701.0625 to nine digits is 805701.063 there, 805701.062 in protoc's output.)
 */
function roundedDigits(v: number, p: number): { digits: string; exp: number } {
  const a = Math.abs(v);
  const [m, e] = a.toExponential(p - 1).split("e") as [string, string];
  let digits = m.replace(".", "");
  let exp = Number(e);
  // A tie shows in a longer exact expansion as digit p being 5 and all after it 0 (a double's
  // expansion ends long before 100 digits when it is that close to a tie).
  const [lm, le] = a.toExponential(99).split("e") as [string, string];
  const long = lm.replace(".", "");
  const kept = long.slice(0, p);
  if (/^50*$/.test(long.slice(p)) && Number(kept[p - 1]) % 2 === 0) {
    // An exact tie, and the kept digit is even: round down (toExponential rounded it up).
    digits = kept;
    exp = Number(le);
  }
  return { digits, exp };
}

/** C's `%.<p>g`. */
function cG(v: number, p: number): string {
  if (v === 0) return Object.is(v, -0) ? "-0" : "0";
  const sign = v < 0 ? "-" : "";
  const { digits, exp } = roundedDigits(v, p);
  if (exp < -4 || exp >= p) {
    const frac = digits.slice(1).replace(/0+$/, "");
    return `${sign}${digits[0]}${frac ? "." + frac : ""}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  // Fixed notation with the same p significant digits.
  const whole = exp >= 0 ? digits.slice(0, exp + 1) : "0";
  const frac = (exp >= 0 ? digits.slice(exp + 1) : "0".repeat(-exp - 1) + digits).replace(/0+$/, "");
  return `${sign}${whole}${frac ? "." + frac : ""}`;
}

function special(v: number): string | undefined {
  if (Number.isNaN(v)) return "nan";
  if (v === Infinity) return "inf";
  if (v === -Infinity) return "-inf";
  return undefined;
}

/** protobuf's SimpleDtoa: %.15g, or %.17g when that does not read back. */
export function simpleDtoa(v: number): string {
  const s = special(v);
  if (s) return s;
  const short = cG(v, 15);
  return Number(short) === v ? short : cG(v, 17);
}

/** protobuf's SimpleFtoa: %.6g, or %.9g when that does not read back as the same float. */
export function simpleFtoa(v: number): string {
  const s = special(v);
  if (s) return s;
  const short = cG(v, 6);
  // A subnormal float never counts as read back (strtof reports it out of range): nine digits.
  const subnormal = v !== 0 && Math.abs(v) < 1.1754943508222875e-38;
  return !subnormal && Math.fround(Number(short)) === v ? short : cG(v, 9);
}

/** protobuf's CEscape. */
export function cEscape(bytes: Uint8Array): string {
  // Runs of printable ASCII are decoded in one go; only the bytes that need escaping are looked up.
  let out = "";
  let run = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x27 && b !== 0x5c) continue;
    if (i > run) out += ascii.decode(bytes.subarray(run, i));
    out += ESCAPES[b];
    run = i + 1;
  }
  if (bytes.length > run) out += ascii.decode(bytes.subarray(run));
  return out;
}

/** Every byte's C escape (printable ASCII as itself), as protobuf's CEscape writes it. */
const ESCAPES: readonly string[] = Array.from({ length: 256 }, (_, b) =>
  b === 0x0a ? "\\n" : b === 0x0d ? "\\r" : b === 0x09 ? "\\t" : b === 0x22 ? '\\"' : b === 0x27 ? "\\'" : b === 0x5c ? "\\\\" : b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : "\\" + b.toString(8).padStart(3, "0"),
);
/** Decodes printable ASCII (the only bytes it is given), whatever the label maps to above 0x7f. */
const ascii = new TextDecoder("latin1");

const le = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

/** A field's value as protoc's TextFormat printer writes it (enums by name when the enum has one). */
export function scalarText(f: DescField, s: Scalar): string {
  const scalar = enumOf(f) ? -1 : (f as { scalar: number }).scalar;
  if (enumOf(f) && s.kind === "varint") {
    const n = Number(BigInt.asIntN(32, s.v));
    return enumOf(f)!.values.find((v) => v.number === n)?.name ?? String(n);
  }
  switch (s.kind) {
    case "varint":
      switch (scalar) {
        case T.INT32:
          return String(BigInt.asIntN(32, s.v));
        case T.UINT32:
          return String(BigInt.asUintN(32, s.v));
        case T.INT64:
          return String(BigInt.asIntN(64, s.v));
        case T.SINT32:
          return String(zigzagDecode64(BigInt.asUintN(32, s.v)));
        case T.SINT64:
          return String(zigzagDecode64(s.v));
        case T.BOOL:
          return s.v !== 0n ? "true" : "false";
        default:
          return String(s.v);
      }
    case "i32":
      if (scalar === T.FLOAT) return simpleFtoa(le(s.v).getFloat32(0, true));
      if (scalar === T.SFIXED32) return String(le(s.v).getInt32(0, true));
      return String(le(s.v).getUint32(0, true));
    case "i64":
      if (scalar === T.DOUBLE) return simpleDtoa(le(s.v).getFloat64(0, true));
      if (scalar === T.SFIXED64) return String(le(s.v).getBigInt64(0, true));
      return String(le(s.v).getBigUint64(0, true));
    case "len":
      return `"${cEscape(s.v)}"`;
  }
}

/** Whether a field with implicit presence holds something other than its zero value. */
function nonDefault(f: DescField, s: Scalar): boolean {
  if (s.kind === "varint") return s.v !== 0n;
  if (s.kind === "len") return s.v.length > 0;
  return s.v.some((b) => b !== 0);
}

/**
 * protoc's printer reads an unknown field's payload as a message within a recursion budget: ten
 * levels from each known message's unknown fields, one less for every payload or group inside,
 * and at most `budget` groups deep within the payload itself. Past it, the payload is a string.
 */
const UNKNOWN_FIELD_RECURSION_LIMIT = 10;

function parseUnknownSet(bytes: Uint8Array, budget: number): Unknown[] | undefined {
  if (bytes.length === 0 || budget <= 0) return undefined;
  const input = new Input(bytes, 0, bytes.length);
  input.truncateTags = true;
  const out: Unknown[] = [];
  try {
    while (!input.done) {
      const [no, wt] = input.tag();
      if (wt === 4) return undefined;
      out.push(readUnknown(input, no, wt, MAX_DEPTH - budget));
    }
    return out;
  } catch (e) {
    if (e instanceof ParseError) return undefined;
    throw e;
  }
}

function printUnknown(list: Unknown[], indent: string, out: string[], budget = UNKNOWN_FIELD_RECURSION_LIMIT): void {
  for (const u of list) {
    switch (u.kind) {
      case "varint":
        out.push(`${indent}${u.no}: ${u.v}\n`);
        break;
      case "i32":
        out.push(`${indent}${u.no}: 0x${le(u.v).getUint32(0, true).toString(16).padStart(8, "0")}\n`);
        break;
      case "i64":
        out.push(`${indent}${u.no}: 0x${le(u.v).getBigUint64(0, true).toString(16).padStart(16, "0")}\n`);
        break;
      case "len": {
        const inner = parseUnknownSet(u.v, budget);
        if (inner) {
          out.push(`${indent}${u.no} {\n`);
          printUnknown(inner, indent + "  ", out, budget - 1);
          out.push(`${indent}}\n`);
        } else out.push(`${indent}${u.no}: "${cEscape(u.v)}"\n`);
        break;
      }
      case "group":
        out.push(`${indent}${u.no} {\n`);
        printUnknown(u.v, indent + "  ", out, budget - 1);
        out.push(`${indent}}\n`);
        break;
    }
  }
}

/** The key a map entry sorts by, as protoc's printer compares them. */
function mapKey(entry: Parsed): { s?: Uint8Array; n?: bigint } {
  const k = entry.values.get(1)?.[0] as Scalar | undefined;
  const keyField = entry.desc.fields.find((f) => f.number === 1)!;
  if (!k) return keyField.fieldKind === "scalar" && keyField.scalar === T.STRING ? { s: new Uint8Array(0) } : { n: 0n };
  if (k.kind === "len") return { s: k.v };
  const text = scalarText(keyField, k);
  return { n: text === "true" ? 1n : text === "false" ? 0n : BigInt(text) };
}

function compareKeys(a: Parsed, b: Parsed): number {
  const x = mapKey(a);
  const y = mapKey(b);
  if (x.s && y.s) {
    for (let i = 0; i < Math.min(x.s.length, y.s.length); i++) if (x.s[i] !== y.s[i]) return x.s[i]! - y.s[i]!;
    return x.s.length - y.s.length;
  }
  return x.n! < y.n! ? -1 : x.n! > y.n! ? 1 : 0;
}

/** A map's entries sorted by key, as protoc's printer (36.2) sorts them: stably, a key read twice printed twice. */
function mapEntries(values: Parsed[]): Parsed[] {
  return [...values].sort(compareKeys);
}

function printMessage(p: Parsed, indent: string, out: string[], mapEntryMessage = false): void {
  const fields = [...p.desc.fields, ...p.extensions.values()].sort((a, b) => a.number - b.number);
  for (const f of fields) {
    const values = p.values.get(f.number);
    const name = p.extensions.has(f.number) && !p.desc.fields.includes(f) ? `[${extensionName(f)}]` : f.fieldKind === "message" && f.delimitedEncoding ? f.message.name : f.fieldKind === "list" && f.listKind === "message" && f.delimitedEncoding ? f.message.name : f.name;
    if (!values || values.length === 0) {
      // A map entry prints its key and value even when the bytes left them out.
      if (mapEntryMessage) {
        const zero: Scalar = f.fieldKind === "scalar" && (f.scalar === T.STRING || f.scalar === T.BYTES) ? { kind: "len", v: new Uint8Array(0) } : wireTypeOf(f) === 5 ? { kind: "i32", v: new Uint8Array(4) } : wireTypeOf(f) === 1 ? { kind: "i64", v: new Uint8Array(8) } : { kind: "varint", v: 0n };
        if (f.fieldKind === "message") out.push(`${indent}${name} {\n${indent}}\n`);
        else out.push(`${indent}${name}: ${scalarText(f, zero)}\n`);
      }
      continue;
    }
    const list = f.fieldKind === "map" ? mapEntries(values as Parsed[]) : values;
    for (const v of list) {
      if ("desc" in v) {
        out.push(`${indent}${name} {\n`);
        printMessage(v, indent + "  ", out, f.fieldKind === "map");
        out.push(`${indent}}\n`);
      } else {
        const implicit = f.presence === 2 && f.fieldKind !== "list" && !mapEntryMessage;
        if (implicit && !nonDefault(f, v)) continue;
        out.push(`${indent}${name}: ${scalarText(f, v)}\n`);
      }
    }
  }
  printUnknown(p.unknown, indent, out);
}

function extensionName(f: DescField): string {
  return (f as unknown as { typeName?: string }).typeName ?? f.name;
}

/**
 * Parses `bytes` as `desc` by protoc 36.2's rules: the parsed message, or why the parse fails
 * (protoc itself says only "Failed to parse input.").
 */
export function parseLikeProtoc(desc: DescMessage, bytes: Uint8Array, registry?: Registry): { parsed?: Parsed; error?: string; errorAt?: number; stderr: string } {
  const ctx: Ctx = { registry, stderr: [], at: 0 };
  const root = newParsed(desc);
  try {
    parseInto(root, new Input(bytes, 0, bytes.length), 0, ctx);
    return { parsed: root, stderr: ctx.stderr.join("") };
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    return { error: e.message, errorAt: ctx.at, stderr: ctx.stderr.join("") };
  }
}

/** Prints a parsed message as `protoc --decode` prints it. */
export function printParsed(parsed: Parsed): string {
  const out: string[] = [];
  printMessage(parsed, "", out);
  return out.join("");
}

/**
 * Parses `bytes` as `desc` and prints it as `protoc --decode` does. `log`: the time and thread
 * its log lines carry (default: now, thread 0).
 */
export function protocDecode(desc: DescMessage, bytes: Uint8Array, registry?: Registry, log?: LogClock): ProtocDecodeResult {
  const ctx: Ctx = { registry, log, stderr: [], at: 0 };
  const root = newParsed(desc);
  try {
    parseInto(root, new Input(bytes, 0, bytes.length), 0, ctx);
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    return { text: "", stderr: ctx.stderr.join("") + "Failed to parse input.\n", ok: false };
  }
  // protoc warns (and still prints the message) when required fields are missing.
  const missing: string[] = [];
  findMissingRequired(root, "", missing);
  if (missing.length > 0) ctx.stderr.push(`warning:  Input message is missing required fields:  ${missing.join(", ")}\n`);
  const out: string[] = [];
  printMessage(root, "", out);
  return { text: out.join(""), stderr: ctx.stderr.join(""), ok: true };
}

/** FeatureSet.FieldPresence.LEGACY_REQUIRED: proto2's `required`. */
const LEGACY_REQUIRED = 3;

/**
 * The required fields left out, as protoc's `InitializationErrorString` lists them: this
 * message's own in declaration order, then those inside its message fields by field number
 * (extensions as `(name)`, list elements and map entries as `name[i]`).
 */
function findMissingRequired(p: Parsed, prefix: string, out: string[]): void {
  for (const f of p.desc.fields) if (f.presence === LEGACY_REQUIRED && !p.values.has(f.number)) out.push(prefix + f.name);
  const numbers = [...p.values.keys()].sort((a, b) => a - b);
  for (const no of numbers) {
    const values = p.values.get(no)!;
    const field = p.desc.fields.find((f) => f.number === no) ?? p.extensions.get(no);
    if (!field) continue;
    const name = p.extensions.has(no) ? `(${(field as unknown as { typeName: string }).typeName})` : field.name;
    const many = field.fieldKind === "list" || field.fieldKind === "map";
    values.forEach((v, i) => {
      if ("desc" in v) findMissingRequired(v, `${prefix}${name}${many ? `[${i}]` : ""}.`, out);
    });
  }
}
