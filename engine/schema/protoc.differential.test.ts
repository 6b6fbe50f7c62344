/**
 * Differential test against the real protoc (36.2): corpus files mutated at random (characters and
 * tokens inserted, deleted, duplicated; names and numbers replaced) are compiled by protoc and
 * by us, and the printed diagnostics must be identical, line for line. This is how the error
 * recovery and the order of protoc's checks were matched; it keeps them matched.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromBinary, toJson } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema, FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { afterAll, describe, expect, it } from "vitest";
import { findTool, missingToolReason, protoc36Include } from "../testing/tools.ts";
import { compile, formatSchemaDiagnostic } from "./index.ts";

// Today's protoc (36.2), with its own well-known types after the case's folder.
const protoc = findTool("protoc-36");
if (!protoc) console.log(missingToolReason("protoc-36"));
const wkt = protoc ? protoc36Include() : undefined;

const corpus = join(import.meta.dirname, "testdata", "corpus");
const SNIPPETS = ["{", "}", ";", "=", "message ", "enum ", "oneof ", "map<", ">", "[", "]", '"', "/*", "//", "\n", "\t", "-", ".", "1", "0x", "é", "option ", "(", ")", "repeated ", "group ", "extend ", "reserved ", " to max", "optional ", "required ", "stream ", "returns ", "rpc ", "2", "19000", "0", ",", "max", "import ", "package "];
const NUMBERS = [0, 1, 2, 3, 5, 19000, 536870912, 536870911, 100];

/** A small deterministic generator, so a failure names a seed that reproduces it. */
function generator(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

const LAYOUT = ["\n", "\n\n", "\t", "  ", " // c1\n", "\n// lead\n", "/* b */", "\n/* block\n * two\n */\n", "\n\n// detached\n\n", " /* t */ ", "//\n", "/**/"];

function mutate(text: string, rand: () => number, mode: "text" | "names" | "layout"): string {
  let out = text;
  const count = 1 + Math.floor(rand() * 3);
  for (let i = 0; i < count; i++) {
    if (mode === "layout") {
      // Comments and whitespace between tokens: the file stays valid, its SourceCodeInfo changes.
      const spots = [...out.matchAll(/[ \n;{}]/g)].map((m) => m.index!);
      const at = spots[Math.floor(rand() * spots.length)] ?? 0;
      out = out.slice(0, at + 1) + LAYOUT[Math.floor(rand() * LAYOUT.length)] + out.slice(at + 1);
      continue;
    }
    if (mode === "names") {
      const tokens = [...out.matchAll(/[A-Za-z_][A-Za-z0-9_]*|\d+/g)];
      const words = out.match(/[A-Za-z_][A-Za-z0-9_.]*/g) ?? ["x"];
      const t = tokens[Math.floor(rand() * tokens.length)];
      if (!t) continue;
      const replacement = /^\d/.test(t[0]) ? String(NUMBERS[Math.floor(rand() * NUMBERS.length)]) : words[Math.floor(rand() * words.length)]!;
      out = out.slice(0, t.index) + replacement + out.slice(t.index! + t[0].length);
      continue;
    }
    const at = Math.floor(rand() * (out.length + 1));
    const r = rand();
    if (r < 0.35) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(rand() * 6));
    else if (r < 0.8) out = out.slice(0, at) + SNIPPETS[Math.floor(rand() * SNIPPETS.length)] + out.slice(at);
    else {
      const len = 1 + Math.floor(rand() * 20);
      out = out.slice(0, at + len) + out.slice(at, at + len) + out.slice(at + len);
    }
  }
  return out;
}

describe.skipIf(!protoc)("diagnostics of mutated files equal protoc's", () => {
  const cases = readdirSync(corpus).filter(
    (c) => existsSync(join(corpus, c, "main.proto")) && !/^\s*edition\s*=/m.test(readFileSync(join(corpus, c, "main.proto"), "utf8")),
  );
  const work = mkdtempSync(join(tmpdir(), "wirelab-protoc-diff-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  for (const mode of ["text", "names"] as const) {
    it(`${mode} mutations (60 files)`, () => {
      const rand = generator(mode === "text" ? 7 : 11);
      for (let n = 0; n < 60; n++) {
        const name = cases[Math.floor(rand() * cases.length)]!;
        const files: Record<string, string> = {};
        for (const f of readdirSync(join(corpus, name))) if (f.endsWith(".proto")) files[f] = readFileSync(join(corpus, name, f), "utf8");
        files["main.proto"] = mutate(files["main.proto"]!, rand, mode);
        const dir = join(work, `${mode}-${n}`);
        rmSync(dir, { recursive: true, force: true });
        spawnSync("mkdir", ["-p", dir]);
        for (const [f, t] of Object.entries(files)) writeFileSync(join(dir, f), t);
        const result = spawnSync(protoc!, ["-I.", `-I${wkt}`, "-o", "/dev/null", "main.proto"], { cwd: dir, encoding: "utf8" });
        const theirs = result.stderr.split("\n").filter((l) => l !== "" && !l.startsWith("[libprotobuf"));
        const ours = compile(files, { roots: ["main.proto"], warnUnusedImports: true }).diagnostics.flatMap((d) => formatSchemaDiagnostic(d).split("\n"));
        // Unused-import warnings come out in protoc's heap-pointer order: compare them as a set.
        const normalize = (lines: string[]) => [...lines.filter((l) => !l.includes(": warning: ")), ...lines.filter((l) => l.includes(": warning: ")).sort()];
        expect({ case: name, mutation: n, text: files["main.proto"], lines: normalize(ours) }).toEqual({
          case: name,
          mutation: n,
          text: files["main.proto"],
          lines: normalize(theirs),
        });
      }
    });
  }

  it("layout mutations of valid files (40 files): same descriptor and SourceCodeInfo", () => {
    const valid = cases.filter((c) => c.startsWith("valid-"));
    const rand = generator(13);
    for (let n = 0; n < 40; n++) {
      const name = valid[Math.floor(rand() * valid.length)]!;
      const files: Record<string, string> = {};
      for (const f of readdirSync(join(corpus, name))) if (f.endsWith(".proto")) files[f] = readFileSync(join(corpus, name, f), "utf8");
      files["main.proto"] = mutate(files["main.proto"]!, rand, "layout");
      const dir = join(work, `layout-${n}`);
      spawnSync("mkdir", ["-p", dir]);
      for (const [f, t] of Object.entries(files)) writeFileSync(join(dir, f), t);
      const out = join(dir, "out.binpb");
      const result = spawnSync(protoc!, ["-I.", `-I${wkt}`, "--include_source_info", `--descriptor_set_out=${out}`, "main.proto"], { cwd: dir, encoding: "utf8" });
      expect(result.status).toBe(0);
      const theirs = fromBinary(FileDescriptorSetSchema, readFileSync(out)).file[0]!;
      const ours = compile(files, { roots: ["main.proto"], warnUnusedImports: true }).fileSet.file.find((f) => f.name === "main.proto");
      expect({ case: name, mutation: n, descriptor: ours && toJson(FileDescriptorProtoSchema, ours) }).toEqual({
        case: name,
        mutation: n,
        descriptor: toJson(FileDescriptorProtoSchema, theirs),
      });
    }
  });
});

// protoc 36.2's well-known types' .proto files (from protobuf-java's jar of the same release):
// compiling them is a real-world check: big files, many comments, every kind of declaration.
const include = wkt;
const wktDir = include ? join(include, "google", "protobuf") : undefined;
const haveWkt = wktDir !== undefined && existsSync(join(wktDir, "descriptor.proto"));

describe.skipIf(!haveWkt)("protoc's own well-known .proto files", () => {
  it("compile to the same descriptors and SourceCodeInfo as protoc's", () => {
    const names = readdirSync(wktDir!).filter((f) => f.endsWith(".proto")).map((f) => `google/protobuf/${f}`);
    expect(names.length).toBeGreaterThan(5);
    const files: Record<string, string> = {};
    for (const n of names) files[n] = readFileSync(join(include!, n), "utf8");
    const scratch = mkdtempSync(join(tmpdir(), "wirelab-wkt-"));
    try {
      for (const n of names) {
        const out = join(scratch, "set.binpb");
        const result = spawnSync(protoc!, [`-I${include}`, "--include_source_info", `--descriptor_set_out=${out}`, n], { encoding: "utf8" });
        expect(result.status).toBe(0);
        const theirs = fromBinary(FileDescriptorSetSchema, readFileSync(out)).file[0]!;
        const compiled = compile(files, { roots: [n] });
        expect(compiled.diagnostics).toEqual([]);
        const ours = compiled.fileSet.file.find((f) => f.name === n)!;
        expect({ file: n, descriptor: toJson(FileDescriptorProtoSchema, ours) }).toEqual({ file: n, descriptor: toJson(FileDescriptorProtoSchema, theirs) });
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
