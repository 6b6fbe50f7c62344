/**
 * The reader's view: what a program built with the next version of a schema makes of bytes
 * written with the previous one, record by record.
 *
 * Both versions annotate the same bytes (engine/annotate), so the records the views show, their
 * byte ranges and the values in the hex view and the field tree are the ones here; each record
 * is then judged by comparing the writer's field with the reader's (same value, sign-extended,
 * truncated, reinterpreted, kept as unknown, an enum number the reader does not name, presence
 * lost, replaced by a later record, cleared by a oneof, a parse failure). The reader's whole
 * message is parsed by protoc's rules (engine/decode/protoc-text.ts): `text` is what
 * `protoc --decode` prints under the new schema, and `reencoded` is what the reader writes back.
 */
import type { DescField, DescMessage, Registry } from "@bufbuild/protobuf";
import { annotateBytes } from "../annotate/decode.ts";
import type { Annotation, AnnotationList, FieldNumber, PathElement } from "../annotate/types.ts";
import { cEscape, enumOf, parseLikeProtoc, printParsed, scalarText, wireTypeOf, type Scalar } from "../decode/protoc-text.ts";
import { readVarint } from "../wire/varint.ts";
import { fieldTypeKeyword } from "../wire/wire-type.ts";
import { encodeScalar, scalarOf, serializeParsed } from "./reencode.ts";

export type ReadOutcome =
  /** The same value, read the same way. */
  | "same"
  /** The same value under another field name: bytes carry numbers, not names. */
  | "renamed"
  /** A negative int32 (sent as ten bytes, sign-extended) read by an int64: the same value. */
  | "sign-extended"
  /** Another type that holds the same value (uint32 → uint64, one value → a list of one, string ↔ bytes). */
  | "widened"
  /** A narrower type that holds this value only because it fits (uint64 → int32 for 5). */
  | "narrowed"
  /** The number now belongs to a field of another name and type: an old value lands in a new field. */
  | "number-reused"
  /** A 64-bit integer read by a 32-bit field: only the low 32 bits remain. */
  | "truncated"
  /** The same bits with another meaning (int32 → sint32, fixed32 → float, bytes → a message). */
  | "reinterpreted"
  /** The reader has no field with this number: kept as an unknown field and written back. */
  | "unknown-deleted"
  /** The reader's field with this number takes another wire type: kept as an unknown field. */
  | "unknown-wire-type"
  /** An open enum reads a number it does not name: kept as the number. */
  | "enum-open-unknown"
  /** A closed enum reads a number it does not name: the record moves to the unknown fields. */
  | "enum-closed-unknown"
  /** An explicit zero read by a field without presence: the reader cannot tell it from unset. */
  | "presence-lost"
  /** A singular field read again later: the last value wins. */
  | "overwritten"
  /** A singular message field read again later: the records merge. */
  | "merged"
  /** A later member of the same oneof clears this one. */
  | "oneof-cleared"
  /** The reader gives up: the whole message fails to parse (invalid UTF-8 in a string, ...). */
  | "parse-failure"
  /** Neither version declares the field: unknown to both. */
  | "already-unknown"
  /** A message read as a message by both: see its records. */
  | "nested";

export interface SideView {
  /** The field's name in this version (absent when this version does not know the record). */
  name?: string;
  /** Its type as written in the schema ("int32", "pkg.Color", "repeated int64"). */
  type?: string;
  /** The value as `protoc --decode` prints it for this version (absent for messages read as messages). */
  value?: string;
}

export interface RecordView {
  /** The record's bytes, tag included, [start, end). */
  bytes: [number, number];
  field: FieldNumber;
  wireType: number;
  /** The reader's path to the record (names where the reader knows them). */
  path: PathElement[];
  writer: SideView;
  reader: SideView & { unknown?: boolean };
  outcome: ReadOutcome;
  /** One or two sentences in plain words. */
  says: string;
  /** What the reader writes back for this record: the same bytes, other bytes, or nothing. */
  written: "kept" | "changed" | "dropped";
  /** The records inside a message both versions read as a message. */
  children?: RecordView[];
  /** The message fails to parse elsewhere, so this record, judged as if it had, is not read. */
  unread?: boolean;
}

export interface ReaderView {
  writerType: string;
  readerType: string;
  records: RecordView[];
  /** Whether the reader parses the message at all. */
  ok: boolean;
  /** Where and why it gives up, when it does (the offset of the record it was reading). */
  failure?: { offset: number; reason: string };
  /** What `protoc --decode=<reader type>` prints under the new schema ("" when the parse fails). */
  text: string;
  /** What the reader writes back when it re-encodes the message (absent when the parse fails). */
  reencoded?: Uint8Array;
  /** Records per outcome, for summaries. */
  counts: Partial<Record<ReadOutcome, number>>;
}

export interface ReadAsOptions {
  writerRegistry?: Registry;
  readerRegistry?: Registry;
}

const WIRE_NAMES = ["VARINT", "I64", "LEN", "SGROUP", "EGROUP", "I32"];

/** The schema type as written: "repeated int64", "optional int32", "pkg.Color", "map<string, int32>". */
export function typeLabel(f: DescField): string {
  const base = (g: DescField): string => {
    const e = enumOf(g);
    if (e) return e.typeName;
    if (g.fieldKind === "message" || (g.fieldKind === "list" && g.listKind === "message")) return g.message!.typeName;
    if (g.fieldKind === "map") return "map";
    return fieldTypeKeyword(scalarOf(g) ?? 0) ?? "bytes";
  };
  if (f.fieldKind === "map") return `map<${fieldTypeKeyword(f.mapKey) ?? "?"}, ${f.mapKind === "message" ? f.message.typeName : f.mapKind === "enum" ? f.enum.typeName : (fieldTypeKeyword(f.scalar) ?? "?")}>`;
  if (f.fieldKind === "list") return `repeated ${base(f)}`;
  return f.presence === 2 || f.fieldKind === "message" || f.oneof !== undefined ? base(f) : `optional ${base(f)}`;
}


/** Whether field `f` reads a record of wire type `wt` (a packable list also takes LEN). */
function accepts(f: DescField, wt: number): boolean {
  const expected = wireTypeOf(f);
  if (wt === expected) return true;
  return f.fieldKind === "list" && f.listKind !== "message" && expected !== 2 && wt === 2;
}

const isMessageField = (f: DescField) => f.fieldKind === "message" || f.fieldKind === "map" || (f.fieldKind === "list" && f.listKind === "message");
const messageOf = (f: DescField): DescMessage | undefined => (f.fieldKind === "message" || (f.fieldKind === "list" && f.listKind === "message") ? f.message : undefined);

/** A varint of a record the tree already read whole (so it ends where the tree says). */
function recordVarint(bytes: Uint8Array, pos: number, end: number): [bigint, number] {
  const [v, next] = readVarint(bytes, pos, end);
  return [v, next < 0 ? end : next];
}

/** The values a record carries, in wire form: one, or a packed run's elements (for `packedAs`). */
function recordScalars(bytes: Uint8Array, node: Annotation, wt: number, packedAs: number | undefined): Scalar[] {
  const tag = node.children?.at(0);
  const start = tag ? tag.bytes[1] : node.bytes[0];
  const end = node.bytes[1];
  if (wt === 0) return [{ kind: "varint", v: recordVarint(bytes, start, end)[0] }];
  if (wt === 1) return [{ kind: "i64", v: bytes.subarray(start, start + 8) }];
  if (wt === 5) return [{ kind: "i32", v: bytes.subarray(start, start + 4) }];
  if (wt !== 2) return [];
  const [, payloadStart] = recordVarint(bytes, start, end);
  const payload = bytes.subarray(payloadStart, end);
  if (packedAs === undefined) return [{ kind: "len", v: payload }];
  const out: Scalar[] = [];
  let p = payloadStart;
  while (p < end) {
    if (packedAs === 0) {
      const [v, next] = recordVarint(bytes, p, end);
      out.push({ kind: "varint", v });
      p = next;
    } else {
      const n = packedAs === 1 ? 8 : 4;
      // A run whose length is not a whole number of elements: the reader fails there (see failure).
      if (p + n > end) break;
      out.push({ kind: packedAs === 1 ? "i64" : "i32", v: bytes.subarray(p, p + n) });
      p += n;
    }
  }
  return out;
}

function unknownText(s: Scalar): string {
  const dv = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
  switch (s.kind) {
    case "varint":
      return String(s.v);
    case "i32":
      return `0x${dv(s.v).getUint32(0, true).toString(16).padStart(8, "0")}`;
    case "i64":
      return `0x${dv(s.v).getBigUint64(0, true).toString(16).padStart(16, "0")}`;
    case "len":
      return `"${cEscape(s.v)}"`;
  }
}

/** A field's side of a record: its name, type and value text. */
function side(bytes: Uint8Array, node: Annotation, f: DescField | undefined, wt: number): { view: SideView; scalars: Scalar[]; known: boolean } {
  if (!f || !accepts(f, wt)) {
    const scalars = wt === 3 ? [] : recordScalars(bytes, node, wt, undefined);
    return { view: { ...(wt === 3 ? {} : { value: scalars.map(unknownText).join(", ") }) }, scalars, known: false };
  }
  const view: SideView = { name: f.name, type: typeLabel(f) };
  if (isMessageField(f)) return { view, scalars: [], known: true };
  const packed = wt === 2 && wireTypeOf(f) !== 2 ? wireTypeOf(f) : undefined;
  const scalars = recordScalars(bytes, node, wt, packed);
  const texts = scalars.map((s) => scalarText(f, s));
  view.value = packed !== undefined ? `[${texts.join(", ")}]` : texts.join(", ");
  return { view, scalars, known: true };
}

/** A value's meaning for comparing across types: integers as decimal, enums by number, bytes by content. */
function meaning(f: DescField, s: Scalar): string {
  const e = enumOf(f);
  if (e && s.kind === "varint") return String(BigInt.asIntN(32, s.v));
  const text = scalarText(f, s);
  if (text === "true") return "1";
  if (text === "false") return "0";
  return text;
}

const is64 = (f: DescField) => [3, 4, 18].includes(scalarOf(f) ?? 0);
const is32Varint = (f: DescField) => [5, 13, 17].includes(scalarOf(f) ?? 0) || enumOf(f) !== undefined;

function isZeroScalar(s: Scalar): boolean {
  if (s.kind === "varint") return s.v === 0n;
  if (s.kind === "len") return s.v.length === 0;
  return s.v.every((b) => b === 0);
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

interface Level {
  writer: DescMessage | undefined;
  reader: DescMessage | undefined;
  path: PathElement[];
}

/** The records of a node list (tags, lengths and group ends left out). */
function recordNodes(list: AnnotationList | undefined): Annotation[] {
  const out: Annotation[] = [];
  if (!list) return out;
  for (const n of list) {
    if (n.kind === "tag" || n.kind === "length" || n.kind === "group-end" || n.kind === "error" || n.field === undefined || n.wireType === undefined) continue;
    out.push(n);
  }
  return out;
}

function judge(bytes: Uint8Array, writerNodes: Annotation[], readerNodes: Annotation[], level: Level, failure: ReaderView["failure"]): RecordView[] {
  const byStart = new Map(writerNodes.map((n) => [n.bytes[0], n]));
  const out: RecordView[] = [];
  const fieldOf = (desc: DescMessage | undefined, no: FieldNumber) => (desc && typeof no === "number" ? desc.fields.find((f) => f.number === no) : undefined);
  for (let i = 0; i < readerNodes.length; i++) {
    const node = readerNodes[i]!;
    const writerNode = byStart.get(node.bytes[0]) ?? node;
    const no = node.field!;
    const wt = node.wireType!;
    const wf = fieldOf(level.writer, no);
    const rf = fieldOf(level.reader, no);
    const w = side(bytes, writerNode, wf, wt);
    const r = side(bytes, node, rf, wt);
    const path = [...level.path, rf && r.known ? rf.name : no];
    const record: RecordView = {
      bytes: [node.bytes[0], node.bytes[1]],
      field: no,
      wireType: wt,
      path,
      writer: w.view,
      reader: r.known ? r.view : { ...r.view, unknown: true },
      outcome: "same",
      says: "",
      written: "kept",
    };
    const rName = rf?.name ?? String(no);
    const failsHere = failure !== undefined && failure.offset >= node.bytes[0] && failure.offset < node.bytes[1];
    const later = readerNodes.slice(i + 1);

    if (!r.known) {
      if (!w.known) {
        record.outcome = "already-unknown";
        record.says = `Neither version declares field ${no} with wire type ${WIRE_NAMES[wt] ?? wt}: both keep the record as an unknown field and write it back.`;
      } else if (!rf) {
        record.outcome = "unknown-deleted";
        record.says = `The reader has no field ${no} (the writer's ${wf!.name}): it keeps the record as an unknown field, shows it by number, and writes it back after the fields it knows.`;
      } else {
        record.outcome = "unknown-wire-type";
        record.says = `The reader's field ${no} is ${typeLabel(rf)}, which never arrives as ${WIRE_NAMES[wt] ?? wt}: it keeps the record as an unknown field (the ${rf.name} field stays unset) and writes it back.`;
      }
    } else if (failsHere && (!isMessageField(rf!) || wt !== 2)) {
      record.outcome = "parse-failure";
      record.says = `The reader gives up at byte ${failure!.offset}: ${failure!.reason}. The whole message fails to parse: nothing of it is read.`;
      record.written = "dropped";
    } else if (isMessageField(rf!)) {
      // Both read a message: judge its records. Either side may read it as something else.
      if (w.known && wf && isMessageField(wf) && rf!.fieldKind !== "map" && wf.fieldKind !== "map") {
        record.children = judge(bytes, recordNodes(writerNode.children), recordNodes(node.children), { writer: messageOf(wf), reader: messageOf(rf!), path }, failure);
        const changed = record.children.some((c) => c.outcome !== "same");
        record.outcome = changed ? "nested" : wf.name === rf!.name ? "same" : "renamed";
        record.says = changed ? `A ${typeLabel(rf!)} message: see what the reader makes of its fields.` : wf.name === rf!.name ? `The same message, read the same way.` : `Written as ${wf.name}, read as ${rf!.name}: the bytes carry the number ${no}, never the name.`;
        if (failsHere) {
          record.outcome = "parse-failure";
          record.says = `The reader gives up inside this message at byte ${failure!.offset}: ${failure!.reason}. The whole message fails to parse.`;
          record.written = "dropped";
        }
      } else if (wf && isMessageField(wf) && rf!.fieldKind === "map" && wf.fieldKind === "map") {
        record.outcome = wf.name === rf!.name ? "same" : "renamed";
        record.says = `A map entry, read the same way.`;
      } else {
        record.outcome = failsHere ? "parse-failure" : "reinterpreted";
        record.says = failsHere
          ? `The reader expects a ${typeLabel(rf!)} message here, but the payload (written as ${w.view.type ?? "an unknown field"}) does not parse as one: the whole message fails to parse.`
          : `Written as ${w.view.type ?? "an unknown field"} ${w.view.value ?? ""}, read as a ${typeLabel(rf!)} message: the same payload, now parsed as fields.`;
        record.written = failsHere ? "dropped" : "changed";
      }
    } else {
      const rs = r.scalars;
      const e = enumOf(rf!);
      const unnamed = e ? rs.flatMap((s) => (s.kind === "varint" && !e.values.some((v) => BigInt(v.number) === BigInt.asIntN(32, s.v)) ? [s.v] : [])) : [];
      const sameWritten = equalBytes(rewriteRecord(rf!, Number(no), rs), bytes.subarray(node.bytes[0], node.bytes[1]));
      record.written = sameWritten ? "kept" : "changed";
      if (unnamed.length > 0 && e) {
        const list = unnamed.map((v) => String(BigInt.asIntN(32, v))).join(", ");
        if (e.open) {
          record.outcome = "enum-open-unknown";
          record.says = `${list} is not a value of the reader's ${e.name}. The enum is open, so ${rName} holds the number ${list} and writes it back as it came.`;
        } else {
          record.outcome = "enum-closed-unknown";
          record.says = `${list} is not a value of the reader's ${e.name}. The enum is closed, so the reader moves the record to its unknown fields: ${rName} reads as unset, and the record is written back after the known fields.`;
        }
      } else {
        const ws = w.known && wf ? w.scalars : [];
        const wm = ws.map((s) => meaning(wf!, s)).join(",");
        const rm = rs.map((s) => meaning(rf!, s)).join(",");
        const sameType = wf !== undefined && typeLabel(wf).replace(/^(optional|repeated) /, "") === typeLabel(rf!).replace(/^(optional|repeated) /, "");
        if (!w.known || !wf) {
          record.outcome = "reinterpreted";
          record.says = `The writer did not declare field ${no}; the reader reads it as ${typeLabel(rf!)} ${r.view.value}.`;
        } else if (wm === rm) {
          const negative = wm.startsWith("-");
          const listToOne = wf.fieldKind === "list" && rf!.fieldKind !== "list";
          if (sameType && (wf.fieldKind === rf!.fieldKind || listToOne)) {
            record.outcome = wf.name === rf!.name ? "same" : "renamed";
            record.says = wf.name === rf!.name ? `${rName} reads ${r.view.value}, as written.` : `Written as ${wf.name}, read as ${rName}: the bytes carry the number ${no}, never the name, so ${r.view.value} arrives unchanged.`;
            if (listToOne) record.says = `The writer's ${wf.name} was a list; the reader's ${rName} holds one value, and this is the last record of it, so ${rName} reads ${r.view.value}.`;
            const packedNow = rf!.fieldKind === "list" && rf!.packed;
            if (rf!.fieldKind === "list" && wf.fieldKind === "list" && (wt === 2) !== packedNow) {
              record.says += ` The reader accepts packed and expanded lists alike, and writes it back ${packedNow ? "packed" : "expanded, one record per value"}.`;
            }
          } else if (sameType && rf!.fieldKind === "list" && wf.fieldKind !== "list") {
            record.outcome = "widened";
            record.says = `Written as one ${typeLabel(wf)}, read as a repeated field: a list of one, ${r.view.value}.`;
          } else if (wf.name !== rf!.name) {
            record.outcome = "number-reused";
            record.says = `Written as ${wf.name} (${typeLabel(wf)}) = ${w.view.value}, read as ${rName} (${typeLabel(rf!)}) = ${r.view.value}: field ${no} has another name and type now. If ${rName} is a new field, every old row's ${wf.name} lands in it.`;
          } else if (is64(wf) && is32Varint(rf!) && !enumOf(wf)) {
            record.outcome = "narrowed";
            record.says = `Written as ${typeLabel(wf)} ${w.view.value}, read as ${typeLabel(rf!)} ${r.view.value}: the same value only because it fits in 32 bits; a larger one would be cut to its low 32 bits.`;
          } else if (negative && scalarOf(wf) === 5 && is64(rf!)) {
            record.outcome = "sign-extended";
            record.says = `An int32 writes a negative number sign-extended to 64 bits (ten bytes), so the ${typeLabel(rf!)} reader sees the same ${r.view.value}.`;
          } else {
            record.outcome = "widened";
            record.says = `Written as ${typeLabel(wf)} ${w.view.value}, read as ${typeLabel(rf!)} ${r.view.value}: the same value.`;
          }
        } else if (wf.name !== rf!.name && typeLabel(wf).replace(/^(optional|repeated) /, "") !== typeLabel(rf!).replace(/^(optional|repeated) /, "")) {
          record.outcome = "number-reused";
          record.says = `Written as ${wf.name} (${typeLabel(wf)}) = ${w.view.value}, read as ${rName} (${typeLabel(rf!)}) = ${r.view.value}: field ${no} belongs to another field now, and old rows land in it with another meaning.`;
        } else if (is64(wf) && is32Varint(rf!) && !enumOf(wf)) {
          record.outcome = "truncated";
          record.says = `Written as ${typeLabel(wf)} ${w.view.value}; the ${typeLabel(rf!)} reader keeps only the low 32 bits: ${r.view.value}.`;
        } else {
          record.outcome = "reinterpreted";
          record.says = `The same bits, another meaning: written as ${typeLabel(wf)} ${w.view.value}, read as ${typeLabel(rf!)} ${r.view.value}.`;
        }
        // Presence: an explicit zero (a list element always is one) reaches a field that cannot
        // tell zero from unset.
        const writerHasPresence = wf !== undefined && (wf.fieldKind === "list" || wf.presence !== 2);
        const readerImplicit = rf!.fieldKind !== "list" && rf!.presence === 2 && rf!.oneof === undefined;
        if (writerHasPresence && readerImplicit && rs.length === 1 && isZeroScalar(rs[0]!)) {
          record.outcome = "presence-lost";
          record.says = `Written as an explicit ${w.view.value} (${wf!.fieldKind === "list" ? `an element of the list ${wf!.name}` : `${wf!.name} has presence`}); the reader's ${rName} has none, so it cannot tell ${r.view.value} from unset and does not write it back.`;
          record.written = "dropped";
        }
      }
    }

    // A later record of the same singular field, or of another member of the same oneof.
    if (r.known && rf && record.outcome !== "parse-failure") {
      const singular = rf.fieldKind === "scalar" || rf.fieldKind === "enum" || rf.fieldKind === "message";
      const again = singular ? later.find((n) => n.field === no && accepts(rf, n.wireType!)) : undefined;
      const rival = rf.oneof ? later.find((n) => typeof n.field === "number" && n.field !== no && rf.oneof!.fields.some((f) => f.number === n.field && accepts(f, n.wireType!))) : undefined;
      if (rival && (!again || rival.bytes[0] < again.bytes[0]) && record.outcome !== "enum-closed-unknown") {
        const other = rf.oneof!.fields.find((f) => f.number === rival.field)!;
        record.outcome = "oneof-cleared";
        record.says = `${rName} is in the oneof ${rf.oneof!.name}; a later record of ${other.name}, another member, clears it. The reader keeps only the last member it reads.`;
        record.written = "dropped";
      } else if (again && record.outcome !== "enum-closed-unknown") {
        const asMessage = rf.fieldKind === "message";
        record.outcome = asMessage ? "merged" : "overwritten";
        record.says = asMessage
          ? `${rName} is a singular message read again later: the reader merges the records into one message (the later one's scalars win).`
          : `${rName} is singular and read again later: the last value wins, so this ${r.view.value} is replaced${wf && wf.fieldKind === "list" ? ` (the writer sent a list: ${wf.name} was repeated)` : ""}.`;
        record.written = asMessage ? "changed" : "dropped";
      }
    }
    out.push(record);
  }
  return out;
}

/** The bytes a reader of field `f` writes for these values as one record (a packed list: one LEN record). */
function rewriteRecord(f: DescField, no: number, values: Scalar[]): Uint8Array {
  const parts: number[] = [];
  const varint = (v: bigint) => {
    let x = v;
    while (x >= 0x80n) {
      parts.push(Number(x & 0x7fn) | 0x80);
      x >>= 7n;
    }
    parts.push(Number(x));
  };
  if (f.fieldKind === "list" && f.packed) {
    const body = values.flatMap((s) => [...encodeScalar(f, s)]);
    varint((BigInt(no) << 3n) | 2n);
    varint(BigInt(body.length));
    parts.push(...body);
  } else
    for (const s of values) {
      varint((BigInt(no) << 3n) | BigInt(wireTypeOf(f)));
      parts.push(...encodeScalar(f, s));
    }
  return Uint8Array.from(parts);
}

function unread(records: RecordView[], offset: number): void {
  for (const r of records) {
    if (r.outcome !== "parse-failure") {
      r.written = "dropped";
      r.unread = true;
      r.says = `Not read: the message fails to parse at byte ${offset}. Had it parsed: ${r.says.charAt(0).toLowerCase()}${r.says.slice(1)}`;
    }
    if (r.children) unread(r.children, offset);
  }
}

function countOutcomes(records: RecordView[], counts: Partial<Record<ReadOutcome, number>>): void {
  for (const r of records) {
    counts[r.outcome] = (counts[r.outcome] ?? 0) + 1;
    if (r.children) countOutcomes(r.children, counts);
  }
}

const REASONS: Record<string, string> = {
  "invalid UTF-8": "a string field holds bytes that are not UTF-8",
  "truncated varint": "the bytes end inside a varint",
  "value past the end": "a value runs past the end of its message",
  "group without end": "a group has no end tag",
  "mismatched end group": "a group's end tag names another field",
  "unexpected end group": "an end-group tag with no group open",
  "bad tag": "a tag with field number 0 or above 2^32",
  "bad wire type": "a tag with wire type 6 or 7",
  "too deep": "messages nest more than 100 deep",
  "length too large": "a length above 2 GiB",
  "varint longer than ten bytes": "a varint longer than ten bytes",
};

/** What a reader of `reader` makes of `bytes` written as `writer` (see the file comment). */
export function readAs(bytes: Uint8Array, writer: DescMessage, reader: DescMessage, options: ReadAsOptions = {}): ReaderView {
  const parse = parseLikeProtoc(reader, bytes, options.readerRegistry);
  const failure = parse.error !== undefined ? { offset: parse.errorAt ?? 0, reason: REASONS[parse.error] ?? parse.error } : undefined;
  const writerTree = annotateBytes(bytes, { message: writer }).annotations;
  const readerTree = annotateBytes(bytes, { message: reader }).annotations;
  const records = judge(bytes, recordNodes(writerTree), recordNodes(readerTree), { writer, reader, path: [] }, failure);
  // A message that fails to parse is not read at all: no record of it reaches the program.
  if (failure) unread(records, failure.offset);
  const counts: Partial<Record<ReadOutcome, number>> = {};
  countOutcomes(records, counts);
  const view: ReaderView = {
    writerType: writer.typeName,
    readerType: reader.typeName,
    records,
    ok: parse.parsed !== undefined,
    text: parse.parsed ? printParsed(parse.parsed) : "",
    counts,
  };
  if (failure) view.failure = failure;
  if (parse.parsed) view.reencoded = serializeParsed(parse.parsed);
  return view;
}
