/**
 * `disassemble`: bytes -> protoscope text. For every input and every printing option:
 * `assemble(disassemble(b)) == b`; the workspace run the page makes of the bytes (annotation
 * tree, disassembly, tokens linked to bytes) never throws, its tree lies inside the bytes and its
 * links inside the text, and every byte explains; the links the disassembler records as it prints
 * are, node for node, those the assembler finds in the same text. On a sample, the text is protoscope's own for
 * the same flags (with and without a schema), apart from the differences DIFFERENCES.md lists.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { createFileRegistry, fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { assemble, disassemble, type DisassembleOptions } from "../../engine/protoscope/index.ts";
import { disassembleLinked } from "../../engine/protoscope/disassemble.ts";
import { assembledRanges } from "../../engine/protoscope/assemble-annotations.ts";
import type { RangeTree } from "../../engine/annotate/sources.ts";
import { createWorkspaceCache, runWorkspace } from "../../engine/workspace/index.ts";
import { comparableWithProtoscope } from "../../engine/testing/protoscope-text.ts";
import { checkDiagnostics, firstLine, guard, hex, loadJson, saveJson, type Finding, type Target } from "../core.ts";
import { anyBytes, byteCorpus } from "../lib/bytes.ts";
import { ROOT } from "../lib/corpus.ts";
import { checkTree } from "../lib/trees.ts";
import { scratchDir, tool } from "../tools.ts";

interface Input {
  bytes: Uint8Array;
  flags: Omit<DisassembleOptions, "message">;
  /** Read as wl.Everything (protoscope's corpus schema) or without a schema. */
  schema: boolean;
}

const CORPUS = join(ROOT, "engine", "protoscope", "testdata", "disasm");
const SET = join(CORPUS, "corpus.binpb");
const TYPE = "wl.Everything";
let everything: DisassembleOptions["message"];
const schemaText = () => readFileSync(join(CORPUS, "corpus.proto"), "utf8");
let cache: ReturnType<typeof createWorkspaceCache> | undefined;

function flagsOf(input: Input): string[] {
  const f = input.flags;
  return [
    f.explicitWireTypes && "-explicit-wire-types",
    f.explicitLengthPrefixes && "-explicit-length-prefixes",
    f.noGroups && "-no-groups",
    f.noQuotedStrings && "-no-quoted-strings",
    f.allFieldsAreMessages && "-all-fields-are-messages",
    ...(input.schema ? ["-descriptor-set", SET, "-message-type", TYPE] : []),
    input.schema && f.fieldNames && "-print-field-names",
    input.schema && f.enumNames && "-print-enum-names",
  ].filter((x): x is string => typeof x === "string");
}

/** A range tree as text, node by node in order: depth, bytes and source. */
function rangeRows(t: RangeTree): string {
  const out: string[] = [];
  const walk = (id: number, depth: number) => {
    for (const c of Array.from(t.children(id))) {
      out.push(`${depth} ${t.start(c)}-${t.end(c)} ${t.from(c)}-${t.to(c)}`);
      walk(c, depth + 1);
    }
  };
  walk(t.root, 0);
  return out.join("\n");
}

export const target: Target<Input> = {
  name: "disassemble",
  about: "bytes -> protoscope text; assemble(disassemble(b)) == b; tree and explain never throw; text identical to protoscope on a sample",
  ext: "json",
  tools: ["protoscope"],
  arbitrary() {
    everything ??= createFileRegistry(fromBinary(FileDescriptorSetSchema, new Uint8Array(readFileSync(SET)))).getMessage(TYPE)!;
    const flags = fc.record({
      explicitWireTypes: fc.boolean(),
      explicitLengthPrefixes: fc.boolean(),
      noGroups: fc.boolean(),
      noQuotedStrings: fc.boolean(),
      allFieldsAreMessages: fc.boolean(),
      fieldNames: fc.boolean(),
      enumNames: fc.boolean(),
    });
    return fc.record({ bytes: anyBytes(byteCorpus("disassemble")), flags, schema: fc.boolean() });
  },
  check(input, ctx) {
    const findings: Finding[] = [];
    const { bytes } = input;
    everything ??= createFileRegistry(fromBinary(FileDescriptorSetSchema, new Uint8Array(readFileSync(SET)))).getMessage(TYPE)!;
    const options: DisassembleOptions = { ...input.flags, ...(input.schema ? { message: everything } : { fieldNames: false, enumNames: false }) };
    const text = guard("disassemble", () => disassemble(bytes, options), findings);
    if (text !== undefined) {
      const back = guard("assemble(disassemble(b))", () => assemble(text, { annotations: false }), findings);
      if (back) {
        const errors = back.diagnostics.filter((d) => d.severity === "error");
        if (errors.length > 0) findings.push({ kind: "mismatch", summary: `the disassembly does not assemble (${errors[0]!.code})`, detail: `${errors[0]!.message}\n${text.slice(0, 2000)}` });
        else if (hex(back.bytes) !== hex(bytes)) findings.push({ kind: "mismatch", summary: "assemble(disassemble(b)) != b", detail: `in:  ${hex(bytes).slice(0, 400)}\nout: ${hex(back.bytes).slice(0, 400)}` });
      }
      // The recorded links (where the recorder follows the printing) are the assembler's.
      const linked = guard("disassembleLinked", () => disassembleLinked(bytes, options), findings);
      if (linked && linked.text !== text) findings.push({ kind: "mismatch", summary: "disassembleLinked's text differs from disassemble's" });
      else if (linked?.links) {
        const again = guard("assemble (links)", () => assemble(text), findings);
        const want = again ? rangeRows(assembledRanges(again.annotations)!) : undefined;
        const got = rangeRows(linked.links);
        if (want !== undefined && want !== got) {
          let i = 0;
          while (i < want.length && want[i] === got[i]) i++;
          findings.push({ kind: "mismatch", summary: "recorded links differ from the assembler's", detail: `first difference at character ${i}\nassembler: ${want.slice(i, i + 200)}\nrecorded:  ${got.slice(i, i + 200)}` });
        }
      }
    }
    // What the page does with the same bytes: tree, disassembly with names, tokens linked back.
    cache ??= createWorkspaceCache();
    const ws = {
      files: [
        ...(input.schema ? [{ kind: "proto" as const, name: "corpus.proto", text: schemaText() }] : []),
        { kind: "bytes" as const, name: "input.bin", bytes, messageType: input.schema ? TYPE : "" },
      ],
      active: "input.bin",
    };
    const result = guard("runWorkspace (bytes)", () => runWorkspace(ws, cache, { lint: false, disassembleOptions: input.flags }), findings);
    if (result) {
      // One tree: the decoder's, with its links into the disassembly.
      checkTree("workspace tree", result.bytes, result.annotations, result.disassembly, findings);
      // Malformed bytes are reported (wire/ codes) at their bytes.
      checkDiagnostics("workspace run", bytes, result.diagnostics["input.bin"] ?? [], ["wire/"], findings);
    }
    const protoscope = tool("protoscope");
    if (ctx.oracle && protoscope && text !== undefined) {
      const file = join(scratchDir(), "in.pb");
      writeFileSync(file, bytes);
      const run = ctx.outside(() => spawnSync(protoscope, [...flagsOf(input), file], { encoding: "utf8", maxBuffer: 1 << 28 }));
      if (run.status !== 0) findings.push({ kind: "mismatch", summary: `protoscope failed: ${firstLine(run.stderr)}` });
      else {
        // DIFFERENCES.md, disassembler 1.
        const [want, got] = comparableWithProtoscope(run.stdout, disassemble(bytes, { ...options, protoscopeUnknownFields: true }));
        if (want !== got) {
          const wl = want.split("\n");
          const gl = got.split("\n");
          let i = 0;
          while (i < wl.length && wl[i] === gl[i]) i++;
          findings.push({ kind: "mismatch", summary: "disassemble: text differs from protoscope's", detail: `${flagsOf(input).join(" ")}; first difference at line ${i + 1}\nprotoscope: ${JSON.stringify(wl[i])}\nours:       ${JSON.stringify(gl[i])}` });
        }
      }
    }
    return findings;
  },
  save: saveJson,
  load: (b) => loadJson<Input>(b),
};
