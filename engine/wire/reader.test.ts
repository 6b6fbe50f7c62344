import { describe, expect, it } from "vitest";
import { GrowableWriter, Reader, WireError, WireType, fromHex } from "./index.ts";

function reader(hex: string, options?: ConstructorParameters<typeof Reader>[1]): Reader {
  return new Reader(fromHex(hex)!, options);
}

function errorOf(fn: () => unknown): WireError {
  try {
    fn();
  } catch (e) {
    if (e instanceof WireError) return e;
    throw e;
  }
  throw new Error("expected a WireError");
}

describe("Reader", () => {
  it("reads every scalar type back", () => {
    const w = new GrowableWriter()
      .int32(-5)
      .uint32(300)
      .sint32(-70000)
      .int64(-1n)
      .uint64(18446744073709551615n)
      .sint64(-9223372036854775808n)
      .fixed32(4000000000)
      .sfixed32(-3)
      .fixed64(2n ** 63n)
      .sfixed64(-2n)
      .float(1.5)
      .double(Math.PI)
      .bool(true)
      .string("héllo")
      .bytes(Uint8Array.of(9, 8));
    const r = new Reader(w.finish());
    expect(r.int32()).toBe(-5);
    expect(r.uint32()).toBe(300);
    expect(r.sint32()).toBe(-70000);
    expect(r.int64()).toBe(-1n);
    expect(r.uint64()).toBe(18446744073709551615n);
    expect(r.sint64()).toBe(-9223372036854775808n);
    expect(r.fixed32()).toBe(4000000000);
    expect(r.sfixed32()).toBe(-3);
    expect(r.fixed64()).toBe(2n ** 63n);
    expect(r.sfixed64()).toBe(-2n);
    expect(r.float()).toBe(1.5);
    expect(r.double()).toBe(Math.PI);
    expect(r.bool()).toBe(true);
    expect(r.string()).toBe("héllo");
    expect([...r.bytes()]).toEqual([9, 8]);
    expect(r.done).toBe(true);
  });

  it("reads tags and enters embedded messages", () => {
    const r = reader("1a 03 08 96 01 10 01");
    expect(r.tag()).toEqual([3, WireType.LEN]);
    const token = r.enter();
    expect(r.tag()).toEqual([1, WireType.Varint]);
    expect(r.int32()).toBe(150);
    expect(r.done).toBe(true);
    r.leave(token);
    expect(r.tag()).toEqual([2, WireType.Varint]);
    expect(r.bool()).toBe(true);
  });

  it("skips every wire type, groups included, returning the skipped bytes", () => {
    // 1: 150, 2: fixed64, 3: "ab", 4: group { 5: 1, 6: group { } }, 7: fixed32, 8: 1
    const r = reader("08 96 01 11 01 02 03 04 05 06 07 08 1a 02 61 62 23 28 01 33 34 24 3d 01 02 03 04 40 01");
    const skipped: [number, number][] = [];
    while (!r.done) {
      const [no, wt] = r.tag();
      skipped.push([no, r.skip(wt, no).length]);
    }
    expect(skipped).toEqual([[1, 2], [2, 8], [3, 3], [4, 5], [7, 4], [8, 1]]);
  });

  describe("errors carry the offset and tell truncated from malformed", () => {
    const cases: [string, string, (r: Reader) => unknown, string, number][] = [
      ["varint cut short", "08 96", (r) => (r.tag(), r.int32()), "wire/truncated", 1],
      ["fixed32 cut short", "0d 01 02", (r) => (r.tag(), r.fixed32()), "wire/truncated", 1],
      ["double cut short", "01 02 03", (r) => r.double(), "wire/truncated", 0],
      ["eleven-byte varint", "ff ff ff ff ff ff ff ff ff ff 01", (r) => r.uint64(), "wire/overlong-varint", 0],
      ["tenth byte overflows 64 bits", "ff ff ff ff ff ff ff ff ff 02", (r) => r.uint64(), "wire/overlong-varint", 0],
      ["wire type 6", "00 0e", (r) => (r.skip(0), r.tag()), "wire/bad-wire-type", 1],
      ["wire type 7", "0f", (r) => r.tag(), "wire/bad-wire-type", 0],
      ["field number 0", "00", (r) => r.tag(), "wire/bad-wire-type", 0],
      ["length past the end", "0a 05 01 02", (r) => (r.tag(), r.bytes()), "wire/length-past-end", 1],
      ["huge length", "0a ff ff ff ff 0f", (r) => (r.tag(), r.string()), "wire/length-past-end", 1],
      ["end group without a start", "0c", (r) => r.skip(r.tag()[1], 1), "wire/group-mismatch", 0],
      ["end group of another field", "0b 14", (r) => r.skip(r.tag()[1], 1), "wire/group-mismatch", 1],
      ["group never closed", "0b 10 01", (r) => r.skip(r.tag()[1], 1), "wire/truncated", 1],
      ["invalid UTF-8 when asked to check", "02 c3 28", (r) => r.string(), "wire/invalid-utf8", 0],
    ];
    it.each(cases)("%s", (_label, hex, read, code, offset) => {
      const e = errorOf(() => read(reader(hex, { checkUtf8: true })));
      expect(e.code).toBe(code);
      expect(e.offset).toBe(offset);
      expect(e.truncated).toBe(code === "wire/truncated");
    });
  });

  it("limits nesting instead of overflowing the stack (100 000 nested groups)", () => {
    const depth = 100_000;
    const bytes = new Uint8Array(depth * 2);
    bytes.fill(0x0b, 0, depth); // start group, field 1
    bytes.fill(0x0c, depth); // end group, field 1
    const r = new Reader(bytes);
    r.tag();
    const e = errorOf(() => r.skip(WireType.StartGroup, 1));
    expect(e.code).toBe("wire/nesting-too-deep");
    expect(e.offset).toBe(100);
    // With a high enough limit the same input is fine, and still costs no stack.
    const deep = new Reader(bytes, { maxDepth: depth + 1 });
    deep.tag();
    expect(deep.skip(WireType.StartGroup, 1).length).toBe(depth * 2 - 1);
  });

  it("limits entered messages", () => {
    const w = new GrowableWriter();
    for (let i = 0; i < 5; i++) w.tag(1, WireType.LEN).fork();
    for (let i = 0; i < 5; i++) w.join();
    const r = new Reader(w.finish(), { maxDepth: 3 });
    const e = errorOf(() => {
      for (;;) {
        r.tag();
        r.enter();
      }
    });
    expect(e.code).toBe("wire/nesting-too-deep");
    expect(e.offset).toBe(7);
  });

  it("hands out sub-readers bounded to a payload, one level deeper, with positions in the whole input", () => {
    // 1: {2: 150} 3: 1, with a utf-8 check asked for.
    const bytes = Uint8Array.of(0x0a, 0x03, 0x10, 0x96, 0x01, 0x18, 0x01);
    const r = new Reader(bytes, { checkUtf8: true, maxDepth: 2 });
    expect(r.tag()).toEqual([1, WireType.LEN]);
    const sub = r.sub();
    expect([sub.pos, sub.len, sub.nesting, r.pos]).toEqual([2, 5, 1, 5]);
    expect(sub.tag()).toEqual([2, WireType.Varint]);
    expect(sub.uint32()).toBe(150);
    expect(sub.done).toBe(true);
    // The sub-reader stops at its end: reading on is "truncated" at the payload's end, not the input's.
    const past = errorOf(() => sub.uint32());
    expect([past.code, past.offset]).toEqual(["wire/truncated", 5]);
    expect([r.tag(), r.uint32(), r.done]).toEqual([[3, WireType.Varint], 1, true]);
    // within(): the same, for bounds found earlier; the depth limit counts sub-readers.
    const again = new Reader(bytes, { maxDepth: 1 }).within(2, 5);
    expect([again.tag(), again.uint32(), again.nesting]).toEqual([[2, WireType.Varint], 150, 1]);
    const deep = errorOf(() => again.within(2, 5, 3));
    expect([deep.code, deep.offset]).toEqual(["wire/nesting-too-deep", 3]);
    const outside = errorOf(() => new Reader(bytes).within(4, 9));
    expect([outside.code, outside.offset]).toEqual(["wire/length-past-end", 4]);
    // A payload longer than what is left is refused where its length prefix is.
    const cut = new Reader(Uint8Array.of(0x0a, 0x05, 0x61));
    cut.tag();
    const e = errorOf(() => cut.sub());
    expect([e.code, e.offset, e.reason]).toEqual(["wire/length-past-end", 1, "length 5 runs past the end of the message (1 bytes left)"]);
  });
});
