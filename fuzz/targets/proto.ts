/**
 * `proto`: `.proto` files -> diagnostics and descriptors. Generated schemas (valid ones, and
 * ones built to collide), the compiler's corpus, and both edited. Never a crash or a hang; every
 * diagnostic has a protoc/ code and a span inside its file (or none, where protoc prints none). On
 * a sample, protoc 36.2: the same lines on standard error (so the same status and first error),
 * and where both compile, the same descriptor set byte for byte (SourceCodeInfo included).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { compile, formatSchemaDiagnostic } from "../../engine/schema/index.ts";
import { applyTextEdits, checkDiagnostics, guard, hex, loadJson, saveJson, textEdits, type Finding, type Target } from "../core.ts";
import { regressionCorpus, ROOT } from "../lib/corpus.ts";
import { arbSchema } from "../lib/schema-gen.ts";
import { protoc36IncludeDir, tool, writeWorkspace } from "../tools.ts";

/** The files of one compile; `main.proto` is the one named on the command line. */
type Input = Record<string, string>;

const SNIPPETS = ["{", "}", ";", "=", "message", "enum", "oneof", "map<", ">", "[", "]", '"', "/*", "//", "\n", "-", ".", "1", "0x", "é", "option", "(", ")", "repeated", "optional", "required", "group", "extend", "reserved", "to max", "\u0000", "stream", "returns", "features.", "edition = \"2023\";", "syntax = \"proto3\";", "import \"google/protobuf/descriptor.proto\";", "export ", "local ", "import option \"x.proto\";"];

function corpusInputs(): Input[] {
  const dir = join(ROOT, "engine", "schema", "testdata", "corpus");
  const out: Input[] = [];
  for (const c of readdirSync(dir).sort()) {
    if (!existsSync(join(dir, c, "main.proto"))) continue;
    const files: Input = {};
    for (const f of readdirSync(join(dir, c))) if (f.endsWith(".proto")) files[f] = readFileSync(join(dir, c, f), "utf8");
    out.push(files);
  }
  for (const [, b] of regressionCorpus("proto")) out.push(loadJson<Input>(new Uint8Array(b)));
  return out;
}

function withMain(input: Input, edit: (t: string) => string): Input {
  return { ...input, "main.proto": edit(input["main.proto"] ?? "") };
}

/** protoc prints unused-import warnings in heap-pointer order: compare those as a set. */
function sameUpToWarningOrder(a: string[], b: string[]): boolean {
  const sorted = (x: string[]) => [...x].sort().join("\n");
  return sorted(a) === sorted(b) && a.filter((l) => !l.includes("Import ") || !l.includes(" is unused.")).join("\n") === b.filter((l) => !l.includes("Import ") || !l.includes(" is unused.")).join("\n");
}

let run = 0;

export const target: Target<Input> = {
  name: "proto",
  about: ".proto files -> positioned diagnostics; status, diagnostics and descriptors identical to protoc 36.2 on a sample",
  ext: "json",
  tools: ["protoc-36", "protoc-36-include"],
  arbitrary() {
    const corpus = corpusInputs();
    const edits = textEdits(SNIPPETS);
    return fc.oneof(
      { weight: 3, arbitrary: arbSchema(false).map((s) => ({ "main.proto": s.text })) },
      { weight: 1, arbitrary: arbSchema(true).map((s) => ({ "main.proto": s.text })) },
      { weight: 2, arbitrary: fc.tuple(arbSchema(true), edits).map(([s, e]) => ({ "main.proto": applyTextEdits(s.text, e) })) },
      { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...corpus), edits).map(([c, e]) => withMain(c, (t) => applyTextEdits(t, e))) },
      { weight: 1, arbitrary: fc.constantFrom(...corpus) },
    );
  },
  check(files, ctx) {
    const findings: Finding[] = [];
    const result = guard("compile", () => compile(files, { roots: ["main.proto"], warnUnusedImports: true }), findings);
    if (!result) return findings;
    for (const d of result.diagnostics) {
      const file = d.span.kind === "text" || d.span.kind === "none" ? (d.span.file ?? "main.proto") : "main.proto";
      // protoc prints some with no position (File not found, the command line's checks).
      checkDiagnostics(`compile (${file})`, files[file] ?? "", [d], ["protoc/"], findings, [d.code]);
    }
    const ours = guard("formatSchemaDiagnostic", () => result.diagnostics.flatMap((d) => formatSchemaDiagnostic(d).split("\n")), findings);
    const protoc = tool("protoc-36");
    const wkt = protoc36IncludeDir();
    if (!ctx.oracle || !protoc || !wkt || !ours) return findings;
    const dir = writeWorkspace(`p${run++ % 2}`, files);
    const out = join(dir, "set.binpb");
    const theirsRun = ctx.outside(() => spawnSync(protoc, ["-I.", `-I${wkt}`, "--include_source_info", `--descriptor_set_out=${out}`, "main.proto"], { cwd: dir, encoding: "utf8" }));
    const theirs = theirsRun.stderr.split("\n").filter((l) => l !== "");
    if (theirsRun.status !== 0 && theirsRun.status !== 1) {
      findings.push({ kind: "mismatch", summary: `protoc 36.2 itself failed (status ${theirsRun.status ?? theirsRun.signal})`, detail: theirsRun.stderr.slice(0, 2000) });
      return findings;
    }
    if (ours.join("\n") !== theirs.join("\n") && !sameUpToWarningOrder(ours, theirs)) {
      const i = ours.findIndex((l, k) => l !== theirs[k]);
      const at = i < 0 ? ours.length : i;
      const first = at === 0;
      findings.push({
        kind: "mismatch",
        summary: first ? `proto: ${theirsRun.status === 0 ? "protoc compiles it; " : ""}the first line differs from protoc 36.2's` : "proto: a later diagnostic differs from protoc 36.2's",
        detail: `line ${at + 1}\nprotoc: ${theirs[at] ?? "(nothing)"}\nours:   ${ours[at] ?? "(nothing)"}`,
      });
    }
    const main = result.fileSet.file.find((f) => f.name === "main.proto");
    if (theirsRun.status === 0) {
      if (!main) findings.push({ kind: "mismatch", summary: "proto: protoc 36.2 compiles it, we give no descriptor" });
      else {
        const want = new Uint8Array(readFileSync(out));
        const set = fromBinary(FileDescriptorSetSchema, want);
        const got = toBinary(FileDescriptorSetSchema, { ...set, file: [main] } as never);
        if (hex(got) !== hex(want)) findings.push({ kind: "mismatch", summary: "proto: the descriptor differs from protoc 36.2's", detail: `protoc: ${want.length} bytes, ours: ${got.length} bytes` });
      }
    } else if (main && result.diagnostics.every((d) => d.severity !== "error")) {
      findings.push({ kind: "mismatch", summary: "proto: protoc 36.2 refuses what we compile", detail: theirs.slice(0, 3).join("\n") });
    }
    return findings;
  },
  save: saveJson,
  load: (b) => loadJson<Input>(b),
};
