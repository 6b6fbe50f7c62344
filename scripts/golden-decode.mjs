#!/usr/bin/env node
// Regenerates engine/decode/testdata/decode.golden.json from the real tools: each case of
// engine/decode/testdata/cases.json is assembled by protoscope (-s) and decoded by
// `protoc --decode=TYPE` against the case's schema in that folder; the golden keeps the bytes (hex),
// protoc's standard output, standard error and exit status.
//
// protoc is protoc 36.2, with its well-known types as the last -I.
//
// Usage: node scripts/golden-decode.mjs   (needs protoc 36.2 and protoscope; WIRELAB_GOLDEN_OUT=FILE
//        writes the result there instead)
import { requireProtoc36Include, requireTool } from "./reference-tools.mjs";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const testdata = join(root, "engine", "decode", "testdata");
const protoc = requireTool("protoc-36");
const wkt = requireProtoc36Include();
const protoscope = requireTool("protoscope");
const { cases } = JSON.parse(readFileSync(join(testdata, "cases.json"), "utf8"));
const version = spawnSync(protoc, ["--version"], { encoding: "utf8" }).stdout.trim();

const out = [];
for (const c of cases) {
  const asm = spawnSync(protoscope, ["-s"], { input: c.protoscope, maxBuffer: 1 << 24 });
  if (asm.status !== 0) throw new Error(`${c.name}: protoscope -s failed: ${asm.stderr}`);
  const bytes = asm.stdout;
  const dec = spawnSync(protoc, [`--decode=${c.type}`, `-I${testdata}`, `-I${wkt}`, join(testdata, c.proto)], { input: bytes, encoding: "buffer" });
  // protoc 36 logs through absl: each line starts with its date, time and thread. They are set to
  // January 1st, midnight, thread 0, so the file comes out the same on every run.
  const stderr = dec.stderr.toString("utf8").replace(/^([EWIF])\d{4} \d{2}:\d{2}:\d{2}\.\d{6} +\d+ /gm, "$10101 00:00:00.000000       0 ");
  out.push({ name: c.name, proto: c.proto, type: c.type, hex: Buffer.from(bytes).toString("hex"), stdout: dec.stdout.toString("utf8"), stderr, status: dec.status });
}
const text = JSON.stringify({ protoc: version, cases: out }, null, 1) + "\n";
writeFileSync(process.env.WIRELAB_GOLDEN_OUT ?? join(testdata, "decode.golden.json"), text);
