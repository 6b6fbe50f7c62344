#!/usr/bin/env node
// Regenerates the text-format encoding goldens in engine/schema/textformat/testdata/ with the
// reference tools: for each corpus folder (one schema.proto and several *.txtpb, each starting
// with a `# type: pkg.Msg` line) it writes
//   schema.binpb   the FileDescriptorSet (with imports) the tests load the message types from
//   NAME.bin       the bytes the tool encodes NAME.txtpb to
// Every schema, proto2, proto3 and editions, goes through protoc 36.2 (`protoc --encode`), with its
// well-known types as the last -I.
//
// Usage: node scripts/golden-encode.mjs     (needs protoc 36.2; bash .ci/run fetches it)
import { requireProtoc36Include, requireTool } from "./reference-tools.mjs";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const testdata = join(root, "engine", "schema", "textformat", "testdata");
const protoc = requireTool("protoc-36");
const wkt = requireProtoc36Include();

/** The message type a .txtpb names on its first line. */
export function typeOf(text) {
  const m = /^# type: ([\w.]+)/.exec(text);
  if (!m) throw new Error("a corpus message must start with `# type: pkg.Msg`");
  return m[1];
}

function run(cmd, args, options) {
  return execFileSync(cmd, args, { stdio: ["pipe", "pipe", "pipe"], ...options });
}

let written = 0;
for (const corpus of readdirSync(testdata, { withFileTypes: true })) {
  if (!corpus.isDirectory()) continue;
  const dir = join(testdata, corpus.name);
  const schema = join(dir, "schema.proto");
  if (!existsSync(schema)) continue;
  run(protoc, ["-I.", `-I${wkt}`, "--include_imports", "--descriptor_set_out=schema.binpb", "schema.proto"], { cwd: dir });
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".txtpb")).sort()) {
    const text = readFileSync(join(dir, file), "utf8");
    const type = typeOf(text);
    const out = join(dir, file.replace(/\.txtpb$/, ".bin"));
    writeFileSync(out, run(protoc, ["-I.", `-I${wkt}`, `--encode=${type}`, "schema.proto"], { cwd: dir, input: text }));
    written++;
    console.log(`${corpus.name}/${file} -> ${readFileSync(out).length} bytes`);
  }
}
console.log(`wrote ${written} goldens`);
