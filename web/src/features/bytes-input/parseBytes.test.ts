import { describe, expect, it } from "vitest";
import { formatHex, parseBytes, parseHex } from "./parseBytes.ts";

describe("parseHex", () => {
  const cases: [string, number[] | undefined][] = [
    ["08 96 01", [0x08, 0x96, 0x01]],
    ["089601", [0x08, 0x96, 0x01]],
    ["0x08, 0x96, 0x01", [0x08, 0x96, 0x01]],
    ["0x8,0x96,0x1", [0x08, 0x96, 0x01]],
    ["\\x08\\x96\\x01", [0x08, 0x96, 0x01]],
    ["08:96:01", [0x08, 0x96, 0x01]],
    ["  0A\n0b\t", [0x0a, 0x0b]],
    ["", []],
    ["089", undefined],
    ["08 zz", undefined],
    ["hello", undefined],
  ];
  for (const [text, expected] of cases) {
    it(JSON.stringify(text), () => {
      const got = parseHex(text);
      expect(got ? Array.from(got) : undefined).toEqual(expected);
    });
  }
});

describe("parseBytes", () => {
  it("prefers hex when the text is both hex and base64", () => {
    expect(parseBytes("0896")).toEqual({ ok: true, bytes: Uint8Array.of(0x08, 0x96), format: "hex" });
  });
  it("falls back to base64, either alphabet, with or without padding", () => {
    expect(parseBytes("CJYB")).toEqual({ ok: true, bytes: Uint8Array.of(0x08, 0x96, 0x01), format: "base64" });
    expect(parseBytes("EgdOZXN0aW5n")).toMatchObject({ format: "base64" });
    expect(parseBytes("/w==")).toEqual({ ok: true, bytes: Uint8Array.of(0xff), format: "base64" });
    expect(parseBytes("_w")).toEqual({ ok: true, bytes: Uint8Array.of(0xff), format: "base64" });
  });
  it("reads base64 when forced even if it looks like hex", () => {
    expect(parseBytes("0896", "base64")).toEqual({ ok: true, bytes: Uint8Array.of(0xd3, 0xcf, 0x7a), format: "base64" });
  });
  it("explains what it accepts when nothing fits", () => {
    expect(parseBytes("not bytes!")).toEqual({ ok: false, error: "neither hex (e.g. 08 96 01) nor base64 (e.g. CJYB)" });
    expect(parseBytes("zz", "hex")).toMatchObject({ ok: false, error: expect.stringContaining("not hex") });
  });
});

describe("formatHex", () => {
  it("formats a range as spaced lowercase pairs", () => {
    const bytes = Uint8Array.of(0x08, 0x96, 0x01, 0xff);
    expect(formatHex(bytes)).toBe("08 96 01 ff");
    expect(formatHex(bytes, 1, 3)).toBe("96 01");
  });
});
