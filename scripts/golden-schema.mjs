#!/usr/bin/env node
// Regenerates the schema compiler goldens in engine/schema/testdata/corpus/ from the reference
// tools. Each case folder holds main.proto (the file compiled, like the one file named on the
// protoc command line) and the files it imports. For each case it writes
//   expected.txt       what the tool prints on standard error (protoc's diagnostics), "" if none
//   descriptor.binpb   for cases that compile: the FileDescriptorSet of main.proto alone
//                      (protoc --include_source_info --descriptor_set_out, without imports)
// Every case, proto2, proto3 and editions alike, goes through protoc 36.2 (see
// ../shared/REFERENCE-TOOLS.md; .ci/run fetches it), with its well-known types as the last -I.
//
// Usage: node scripts/golden-schema.mjs     (needs protoc 36.2)
import { requireProtoc36Include, requireTool } from "./reference-tools.mjs";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const corpus = join(root, "engine", "schema", "testdata", "corpus");
const protoc = requireTool("protoc-36");
const wkt = requireProtoc36Include();
const scratch = mkdtempSync(join(tmpdir(), "golden-schema-"));

let count = 0;
for (const entry of readdirSync(corpus, { withFileTypes: true })) {
  if (!entry.isDirectory()) continue;
  const dir = join(corpus, entry.name);
  const main = join(dir, "main.proto");
  if (!existsSync(main)) continue;
  const out = join(scratch, `${entry.name}.binpb`);
  const result = spawnSync(protoc, ["-I.", `-I${wkt}`, "--include_source_info", `--descriptor_set_out=${out}`, "main.proto"], { cwd: dir, encoding: "utf8" });
  if (result.error) throw result.error;
  writeFileSync(join(dir, "expected.txt"), result.stderr);
  const descriptor = join(dir, "descriptor.binpb");
  if (result.status === 0) writeFileSync(descriptor, readFileSync(out));
  else if (existsSync(descriptor)) rmSync(descriptor);
  count++;
  console.log(`${entry.name}: exit ${result.status}, ${result.stderr.split("\n").filter(Boolean).length} diagnostic lines`);
}
rmSync(scratch, { recursive: true, force: true });
console.log(`regenerated ${count} cases`);
