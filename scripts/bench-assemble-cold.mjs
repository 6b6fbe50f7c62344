#!/usr/bin/env node
// The protoscope assembler's cold and warm speed, the way the CLI meets it: each run is a fresh
// `node` process that loads the bundled assembler (no tsx), reads the generated ~8 MB program
// (engine/bench/protoscope-corpus.ts) and calls assemble(text, { annotations: false }) once
// (cold), then RUNS_WARM more times (warm). Times are the main thread's CPU time where Linux
// reports it (/proc/self/task/PID/schedstat), which stays steady on a loaded machine where wall
// time does not; elsewhere wall time.
// Usage: node scripts/bench-assemble-cold.mjs [--size MB] [--runs N] [--warm N]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { register } from "tsx/esm/api";

register();
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { benchProgram } = await import("../engine/bench/protoscope-corpus.ts");

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
const sizeMB = option("--size", 8);
const RUNS = option("--runs", 9);
const WARM = option("--warm", 7);

const dir = mkdtempSync(join(tmpdir(), "wirelab-asm-cold-"));
const input = join(dir, "big.txt");
writeFileSync(input, benchProgram(sizeMB * 1e6));
await build({
  absWorkingDir: root,
  entryPoints: ["engine/protoscope/assembler.ts"],
  outfile: join(dir, "assembler.mjs"),
  bundle: true,
  format: "esm",
  platform: "node",
  logLevel: "warning",
});
const driver = join(dir, "driver.mjs");
writeFileSync(
  driver,
  `import { readFileSync, existsSync } from "node:fs";
import { assemble } from "./assembler.mjs";
const stat = "/proc/self/task/" + process.pid + "/schedstat";
const clock = existsSync(stat)
  ? () => Number(readFileSync(stat, "utf8").split(" ")[0]) / 1e6
  : () => performance.now();
const text = readFileSync(${JSON.stringify(input)}, "utf8");
const times = [];
for (let i = 0; i <= ${WARM}; i++) {
  const started = clock();
  assemble(text, { annotations: false });
  times.push(clock() - started);
}
console.log(JSON.stringify({ chars: text.length, times, cpu: existsSync(stat) }));
`,
);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const cold = [];
const warm = [];
let chars = 0;
let cpu = false;
for (let i = 0; i < RUNS; i++) {
  const run = spawnSync(process.execPath, [driver], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`driver failed: ${run.stderr}`);
  const r = JSON.parse(run.stdout);
  chars = r.chars;
  cpu = r.cpu;
  cold.push(r.times[0]);
  warm.push(median(r.times.slice(1)));
}
rmSync(dir, { recursive: true, force: true });
const mb = chars / 1e6;
const line = (name, xs) =>
  `  ${name}: median ${median(xs).toFixed(0)} ms (${(mb / (median(xs) / 1000)).toFixed(0)} MB/s), min ${Math.min(...xs).toFixed(0)} ms`;
console.log(`assemble(text, { annotations: false }) on ${mb.toFixed(2)} MB, ${RUNS} fresh processes, ${cpu ? "main-thread CPU time" : "wall time"}:`);
console.log(line("first run (cold)", cold));
console.log(line(`warm (median of ${WARM} more per process)`, warm));
