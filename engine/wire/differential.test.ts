/**
 * Property tests: every scalar type round-trips through GrowableWriter and Reader, and random
 * messages encode to identical bytes through GrowableWriter, ChunkWriter and @bufbuild/protobuf's
 * BinaryWriter (the reference implementation most JS users run).
 */
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChunkWriter, GrowableWriter, Reader, WireType, toHex } from "./index.ts";

const int32 = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
const uint32 = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
const uint64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
const float32 = fc.float({ noNaN: true });
const double = fc.double({ noNaN: true });
const text = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary", maxLength: 300 }));
const bytes = fc.uint8Array({ maxLength: 300 });

type Scalar =
  | { type: "int32" | "sint32" | "sfixed32" | "enum"; value: number }
  | { type: "uint32" | "fixed32"; value: number }
  | { type: "int64" | "sint64" | "sfixed64"; value: bigint }
  | { type: "uint64" | "fixed64"; value: bigint }
  | { type: "float" | "double"; value: number }
  | { type: "bool"; value: boolean }
  | { type: "string"; value: string }
  | { type: "bytes"; value: Uint8Array };

const scalar: fc.Arbitrary<Scalar> = fc.oneof(
  int32.map((value) => ({ type: "int32" as const, value })),
  int32.map((value) => ({ type: "sint32" as const, value })),
  int32.map((value) => ({ type: "sfixed32" as const, value })),
  int32.map((value) => ({ type: "enum" as const, value })),
  uint32.map((value) => ({ type: "uint32" as const, value })),
  uint32.map((value) => ({ type: "fixed32" as const, value })),
  int64.map((value) => ({ type: "int64" as const, value })),
  int64.map((value) => ({ type: "sint64" as const, value })),
  int64.map((value) => ({ type: "sfixed64" as const, value })),
  uint64.map((value) => ({ type: "uint64" as const, value })),
  uint64.map((value) => ({ type: "fixed64" as const, value })),
  float32.map((value) => ({ type: "float" as const, value })),
  double.map((value) => ({ type: "double" as const, value })),
  fc.boolean().map((value) => ({ type: "bool" as const, value })),
  text.map((value) => ({ type: "string" as const, value })),
  bytes.map((value) => ({ type: "bytes" as const, value })),
);

const wireTypeOf: Record<Scalar["type"], number> = {
  int32: WireType.Varint, sint32: WireType.Varint, enum: WireType.Varint, uint32: WireType.Varint,
  int64: WireType.Varint, sint64: WireType.Varint, uint64: WireType.Varint, bool: WireType.Varint,
  sfixed32: WireType.I32, fixed32: WireType.I32, float: WireType.I32,
  sfixed64: WireType.I64, fixed64: WireType.I64, double: WireType.I64,
  string: WireType.LEN, bytes: WireType.LEN,
};

/** The subset of writer methods all three writers share. */
interface Writer {
  tag(fieldNo: number, wireType: number): Writer;
  fork(): Writer;
  join(): Writer;
  finish(): Uint8Array;
  int32(v: number): Writer; sint32(v: number): Writer; sfixed32(v: number): Writer; uint32(v: number): Writer;
  fixed32(v: number): Writer; float(v: number): Writer; double(v: number): Writer; bool(v: boolean): Writer;
  int64(v: bigint): Writer; sint64(v: bigint): Writer; sfixed64(v: bigint): Writer; uint64(v: bigint): Writer;
  fixed64(v: bigint): Writer; string(v: string): Writer; bytes(v: Uint8Array): Writer;
}

function writeScalar(w: Writer, s: Scalar): void {
  switch (s.type) {
    case "enum": w.int32(s.value); break;
    case "int32": w.int32(s.value); break;
    case "sint32": w.sint32(s.value); break;
    case "sfixed32": w.sfixed32(s.value); break;
    case "uint32": w.uint32(s.value); break;
    case "fixed32": w.fixed32(s.value); break;
    case "float": w.float(s.value); break;
    case "double": w.double(s.value); break;
    case "bool": w.bool(s.value); break;
    case "int64": w.int64(s.value); break;
    case "sint64": w.sint64(s.value); break;
    case "sfixed64": w.sfixed64(s.value); break;
    case "uint64": w.uint64(s.value); break;
    case "fixed64": w.fixed64(s.value); break;
    case "string": w.string(s.value); break;
    case "bytes": w.bytes(s.value); break;
  }
}

function readScalar(r: Reader, type: Scalar["type"]): Scalar["value"] {
  switch (type) {
    case "enum": return r.enum();
    case "int32": return r.int32();
    case "sint32": return r.sint32();
    case "sfixed32": return r.sfixed32();
    case "uint32": return r.uint32();
    case "fixed32": return r.fixed32();
    case "float": return r.float();
    case "double": return r.double();
    case "bool": return r.bool();
    case "int64": return r.int64();
    case "sint64": return r.sint64();
    case "sfixed64": return r.sfixed64();
    case "uint64": return r.uint64();
    case "fixed64": return r.fixed64();
    case "string": return r.string();
    case "bytes": return r.bytes();
  }
}

type Field =
  | { kind: "scalar"; no: number; value: Scalar }
  | { kind: "packed"; no: number; values: Scalar[] }
  | { kind: "message"; no: number; fields: Field[] };

const fieldNo = fc.oneof(fc.integer({ min: 1, max: 15 }), fc.integer({ min: 16, max: 536870911 }));
const packable = scalar.filter((s) => s.type !== "string" && s.type !== "bytes");

const { message } = fc.letrec((tie) => ({
  field: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({ kind: fc.constant("scalar" as const), no: fieldNo, value: scalar }),
    fc.record({ kind: fc.constant("packed" as const), no: fieldNo, values: fc.array(packable, { maxLength: 40 }) }),
    fc.record({ kind: fc.constant("message" as const), no: fieldNo, fields: tie("message") as fc.Arbitrary<Field[]> }),
  ),
  message: fc.array(tie("field"), { maxLength: 12 }) as fc.Arbitrary<Field[]>,
}));

function encode(w: Writer, fields: Field[]): void {
  for (const f of fields) {
    if (f.kind === "scalar") {
      w.tag(f.no, wireTypeOf[f.value.type]);
      writeScalar(w, f.value);
    } else if (f.kind === "packed") {
      w.tag(f.no, WireType.LEN).fork();
      for (const v of f.values) writeScalar(w, v);
      w.join();
    } else {
      w.tag(f.no, WireType.LEN).fork();
      encode(w, f.fields);
      w.join();
    }
  }
}

describe("round trips", () => {
  it("every scalar type reads back as written", () => {
    fc.assert(
      fc.property(fc.array(scalar, { maxLength: 30 }), (values) => {
        const w = new GrowableWriter({ initialCapacity: 16 });
        for (const v of values) writeScalar(w as unknown as Writer, v);
        const r = new Reader(w.finish(), { checkUtf8: true });
        for (const v of values) {
          const got = readScalar(r, v.type);
          if (v.type === "string") expect(got).toBe(new TextDecoder().decode(new TextEncoder().encode(v.value)));
          else if (v.type === "float") expect(got).toBe(Math.fround(v.value));
          else expect(got).toEqual(v.value);
        }
        expect(r.done).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("64-bit values given as decimal strings and numbers encode like bigints", () => {
    fc.assert(
      fc.property(int64, uint64, fc.maxSafeInteger(), (s, u, n) => {
        const a = new GrowableWriter().int64(s).uint64(u).sint64(s).fixed64(u).sfixed64(s).int64(BigInt(n)).finish();
        const b = new GrowableWriter().int64(s.toString()).uint64(u.toString()).sint64(s.toString())
          .fixed64(u.toString()).sfixed64(s.toString()).int64(n).finish();
        expect(toHex(b)).toBe(toHex(a));
      }),
      { numRuns: 300 },
    );
  });
});

describe("differential: GrowableWriter, ChunkWriter and @bufbuild/protobuf BinaryWriter agree byte for byte", () => {
  it("on random messages", () => {
    // One GrowableWriter reused across runs: its earlier results must stay intact too.
    const growable = new GrowableWriter({ initialCapacity: 32 });
    const kept: [Uint8Array, string][] = [];
    fc.assert(
      fc.property(message, (fields) => {
        const reference = new BinaryWriter();
        encode(reference as unknown as Writer, fields);
        const expected = toHex(reference.finish());
        const chunk = new ChunkWriter();
        encode(chunk as unknown as Writer, fields);
        expect(toHex(chunk.finish())).toBe(expected);
        encode(growable as unknown as Writer, fields);
        const got = growable.finish();
        expect(toHex(got)).toBe(expected);
        kept.push([got, expected]);
      }),
      { numRuns: 400 },
    );
    for (const [view, hex] of kept) expect(toHex(view)).toBe(hex);
  });
});
