import { describe, expect, it } from "vitest";
import fc from "fast-check";
import * as fflate from "fflate";
import { deflateBomb } from "../../../../fuzz/lib/bomb.ts";
import { decodeBase64, encodeBase64 } from "./base64.ts";
import { decodeShareHash, decodeShareLink, encodeShareHash, isShareHash, ShareLinkError } from "./shareLink.ts";
import type { Workspace } from "../workspace/types.ts";
import type { ViewState } from "../view/viewState.ts";

const sample: Workspace = {
  files: [
    { kind: "proto", name: "common/money.proto", text: 'syntax = "proto3";\npackage shop;\nmessage Money { int64 units = 1; }\n' },
    { kind: "proto", name: "order.proto", text: 'syntax = "proto3";\npackage shop;\nimport "common/money.proto";\nmessage Order { Money total = 1; }\n' },
    { kind: "textformat", name: "order.txtpb", text: "total { units: 150 }", messageType: "shop.Order" },
    { kind: "protoscope", name: "order.protoscope", text: "1: {1: 150}", messageType: "shop.Order" },
    { kind: "bytes", name: "order.bin", bytes: Uint8Array.of(0x0a, 0x03, 0x08, 0x96, 0x01), messageType: "" },
  ],
  active: "order.txtpb",
};

const v3Hash = (json: unknown) => "#w3." + encodeBase64(fflate.deflateSync(fflate.strToU8(JSON.stringify(json))), true);

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
  it("round-trip every file of the workspace, its kind, text or bytes and message type", () => {
    const hash = encodeShareHash(sample);
    expect(hash).toMatch(/^#w4\.[A-Za-z0-9_-]+$/);
    expect(isShareHash(hash)).toBe(true);
    expect(decodeShareHash(hash)).toEqual(sample);
  });

  it("round-trip arbitrary names, text, unicode and bytes", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, unit: "grapheme" }), { minLength: 3, maxLength: 3 }),
        fc.string({ unit: "grapheme" }),
        fc.string(),
        fc.uint8Array({ maxLength: 64 }),
        ([a, b, c], schema, protoscope, bytes) => {
          const ws: Workspace = {
            files: [
              { kind: "proto", name: a!, text: schema },
              { kind: "protoscope", name: b!, text: protoscope, messageType: "x.Y" },
              { kind: "bytes", name: c!, bytes, messageType: "" },
            ],
            active: c!,
          };
          expect(decodeShareHash(encodeShareHash(ws))).toEqual(ws);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("round-trip as plain JSON too (saves written while the page closes), which links never use", () => {
    const raw = encodeShareHash(sample, { panel: "readings" }, { raw: true });
    expect(raw.startsWith("#w4j.{")).toBe(true);
    expect(decodeShareLink(raw)).toEqual({ workspace: sample, view: { panel: "readings" } });
    expect(() => decodeShareHash("#w3j.{}")).toThrow("unknown link format 3j");
  });

  it("compress repetitive workspaces far below their size", () => {
    const big: Workspace = { files: [{ kind: "protoscope", name: "p", text: "1: 150\n".repeat(10_000), messageType: "" }], active: "p" };
    expect(encodeShareHash(big).length).toBeLessThan(2_000);
  });

  it("carry the whole view: the file and panel in front, the selected bytes, theme, layout and panels' state", () => {
    const view: ViewState = {
      editor: "order.proto",
      panel: "sizes",
      selection: [1, 3],
      theme: "dark",
      layout: "rows",
      panels: { sizes: { level: 9, quality: 4, compared: [{ kind: "example", id: "0-1000-packed-varint" }] } },
    };
    expect(decodeShareLink(encodeShareHash(sample, view))).toEqual({ workspace: sample, view });
  });

  it("leave out a malformed view instead of failing", () => {
    const json = { files: [], active: "", view: { editor: 3, panel: "sizes", selection: [5, 2], theme: "neon", layout: "rows" } };
    const hash = "#w4." + encodeBase64(fflate.deflateSync(fflate.strToU8(JSON.stringify(json))), true);
    expect(decodeShareLink(hash).view).toEqual({ panel: "sizes", layout: "rows" });
  });

  it("migrate version 3 links: each editor with text becomes a file, the mode the active one, the tab the editor in front", () => {
    const v3 = {
      schema: "message A { int32 a = 1; }",
      protoscope: "1: 1",
      message: "a: 2",
      messageType: "A",
      mode: "textformat",
      bytes: encodeBase64(Uint8Array.of(8, 3)),
      view: { tab: "schema", selection: [0, 2] },
    };
    expect(decodeShareLink(v3Hash(v3))).toEqual({
      workspace: {
        files: [
          { kind: "proto", name: "schema.proto", text: "message A { int32 a = 1; }" },
          { kind: "protoscope", name: "message.protoscope", text: "1: 1", messageType: "A" },
          { kind: "textformat", name: "message.txtpb", text: "a: 2", messageType: "A" },
          { kind: "bytes", name: "message.bin", bytes: Uint8Array.of(8, 3), messageType: "A" },
        ],
        active: "message.txtpb",
      },
      view: { editor: "schema.proto", selection: [0, 2] },
    });
  });

  it("migrate version 3 bytes-mode links: the Protoscope tab showed the disassembly, now the bytes file's editor", () => {
    const v3 = { schema: "", protoscope: "", message: "", messageType: "", mode: "bytes", bytes: encodeBase64(Uint8Array.of(8, 1)), view: { tab: "protoscope", selection: null } };
    expect(decodeShareLink(v3Hash(v3))).toEqual({
      workspace: { files: [{ kind: "bytes", name: "message.bin", bytes: Uint8Array.of(8, 1), messageType: "" }], active: "message.bin" },
      view: { editor: "message.bin", selection: null },
    });
  });

  it("migrate version 2 links (no view) through version 3, to the editor their mode implies", () => {
    const { deflateSync, strToU8 } = fflate;
    const v2 = { schema: "s", protoscope: "", message: "a: 1", messageType: "A", mode: "textformat", bytes: "" };
    const hash = "#w2." + encodeBase64(deflateSync(strToU8(JSON.stringify(v2))), true);
    expect(decodeShareLink(hash)).toEqual({
      workspace: {
        files: [
          { kind: "proto", name: "schema.proto", text: "s" },
          { kind: "textformat", name: "message.txtpb", text: "a: 1", messageType: "A" },
        ],
        active: "message.txtpb",
      },
      view: { editor: "message.txtpb", selection: null },
    });
  });

  it("migrate version 1 links (plain JSON, `proto` field) all the way", () => {
    const v1 = { proto: "message A {}", protoscope: "1: 1" };
    const hash = "#w1." + encodeBase64(new TextEncoder().encode(JSON.stringify(v1)), true);
    expect(decodeShareHash(hash)).toEqual({
      files: [
        { kind: "proto", name: "schema.proto", text: "message A {}" },
        { kind: "protoscope", name: "message.protoscope", text: "1: 1", messageType: "" },
      ],
      active: "message.protoscope",
    });
  });

  it("explain damaged and future links instead of opening them", () => {
    const hash = encodeShareHash(sample);
    expect(() => decodeShareHash(hash.slice(0, 20))).toThrow(ShareLinkError);
    expect(() => decodeShareHash("#w4.$$$")).toThrow("not base64url");
    expect(() => decodeShareHash("#w9.abc")).toThrow("newer Wirelab (format 9)");
    expect(() => decodeShareHash("#section-2")).toThrow("not a Wirelab workspace link");
    expect(isShareHash("#section-2")).toBe(false);
    const twice = "#w4." + encodeBase64(fflate.deflateSync(fflate.strToU8(JSON.stringify({ files: [{ name: "a", kind: "proto" }, { name: "a", kind: "proto" }], active: "" }))), true);
    expect(() => decodeShareHash(twice)).toThrow("two files named a");
  });

  it("refuse a link that would inflate past the limit, without inflating it all", () => {
    // 80 MiB of zeros deflate to about 80 KB: a small link, a huge workspace.
    const bomb = fflate.deflateSync(new Uint8Array(80 * 1024 * 1024), { level: 9 });
    const hash = `#w4.${encodeBase64(bomb, true)}`;
    expect(() => decodeShareHash(hash)).toThrow("the link is too large");
  });

  it("stop inflating a gigabyte bomb soon after the limit (the process's peak memory hardly moves)", () => {
    // A gigabyte of zeros in a 6.5 MB link. Pushed to the inflater whole, it was inflated to
    // 1 GiB (3 GB of memory, 7 s) before the limit was looked at; pushed 64 KB at a time, it
    // stops within about a limit of the limit.
    const hash = `#w4.${encodeBase64(deflateBomb(2 ** 30), true)}`;
    const peak = process.resourceUsage().maxRSS;
    expect(() => decodeShareHash(hash)).toThrow("the link is too large");
    expect((process.resourceUsage().maxRSS - peak) / 1024).toBeLessThan(512); // MiB (maxRSS is in KiB)
  });

  it("open a link larger than one inflate slice exactly (the slices join where blocks do not end)", () => {
    // Text that compresses poorly: a link of several hundred kilobytes, pushed in many slices
    // that end inside DEFLATE blocks.
    const random = fc.sample(fc.string({ unit: "grapheme", minLength: 2000, maxLength: 2000 }), { numRuns: 200, seed: 7 });
    const ws: Workspace = { files: random.map((text, i) => ({ kind: "proto", name: `f${i}.proto`, text })), active: "f0.proto" };
    const hash = encodeShareHash(ws);
    expect(hash.length).toBeGreaterThan(4 * 65_536);
    expect(decodeShareHash(hash)).toEqual(ws);
  });
});
