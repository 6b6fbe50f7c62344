import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findTool, missingToolReason } from "../testing/tools.ts";
import { assemble } from "../protoscope/index.ts";
import { COMPRESSION_EXAMPLES, exampleBytes, findExample, protoscopeText } from "./examples.ts";

const examplesDir = new URL("../../examples/compression/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, examplesDir));

const protoscope = findTool("protoscope");
if (!protoscope) console.warn(missingToolReason("protoscope"));

describe("compression examples", () => {
  it("are committed exactly as the generator writes them (run scripts/gen-compression-examples.mjs)", () => {
    for (const e of COMPRESSION_EXAMPLES) {
      expect(read(`${e.id}.protoscope`).toString("utf8"), e.id).toBe(protoscopeText(e));
      expect(new Uint8Array(read(`${e.id}.pb`)), e.id).toEqual(exampleBytes(e));
    }
  });

  it("assemble with the engine's own assembler to exactly exampleBytes", () => {
    for (const e of COMPRESSION_EXAMPLES) {
      const result = assemble(protoscopeText(e), { annotations: false });
      expect(result.diagnostics, e.id).toEqual([]);
      expect(result.bytes, e.id).toEqual(exampleBytes(e));
    }
  });

  it("have unique ids that findExample resolves", () => {
    const ids = COMPRESSION_EXAMPLES.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(findExample(id)?.id).toBe(id);
    expect(findExample("no-such-example")).toBeUndefined();
  });

  it("encode every value once, in order, with the post's field numbers", () => {
    const packedVarint = exampleBytes(findExample("0-1000-packed-varint")!);
    // tag 1 LEN (0x0a), length 1874 as a two-byte varint (0xd2 0x0e), then 0, 1, 2 ...
    expect([...packedVarint.subarray(0, 6)]).toEqual([0x0a, 0xd2, 0x0e, 0, 1, 2]);
    const repeatedFixed = exampleBytes(findExample("0-1000-repeated-fixed32")!);
    // tag 2 I32 (0x15), then 1 little-endian, at the second record
    expect([...repeatedFixed.subarray(5, 10)]).toEqual([0x15, 1, 0, 0, 0]);
  });
});

describe.skipIf(!protoscope)("compression examples against protoscope", () => {
  it("assemble with `protoscope -s` to exactly exampleBytes", () => {
    const dir = mkdtempSync(join(tmpdir(), "wirelab-compress-"));
    for (const e of COMPRESSION_EXAMPLES) {
      const out = join(dir, `${e.id}.pb`);
      execFileSync(protoscope!, ["-s", "-o", out, new URL(`${e.id}.protoscope`, examplesDir).pathname]);
      expect(new Uint8Array(readFileSync(out)), e.id).toEqual(exampleBytes(e));
    }
  });
});
