#!/usr/bin/env node
// Times `wirelab breaking` against `buf breaking` on googleapis:
//   node scripts/bench-breaking-googleapis.mjs GOOGLEAPIS_DIR [--changes 300] [--seed 1] [--rounds 3]
//        [--work DIR] [--exclude preview] [--no-build]
// GOOGLEAPIS_DIR is a checkout (or `git archive` export) of github.com/googleapis/googleapis. The
// script copies its .proto files (leaving out --exclude directories, by default preview/, whose
// copies of google/cloud/extended_operations.proto clash with the originals in one module) to
// WORK/old, and to WORK/new with --changes random edits chosen by a seeded generator: scalar field
// type changes, field deletions, renames, number changes, enum value deletions and json_name
// options. NEW gets a buf.yaml using all four categories (FILE, PACKAGE, WIRE_JSON, WIRE), which
// both tools read. It checks that buf builds the new copy, then runs, from WORK,
// `buf breaking new --against old` and `node bin/wirelab.mjs breaking new --against old` as whole
// processes, interleaved (the order alternates each round), and prints each tool's median and
// range of wall-clock seconds, their finding counts, and any line on which their outputs differ.
// The CLI bundle is rebuilt first (node scripts/build-cli.mjs), and again before a round if an engine
// source changed meanwhile, unless --no-build.
import { requireTool } from "./reference-tools.mjs";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

function parseArgs(argv) {
  const o = { source: undefined, changes: 300, seed: 1, rounds: 3, work: "/tmp/wirelab-bench-breaking", exclude: ["preview"], build: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--changes") o.changes = Number(argv[++i]);
    else if (a === "--seed") o.seed = Number(argv[++i]);
    else if (a === "--rounds") o.rounds = Number(argv[++i]);
    else if (a === "--work") o.work = argv[++i];
    else if (a === "--exclude") o.exclude = argv[++i].split(",").filter((s) => s !== "");
    else if (a === "--no-build") o.build = false;
    else if (!a.startsWith("-") && o.source === undefined) o.source = a;
    else throw new Error(`unknown argument ${a}`);
  }
  if (o.source === undefined) {
    console.error("usage: node scripts/bench-breaking-googleapis.mjs GOOGLEAPIS_DIR [--changes N] [--seed N] [--rounds N] [--work DIR] [--exclude a,b] [--no-build]");
    process.exit(2);
  }
  return o;
}

/** mulberry32: a small seeded generator, so a seed always makes the same changes. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function protoFiles(dir, exclude) {
  const out = [];
  const stack = [""];
  while (stack.length > 0) {
    const sub = stack.pop();
    for (const name of readdirSync(join(dir, sub))) {
      const rel = sub === "" ? name : `${sub}/${name}`;
      if (exclude.includes(rel)) continue;
      const st = statSync(join(dir, rel));
      if (st.isDirectory()) stack.push(rel);
      else if (name.endsWith(".proto")) out.push(rel);
    }
  }
  return out.sort();
}

const SCALARS = ["int32", "int64", "uint32", "uint64", "sint32", "sint64", "fixed32", "fixed64", "sfixed32", "sfixed64", "bool", "string", "bytes", "double", "float"];
/** A one-line field of a scalar type: indent, label, type, name, number, the rest. */
const SCALAR_FIELD = new RegExp(`^(\\s*)((?:optional|repeated)\\s+)?(${SCALARS.join("|")})\\s+(\\w+)\\s*=\\s*(\\d+)(.*)$`);
/** A one-line field of any type (messages and enums too, not maps or groups). */
const ANY_FIELD = /^(\s*)((?:optional|repeated)\s+)?([\w.]+)\s+(\w+)\s*=\s*(\d+)\s*(\[.*\])?\s*;\s*(\/\/.*)?$/;
const ENUM_VALUE = /^\s*[A-Z][A-Z0-9_]*\s*=\s*-?\d+\s*(\[.*\])?\s*;\s*(\/\/.*)?$/;

/**
 * What each line of a file is inside: the innermost block ("message", "enum", "oneof", "extend",
 * "service", ...), whether that message has extension or reserved ranges up to max, and whether
 * an enum value is its enum's first.
 */
function scan(lines) {
  const info = [];
  const stack = [];
  // Whether the previous statement ended (so a line that looks like a field is one, not the
  // second line of a declaration split across lines).
  let ended = true;
  for (const line of lines) {
    const code = line.replace(/\/\/.*$/, "");
    const top = stack[stack.length - 1];
    const entry = { block: top?.kind, blockRef: top, startsStatement: ended };
    if (code.trim() !== "") ended = /[;{}]\s*$/.test(code);
    if (top?.kind === "enum" && ENUM_VALUE.test(line)) {
      entry.firstValue = top.values === 0;
      top.values++;
    }
    if (top?.kind === "message" && /\b(extensions|reserved)\b.*\bmax\b/.test(code)) top.hasMax = true;
    info.push(entry);
    const open = /^\s*(message|enum|oneof|extend|service|group)\b/.exec(code) ?? (/\bgroup\s+\w+\s*=\s*\d+\s*\{/.test(code) ? [null, "group"] : null);
    const opens = (code.match(/\{/g) ?? []).length;
    const closes = (code.match(/\}/g) ?? []).length;
    for (let k = 0; k < opens; k++) stack.push({ kind: k === 0 && open ? open[1] : "other", values: 0, hasMax: false });
    for (let k = 0; k < closes; k++) stack.pop();
  }
  return info;
}

/** Applies `count` random edits to the texts (in place); returns a description of each. */
function mutate(texts, count, seed) {
  const random = rng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  // Option definitions stay as they are: files that extend google.protobuf.*Options and google/api/
  // (whose messages are the options' types) are what every other file's options are checked against.
  const names = Object.keys(texts).filter((n) => !n.startsWith("google/protobuf/") && !n.startsWith("google/api/") && !/extend\s+google\.protobuf\./.test(texts[n]));
  const done = [];
  let nextNumber = 536_000_000;
  for (let attempts = 0; done.length < count && attempts < count * 200; attempts++) {
    const file = pick(names);
    const lines = texts[file].split("\n");
    const info = scan(lines);
    const kind = pick(["type", "delete", "rename", "number", "enum-delete", "json-name"]);
    const candidates = [];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      const where = info[i];
      if (!where.startsStatement) continue;
      if (kind === "enum-delete") {
        if (where.block === "enum" && ENUM_VALUE.test(line) && !where.firstValue) candidates.push(i);
        continue;
      }
      if (where.block !== "message" && where.block !== "oneof") continue;
      if (kind === "type") {
        if (SCALAR_FIELD.test(line) && !/default|packed|jstype|ctype/.test(line)) candidates.push(i);
      } else if (ANY_FIELD.test(line) && !/\bmap</.test(line)) {
        if (kind === "delete" && where.block === "oneof") continue;
        if (kind === "number" && (where.blockRef?.hasMax || where.block === "oneof")) continue;
        if (kind === "json-name" && line.includes("[")) continue;
        candidates.push(i);
      }
    }
    if (candidates.length === 0) continue;
    const i = pick(candidates);
    const before = lines[i];
    if (kind === "type") {
      const m = SCALAR_FIELD.exec(before);
      const to = pick(SCALARS.filter((s) => s !== m[3] && !(m[2]?.startsWith("repeated") && (s === "string" || s === "bytes"))));
      lines[i] = `${m[1]}${m[2] ?? ""}${to} ${m[4]} = ${m[5]}${m[6]}`;
    } else if (kind === "delete" || kind === "enum-delete") {
      lines.splice(i, 1);
    } else if (kind === "rename") {
      const m = ANY_FIELD.exec(before);
      lines[i] = before.replace(new RegExp(`\\b${m[4]}(\\s*=)`), `${m[4]}_renamed$1`);
    } else if (kind === "number") {
      lines[i] = before.replace(/=\s*(\d+)/, `= ${nextNumber++}`);
    } else {
      const name = ANY_FIELD.exec(before)[4];
      const m = /^(.*?)\s*;\s*(\/\/.*)?$/.exec(before);
      lines[i] = `${m[1]} [json_name = "${name}Json"];${m[2] ? ` ${m[2]}` : ""}`;
    }
    texts[file] = lines.join("\n");
    done.push(`${kind} ${file}:${i + 1}`);
  }
  return done;
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Runs a whole process and times it (wall clock). */
function timed(command, args, cwd) {
  const start = process.hrtime.bigint();
  const run = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 1 << 30 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (run.status !== 0 && run.status !== 100) throw new Error(`${command} ${args.join(" ")} failed (${run.status}): ${run.stderr.slice(0, 2000)}`);
  return { seconds, stdout: run.stdout, status: run.status };
}

/** Whether bin/wirelab.mjs would run the bundle (built after every engine source) or fall back to tsx. */
function bundleFresh() {
  const stamp = join(root, "dist-cli", ".stamp");
  if (!existsSync(stamp)) return false;
  const newest = (dir) => {
    let n = 0;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (e.name !== "testdata") n = Math.max(n, newest(join(dir, e.name)));
      } else if (/\.(ts|mjs)$/.test(e.name) && !e.name.endsWith(".test.ts")) n = Math.max(n, statSync(join(dir, e.name)).mtimeMs);
    }
    return n;
  };
  return statSync(stamp).mtimeMs >= Math.max(newest(join(root, "engine")), newest(join(root, "lessons")));
}

const o = parseArgs(process.argv.slice(2));
const buf = requireTool("buf");
const files = protoFiles(o.source, o.exclude);
console.log(`${files.length} .proto files from ${o.source} (leaving out ${o.exclude.join(", ") || "nothing"})`);
rmSync(o.work, { recursive: true, force: true });
const texts = {};
for (const f of files) {
  const text = readFileSync(join(o.source, f), "utf8");
  texts[f] = text;
  mkdirSync(join(o.work, "old", f, ".."), { recursive: true });
  writeFileSync(join(o.work, "old", f), text);
}
const changes = mutate(texts, o.changes, o.seed);
for (const f of files) {
  mkdirSync(join(o.work, "new", f, ".."), { recursive: true });
  writeFileSync(join(o.work, "new", f), texts[f]);
}
writeFileSync(join(o.work, "new", "buf.yaml"), "version: v2\nbreaking:\n  use:\n    - FILE\n    - PACKAGE\n    - WIRE_JSON\n    - WIRE\n");
writeFileSync(join(o.work, "changes.txt"), changes.join("\n") + "\n");
const tally = {};
for (const c of changes) tally[c.split(" ")[0]] = (tally[c.split(" ")[0]] ?? 0) + 1;
console.log(`${changes.length} changes (seed ${o.seed}): ${Object.entries(tally).map(([k, v]) => `${v} ${k}`).join(", ")}; list in ${relative(process.cwd(), join(o.work, "changes.txt")) || "changes.txt"}`);
const build = spawnSync(buf, ["build", "new", "-o", "/dev/null"], { cwd: o.work, encoding: "utf8" });
if (build.status !== 0) {
  console.error(`buf cannot build the changed copy (another seed or fewer changes may): ${build.stderr.slice(0, 3000)}`);
  process.exit(1);
}
if (o.build) execFileSync(process.execPath, [join(root, "scripts", "build-cli.mjs")], { stdio: "inherit" });

const wirelab = [join(root, "bin", "wirelab.mjs"), "breaking", "new", "--against", "old"];
const times = { buf: [], wirelab: [] };
let outputs = {};
for (let r = 0; r < o.rounds; r++) {
  const order = r % 2 === 0 ? ["buf", "wirelab"] : ["wirelab", "buf"];
  for (const tool of order) {
    // An engine source edited since the build makes bin/wirelab.mjs run from source through tsx;
    // rebuild (untimed) so every round times the same bundled command.
    if (tool === "wirelab" && !bundleFresh()) {
      if (o.build) execFileSync(process.execPath, [join(root, "scripts", "build-cli.mjs")], { stdio: "inherit" });
      else console.warn("warning: dist-cli is older than an engine source, so bin/wirelab.mjs runs from source through tsx");
    }
    const result = tool === "buf" ? timed(buf, ["breaking", "new", "--against", "old"], o.work) : timed(process.execPath, wirelab, o.work);
    times[tool].push(result.seconds);
    outputs[tool] = result;
    console.log(`round ${r + 1}: ${tool.padEnd(7)} ${result.seconds.toFixed(2)} s, exit ${result.status}, ${result.stdout.split("\n").filter((l) => l !== "").length} findings`);
  }
}

const fmt = (list) => `median ${median(list).toFixed(2)} s (range ${Math.min(...list).toFixed(2)}-${Math.max(...list).toFixed(2)} s, ${list.length} runs)`;
const lines = (tool) => outputs[tool].stdout.split("\n").filter((l) => l !== "");
console.log(`buf breaking:     ${fmt(times.buf)}, ${lines("buf").length} findings`);
console.log(`wirelab breaking: ${fmt(times.wirelab)}, ${lines("wirelab").length} findings`);
console.log(`wirelab / buf:    ${(median(times.wirelab) / median(times.buf)).toFixed(2)}x (medians)`);
const bufSet = new Set(lines("buf"));
const ourSet = new Set(lines("wirelab"));
const onlyBuf = lines("buf").filter((l) => !ourSet.has(l));
const onlyOurs = lines("wirelab").filter((l) => !bufSet.has(l));
if (onlyBuf.length === 0 && onlyOurs.length === 0) {
  console.log(outputs.buf.stdout === outputs.wirelab.stdout ? "outputs identical" : "same lines, different order");
} else {
  console.log(`outputs differ: ${onlyBuf.length} lines only buf prints, ${onlyOurs.length} only wirelab prints`);
  for (const l of onlyBuf.slice(0, 20)) console.log(`  buf only:     ${l}`);
  for (const l of onlyOurs.slice(0, 20)) console.log(`  wirelab only: ${l}`);
}
