import { describe, expect, it } from "vitest";
import { ChunkWriter, GrowableWriter, Reader, WireType, toHex } from "./index.ts";

type AnyWriter = GrowableWriter | ChunkWriter;
const writers: [string, () => AnyWriter][] = [
  ["GrowableWriter", () => new GrowableWriter()],
  ["GrowableWriter (16-byte start)", () => new GrowableWriter({ initialCapacity: 16 })],
  ["ChunkWriter", () => new ChunkWriter()],
];

// Known encodings, from the protobuf encoding guide and worked by hand from the varint rules.
const table: [string, (w: AnyWriter) => unknown, string][] = [
  ["field 1 = 150 (the guide's first example)", (w) => w.tag(1, WireType.Varint).int32(150), "08 96 01"],
  ["int32 -1 takes ten bytes", (w) => w.int32(-1), "ff ff ff ff ff ff ff ff ff 01"],
  ["sint32 -1 is zigzag 1", (w) => w.sint32(-1), "01"],
  ["sint32 1 is zigzag 2", (w) => w.sint32(1), "02"],
  ["sint32 -2147483648", (w) => w.sint32(-2147483648), "ff ff ff ff 0f"],
  ["uint32 max", (w) => w.uint32(0xffffffff), "ff ff ff ff 0f"],
  ["uint32 0", (w) => w.uint32(0), "00"],
  ["uint32 127 / 128", (w) => w.uint32(127).uint32(128), "7f 80 01"],
  ["int64 -1 (bigint)", (w) => w.int64(-1n), "ff ff ff ff ff ff ff ff ff 01"],
  ["int64 min (decimal string)", (w) => w.int64("-9223372036854775808"), "80 80 80 80 80 80 80 80 80 01"],
  ["int64 max", (w) => w.int64(9223372036854775807n), "ff ff ff ff ff ff ff ff 7f"],
  ["uint64 max (decimal string)", (w) => w.uint64("18446744073709551615"), "ff ff ff ff ff ff ff ff ff 01"],
  ["uint64 2^32 (number)", (w) => w.uint64(4294967296), "80 80 80 80 10"],
  ["sint64 -1", (w) => w.sint64(-1n), "01"],
  ["sint64 min", (w) => w.sint64(-9223372036854775808n), "ff ff ff ff ff ff ff ff ff 01"],
  ["sint64 -2^32 (number)", (w) => w.sint64(-4294967296), "ff ff ff ff 1f"],
  ["fixed32 1", (w) => w.fixed32(1), "01 00 00 00"],
  ["sfixed32 -2", (w) => w.sfixed32(-2), "fe ff ff ff"],
  ["fixed64 2^32+1", (w) => w.fixed64(4294967297n), "01 00 00 00 01 00 00 00"],
  ["sfixed64 -1", (w) => w.sfixed64("-1"), "ff ff ff ff ff ff ff ff"],
  ["float 1.5", (w) => w.float(1.5), "00 00 c0 3f"],
  ["double -0", (w) => w.double(-0), "00 00 00 00 00 00 00 80"],
  ["double 0.1", (w) => w.double(0.1), "9a 99 99 99 99 99 b9 3f"],
  ["bool true", (w) => w.bool(true), "01"],
  ["string testing (the guide's second example)", (w) => w.tag(2, WireType.LEN).string("testing"), "12 07 74 65 73 74 69 6e 67"],
  ["string with non-ASCII", (w) => w.string("é€😀"), "09 c3 a9 e2 82 ac f0 9f 98 80"],
  ["lone surrogate becomes U+FFFD", (w) => w.string("\ud800"), "03 ef bf bd"],
  ["bytes", (w) => w.bytes(Uint8Array.of(1, 2, 255)), "03 01 02 ff"],
  [
    "nested message (the guide's Test3: c = { a: 150 })",
    (w) => w.tag(3, WireType.LEN).fork().tag(1, WireType.Varint).int32(150).join(),
    "1a 03 08 96 01",
  ],
  ["packed repeated 3, 270, 86942", (w) => w.tag(4, WireType.LEN).fork().int32(3).int32(270).int32(86942).join(), "22 06 03 8e 02 9e a7 05"],
  ["empty nested message", (w) => w.tag(1, WireType.LEN).fork().join(), "0a 00"],
  ["group", (w) => w.tag(1, WireType.StartGroup).tag(2, WireType.Varint).int32(1).tag(1, WireType.EndGroup), "0b 10 01 0c"],
  ["largest field number", (w) => w.tag(536870911, WireType.Varint).bool(false), "f8 ff ff ff 0f 00"],
];

describe.each(writers)("%s", (_name, make) => {
  it.each(table)("%s", (_label, write, hex) => {
    const w = make();
    write(w);
    expect(toHex(w.finish())).toBe(hex);
  });

  it("length prefixes of 127, 128, 16383 and 16384 bytes", () => {
    for (const n of [127, 128, 16383, 16384, 2097152]) {
      const w = make();
      w.tag(1, WireType.LEN).fork().raw(new Uint8Array(n).fill(7)).join();
      const out = w.finish();
      const r = new Reader(out);
      expect(r.tag()).toEqual([1, 2]);
      expect(r.bytes().every((b) => b === 7)).toBe(true);
      expect(r.done).toBe(true);
      expect(out.length).toBe(1 + (n < 128 ? 1 : n < 16384 ? 2 : n < 2097152 ? 3 : 4) + n);
    }
  });

  it("non-ASCII strings whose UTF-8 length crosses a varint boundary", () => {
    for (const s of ["é".repeat(64), "é".repeat(8192), "a".repeat(127) + "é", "€".repeat(43), "x".repeat(200)]) {
      const w = make();
      w.string(s);
      const r = new Reader(w.finish());
      expect(r.string()).toBe(s);
      expect(r.done).toBe(true);
    }
  });

  it("rejects values outside their type's range with a wire/invalid-value error", () => {
    const w = make();
    expect(() => w.uint32(-1)).toThrow(expect.objectContaining({ code: "wire/invalid-value" }));
    expect(() => w.int32(2 ** 31)).toThrow(expect.objectContaining({ code: "wire/invalid-value" }));
    expect(() => w.int32(1.5)).toThrow(expect.objectContaining({ code: "wire/invalid-value" }));
    expect(() => w.uint64(-1n)).toThrow(expect.objectContaining({ code: "wire/invalid-value" }));
    expect(() => w.int64(2n ** 63n)).toThrow(expect.objectContaining({ code: "wire/invalid-value" }));
    expect(() => w.int64("12abc")).toThrow(expect.objectContaining({ code: "wire/invalid-value" }));
    expect(() => w.join()).toThrow(expect.objectContaining({ code: "wire/invalid-state" }));
  });
});

describe("GrowableWriter specifics", () => {
  it("finish() views stay valid while the writer is reused, across buffer growth", () => {
    const w = new GrowableWriter({ initialCapacity: 16 });
    const results: [Uint8Array, string][] = [];
    for (let i = 0; i < 200; i++) {
      w.tag(1, WireType.Varint).uint32(i * 1000).tag(2, WireType.LEN).string("x".repeat(i % 40));
      const out = w.finish();
      results.push([out, toHex(out)]);
    }
    for (const [view, hex] of results) expect(toHex(view)).toBe(hex);
  });

  it("writers made with no options share a slab and never write over each other's results", () => {
    const results: [Uint8Array, string][] = [];
    const keep = (out: Uint8Array) => results.push([out, toHex(out)]);
    const abandoned = new GrowableWriter().tag(9, WireType.Varint).uint32(9); // never finished
    for (let i = 0; i < 3000; i++) {
      const w = new GrowableWriter().tag(1, WireType.Varint).uint32(i);
      if (i % 7 === 0) {
        // A writer made while another is mid-message (nested use).
        keep(new GrowableWriter().tag(2, WireType.LEN).string(`inner ${i}`).finish());
      }
      if (i % 101 === 0) w.tag(3, WireType.LEN).bytes(new Uint8Array(5000).fill(i & 0xff)); // outgrows its slab
      keep(w.finish());
      if (i % 13 === 0) {
        // Reused after its first message: it goes on in a buffer of its own.
        keep(w.tag(4, WireType.Varint).uint32(i).finish());
        keep(w.tag(5, WireType.LEN).string("x".repeat(i % 300)).finish());
      }
    }
    keep(abandoned.tag(10, WireType.Varint).uint32(10).finish());
    for (const [view, hex] of results) expect(toHex(view)).toBe(hex);
    // Small results of consecutive writers sit in one allocation: no buffer per message.
    const a = new GrowableWriter().uint32(1).finish();
    const b = new GrowableWriter().uint32(2).finish();
    expect(b.buffer).toBe(a.buffer);
    expect(b.byteOffset).toBe(a.byteOffset + 1);
    expect(new GrowableWriter({}).uint32(3).finish().buffer).not.toBe(a.buffer);
  });

  it("a first message that outgrows the shared slab comes out at its exact size, with nothing written over", () => {
    const results: [Uint8Array, string][] = [];
    const keep = (out: Uint8Array) => results.push([out, toHex(out)]);
    const big = (i: number) => new Uint8Array(3000 + i * 7).fill(i & 0xff);
    const abandoned = new GrowableWriter().tag(1, WireType.LEN).bytes(big(1)); // holds the scratch buffer, never finished
    for (let i = 0; i < 60; i++) {
      const w = new GrowableWriter().tag(1, WireType.LEN).fork();
      for (let k = 0; k < 20; k++) w.tag(2, WireType.LEN).bytes(big(i + k));
      if (i % 5 === 0) keep(new GrowableWriter().tag(3, WireType.LEN).bytes(big(i)).finish()); // nested, also big
      const out = w.join().finish();
      expect(out.buffer.byteLength).toBe(out.length);
      keep(out);
      if (i % 9 === 0) keep(w.tag(4, WireType.LEN).bytes(big(i)).finish()); // reused after a big first message
    }
    // Past the bound the scratch buffer is kept to, a message keeps the buffer it grew.
    const huge = new GrowableWriter().tag(1, WireType.LEN).bytes(new Uint8Array(5 << 20).fill(7)).finish();
    expect(huge.length).toBe(1 + 4 + (5 << 20));
    keep(abandoned.finish());
    for (const [view, hex] of results) expect(toHex(view)).toBe(hex);
  });

  it("a copied result leaves its room in the shared slab to the next writer", () => {
    const copied = new GrowableWriter().uint32(300).finish({ copy: true });
    const next = new GrowableWriter().uint32(1).finish();
    const after = new GrowableWriter().uint32(2).finish();
    expect([toHex(copied), toHex(next), toHex(after)]).toEqual(["ac 02", "01", "02"]);
    expect(after.byteOffset).toBe(next.byteOffset + 1);
  });

  it("finish({ copy: true }) returns an exact-size buffer of its own", () => {
    const w = new GrowableWriter();
    const out = w.tag(1, WireType.Varint).uint32(150).finish({ copy: true });
    expect(out.buffer.byteLength).toBe(3);
    expect(toHex(out)).toBe("08 96 01");
  });

  it("reset() drops the message in progress and keeps earlier results", () => {
    const w = new GrowableWriter();
    const first = w.uint32(1).finish();
    w.uint32(2).fork().uint32(3).reset();
    expect(toHex(w.uint32(4).finish())).toBe("04");
    expect(toHex(first)).toBe("01");
  });

  it("tells its observer about growth and join shifts, with the bytes involved", () => {
    const grows: { oldCapacity: number; newCapacity: number; bytesCopied: number }[] = [];
    const shifts: { at: number; bytesMoved: number; by: number }[] = [];
    const w = new GrowableWriter({ initialCapacity: 16, observer: { grow: (e) => grows.push(e), shift: (e) => shifts.push(e) } });
    w.tag(1, WireType.LEN).fork().raw(new Uint8Array(200)).join();
    // 2 bytes (tag + reserved length) are in progress; 16 doubles until 2 + 200 fit.
    expect(grows[0]).toEqual({ oldCapacity: 16, newCapacity: 256, bytesCopied: 2 });
    expect(grows.at(-1)!.newCapacity).toBeGreaterThanOrEqual(203);
    expect(shifts).toEqual([{ at: 1, bytesMoved: 200, by: 1 }]);
    expect(w.finish().length).toBe(203);
  });

  it("moves to a fresh slab (at least 8 KiB) when finished results fill the old one", () => {
    const grows: { oldCapacity: number; newCapacity: number; bytesCopied: number }[] = [];
    const w = new GrowableWriter({ initialCapacity: 64, observer: { grow: (e) => grows.push(e) } });
    for (let i = 0; i < 1000; i++) w.raw(new Uint8Array(10)).finish();
    // 6 results fill the first 64 bytes; then 8 KiB slabs hold 819 results each.
    expect(grows).toEqual([
      { oldCapacity: 64, newCapacity: 8192, bytesCopied: 0 },
      { oldCapacity: 8192, newCapacity: 8192, bytesCopied: 0 },
    ]);
    // A message too big for a quarter of the slab gets a slab sized for four of its kind.
    w.raw(new Uint8Array(5000));
    w.finish();
    w.raw(new Uint8Array(5000));
    expect(grows.at(-1)).toEqual({ oldCapacity: 8192, newCapacity: 32768, bytesCopied: 0 });
  });

  it("writes protoscope's long-form varints", () => {
    const w = new GrowableWriter();
    expect(toHex(w.varintLongForm(1n, 3).finish())).toBe("81 80 00");
    expect(toHex(w.varintLongForm(150n, 2).finish())).toBe("96 01");
    expect(() => w.varintLongForm(300n, 1)).toThrow(expect.objectContaining({ code: "wire/invalid-value" }));
  });
});
