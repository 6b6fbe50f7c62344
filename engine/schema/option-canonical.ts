/**
 * Custom options as protoc 36 writes them. protoc 3.21 kept each `option (x).y = ...` statement as
 * its own record, in the order written; protoc 36 reads the options message through the options'
 * own types and writes it back, so a descriptor's custom options come out as a message serializer
 * writes them: by field number, the records of one non-repeated message option merged into one
 * (and the same inside it, all the way down), the last value of a non-repeated scalar kept, and
 * fields nobody declared last, in the order they came.
 */
import type { FieldDescriptorProto } from "@bufbuild/protobuf/wkt";
import { FieldDescriptorProto_Label as Label, FieldDescriptorProto_Type as Type } from "@bufbuild/protobuf/wkt";
import { Reader } from "../wire/reader.ts";
import { WireType, wireTypeOfField } from "../wire/wire-type.ts";
import { ByteWriter } from "./byte-writer.ts";
import type { SymbolPool } from "./symbol-pool.ts";

/** One record: its field number, wire type, and its value's bytes (for LEN: without the length). */
interface Rec {
  no: number;
  wt: number;
  value: Uint8Array;
}

/** An unknown field as protobuf-es keeps it (a LEN value keeps its length prefix). */
export interface UnknownField {
  no: number;
  wireType: number;
  data: Uint8Array;
}

function split(bytes: Uint8Array): Rec[] | undefined {
  const r = new Reader(bytes, { maxDepth: 200 });
  const out: Rec[] = [];
  try {
    while (!r.done) {
      const [no, wt] = r.tag();
      if (wt === WireType.LEN) out.push({ no, wt, value: r.bytes() });
      else if (wt === WireType.StartGroup) {
        const inner = r.skip(wt, no);
        // The group's contents, without its end-group tag.
        const end = new ByteWriter().tag(no, WireType.EndGroup).finish().length;
        out.push({ no, wt, value: inner.subarray(0, inner.length - end) });
      } else out.push({ no, wt, value: r.skip(wt, no) });
    }
  } catch {
    return undefined;
  }
  return out;
}

function write(w: ByteWriter, rec: Rec): void {
  w.tag(rec.no, rec.wt);
  if (rec.wt === WireType.LEN) w.bytes(rec.value);
  else if (rec.wt === WireType.StartGroup) w.raw(rec.value).tag(rec.no, WireType.EndGroup);
  else w.raw(rec.value);
}

interface FieldInfo {
  proto: FieldDescriptorProto;
  /** The message type's name for message and group fields. */
  message?: string;
  packed: boolean;
}

/** A message type's fields by number, with the extensions the pool knows for it. */
function fieldOf(pool: SymbolPool, messageName: string, no: number): FieldInfo | undefined {
  const sym = pool.find(messageName);
  let proto: FieldDescriptorProto | undefined;
  let syntax: "proto2" | "proto3" | "editions" = "proto2";
  if (sym?.kind === "message") {
    proto = sym.proto.field.find((f) => f.number === no);
    syntax = sym.file.syntax;
  }
  if (!proto) {
    const ext = pool.extensions.get(`${messageName}#${no}`);
    if (ext?.kind !== "field") return undefined;
    proto = ext.proto;
    syntax = ext.file.syntax;
  }
  const isMessage = proto.type === Type.MESSAGE || proto.type === Type.GROUP;
  const packable = proto.label === Label.REPEATED && !isMessage && proto.type !== Type.STRING && proto.type !== Type.BYTES;
  let packed = false;
  if (packable) {
    const set = proto.options?.packed;
    const encoding = proto.options?.features?.repeatedFieldEncoding;
    if (syntax === "proto2") packed = set === true;
    else if (syntax === "proto3") packed = set !== false;
    else packed = encoding === undefined || encoding === 0 ? true : encoding === 1;
  }
  return { proto, message: isMessage ? proto.typeName.replace(/^\./, "") : undefined, packed };
}

/** Re-serializes the contents of a message of type `messageName` the way protoc 36 would. */
function canonicalMessage(pool: SymbolPool, messageName: string, bytes: Uint8Array, depth: number): Uint8Array {
  const recs = split(bytes);
  if (!recs || depth > 100) return bytes;
  const w = new ByteWriter();
  writeCanonical(pool, messageName, recs, w, depth);
  return w.finish();
}

function writeCanonical(pool: SymbolPool, messageName: string | undefined, recs: Rec[], w: ByteWriter, depth: number): void {
  const known = new Map<number, Rec[]>();
  const unknown: Rec[] = [];
  const infos = new Map<number, FieldInfo>();
  for (const rec of recs) {
    const info = messageName === undefined ? undefined : (infos.get(rec.no) ?? fieldOf(pool, messageName, rec.no));
    if (!info) {
      unknown.push(rec);
      continue;
    }
    infos.set(rec.no, info);
    const list = known.get(rec.no);
    if (list) list.push(rec);
    else known.set(rec.no, [rec]);
  }
  for (const no of [...known.keys()].sort((a, b) => a - b)) {
    const list = known.get(no)!;
    const info = infos.get(no)!;
    const repeated = info.proto.label === Label.REPEATED;
    if (info.message !== undefined) {
      if (repeated) {
        for (const rec of list) write(w, { ...rec, value: canonicalMessage(pool, info.message, rec.value, depth + 1) });
      } else {
        // Records of one message field merge: their contents concatenated, then read as one.
        const total = list.reduce((n, r) => n + r.value.length, 0);
        const joined = new Uint8Array(total);
        let at = 0;
        for (const r of list) {
          joined.set(r.value, at);
          at += r.value.length;
        }
        const last = list[list.length - 1]!;
        write(w, { no, wt: last.wt, value: canonicalMessage(pool, info.message, joined, depth + 1) });
      }
    } else if (!repeated) write(w, list[list.length - 1]!);
    else if (info.packed) {
      // Every value of the field, in one packed record.
      const inner = new ByteWriter();
      // A packed record's contents are values already; an expanded record is one value.
      for (const rec of list) inner.raw(rec.value);
      w.tag(no, WireType.LEN).bytes(inner.finish());
    } else {
      for (const rec of list) {
        if (rec.wt !== WireType.LEN || info.proto.type === Type.STRING || info.proto.type === Type.BYTES) {
          write(w, rec);
          continue;
        }
        // A packed record read into an expanded field: one record per value.
        const wt = wireTypeOfField(info.proto.type);
        const r = new Reader(rec.value);
        while (!r.done) write(w, { no, wt, value: r.skip(wt) });
      }
    }
  }
  for (const rec of unknown) write(w, rec);
}

/**
 * The custom options (unknown fields) of an options message of type `optionsType`
 * (google.protobuf.FieldOptions, ...), in protoc 36's order and shape.
 */
export function canonicalCustomOptions(pool: SymbolPool, optionsType: string, fields: readonly UnknownField[]): UnknownField[] {
  if (fields.length === 0) return [];
  const w = new ByteWriter();
  for (const f of fields) {
    // protobuf-es keeps a group's contents with its end-group tag, a LEN value with its length.
    w.tag(f.no, f.wireType).raw(f.data);
  }
  const recs = split(w.finish());
  if (!recs) return [...fields];
  const out = new ByteWriter();
  writeCanonical(pool, optionsType, recs, out, 0);
  const back = split(out.finish()) ?? [];
  return back.map((r) => {
    if (r.wt === WireType.LEN) {
      const lw = new ByteWriter().bytes(r.value).finish();
      return { no: r.no, wireType: r.wt, data: lw };
    }
    if (r.wt === WireType.StartGroup) return { no: r.no, wireType: r.wt, data: new ByteWriter().raw(r.value).tag(r.no, WireType.EndGroup).finish() };
    return { no: r.no, wireType: r.wt, data: r.value };
  });
}

