import { describe, expect, it } from "vitest";
import { MAX_VALUE_BYTES, readings } from "./readings.ts";
import type { Reading } from "./readings.ts";

const bytesOf = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
/** kind -> value, or kind -> "invalid@OFFSET" */
function summary(list: Reading[]): Record<string, string> {
  return Object.fromEntries(list.map((r) => [r.kind, r.valid ? r.value : `invalid@${r.errorAt}`]));
}

describe("readings of a length-delimited payload", () => {
  it("lists every interpretation and whether it parses fully", () => {
    // Payload "hi" inside a field: 0a 02 68 69; the payload is bytes 2..4.
    const bytes = bytesOf("0a026869");
    expect(summary(readings(bytes, 2, 4, 2))).toEqual({
      string: "hi",
      bytes: "6869",
      message: "1 field", // 0x68 = field 13, varint; 0x69 = 105
      "packed-varint": "104 105",
      "packed-fixed32": "invalid@2",
      "packed-fixed64": "invalid@2",
    });
  });

  it("a message that is not UTF-8: the string reading says where it breaks", () => {
    const bytes = bytesOf("0a03089601");
    const list = readings(bytes, 2, 5, 2);
    expect(summary(list)).toEqual({
      string: "invalid@3",
      bytes: "089601",
      message: "1 field",
      "packed-varint": "8 150",
      "packed-fixed32": "invalid@2",
      "packed-fixed64": "invalid@2",
    });
    expect(list.find((r) => r.kind === "string")!.reason).toBe("not valid UTF-8");
  });

  it("four bytes: field 0 is not a message; packed fixed32 and varints both parse", () => {
    const r = summary(readings(bytesOf("0000803f"), 0, 4, 2));
    expect(r.message).toBe("invalid@0");
    expect(r["packed-fixed32"]).toBe("1065353216");
    expect(r["packed-varint"]).toBe("0 0 8064");
    expect(r["packed-fixed64"]).toBe("invalid@0");
  });

  it("sixteen bytes: two fixed64s and four fixed32s", () => {
    const list = readings(bytesOf("01000000000000000200000000000000"), 0, 16, 2);
    expect(list.find((r) => r.kind === "packed-fixed64")!.values).toEqual(["1", "2"]);
    expect(list.find((r) => r.kind === "packed-fixed32")!.values).toEqual(["1", "0", "2", "0"]);
  });

  it("an empty payload is the empty string, no bytes, an empty message and empty packed lists", () => {
    expect(summary(readings(new Uint8Array(0), 0, 0, 2))).toEqual({
      string: "",
      bytes: "",
      message: "0 fields",
      "packed-varint": "",
      "packed-fixed32": "",
      "packed-fixed64": "",
    });
  });
});

describe("readings of fixed-width values", () => {
  it("32 bits: unsigned, signed and float", () => {
    expect(summary(readings(bytesOf("0000c03f"), 0, 4, 5))).toEqual({ fixed32: "1069547520", sfixed32: "1069547520", float: "1.5" });
    expect(summary(readings(bytesOf("cdcccc3d"), 0, 4, 5)).float).toBe("0.1");
    expect(summary(readings(bytesOf("ffffffff"), 0, 4, 5))).toEqual({ fixed32: "4294967295", sfixed32: "-1", float: "NaN" });
    expect(summary(readings(bytesOf("0000807f"), 0, 4, 5)).float).toBe("Infinity");
  });

  it("64 bits: unsigned, signed and double", () => {
    expect(summary(readings(bytesOf("ffffffffffffffff"), 0, 8, 1))).toEqual({
      fixed64: "18446744073709551615",
      sfixed64: "-1",
      double: "NaN",
    });
    expect(summary(readings(bytesOf("000000000000f83f"), 0, 8, 1)).double).toBe("1.5");
  });

  it("the wrong number of bytes is invalid, with the reason", () => {
    const [first] = readings(bytesOf("000000"), 0, 3, 5);
    expect(first).toEqual({ kind: "fixed32", valid: false, value: "", errorAt: 0, reason: "3 bytes, not 4" });
  });
});

describe("readings of a varint", () => {
  it("150: signed, unsigned, zigzag; not a bool", () => {
    const r = summary(readings(bytesOf("9601"), 0, 2, 0));
    expect(r).toEqual({ int64: "150", uint64: "150", sint64: "75", int32: "150", uint32: "150", sint32: "75", bool: "invalid@0" });
  });

  it("-1 as int64 takes ten bytes", () => {
    const r = summary(readings(bytesOf("ffffffffffffffffff01"), 0, 10, 0));
    expect(r.int64).toBe("-1");
    expect(r.uint64).toBe("18446744073709551615");
    expect(r.sint64).toBe("-9223372036854775808");
    expect(r.int32).toBe("-1");
    expect(r.uint32).toBe("invalid@0");
  });

  it("a truncated varint has no reading", () => {
    for (const r of readings(bytesOf("96"), 0, 1, 0)) expect(r).toMatchObject({ valid: false, errorAt: 0 });
  });

  it("out-of-range offsets are clamped, never thrown", () => {
    expect(readings(bytesOf("08"), 5, 2, 2).find((r) => r.kind === "bytes")!.value).toBe("");
  });
});

describe("a long payload", () => {
  it("shows its first MAX_VALUE_BYTES as a string or hex, then an ellipsis, and still checks all of it", () => {
    const payload = new TextEncoder().encode("é".repeat(MAX_VALUE_BYTES)); // two bytes a character
    const [str, raw, message] = readings(payload, 0, payload.length, 2);
    expect(str).toMatchObject({ kind: "string", valid: true });
    // Cut at a character boundary: 2048 whole characters, no broken half.
    expect(str!.value).toBe("é".repeat(MAX_VALUE_BYTES / 2) + "…");
    expect(raw!.value).toBe("c3a9".repeat(MAX_VALUE_BYTES / 2) + "…");
    expect(message!.valid).toBe(false);
    // Validity still looks at every byte: one bad byte at the very end makes it not a string.
    const bad = Uint8Array.from([...payload, 0xff]);
    expect(readings(bad, 0, bad.length, 2)[0]).toMatchObject({ kind: "string", valid: false, errorAt: payload.length });
  });

  it("is shown whole when it fits", () => {
    const payload = new Uint8Array(MAX_VALUE_BYTES).fill(0x61);
    const [str, raw] = readings(payload, 0, payload.length, 2);
    expect(str!.value).toBe("a".repeat(MAX_VALUE_BYTES));
    expect(raw!.value).toBe("61".repeat(MAX_VALUE_BYTES));
  });
});
