import { describe, expect, it } from "vitest";
import fc from "fast-check";
import * as fflate from "fflate";
import { decodeBase64, encodeBase64 } from "./base64.ts";
import { decodeShareHash, decodeShareLink, encodeShareHash, isShareHash, ShareLinkError } from "./shareLink.ts";
import type { Workspace } from "../workspace/types.ts";

const sample: Workspace = {
  schema: 'syntax = "proto3";\nmessage Test1 { int32 a = 1; }\n',
  protoscope: "1: 150",
  message: "a: 150",
  messageType: "Test1",
  bytes: Uint8Array.of(0x08, 0x96, 0x01),
  mode: "textformat",
};

describe("base64", () => {
  it("round-trips any bytes in both alphabets", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.boolean(), (bytes, urlSafe) => {
        expect(decodeBase64(encodeBase64(bytes, urlSafe))).toEqual(bytes);
      }),
    );
  });
  it("matches the RFC 4648 test vectors", () => {
    const vectors = ["", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy"];
    const plain = ["", "f", "fo", "foo", "foob", "fooba", "foobar"];
    plain.forEach((p, i) => expect(encodeBase64(new TextEncoder().encode(p))).toBe(vectors[i]));
  });
  it("rejects characters outside both alphabets", () => {
    expect(decodeBase64("ab$d")).toBeUndefined();
    expect(decodeBase64("abcde")).toBeUndefined();
  });
});

describe("share links", () => {
  it("round-trip every field of the workspace", () => {
    const hash = encodeShareHash(sample);
    expect(hash).toMatch(/^#w3\.[A-Za-z0-9_-]+$/);
    expect(isShareHash(hash)).toBe(true);
    expect(decodeShareHash(hash)).toEqual(sample);
  });

  it("round-trip arbitrary text, unicode and bytes", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.string(), fc.uint8Array({ maxLength: 64 }), (schema, protoscope, bytes) => {
        const ws: Workspace = { ...sample, schema, protoscope, bytes, mode: "bytes" };
        expect(decodeShareHash(encodeShareHash(ws))).toEqual(ws);
      }),
      { numRuns: 50 },
    );
  });

  it("compress repetitive workspaces far below their size", () => {
    const big = { ...sample, protoscope: "1: 150\n".repeat(10_000) };
    expect(encodeShareHash(big).length).toBeLessThan(2_000);
  });

  it("carry the sender's view: the editor in front and the selected bytes", () => {
    const hash = encodeShareHash(sample, { tab: "schema", selection: [1, 3] });
    expect(decodeShareLink(hash)).toEqual({ workspace: sample, view: { tab: "schema", selection: [1, 3] } });
  });

  it("migrate version 2 links (no view) to the view their mode implies", () => {
    const { deflateSync, strToU8 } = fflate;
    const v2 = { schema: "s", protoscope: "1: 1", message: "a: 1", messageType: "A", mode: "textformat", bytes: "" };
    const hash = "#w2." + encodeBase64(deflateSync(strToU8(JSON.stringify(v2))), true);
    expect(decodeShareLink(hash)).toEqual({
      workspace: { ...v2, bytes: new Uint8Array(0) },
      view: { tab: "message", selection: null },
    });
  });

  it("migrate version 1 links (plain JSON, `proto` field) to the current workspace", () => {
    const v1 = { proto: "message A {}", protoscope: "1: 1" };
    const hash = "#w1." + encodeBase64(new TextEncoder().encode(JSON.stringify(v1)), true);
    expect(decodeShareHash(hash)).toEqual({
      schema: "message A {}",
      protoscope: "1: 1",
      message: "",
      messageType: "",
      mode: "protoscope",
      bytes: new Uint8Array(0),
    });
  });

  it("explain damaged and future links instead of opening them", () => {
    const hash = encodeShareHash(sample);
    expect(() => decodeShareHash(hash.slice(0, 20))).toThrow(ShareLinkError);
    expect(() => decodeShareHash("#w3.$$$")).toThrow("not base64url");
    expect(() => decodeShareHash("#w9.abc")).toThrow("newer Wirelab (format 9)");
    expect(() => decodeShareHash("#section-2")).toThrow("not a Wirelab workspace link");
    expect(isShareHash("#section-2")).toBe(false);
  });

  it("refuse a link that would inflate past the limit, without inflating it all", () => {
    // 80 MiB of zeros deflate to about 80 KB: a small link, a huge workspace.
    const bomb = fflate.deflateSync(new Uint8Array(80 * 1024 * 1024), { level: 9 });
    const hash = `#w3.${encodeBase64(bomb, true)}`;
    expect(() => decodeShareHash(hash)).toThrow("the link is too large");
  });
});
