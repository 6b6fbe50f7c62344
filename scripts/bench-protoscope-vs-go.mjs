#!/usr/bin/env node
// Whole-process throughput of wirelab's protoscope assembler/disassembler against Go protoscope,
// on the same generated files (engine/bench/protoscope-corpus.ts, ~8 MB of text):
//   npx wirelab assemble big.txt -o ours.pb   vs   protoscope -s -o go.pb big.txt
//   npx wirelab disassemble go.pb             vs   protoscope go.pb
// Each command runs RUNS times, interleaved; the median wall time gives MB/s (10^6 bytes of
// input per second). `node bin/wirelab.mjs` is timed too: npx's own start-up is part of what a
// user waits for, but says nothing about the assembler.
// Usage: node scripts/bench-protoscope-vs-go.mjs [--size MB] [--runs N]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register();
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { benchProgram } = await import("../engine/bench/protoscope-corpus.ts");
const { assemble } = await import("../engine/protoscope/assembler.ts");
const { findTool } = await import("../engine/testing/tools.ts");

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
const sizeMB = option("--size", 8);
const RUNS = option("--runs", 5);

const protoscope = findTool("protoscope");
if (!protoscope) {
  console.error("protoscope is not installed; nothing to compare with");
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), "wirelab-vs-go-"));
const big = join(dir, "big.txt");
writeFileSync(big, benchProgram(sizeMB * 1e6));
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const wirelab = join(root, "bin", "wirelab.mjs");

/** Runs a command once; returns seconds of wall time. Throws when it fails. */
function time(cmd, argv, stdoutFile) {
  const started = process.hrtime.bigint();
  const run = spawnSync(cmd, argv, { cwd: root, maxBuffer: 1 << 30, stdio: ["ignore", stdoutFile ? "pipe" : "ignore", "pipe"] });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} failed: ${run.stderr}`);
  if (stdoutFile) writeFileSync(stdoutFile, run.stdout);
  return seconds;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const goPb = join(dir, "go.pb");
const disassembleAvailable = spawnSync(process.execPath, [wirelab, "disassemble", "--help"], { cwd: root }).status === 0;

const jobs = {
  "assemble: protoscope -s": () => time(protoscope, ["-s", "-o", goPb, big]),
  "assemble: npx wirelab": () => time(npx, ["wirelab", "assemble", big, "-o", join(dir, "ours.pb")]),
  "assemble: node bin/wirelab.mjs": () => time(process.execPath, [wirelab, "assemble", big, "-o", join(dir, "ours2.pb")]),
};
if (disassembleAvailable) {
  jobs["disassemble: protoscope"] = () => time(protoscope, [goPb], join(dir, "go.txt"));
  jobs["disassemble: npx wirelab"] = () => time(npx, ["wirelab", "disassemble", goPb], join(dir, "ours.txt"));
  jobs["disassemble: node bin/wirelab.mjs"] = () => time(process.execPath, [wirelab, "disassemble", goPb], join(dir, "ours2.txt"));
}

const samples = Object.fromEntries(Object.keys(jobs).map((k) => [k, []]));
// One untimed round first (file cache, tsx's transform cache), then RUNS interleaved rounds.
for (let round = 0; round <= RUNS; round++) {
  for (const [name, job] of Object.entries(jobs)) {
    const s = job();
    if (round > 0) samples[name].push(s);
  }
}

const same = Buffer.compare(readFileSync(goPb), readFileSync(join(dir, "ours.pb"))) === 0;
const inputSize = {
  assemble: statSync(big).size,
  disassemble: statSync(goPb).size,
};
console.log(`input: ${(inputSize.assemble / 1e6).toFixed(2)} MB of protoscope text -> ${(inputSize.disassemble / 1e6).toFixed(2)} MB of bytes (identical output: ${same ? "yes" : "NO"})`);
console.log(`median of ${RUNS} runs, whole process, wall time; MB/s of input`);
const mbps = {};
for (const [name, xs] of Object.entries(samples)) {
  const m = median(xs);
  const size = name.startsWith("assemble") ? inputSize.assemble : inputSize.disassemble;
  mbps[name] = size / 1e6 / m;
  const spread = ((Math.max(...xs) - Math.min(...xs)) / m) * 100;
  console.log(`  ${name.padEnd(36)} ${m.toFixed(3)} s  ${mbps[name].toFixed(1).padStart(6)} MB/s  (spread ${spread.toFixed(0)}%)`);
}
for (const op of ["assemble", "disassemble"]) {
  const go = mbps[`${op}: protoscope${op === "assemble" ? " -s" : ""}`];
  if (go === undefined) continue;
  for (const via of ["npx wirelab", "node bin/wirelab.mjs"]) {
    const ours = mbps[`${op}: ${via}`];
    if (ours !== undefined) console.log(`  ${op} ratio (${via} / protoscope): ${(ours / go).toFixed(2)}x`);
  }
}
// The engine alone, in this process: what the whole-process figures spend outside start-up.
const text = readFileSync(big, "utf8");
const inProcess = (annotations) => {
  const times = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const started = process.hrtime.bigint();
    assemble(text, { annotations });
    times.push(Number(process.hrtime.bigint() - started) / 1e9);
  }
  return { cold: times[0], warm: median(times.slice(1)) };
};
for (const annotations of [false, true]) {
  const { cold, warm } = inProcess(annotations);
  const mb = inputSize.assemble / 1e6;
  console.log(
    `  in-process assemble(text${annotations ? "" : ", { annotations: false }"}): first run ${(mb / cold).toFixed(1)} MB/s, then ${(mb / warm).toFixed(1)} MB/s (median)`,
  );
}
if (!disassembleAvailable) console.log("  (wirelab disassemble is not available yet: disassembly not compared)");
rmSync(dir, { recursive: true, force: true });
process.exit(same ? 0 : 1);
