#!/usr/bin/env node
// Regenerates the disassembler's golden files from the real protoscope:
//
//   node scripts/golden-protoscope-disasm.mjs
//
// Inputs (engine/protoscope/testdata/disasm/):
//   sources/*.txt      small protoscope sources, assembled here with `protoscope -s` to NAME.pb
//   corpus.proto       a schema, compiled here with protoc to corpus.binpb (a FileDescriptorSet)
//   (generated)        edge-case and seeded random byte strings, written here to NAME.pb
// Outputs: NAME.pb[.FLAGS].golden, protoscope's disassembly of NAME.pb with FLAGS. The first line
// records the input and the flags (`# NAME.pb -flag ...`), as protoscope's own goldens do; the
// rest is protoscope's output byte for byte. The golden test reads the flags back from line one.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, join } from "node:path";
import { findTool as findReferenceTool, requireProtoc36Include } from "./reference-tools.mjs";

const dir = join(import.meta.dirname, "..", "engine", "protoscope", "testdata", "disasm");

function findTool(name, fallbacks) {
  for (const p of (process.env.PATH ?? "").split(":")) if (p && existsSync(join(p, name))) return join(p, name);
  return fallbacks.find((p) => existsSync(p));
}
const protoscope = findTool("protoscope", [join(homedir(), "go", "bin", "protoscope")]);
// Today's protoc (36.2; bash .ci/run fetches it), with its well-known types last on the path.
const protoc = findReferenceTool("protoc-36");
if (!protoscope || !protoc) {
  console.error("needs protoscope and protoc (see /work/shared/REFERENCE-TOOLS.md)");
  process.exit(1);
}

// Start clean so removed cases do not linger.
for (const f of readdirSync(dir)) if (f.endsWith(".golden") || f.endsWith(".pb")) rmSync(join(dir, f));

// 1. Assemble the sources.
for (const f of readdirSync(join(dir, "sources")).filter((f) => f.endsWith(".txt"))) {
  execFileSync(protoscope, ["-s", "-o", join(dir, basename(f, ".txt") + ".pb"), join(dir, "sources", f)]);
}

// 2. Edge cases and seeded random bytes.
function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const hex = (s) => Uint8Array.from(s.match(/../g).map((h) => parseInt(h, 16)));
function varint(n) {
  const out = [];
  let v = BigInt(n);
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v !== 0n) b |= 0x80;
    out.push(b);
  } while (v !== 0n);
  return out;
}
const edge = {
  "truncated-varint": hex("089601" + "0896"),
  "truncated-fixed64": hex("0801" + "110000"),
  "truncated-fixed32": hex("0801" + "1500"),
  "length-past-end": hex("0801" + "0a0561"),
  "overlong-varint": hex("08" + "ffffffffffffffffffff01"),
  "ten-byte-varint": hex("08" + "ffffffffffffffffff01" + "1001"),
  "wire-type-6": hex("0801" + "0e01"),
  "wire-type-7": hex("0f"),
  "field-zero": hex("0001" + "0801"),
  "nested-field-zero": hex("0a020001"),
  "tag-only": hex("08"),
  "empty-len": hex("0a00"),
  "huge-field-number": Uint8Array.from([...varint((1n << 61n) - 1n << 3n), 1, ...varint((1n << 32n) + 1n << 3n), 2]),
  "nan-payloads": hex("09" + "010000000000f07f" + "09" + "000000000000f8ff" + "15" + "0100807f" + "15" + "0000c0ff" + "0a08" + "000000000000f87f"),
  "deep-30": (() => {
    let inner = [8, 1];
    for (let i = 0; i < 30; i++) inner = [10, ...varint(inner.length), ...inner];
    const groups = [];
    for (let i = 0; i < 30; i++) groups.push(11); // 1:SGROUP
    for (let i = 0; i < 30; i++) groups.push(12); // 1:EGROUP
    return Uint8Array.from([...inner, ...groups]);
  })(),
  "long-bytes": Uint8Array.from({ length: 130 }, (_, i) => (i * 37) & 0xff),
  "long-text": (() => {
    const text = new TextEncoder().encode("\n".repeat(3) + "0123456789".repeat(30));
    return Uint8Array.from([0x0a, ...varint(text.length), ...text]);
  })(),
};
// Seeded random bytes: mostly hex, sometimes a lucky field.
for (let seed = 1; seed <= 8; seed++) {
  const rand = mulberry32(seed);
  edge[`random-${seed}`] = Uint8Array.from({ length: 1 + Math.floor(rand() * 120) }, () => Math.floor(rand() * 256));
}
// Many floats: random bit patterns, and values with few digits, as I32 and I64 fields.
{
  const rand = mulberry32(99);
  const out = [];
  const f32 = new Float32Array(1);
  const f64 = new Float64Array(1);
  for (let i = 0; i < 3000; i++) {
    const nice = rand() < 0.5;
    const value = (rand() < 0.5 ? -1 : 1) * Math.round(rand() * 10 ** Math.floor(rand() * 9)) / 10 ** Math.floor(rand() * 12 - 3);
    if (i % 2 === 0) {
      f32[0] = value;
      const bits = nice ? new Uint8Array(f32.buffer) : Uint8Array.from({ length: 4 }, () => Math.floor(rand() * 256));
      out.push(0x0d, ...bits);
    } else {
      f64[0] = value;
      const bits = nice ? new Uint8Array(f64.buffer) : Uint8Array.from({ length: 8 }, () => Math.floor(rand() * 256));
      out.push(0x11, ...bits);
    }
  }
  edge["floats-random"] = Uint8Array.from(out);
}
// Seeded random messages, some then damaged (a byte flipped or the tail cut).
function randomMessage(rand, depth) {
  const out = [];
  const fields = 1 + Math.floor(rand() * 6);
  for (let i = 0; i < fields; i++) {
    const number = 1 + Math.floor(rand() * (rand() < 0.9 ? 20 : 5000));
    const kind = Math.floor(rand() * (depth > 3 ? 5 : 7));
    if (kind === 0) out.push(...varint(number << 3), ...varint(Math.floor(rand() * 2 ** (rand() * 40))));
    else if (kind === 1) out.push(...varint((number << 3) | 1), ...Array.from({ length: 8 }, () => Math.floor(rand() * 256)));
    else if (kind === 2) out.push(...varint((number << 3) | 5), ...Array.from({ length: 4 }, () => Math.floor(rand() * 256)));
    else if (kind === 3 || kind === 4) {
      const text = new TextEncoder().encode(["alpha", "β-beta", "", "x y z", "\u0001\u0002"][Math.floor(rand() * 5)]);
      out.push(...varint((number << 3) | 2), ...varint(text.length), ...text);
    } else if (kind === 5) {
      const inner = randomMessage(rand, depth + 1);
      out.push(...varint((number << 3) | 2), ...varint(inner.length), ...inner);
    } else {
      out.push(...varint((number << 3) | 3), ...randomMessage(rand, depth + 1), ...varint((number << 3) | 4));
    }
  }
  return out;
}
for (let seed = 1; seed <= 12; seed++) {
  const rand = mulberry32(1000 + seed);
  let bytes = randomMessage(rand, 0);
  if (seed % 3 === 1) bytes[Math.floor(rand() * bytes.length)] ^= 1 << Math.floor(rand() * 8);
  if (seed % 3 === 2) bytes = bytes.slice(0, Math.max(1, Math.floor(bytes.length * rand())));
  edge[`message-${seed}`] = Uint8Array.from(bytes);
}
for (const [name, bytes] of Object.entries(edge)) writeFileSync(join(dir, name + ".pb"), bytes);

// 3. The schema.
execFileSync(protoc, ["-I", dir, "-I", requireProtoc36Include(), "--include_imports", `--descriptor_set_out=${join(dir, "corpus.binpb")}`, join(dir, "corpus.proto")]);

// 4. Goldens.
const schemaless = [
  [],
  ["-explicit-wire-types"],
  ["-explicit-length-prefixes"],
  ["-no-groups"],
  ["-no-quoted-strings"],
  ["-all-fields-are-messages"],
  ["-explicit-wire-types", "-explicit-length-prefixes", "-no-quoted-strings"],
];
const schemaFlags = [
  [],
  ["-print-field-names", "-print-enum-names"],
  ["-print-field-names", "-explicit-wire-types"],
  ["-print-field-names", "-print-enum-names", "-explicit-length-prefixes"],
  ["-print-field-names", "-no-groups"],
  ["-print-enum-names", "-all-fields-are-messages", "-no-quoted-strings"],
];
const schemaCases = {
  "scalars.pb": "wl.Scalars",
  "everything.pb": "wl.Everything",
  "schema-mismatch.pb": "wl.Everything",
  "groups.pb": "wl.Everything",
  "message-3.pb": "wl.Everything",
};

let count = 0;
function golden(pb, flags, tag) {
  const out = execFileSync(protoscope, [...flags, join(dir, pb)], { cwd: dir, maxBuffer: 1 << 28 });
  const name = `${pb}${tag ? "." + tag : ""}.golden`;
  writeFileSync(join(dir, name), Buffer.concat([Buffer.from(`# ${[pb, ...flags].join(" ")}\n`), out]));
  count++;
}
const pbs = readdirSync(dir).filter((f) => f.endsWith(".pb")).sort();
for (const pb of pbs) {
  for (const flags of schemaless) golden(pb, flags, flags.map((f) => f.slice(1)).join("."));
}
for (const [pb, type] of Object.entries(schemaCases)) {
  for (const flags of schemaFlags) {
    golden(pb, ["-descriptor-set", "corpus.binpb", "-message-type", type, ...flags], [type, ...flags.map((f) => f.slice(1))].join("."));
  }
}
console.log(`wrote ${pbs.length} payloads and ${count} goldens to ${dir}`);
