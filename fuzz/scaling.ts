/**
 * `npm run fuzz:scaling [-- --json] [--max N] [--only REGEX]`: how each parser's time grows with
 * the input on pathological shapes (deep nesting, long varint runs, huge fields, many tiny
 * fields), beside the reference tool's on the same input. For each shape the input grows 4-fold
 * per step; the table gives the times (median of 3 runs in this process, after a warm-up) and the
 * growth exponent between the two largest sizes (1 is linear; n log n shows as about 1.1 here).
 * The reference tool is a whole process (protoscope, protoc 36.2), so its times include its
 * start; its exponent is taken from its work above that (time minus the time for a tiny input).
 * A shape is flagged when ours grows faster than n^1.25 and the reference's does not.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { protocDecode } from "../engine/decode/protoc-text.ts";
import { varint } from "./core.ts";
import { assemble, disassemble } from "../engine/protoscope/index.ts";
import { compile } from "../engine/schema/index.ts";
import { encodeTextFormat } from "../engine/schema/textformat/index.ts";
import { nest } from "./lib/bytes.ts";
import { protoc36IncludeDir, tool } from "./tools.ts";

const { values } = parseArgs({ options: { json: { type: "boolean", default: false }, max: { type: "string" }, only: { type: "string" } } });
const only = values.only ? new RegExp(values.only) : undefined;

const work = mkdtempSync(join(tmpdir(), "wirelab-scaling-"));
const enc = new TextEncoder();

const SCHEMA = 'syntax = "proto2";\npackage s;\nmessage M {\n  optional int32 a = 1;\n  optional M m = 2;\n  optional string s = 3;\n  repeated int32 r = 4;\n  optional group G = 5 { optional int32 x = 6; }\n  repeated int32 p = 7 [packed = true];\n}\n';
const registry = compile({ "s.proto": SCHEMA }).registry!;
const M = registry.getMessage("s.M")!;
writeFileSync(join(work, "s.proto"), SCHEMA);

interface Shape {
  parser: string;
  shape: string;
  /** The input of size parameter n. */
  make(n: number): string | Uint8Array;
  ours(input: string | Uint8Array): void;
  /** The reference tool's command for the input written to `file`, or undefined if none applies. */
  reference?: (file: string) => { cmd: string; args: string[]; stdin?: string };
  sizes: number[];
}

const bytesOf = (x: string | Uint8Array) => (typeof x === "string" ? enc.encode(x) : x);
const repeatBytes = (piece: number[], count: number) => {
  const n = Math.floor(count);
  const out = new Uint8Array(piece.length * n);
  for (let i = 0; i < n; i++) out.set(piece, i * piece.length);
  return out;
};

const protoscope = tool("protoscope");
const protoc = tool("protoc-36");
const wkt = protoc ? protoc36IncludeDir() : undefined;
const PS = protoscope ? (file: string) => ({ cmd: protoscope, args: ["-s", "-o", "/dev/null", file] }) : undefined;
const PSD = protoscope ? (file: string) => ({ cmd: protoscope, args: [file] }) : undefined;
const PC = protoc && wkt ? (file: string) => ({ cmd: protoc, args: [`-I${work}`, `-I${wkt}`, "--descriptor_set_out=/dev/null", file] }) : undefined;
const PCE = protoc ? (file: string) => ({ cmd: protoc, args: [`-I${work}`, "--encode=s.M", "s.proto"], stdin: file }) : undefined;
const PCD = protoc ? (file: string) => ({ cmd: protoc, args: [`-I${work}`, "--decode=s.M", "s.proto"], stdin: file }) : undefined;

const SIZES = [4_000, 16_000, 64_000, 256_000, 1_024_000];
const DEEP = [250, 1_000, 4_000, 16_000, 64_000];

const shapes: Shape[] = [
  // protoscope text -> bytes
  { parser: "assemble", shape: "many tiny fields (1: 1)", make: (n) => "1: 1\n".repeat(Math.floor(n / 5)), ours: (t) => assemble(t as string), reference: PS, sizes: SIZES },
  { parser: "assemble", shape: "one huge string", make: (n) => `1: {"${"a".repeat(n)}"}`, ours: (t) => assemble(t as string), reference: PS, sizes: SIZES },
  { parser: "assemble", shape: "long hex literal", make: (n) => "`" + "ab".repeat(n / 2) + "`", ours: (t) => assemble(t as string), reference: PS, sizes: SIZES },
  { parser: "assemble", shape: "huge numbers (20 digits)", make: (n) => "1: 18446744073709551615\n".repeat(n / 24), ours: (t) => assemble(t as string), reference: PS, sizes: SIZES },
  { parser: "assemble", shape: "nested messages (n levels)", make: (n) => "1: {".repeat(n) + "}".repeat(n), ours: (t) => assemble(t as string), reference: PS, sizes: DEEP },
  { parser: "assemble", shape: "nested groups (n levels)", make: (n) => "1: !{".repeat(n) + "}".repeat(n), ours: (t) => assemble(t as string), reference: PS, sizes: DEEP },
  // bytes -> protoscope text
  { parser: "disassemble", shape: "many tiny fields (08 01)", make: (n) => repeatBytes([0x08, 0x01], n / 2), ours: (b) => disassemble(b as Uint8Array), reference: PSD, sizes: SIZES },
  { parser: "disassemble", shape: "ten-byte varints", make: (n) => repeatBytes([0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01], n / 11), ours: (b) => disassemble(b as Uint8Array), reference: PSD, sizes: SIZES },
  { parser: "disassemble", shape: "one huge field", make: (n) => Uint8Array.from([0x0a, ...varint(n), ...new Uint8Array(n).fill(0x61)]), ours: (b) => disassemble(b as Uint8Array), reference: PSD, sizes: SIZES },
  { parser: "disassemble", shape: "nested messages (n levels)", make: (n) => nest(n, "message", 1, "closed"), ours: (b) => disassemble(b as Uint8Array), reference: PSD, sizes: DEEP },
  { parser: "disassemble", shape: "nested groups (n levels)", make: (n) => nest(n, "group", 1, "closed"), ours: (b) => disassemble(b as Uint8Array), reference: PSD, sizes: DEEP },
  // .proto -> descriptors
  { parser: "compile", shape: "many fields in one message", make: (n) => `syntax = "proto3";\nmessage M {\n${Array.from({ length: n / 24 }, (_, i) => `  int32 f${i} = ${i + 1};\n`).join("")}}\n`, ours: (t) => compile({ "x.proto": t as string }), reference: PC, sizes: SIZES },
  { parser: "compile", shape: "many messages", make: (n) => `syntax = "proto3";\n${Array.from({ length: n / 28 }, (_, i) => `message M${i} { int32 a = 1; }\n`).join("")}`, ours: (t) => compile({ "x.proto": t as string }), reference: PC, sizes: SIZES },
  { parser: "compile", shape: "many enum values (C++ scope checks)", make: (n) => `syntax = "proto3";\nenum E {\n  E_0 = 0;\n${Array.from({ length: n / 16 }, (_, i) => `  E_${i + 1} = ${i + 1};\n`).join("")}}\n`, ours: (t) => compile({ "x.proto": t as string }), reference: PC, sizes: SIZES },
  { parser: "compile", shape: "one huge comment", make: (n) => `syntax = "proto3";\n/* ${"x".repeat(n)} */\nmessage M {}\n`, ours: (t) => compile({ "x.proto": t as string }), reference: PC, sizes: SIZES },
  { parser: "compile", shape: "nested messages (n levels, past protoc's 32)", make: (n) => `syntax = "proto3";\n${"message M {\n".repeat(n)}${"}\n".repeat(n)}`, ours: (t) => compile({ "x.proto": t as string }), reference: PC, sizes: DEEP.slice(0, 4) },
  // text format -> bytes
  { parser: "textformat", shape: "many tiny fields (a: 1)", make: (n) => "a: 1\n".repeat(n / 5), ours: (t) => encodeTextFormat(t as string, M, registry), reference: PCE, sizes: SIZES },
  { parser: "textformat", shape: "one huge string", make: (n) => `s: "${"a".repeat(n)}"`, ours: (t) => encodeTextFormat(t as string, M, registry), reference: PCE, sizes: SIZES },
  { parser: "textformat", shape: "a long list ([1, 1, ...])", make: (n) => `r: [${"1, ".repeat(n / 3)}1]`, ours: (t) => encodeTextFormat(t as string, M, registry), reference: PCE, sizes: SIZES },
  { parser: "textformat", shape: "nested messages (n levels, past the limit of 100)", make: (n) => "m { ".repeat(n) + "}".repeat(n), ours: (t) => encodeTextFormat(t as string, M, registry), reference: PCE, sizes: DEEP },
  // bytes -> protoc's text (decode)
  { parser: "decode", shape: "many tiny fields", make: (n) => repeatBytes([0x08, 0x01], n / 2), ours: (b) => protocDecode(M, b as Uint8Array, registry), reference: PCD, sizes: SIZES },
  { parser: "decode", shape: "one huge string", make: (n) => Uint8Array.from([0x1a, ...varint(n), ...new Uint8Array(n).fill(0x61)]), ours: (b) => protocDecode(M, b as Uint8Array, registry), reference: PCD, sizes: SIZES },
  { parser: "decode", shape: "a long packed run", make: (n) => Uint8Array.from([0x3a, ...varint(n), ...new Uint8Array(n).fill(0x01)]), ours: (b) => protocDecode(M, b as Uint8Array, registry), reference: PCD, sizes: SIZES },
  { parser: "decode", shape: "many unknown fields", make: (n) => repeatBytes([0x50, 0x01], n / 2), ours: (b) => protocDecode(M, b as Uint8Array, registry), reference: PCD, sizes: SIZES },
  { parser: "decode", shape: "nested messages (n levels, past the limit of 100)", make: (n) => nest(n, "message", 2, "closed"), ours: (b) => protocDecode(M, b as Uint8Array, registry), reference: PCD, sizes: DEEP },
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function timeOurs(shape: Shape, input: string | Uint8Array): number {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    shape.ours(input);
    runs.push(performance.now() - t);
  }
  return median(runs);
}

function timeReference(shape: Shape, input: string | Uint8Array, file: string): number | undefined {
  if (!shape.reference) return undefined;
  writeFileSync(file, bytesOf(input));
  const { cmd, args, stdin } = shape.reference(file);
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    spawnSync(cmd, args, { input: stdin ? bytesOf(input) : undefined, stdio: [stdin ? "pipe" : "ignore", "ignore", "ignore"], maxBuffer: 1 << 30 });
    runs.push(performance.now() - t);
  }
  return median(runs);
}

/** The growth exponent between the last two sizes: log(t2/t1) / log(n2/n1). */
function exponent(sizes: number[], times: number[], base = 0): number | undefined {
  const k = times.length - 1;
  const a = times[k - 1]! - base;
  const b = times[k]! - base;
  if (k < 1 || a <= 0.5 || b <= 0.5) return undefined; // too small to tell
  return Math.log(b / a) / Math.log(sizes[k]! / sizes[k - 1]!);
}

interface Row {
  parser: string;
  shape: string;
  sizes: number[];
  ms: number[];
  exponent: number | undefined;
  reference?: { ms: number[]; exponent: number | undefined };
  flagged: boolean;
}

const rows: Row[] = [];
const max = values.max ? Number(values.max) : Infinity;
for (const shape of shapes) {
  if (only && !only.test(`${shape.parser} ${shape.shape}`)) continue;
  const sizes = shape.sizes.filter((n) => n <= max);
  shape.ours(shape.make(sizes[0]!)); // warm up
  const ms: number[] = [];
  const ref: number[] = [];
  const file = join(work, shape.parser === "compile" ? "x.proto" : "input");
  const base = shape.reference ? timeReference(shape, shape.make(4), file) ?? 0 : 0;
  for (const n of sizes) {
    const input = shape.make(n);
    ms.push(timeOurs(shape, input));
    const r = timeReference(shape, input, file);
    if (r !== undefined) ref.push(r);
  }
  const ours = exponent(sizes, ms);
  const theirs = ref.length > 0 ? exponent(sizes, ref, base) : undefined;
  const row: Row = { parser: shape.parser, shape: shape.shape, sizes, ms, exponent: ours, flagged: ours !== undefined && ours > 1.25 && !(theirs !== undefined && theirs > 1.25) };
  if (ref.length > 0) row.reference = { ms: ref, exponent: theirs };
  rows.push(row);
  if (!values.json) {
    const f = (x: number) => (x < 10 ? x.toFixed(1) : Math.round(x).toString());
    const e = (x: number | undefined) => (x === undefined ? "-" : x.toFixed(2));
    console.log(`${row.flagged ? "!!" : "  "} ${shape.parser.padEnd(11)} ${shape.shape.padEnd(48)} n=${sizes[0]}..${sizes[sizes.length - 1]}  ours ${ms.map(f).join(" / ")} ms  ^${e(ours)}${row.reference ? `   ref ${ref.map(f).join(" / ")} ms  ^${e(theirs)}` : ""}`);
  }
}
rmSync(work, { recursive: true, force: true });
if (values.json) console.log(JSON.stringify({ rows }, null, 1));
process.exitCode = rows.some((r) => r.flagged) ? 1 : 0;
