#!/usr/bin/env node
// In-process throughput of the protoscope assembler with annotations (what the IDE needs on every
// keystroke) and without (the CLI's bytes-only path), on the generated benchmark corpus
// (engine/bench/protoscope-corpus.ts). Reports MB/s of input text: the median of RUNS runs after
// one untimed warm-up, with the spread, and the load average so figures can be judged.
// Usage: node scripts/bench-annotated-assembly.mjs [--size MB] [--runs N]
import { loadavg } from "node:os";
import { register } from "tsx/esm/api";

register();
const { benchProgram } = await import("../engine/bench/protoscope-corpus.ts");
const { assemble } = await import("../engine/protoscope/assembler.ts");

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
const sizeMB = option("--size", 8);
const RUNS = option("--runs", 7);
const text = benchProgram(sizeMB * 1e6);
const mb = text.length / 1e6;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Reads what a view reads on first paint: the roots' ranges, kinds and readings, and one path down. */
function touch(roots) {
  let sum = 0;
  // An AnnotationList: read with at() (a long one makes its nodes as they are read).
  for (let i = 0; i < roots.length; i++) {
    const n = roots.at(i);
    sum += n.bytes[1] - n.bytes[0] + n.kind.length + (n.value?.length ?? 0);
  }
  let node = roots.at(0);
  while (node?.children?.length) node = node.children.at(-1);
  return sum + (node?.bytes[0] ?? 0);
}

console.log(`load average: ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
console.log(`input: ${mb.toFixed(2)} MB of protoscope text; median of ${RUNS} runs after a warm-up`);
const samples = { bytes: [], annotated: [] };
let nodes = 0;
for (let round = 0; round <= RUNS; round++) {
  for (const kind of ["bytes", "annotated"]) {
    const started = process.hrtime.bigint();
    const result = assemble(text, { annotations: kind === "annotated" });
    if (kind === "annotated") nodes = touch(result.annotations) > 0 ? result.annotations.length : 0;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (result.diagnostics.some((d) => d.severity === "error")) throw new Error("the corpus does not assemble");
    if (round > 0) samples[kind].push(seconds);
  }
}
for (const [kind, xs] of Object.entries(samples)) {
  const m = median(xs);
  const spread = ((Math.max(...xs) - Math.min(...xs)) / m) * 100;
  console.log(`  ${kind === "bytes" ? "assemble(text, { annotations: false })" : "assemble(text) with annotations    "}  ${(mb / m).toFixed(1).padStart(6)} MB/s  (${(m * 1000).toFixed(0)} ms, spread ${spread.toFixed(0)}%)`);
}
console.log(`  roots in the annotated tree: ${nodes}`);
