#!/usr/bin/env node
// Regenerates the assembler's golden files from the real protoscope:
//   engine/protoscope/testdata/asm/X.txt          -> X.pb   (`protoscope -s X.txt -o X.pb`)
//   engine/protoscope/testdata/asm/spec.txt       <- `protoscope -spec` (the language spec), + spec.pb
//   engine/protoscope/testdata/asm/invalid/X.txt  -> X.err  (protoscope must reject it; its message,
//                                                   with the line:column the test compares)
// Usage: node scripts/golden-protoscope-asm.mjs   (needs protoscope on PATH or in $HOME/go/bin)
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register();
const { findTool } = await import("../engine/testing/tools.ts");

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = join(root, "engine", "protoscope", "testdata", "asm");
const invalidDir = join(dir, "invalid");

const protoscope = findTool("protoscope");
if (!protoscope) {
  console.error("protoscope is not installed (go install github.com/protocolbuffers/protoscope/cmd/protoscope@...)");
  process.exit(2);
}

// With PAGER set, `protoscope -spec` pipes the spec through it; `cat` gives the exact text.
const spec = execFileSync(protoscope, ["-spec"], { env: { ...process.env, PAGER: "cat" } });
writeFileSync(join(dir, "spec.txt"), spec);

let failures = 0;
let written = 0;
for (const name of readdirSync(dir).filter((n) => n.endsWith(".txt")).sort()) {
  const input = join(dir, name);
  const output = input.replace(/\.txt$/, ".pb");
  const run = spawnSync(protoscope, ["-s", "-o", output, input]);
  if (run.status !== 0) {
    console.error(`${name}: protoscope rejected a file meant to be valid:\n${run.stderr}`);
    failures++;
    continue;
  }
  written++;
}
for (const name of readdirSync(invalidDir).filter((n) => n.endsWith(".txt")).sort()) {
  const input = join(invalidDir, name);
  const run = spawnSync(protoscope, ["-s", input]);
  if (run.status === 0) {
    console.error(`invalid/${name}: protoscope accepted a file meant to be invalid`);
    failures++;
    continue;
  }
  // Keep only the first line: a Go panic (protoscope crashes on a few inputs) prints a stack.
  const message = String(run.stderr).split("\n")[0].replace(input, `invalid/${name}`);
  writeFileSync(input.replace(/\.txt$/, ".err"), message + "\n");
  written++;
}
console.log(`${written} golden files written with ${protoscope}`);
process.exit(failures === 0 ? 0 : 1);
