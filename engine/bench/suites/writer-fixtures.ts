/**
 * The six messages the writer benchmark encodes, as plain data, and their encoders for the three
 * writer APIs in use: the protobuf-es style (`tag(no, type)`, `fork()`/`join()`), shared by
 * GrowableWriter, ChunkWriter, both @bufbuild/protobuf versions and @protobuf-ts/runtime (whose
 * BinaryWriter protobuf-es took its API from); protobufjs's style (precomputed tags through
 * `uint32()`, `fork()`/`ldelim()`, as its generated code does); and pbf's (one call per field,
 * nested messages through callbacks, as pbf/compile writes them).
 *
 * Each implementation runs in an isolate of its own, so a shared encoder only ever sees one
 * writer class there and stays monomorphic.
 */
import type { PbfWriter } from "pbf";
import { mulberry32 } from "../random.ts";

export const writerCases = ["tiny-user", "scalars", "repeated", "nested", "map", "large"] as const;
export type WriterCase = (typeof writerCases)[number];

export interface User { firstName: string; lastName: string; active: boolean }
export interface Scalars {
  double: number; float: number; int32: number; int64: bigint; uint32: number; uint64: bigint;
  sint32: number; sint64: bigint; fixed32: number; fixed64: bigint; sfixed32: number; sfixed64: bigint;
  bool: boolean; string: string; bytes: Uint8Array; enum: number;
}
export interface Repeated {
  int32: number[]; uint64: bigint[]; sint32: number[]; double: number[]; float: number[]; fixed32: number[]; bool: boolean[];
}
export interface Item { id: number; name: string; score: number; active: boolean }
export interface Large { strings: string[]; blobs: Uint8Array[] }

export interface WriterData {
  "tiny-user": User;
  scalars: Scalars;
  repeated: Repeated;
  nested: Item[];
  map: Record<string, Item>;
  large: Large;
}

export function makeData(): WriterData {
  const rnd = mulberry32(20260401);
  const item = (i: number): Item => ({ id: i, name: `item-${i}`, score: i * 1.25, active: i % 2 === 0 });
  const n100 = Array.from({ length: 100 }, (_, i) => i);
  const map: Record<string, Item> = {};
  for (let i = 0; i < 1000; i++) map[`key-${String(i).padStart(4, "0")}`] = item(i);
  const letters = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return {
    "tiny-user": { firstName: "Ada", lastName: "Lovelace", active: true },
    scalars: {
      double: 3.141592653589793, float: 1.5, int32: -42, int64: -9007199254740991n, uint32: 3000000000,
      uint64: 9007199254740991n, sint32: -123456, sint64: -123456789012345n, fixed32: 4000000000,
      fixed64: 1234567890123456n, sfixed32: -2000000000, sfixed64: -1234567890123456n, bool: true,
      string: "hello, protobuf scalars", bytes: Uint8Array.from({ length: 16 }, (_, i) => i * 16), enum: 2,
    },
    repeated: {
      int32: n100.map(() => Math.floor(rnd() * 2 ** 20) - 2 ** 12),
      uint64: n100.map((i) => BigInt(i) * 1_000_000_007n),
      sint32: n100.map((i) => (i % 2 === 0 ? i * 1000 : -i * 1000)),
      double: n100.map((i) => i * 0.5),
      float: n100.map((i) => i * 0.25),
      fixed32: n100.map(() => Math.floor(rnd() * 2 ** 32)),
      bool: n100.map((i) => i % 3 === 0),
    },
    nested: Array.from({ length: 1000 }, (_, i) => item(i)),
    map,
    large: {
      strings: Array.from({ length: 10 }, () => Array.from({ length: 1000 }, () => letters[Math.floor(rnd() * letters.length)]).join("")),
      blobs: Array.from({ length: 10 }, () => Uint8Array.from({ length: 1000 }, () => Math.floor(rnd() * 256))),
    },
  };
}

/** What the protobuf-es style encoders need of a writer. */
export interface EsWriter {
  tag(no: number, wireType: number): EsWriter;
  fork(): EsWriter;
  join(): EsWriter;
  finish(): Uint8Array;
  int32(v: number): EsWriter; uint32(v: number): EsWriter; sint32(v: number): EsWriter;
  fixed32(v: number): EsWriter; sfixed32(v: number): EsWriter; float(v: number): EsWriter; double(v: number): EsWriter;
  int64(v: bigint): EsWriter; uint64(v: bigint): EsWriter; sint64(v: bigint): EsWriter;
  fixed64(v: bigint): EsWriter; sfixed64(v: bigint): EsWriter;
  bool(v: boolean): EsWriter; string(v: string): EsWriter; bytes(v: Uint8Array): EsWriter;
}

const VARINT = 0, I64 = 1, LEN = 2, I32 = 5;

function esItem(w: EsWriter, m: Item): void {
  w.tag(1, VARINT).int32(m.id).tag(2, LEN).string(m.name).tag(3, I64).double(m.score).tag(4, VARINT).bool(m.active);
}

export const esEncoders: { [K in WriterCase]: (w: EsWriter, d: WriterData[K]) => void } = {
  "tiny-user": (w, u) => {
    w.tag(1, LEN).string(u.firstName).tag(2, LEN).string(u.lastName).tag(3, VARINT).bool(u.active);
  },
  scalars: (w, s) => {
    w.tag(1, I64).double(s.double).tag(2, I32).float(s.float).tag(3, VARINT).int32(s.int32)
      .tag(4, VARINT).int64(s.int64).tag(5, VARINT).uint32(s.uint32).tag(6, VARINT).uint64(s.uint64)
      .tag(7, VARINT).sint32(s.sint32).tag(8, VARINT).sint64(s.sint64).tag(9, I32).fixed32(s.fixed32)
      .tag(10, I64).fixed64(s.fixed64).tag(11, I32).sfixed32(s.sfixed32).tag(12, I64).sfixed64(s.sfixed64)
      .tag(13, VARINT).bool(s.bool).tag(14, LEN).string(s.string).tag(15, LEN).bytes(s.bytes)
      .tag(16, VARINT).int32(s.enum);
  },
  repeated: (w, r) => {
    w.tag(1, LEN).fork();
    for (const v of r.int32) w.int32(v);
    w.join().tag(2, LEN).fork();
    for (const v of r.uint64) w.uint64(v);
    w.join().tag(3, LEN).fork();
    for (const v of r.sint32) w.sint32(v);
    w.join().tag(4, LEN).fork();
    for (const v of r.double) w.double(v);
    w.join().tag(5, LEN).fork();
    for (const v of r.float) w.float(v);
    w.join().tag(6, LEN).fork();
    for (const v of r.fixed32) w.fixed32(v);
    w.join().tag(7, LEN).fork();
    for (const v of r.bool) w.bool(v);
    w.join();
  },
  nested: (w, items) => {
    for (const m of items) {
      w.tag(1, LEN).fork();
      esItem(w, m);
      w.join();
    }
  },
  map: (w, map) => {
    for (const key in map) {
      w.tag(1, LEN).fork().tag(1, LEN).string(key).tag(2, LEN).fork();
      esItem(w, map[key]!);
      w.join().join();
    }
  },
  large: (w, l) => {
    for (const s of l.strings) w.tag(1, LEN).string(s);
    for (const b of l.blobs) w.tag(2, LEN).bytes(b);
  },
};

/** What the protobufjs-style encoders need of a writer (protobufjs's `Writer`). */
export interface PbjsWriter {
  uint32(v: number): PbjsWriter; int32(v: number): PbjsWriter; sint32(v: number): PbjsWriter;
  fixed32(v: number): PbjsWriter; sfixed32(v: number): PbjsWriter; float(v: number): PbjsWriter; double(v: number): PbjsWriter;
  int64(v: number): PbjsWriter; uint64(v: number): PbjsWriter; sint64(v: number): PbjsWriter;
  fixed64(v: number): PbjsWriter; sfixed64(v: number): PbjsWriter;
  bool(v: boolean): PbjsWriter; string(v: string): PbjsWriter; bytes(v: Uint8Array): PbjsWriter;
  fork(): PbjsWriter; ldelim(): PbjsWriter; reset(): PbjsWriter; finish(): Uint8Array;
}

/** protobufjs takes 64-bit values as numbers (or its Long); the fixtures keep them within 2^53. */
const n = Number;

function pbItem(w: PbjsWriter, m: Item): void {
  w.uint32(8).int32(m.id).uint32(18).string(m.name).uint32(25).double(m.score).uint32(32).bool(m.active);
}

export const pbjsEncoders: { [K in WriterCase]: (w: PbjsWriter, d: WriterData[K]) => void } = {
  "tiny-user": (w, u) => {
    w.uint32(10).string(u.firstName).uint32(18).string(u.lastName).uint32(24).bool(u.active);
  },
  scalars: (w, s) => {
    w.uint32(9).double(s.double).uint32(21).float(s.float).uint32(24).int32(s.int32)
      .uint32(32).int64(n(s.int64)).uint32(40).uint32(s.uint32).uint32(48).uint64(n(s.uint64))
      .uint32(56).sint32(s.sint32).uint32(64).sint64(n(s.sint64)).uint32(77).fixed32(s.fixed32)
      .uint32(81).fixed64(n(s.fixed64)).uint32(93).sfixed32(s.sfixed32).uint32(97).sfixed64(n(s.sfixed64))
      .uint32(104).bool(s.bool).uint32(114).string(s.string).uint32(122).bytes(s.bytes)
      .uint32(128).int32(s.enum);
  },
  repeated: (w, r) => {
    w.uint32(10).fork();
    for (const v of r.int32) w.int32(v);
    w.ldelim().uint32(18).fork();
    for (const v of r.uint64) w.uint64(n(v));
    w.ldelim().uint32(26).fork();
    for (const v of r.sint32) w.sint32(v);
    w.ldelim().uint32(34).fork();
    for (const v of r.double) w.double(v);
    w.ldelim().uint32(42).fork();
    for (const v of r.float) w.float(v);
    w.ldelim().uint32(50).fork();
    for (const v of r.fixed32) w.fixed32(v);
    w.ldelim().uint32(58).fork();
    for (const v of r.bool) w.bool(v);
    w.ldelim();
  },
  nested: (w, items) => {
    for (const m of items) {
      w.uint32(10).fork();
      pbItem(w, m);
      w.ldelim();
    }
  },
  map: (w, map) => {
    for (const key in map) {
      w.uint32(10).fork().uint32(10).string(key).uint32(18).fork();
      pbItem(w, map[key]!);
      w.ldelim().ldelim();
    }
  },
  large: (w, l) => {
    for (const s of l.strings) w.uint32(10).string(s);
    for (const b of l.blobs) w.uint32(18).bytes(b);
  },
};

/**
 * pbf holds 64-bit integers as JavaScript numbers (exact up to 2^53, which the fixtures keep
 * within), so its data is the same messages with those fields as numbers, converted once, as a
 * pbf user's objects would hold them.
 */
type Numbered<T> = { [K in keyof T]: T[K] extends bigint ? number : T[K] extends bigint[] ? number[] : T[K] };
export interface PbfData {
  "tiny-user": User;
  scalars: Numbered<Scalars>;
  repeated: Numbered<Repeated>;
  nested: Item[];
  map: Record<string, Item>;
  large: Large;
}

export function pbfData(d: WriterData): PbfData {
  const s = d.scalars;
  return {
    ...d,
    scalars: { ...s, int64: n(s.int64), uint64: n(s.uint64), sint64: n(s.sint64), fixed64: n(s.fixed64), sfixed64: n(s.sfixed64) },
    repeated: { ...d.repeated, uint64: d.repeated.uint64.map(n) },
  };
}

function pbfItem(m: Item, w: PbfWriter): void {
  w.writeVarintField(1, m.id);
  w.writeStringField(2, m.name);
  w.writeDoubleField(3, m.score);
  w.writeBooleanField(4, m.active);
}

function pbfEntry(e: { key: string; value: Item }, w: PbfWriter): void {
  w.writeStringField(1, e.key);
  w.writeMessage(2, pbfItem, e.value);
}

/** pbf's encoders, written as its code generator (pbf/compile) writes them: one call per field. */
export const pbfEncoders: { [K in WriterCase]: (w: PbfWriter, d: PbfData[K]) => void } = {
  "tiny-user": (w, u) => {
    w.writeStringField(1, u.firstName);
    w.writeStringField(2, u.lastName);
    w.writeBooleanField(3, u.active);
  },
  scalars: (w, s) => {
    w.writeDoubleField(1, s.double);
    w.writeFloatField(2, s.float);
    w.writeVarintField(3, s.int32);
    w.writeVarintField(4, s.int64);
    w.writeVarintField(5, s.uint32);
    w.writeVarintField(6, s.uint64);
    w.writeSVarintField(7, s.sint32);
    w.writeSVarintField(8, s.sint64);
    w.writeFixed32Field(9, s.fixed32);
    w.writeFixed64Field(10, s.fixed64);
    w.writeSFixed32Field(11, s.sfixed32);
    w.writeSFixed64Field(12, s.sfixed64);
    w.writeBooleanField(13, s.bool);
    w.writeStringField(14, s.string);
    w.writeBytesField(15, s.bytes);
    w.writeVarintField(16, s.enum);
  },
  repeated: (w, r) => {
    w.writePackedVarint(1, r.int32);
    w.writePackedVarint(2, r.uint64);
    w.writePackedSVarint(3, r.sint32);
    w.writePackedDouble(4, r.double);
    w.writePackedFloat(5, r.float);
    w.writePackedFixed32(6, r.fixed32);
    w.writePackedBoolean(7, r.bool);
  },
  nested: (w, items) => {
    for (const m of items) w.writeMessage(1, pbfItem, m);
  },
  map: (w, map) => {
    for (const key in map) w.writeMessage(1, pbfEntry, { key, value: map[key]! });
  },
  large: (w, l) => {
    for (const s of l.strings) w.writeStringField(1, s);
    for (const b of l.blobs) w.writeBytesField(2, b);
  },
};
