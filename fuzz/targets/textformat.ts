/**
 * `textformat`: text-format messages -> bytes. Random messages under random schemas (proto2,
 * proto3, editions 2023 and 2024) printed in varied styles, the committed corpus, and both with
 * edits. Never a crash or a hang; every error positioned with a textformat/ code (the one
 * whole-message warning excepted); no bytes with an error. On a sample, `protoc --encode` (36.2):
 * it succeeds => the same bytes; it fails => our first error is its first error, at its line and
 * column.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { encodeTextFormat } from "../../engine/schema/textformat/index.ts";
import { arbMessage, printTextFormat } from "../../engine/schema/textformat/random-messages.ts";
import { applyTextEdits, checkDiagnostics, guard, hex, loadJson, saveJson, textEdits, type Finding, type Target } from "../core.ts";
import { messageOf } from "../lib/compiled.ts";
import { regressionCorpus, ROOT } from "../lib/corpus.ts";
import { arbSchema } from "../lib/schema-gen.ts";
import { protoc36IncludeDir, tool, writeWorkspace } from "../tools.ts";

interface Input {
  /** The schema's files; every one is compiled. */
  files: Record<string, string>;
  /** The message type, fully qualified. */
  type: string;
  text: string;
}

const SNIPPETS = [..."{}<>[]:;,.-/\"'\\#\n", "0x", "1e5", "-inf", "nan", "\\x", "\\u00e9", "é", "\u0001", "key: ", "value {", "[fz.", "true", "t", "f", "1.5f", "0777", "18446744073709551616", "-9223372036854775809", "\"\" \"\"", "# c\n"];

function corpus(): Input[] {
  const dir = join(ROOT, "engine", "schema", "textformat", "testdata");
  const out: Input[] = [];
  for (const c of readdirSync(dir).sort()) {
    const files: Record<string, string> = {};
    for (const f of readdirSync(join(dir, c))) if (f.endsWith(".proto")) files[f] = readFileSync(join(dir, c, f), "utf8");
    for (const f of readdirSync(join(dir, c)).filter((x) => x.endsWith(".txtpb")).sort()) {
      const text = readFileSync(join(dir, c, f), "utf8");
      out.push({ files, type: /^# type: ([\w.]+)/m.exec(text)![1]!, text });
    }
  }
  for (const [, b] of regressionCorpus("textformat")) out.push(loadJson<Input>(new Uint8Array(b)));
  return out;
}

/** A random schema, one of its messages, and a random message of that type printed as text. */
const randomMessage: fc.Arbitrary<Input> = arbSchema(true).chain((schema) => {
  const files = { "main.proto": schema.text };
  return fc.constantFrom(...schema.messages).chain((type) => {
    const m = messageOf(files, type);
    if (!m) return fc.constant({ files, type, text: "" });
    return fc.tuple(arbMessage(m.desc, 2), fc.nat()).map(([message, seed]) => ({ files, type, text: printTextFormat(m.desc, message, seed) }));
  });
});

let run = 0;

export const target: Target<Input> = {
  name: "textformat",
  about: "text format -> bytes under random schemas; positioned errors; bytes and first error identical to protoc --encode on a sample",
  ext: "json",
  tools: ["protoc-36", "protoc-36-include"],
  arbitrary() {
    const seeds = corpus();
    const edits = textEdits(SNIPPETS);
    return fc.oneof(
      { weight: 3, arbitrary: randomMessage },
      { weight: 2, arbitrary: fc.tuple(randomMessage, edits).map(([i, e]) => ({ ...i, text: applyTextEdits(i.text, e) })) },
      { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...seeds), edits).map(([i, e]) => ({ ...i, text: applyTextEdits(i.text, e) })) },
      { weight: 1, arbitrary: fc.constantFrom(...seeds) },
    );
  },
  check(input, ctx) {
    const findings: Finding[] = [];
    const m = guard("compile", () => messageOf(input.files, input.type), findings);
    if (!m) return findings; // the schema itself is the proto target's business
    const result = guard("encodeTextFormat", () => encodeTextFormat(input.text, m.desc, m.registry, { order: "protoc" }), findings);
    if (!result) return findings;
    checkDiagnostics("encode", input.text, result.diagnostics, ["textformat/"], findings, ["textformat/missing-required"]);
    const error = result.diagnostics.find((d) => d.severity === "error");
    if (error && result.bytes.length > 0) findings.push({ kind: "mismatch", summary: "encode: bytes despite an error" });
    const protoc = tool("protoc-36");
    const wkt = protoc36IncludeDir();
    if (!ctx.oracle || !protoc || !wkt) return findings;
    const dir = writeWorkspace(`t${run++ % 2}`, input.files);
    const theirs = ctx.outside(() => spawnSync(protoc, ["-I.", `-I${wkt}`, `--encode=${input.type}`, ...Object.keys(input.files)], { cwd: dir, input: input.text }));
    const stderr = theirs.stderr.toString();
    // Its warnings (a deprecated field) come first; the error is the first line that is not one.
    const line = stderr.split("\n").find((l) => /^input:\d+:\d+: /.test(l) && !/^input:\d+:\d+: warning: /.test(l));
    if (theirs.status === 0) {
      if (error) findings.push({ kind: "mismatch", summary: `encode: protoc accepts what we refuse (${error.code})`, detail: `ours: ${error.message}\n${input.text.slice(0, 1000)}` });
      else if (hex(new Uint8Array(theirs.stdout)) !== hex(result.bytes)) findings.push({ kind: "mismatch", summary: "encode: bytes differ from protoc --encode", detail: `protoc: ${hex(new Uint8Array(theirs.stdout)).slice(0, 300)}\nours:   ${hex(result.bytes).slice(0, 300)}` });
    } else if (!error) {
      findings.push({ kind: "mismatch", summary: "encode: protoc refuses what we accept", detail: stderr.slice(0, 500) });
    } else if (line) {
      const [, where, message] = /^input:(\d+:\d+): (.*)$/.exec(line)!;
      const p = error.printedAt ?? (error.span.kind === "text" ? error.span.start : undefined);
      const ours = p ? `${p.line}:${p.column}` : "";
      if (message !== error.message) findings.push({ kind: "mismatch", summary: "encode: the first error's words differ from protoc's", detail: `protoc: ${message}\nours:   ${error.message}` });
      else if (where !== ours) findings.push({ kind: "mismatch", summary: "encode: the first error's line:column differs from protoc's", detail: `protoc: ${where} ${message}\nours:   ${ours}` });
    }
    return findings;
  },
  save: saveJson,
  load: (b) => loadJson<Input>(b),
};
