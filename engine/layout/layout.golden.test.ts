import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findTool, missingToolReason } from "../testing/tools.ts";
import { describe, expect, it } from "vitest";
import type { DescMessage, Registry } from "@bufbuild/protobuf";
import { compile } from "../schema/index.ts";
import { declaredApiLevel, decodeAllocs, goStructLayout, type GoApiLevel, type GoStructLayout } from "./index.ts";

const TESTDATA = join(import.meta.dirname, "testdata");
const CORPUS = join(TESTDATA, "corpus");

interface GoldenLevel {
  layouts: { file: string; type: string; size: number; fields: { go: string; offset: number; size: number; goType: string }[] }[];
  allocs: { payload: string; type: string; bytes: string; allocs: number }[];
}
const golden = JSON.parse(readFileSync(join(TESTDATA, "layout.golden.json"), "utf8")) as { levels: Record<GoApiLevel, GoldenLevel> };

const files = Object.fromEntries(readdirSync(CORPUS).filter((f) => f.endsWith(".proto")).map((f) => [f, readFileSync(join(CORPUS, f), "utf8")]));
const compiled = compile(files);
const registry = compiled.registry as Registry;

/** reflect's spelling of a type the generated source spells `goType` (package `pkg`). */
function reflectSpelling(goType: string, pkg: string): string {
  const aliases: Record<string, string> = {
    "protoimpl.UnknownFields": "[]uint8",
    "protoimpl.SizeCache": "int32",
    "protoimpl.ExtensionFields": "map[int32]impl.ExtensionField",
  };
  if (aliases[goType]) return aliases[goType]!;
  return goType
    .replace(/^protoimpl\./, "impl.")
    .replace(/\[\]byte/g, "[]uint8")
    .replace(/(^|[\]*])((?:is)?[A-Z]\w*)/g, (_, pre: string, name: string) => `${pre}${pkg}.${name}`);
}

function expectMatches(ours: GoStructLayout, go: GoldenLevel["layouts"][number], pkg: string) {
  expect({ size: ours.size, fields: ours.fields.map((f) => ({ go: f.go, offset: f.offset, size: f.size, goType: reflectSpelling(f.goType, pkg) })) }).toEqual({ size: go.size, fields: go.fields });
}

describe("Go struct layouts against reflect on protoc-gen-go v1.36.11 output (layout.golden.json)", () => {
  it("the corpus compiles", () => {
    expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  for (const level of ["open", "hybrid", "opaque"] as const) {
    for (const g of golden.levels[level].layouts) {
      it(`${g.type} (${level}${g.file === "opaque_file.proto" ? ", the file's own level" : ""}): every field's offset, size and type, and the total`, () => {
        const msg = registry.getMessage(g.type) as DescMessage;
        expect(msg).toBeDefined();
        const api = declaredApiLevel(msg) ?? level;
        expectMatches(goStructLayout(msg, api), g, g.type.split(".")[1]!);
      });
    }
  }
});

describe("allocations per proto.Unmarshal against testing.AllocsPerRun (layout.golden.json)", () => {
  for (const level of ["open", "hybrid", "opaque"] as const) {
    for (const g of golden.levels[level].allocs) {
      it(`${g.payload} as ${g.type} (${level}): ${g.allocs} allocations`, () => {
        const msg = registry.getMessage(g.type) as DescMessage;
        const api = declaredApiLevel(msg) ?? level;
        const r = decodeAllocs(msg, Uint8Array.from(Buffer.from(g.bytes, "hex")), api === "hybrid" ? "open" : api);
        expect({ total: r.total, exact: r.exact }).toEqual({ total: g.allocs, exact: true });
      });
    }
  }
});

describe("the facts the lessons quote", () => {
  const log = registry.getMessage("wl.led.LogEntry") as DescMessage;
  it("a 7-field LogEntry is 96 bytes open and 104 opaque", () => {
    expect([goStructLayout(log, "open").size, goStructLayout(log, "opaque").size]).toEqual([96, 104]);
  });
  it("yet decoding it allocates 9 objects open and 5 opaque", () => {
    const six = golden.levels.open.allocs.find((a) => a.payload === "logentry-six")!;
    const bytes = Uint8Array.from(Buffer.from(six.bytes, "hex"));
    expect([decodeAllocs(log, bytes, "open").total, decodeAllocs(log, bytes, "opaque").total]).toEqual([9, 5]);
  });
});

describe("the golden file is what Go reports today", () => {
  const missing = (["go", "protoc-gen-go", "buf"] as const).find((t) => !findTool(t));
  it.skipIf(missing !== undefined)(`scripts/golden-layout.mjs reproduces layout.golden.json${missing ? ` (${missingToolReason(missing)})` : ""}`, () => {
    const out = join(mkdtempSync(join(tmpdir(), "wirelab-layout-golden-")), "layout.json");
    execFileSync(process.execPath, [join(import.meta.dirname, "../../scripts/golden-layout.mjs")], { env: { ...process.env, WIRELAB_GOLDEN_OUT: out }, stdio: "pipe" });
    const fresh = JSON.parse(readFileSync(out, "utf8")) as typeof golden;
    expect(fresh.levels).toEqual(golden.levels);
  }, 180_000);
});
