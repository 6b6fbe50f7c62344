#!/usr/bin/env node
// Compiles a real-world corpus of .proto files with protoc and with `wirelab descriptor`, and
// compares what each prints on standard error (line for line) and the FileDescriptorSet each
// writes (byte for byte, SourceCodeInfo included):
//   node scripts/differential-protoc.mjs CORPUS [-I DIR]... [--mode files|dirs] [--protoc NAME]
//        [--only REGEX] [--show N] [--json]
// CORPUS is a folder (a checkout or `git archive` export of googleapis, or of protobuf at a tag);
// -I roots are relative to it (default "."). --mode files compiles each file alone; --mode dirs
// compiles the files of each folder together, in one command line, as people build a package.
// --protoc names the reference tool (scripts/reference-tools.mjs): "protoc-36" (protoc 36.2,
// the default, given its well-known types as the last -I) or "protoc" (whatever protoc is on PATH). Prints the counts, then each difference
// (up to --show, default 20) with both sides; --json prints {"protoc","mode","units","identical",
// "warningOrder":[unit],"compiled","differences":[{"unit","stderr":{"protoc","wirelab"},"descriptor"}]}
// instead. Units whose output differs only in the order of protoc's unused-import warnings (it
// prints them in heap-pointer order) are counted apart, in warningOrder.
import { requireProtoc36Include, requireTool } from "./reference-tools.mjs";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";

const { register } = await import("tsx/esm/api");
register();
const { main } = await import("../engine/cli/main.ts");
const { nodeIO } = await import("../engine/cli/io.ts");
const { fromBinary, toJson } = await import("@bufbuild/protobuf");
const { FileDescriptorSetSchema } = await import("@bufbuild/protobuf/wkt");

function parseArgs(argv) {
  const o = { corpus: undefined, includes: [], mode: "files", protoc: "protoc-36", only: undefined, show: 20, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "-I") o.includes.push(argv[++i]);
    else if (a.startsWith("-I")) o.includes.push(a.slice(2));
    else if (a === "--mode") o.mode = argv[++i];
    else if (a === "--protoc") o.protoc = argv[++i];
    else if (a === "--only") o.only = new RegExp(argv[++i]);
    else if (a === "--show") o.show = Number(argv[++i]);
    else if (a === "--json") o.json = true;
    else if (!a.startsWith("-") && o.corpus === undefined) o.corpus = a;
    else throw new Error(`unknown argument ${a}`);
  }
  if (o.corpus === undefined || !["files", "dirs"].includes(o.mode)) {
    console.error("usage: node scripts/differential-protoc.mjs CORPUS [-I DIR]... [--mode files|dirs] [--protoc protoc-36|protoc] [--only REGEX] [--show N] [--json]");
    process.exit(2);
  }
  if (o.includes.length === 0) o.includes.push(".");
  return o;
}

const opts = parseArgs(process.argv.slice(2));
const protoc = requireTool(opts.protoc);
const version = spawnSync(protoc, ["--version"], { encoding: "utf8" }).stdout.trim();
const work = mkdtempSync(join(tmpdir(), "wirelab-differential-"));

function walk(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.name.endsWith(".proto")) out.push(relative(opts.corpus, p));
  }
  return out;
}

const files = walk(opts.corpus).sort();
let units;
if (opts.mode === "files") units = files.map((f) => [f]);
else {
  const byDir = new Map();
  for (const f of files) byDir.set(dirname(f), [...(byDir.get(dirname(f)) ?? []), f]);
  units = [...byDir.values()];
}
if (opts.only) units = units.filter((u) => u.some((f) => opts.only.test(f)));

const includeArgs = opts.includes.flatMap((d) => ["-I", d]);
// protoc 36.2 ships without its well-known types: they come last on its path (wirelab bundles them).
const protocIncludes = opts.protoc === "protoc-36" ? [...includeArgs, "-I", requireProtoc36Include()] : includeArgs;
/** Runs wirelab in this process, in CORPUS, capturing standard error. */
async function wirelab(args) {
  const io = nodeIO();
  let err = "";
  const cwd = process.cwd();
  process.chdir(opts.corpus);
  try {
    const status = await main(args, { ...io, stderr: (t) => void (err += t), stdout: () => {} });
    return { status, stderr: err };
  } finally {
    process.chdir(cwd);
  }
}

const lines = (s) => s.split("\n").filter((l) => l !== "");
const differences = [];
const warningOrder = [];
let identical = 0;
let compiled = 0;
const started = performance.now();
for (const [n, unit] of units.entries()) {
  const theirsOut = join(work, `p${n}.binpb`);
  const oursOut = join(work, `w${n}.binpb`);
  const p = spawnSync(protoc, [...protocIncludes, "--include_source_info", `--descriptor_set_out=${theirsOut}`, ...unit], { cwd: opts.corpus, encoding: "utf8" });
  const w = await wirelab(["descriptor", ...includeArgs, "--include-source-info", "-o", oursOut, ...unit]);
  const stderrSame = JSON.stringify(lines(p.stderr)) === JSON.stringify(lines(w.stderr));
  // protoc prints unused-import warnings in the order of its heap pointers, which nothing can
  // reproduce: the same lines in another order, warnings only out of place, are counted apart.
  const sorted = (t) => JSON.stringify(lines(t).sort());
  const warningOrderOnly = !stderrSame && sorted(p.stderr) === sorted(w.stderr) && lines(p.stderr).every((l, i) => l === lines(w.stderr)[i] || l.includes(": warning: "));
  let descriptor = "same";
  if (p.status === 0 && w.status === 0) {
    compiled++;
    const a = readFileSync(theirsOut);
    const b = readFileSync(oursOut);
    if (!a.equals(b)) descriptor = firstDifference(a, b);
  } else if (p.status === 0) descriptor = "protoc wrote a set, wirelab did not";
  else if (w.status === 0) descriptor = "wirelab wrote a set, protoc did not";
  rmSync(theirsOut, { force: true });
  rmSync(oursOut, { force: true });
  if (stderrSame && descriptor === "same") identical++;
  else if (warningOrderOnly && descriptor === "same") warningOrder.push(unit.join(" "));
  else differences.push({ unit: unit.join(" "), stderr: stderrSame ? "same" : { protoc: lines(p.stderr).slice(0, 6), wirelab: lines(w.stderr).slice(0, 6) }, descriptor });
  if (!opts.json && (n + 1) % 50 === 0) process.stderr.write(`${n + 1}/${units.length} ...\n`);
}
rmSync(work, { recursive: true, force: true });

/** Where two sets differ: the first file and the first top-level key of its JSON that differ. */
function firstDifference(a, b) {
  const sa = toJson(FileDescriptorSetSchema, fromBinary(FileDescriptorSetSchema, a));
  const sb = toJson(FileDescriptorSetSchema, fromBinary(FileDescriptorSetSchema, b));
  const fa = sa.file ?? [];
  const fb = sb.file ?? [];
  if (fa.length !== fb.length) return `protoc wrote ${fa.length} files, wirelab ${fb.length}`;
  for (let i = 0; i < fa.length; i++) {
    const keys = new Set([...Object.keys(fa[i]), ...Object.keys(fb[i])]);
    for (const k of keys) {
      const x = JSON.stringify(fa[i][k]);
      const y = JSON.stringify(fb[i][k]);
      if (x === y) continue;
      let at = 0;
      while (at < Math.min(x?.length ?? 0, y?.length ?? 0) && x[at] === y[at]) at++;
      const from = Math.max(0, at - 60);
      return `${fa[i].name}: ${k} differs: protoc …${x?.slice(from, at + 80)}… wirelab …${y?.slice(from, at + 80)}…`;
    }
  }
  return "bytes differ (same JSON: field order or encoding)";
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (opts.json) {
  console.log(JSON.stringify({ protoc: version, mode: opts.mode, units: units.length, identical, warningOrder, compiled, differences }, null, 1));
} else {
  console.log(
    `${version}, ${opts.mode}: ${identical}/${units.length} identical, ${warningOrder.length} more the same but for the order of unused-import warnings (${compiled} compiled by both), ${differences.length} differ, ${seconds} s`,
  );
  for (const d of differences.slice(0, opts.show)) {
    console.log(`\n== ${d.unit}`);
    if (d.stderr !== "same") {
      for (const l of d.stderr.protoc) console.log(`  protoc : ${l}`);
      for (const l of d.stderr.wirelab) console.log(`  wirelab: ${l}`);
    }
    if (d.descriptor !== "same") console.log(`  descriptor: ${d.descriptor}`);
  }
}
process.exitCode = differences.length === 0 ? 0 : 1;
