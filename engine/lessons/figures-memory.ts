/**
 * Live figures for the memory and generated-code lessons (06 arena, 07 go-arenas, 08 opaque-api,
 * 09 generated-code): Go struct layouts and decode allocations (engine/layout), Go arena scripts
 * under -asan (engine/arena), the listing-mode arena, tag values, and the objects per decode the
 * pool and lazy suites count. Each runs the engine;
 * lessons/index.ts puts them in the course's table.
 */
import type { DescMessage } from "@bufbuild/protobuf";
import { describeEvent, parseArenaOps, simulateArena, simulateGoArena, type ArenaOp } from "../arena/index.ts";
import { goStructLayout, decodeAllocs, type GoApiLevel } from "../layout/index.ts";
import { compile } from "../schema/index.ts";
import { encodeTextFormat } from "../schema/textformat/index.ts";
import { poolSuite } from "../bench/suites/pool.ts";
import { lazySuite } from "../bench/suites/lazy.ts";
import type { TextSpan } from "../diagnostics.ts";
import type { PreparedCase, Suite } from "../bench/types.ts";
import type { Figure, FigureEnv } from "./figures.ts";

const NO_SPAN: TextSpan = { kind: "text", start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };

function exampleText(env: FigureEnv, path: string | undefined): string {
  if (path === undefined) throw new Error("needs a path under examples/");
  const text = env.examples[path];
  if (text === undefined) throw new Error(`no such example file: ${path}`);
  return text;
}

/** A message type of one example .proto, compiled by the engine. */
export function exampleMessage(env: FigureEnv, path: string | undefined, typeName: string | undefined): DescMessage {
  const text = exampleText(env, path);
  const r = compile({ [path!]: text });
  const err = r.diagnostics.find((d) => d.severity === "error");
  if (err || !r.registry) throw new Error(`${path} does not compile: ${err?.message ?? "no registry"}`);
  const m = typeName ? r.registry.getMessage(typeName) : undefined;
  if (!m) throw new Error(`${path} has no message ${typeName}`);
  return m;
}

function api(level: string | undefined): GoApiLevel {
  if (level === "open" || level === "hybrid" || level === "opaque") return level;
  throw new Error(`the API level is open, hybrid or opaque, got ${level ?? "nothing"}`);
}

function payloadBytes(env: FigureEnv, message: DescMessage, path: string | undefined): Uint8Array {
  const r = encodeTextFormat(exampleText(env, path), message);
  const err = r.diagnostics.find((d) => d.severity === "error");
  if (err) throw new Error(`${path} does not encode as ${message.typeName}: ${err.message}`);
  return r.bytes;
}

function sizes(spec: string | undefined): ArenaOp[] {
  return (spec ?? "")
    .split(/[\s,]+/)
    .filter(Boolean)
    .flatMap((part) => {
      const m = /^(\d+)x(\d+)$/.exec(part);
      const list = m ? Array.from({ length: Number(m[1]) }, () => Number(m[2])) : /^\d+$/.test(part) ? [Number(part)] : undefined;
      if (!list) throw new Error(`allocation sizes are numbers or COUNTxBYTES, got "${part}"`);
      return list.map((bytes): ArenaOp => ({ kind: "alloc", bytes, span: NO_SPAN }));
    });
}

/** The pool and lazy suites prepare synchronously; a figure cannot wait for one that does not. */
function prepared(suite: Suite, caseName: string | undefined, impl: string | undefined): PreparedCase {
  const p = suite.prepare(caseName ?? "", impl ?? "");
  if (p instanceof Promise) throw new Error(`${suite.name} prepares asynchronously`);
  return p;
}

export const MEMORY_FIGURES: Readonly<Record<string, Figure>> = {
  "tag-value": {
    usage: "FIELD WIRETYPE: the tag as one number (field << 3 | wire type), the constant a generated decoder switches on",
    compute: ([field, wt]) => {
      const f = Number(field);
      const w = Number(wt);
      if (!Number.isInteger(f) || f < 1 || !Number.isInteger(w) || w < 0 || w > 5) throw new Error("needs a field number and a wire type 0-5");
      return String(f * 8 + w);
    },
  },
  "go-struct-size": {
    usage: "examples/PATH.proto TYPE open|hybrid|opaque: bytes of the Go struct protoc-gen-go generates",
    compute: ([path, type, level], env) => String(goStructLayout(exampleMessage(env, path, type), api(level)).size),
  },
  "go-struct-larger": {
    usage: "examples/PATH.proto TYPE: which Go struct protoc-gen-go generates is larger, \"open\" or \"opaque\" (\"neither\" when equal)",
    compute: ([path, type], env) => {
      const m = exampleMessage(env, path, type);
      const open = goStructLayout(m, "open").size;
      const opaque = goStructLayout(m, "opaque").size;
      return open === opaque ? "neither" : open > opaque ? "open" : "opaque";
    },
  },
  "go-struct-padding": {
    usage: "examples/PATH.proto TYPE open|hybrid|opaque: bytes of alignment padding in that struct",
    compute: ([path, type, level], env) => String(goStructLayout(exampleMessage(env, path, type), api(level)).padding.reduce((n, p) => n + p.size, 0)),
  },
  "go-decode-allocs": {
    usage: "examples/PATH.proto TYPE open|opaque examples/PAYLOAD.txtpb: heap objects proto.Unmarshal allocates for the payload",
    compute: ([path, type, level, payload], env) => {
      const m = exampleMessage(env, path, type);
      const a = api(level);
      return String(decodeAllocs(m, payloadBytes(env, m, payload), a === "hybrid" ? "open" : a).total);
    },
  },
  "goarena-asan": {
    usage: '"SCRIPT": what go run -asan reports for the script\'s last operation (\\n for a new line)',
    compute: ([script]) => {
      const run = simulateGoArena((script ?? "").replace(/\\n/g, "\n"));
      if (run.diagnostics.length > 0) throw new Error(`the Go arena script has an error: ${run.diagnostics[0]!.message}`);
      const last = run.steps.at(-1);
      if (!last) throw new Error("the script is empty");
      return last.asan.length === 0 ? "nothing" : last.asan.map((r) => `${r.error} (${r.access} of size ${r.size})`).join("; ");
    },
  },
  "goarena-asan-error": {
    usage: '"SCRIPT": the name of what go run -asan reports for the script\'s last operation ("use-after-poison"), or "nothing"',
    compute: ([script]) => {
      const run = simulateGoArena((script ?? "").replace(/\\n/g, "\n"));
      if (run.diagnostics.length > 0) throw new Error(`the Go arena script has an error: ${run.diagnostics[0]!.message}`);
      const last = run.steps.at(-1);
      if (!last) throw new Error("the script is empty");
      return last.asan[0]?.error ?? "nothing";
    },
  },
  "arena-listing": {
    usage: '"SIZES": the chunks the post\'s final listing hands out for those allocations, with their real sizes, and its overflows',
    compute: ([spec]) => {
      const trace = simulateArena(sizes(spec), "listing");
      const grows = trace.events.flatMap((e) => (e.op === "grow" ? [e.realWords !== undefined ? `${e.words} (really ${e.realWords})` : String(e.words)] : []));
      const overflows = trace.events.filter((e) => e.op === "overflow").length;
      return `${grows.join(", ")}; ${overflows} overflow${overflows === 1 ? "" : "s"}`;
    },
  },
  "arena-last": {
    usage: '"SCRIPT": what the design-mode arena does at the script\'s last operation (alloc:24, reset, realloc:0:64)',
    compute: ([script]) => {
      const parsed = parseArenaOps(script ?? "");
      if (parsed.diagnostics.length > 0) throw new Error(`the arena script has an error: ${parsed.diagnostics[0]!.message}`);
      const trace = simulateArena(parsed.ops, "design");
      const last = parsed.ops.length - 1;
      const lines = trace.events.filter((_, i) => trace.eventOp[i] === last).map((e) => describeEvent(e).replace(/\s+/g, " "));
      if (lines.length === 0) throw new Error("the script is empty");
      return lines.join("; ");
    },
  },
  "arena-realloc": {
    usage: '"SCRIPT": whether the script\'s last operation, a realloc, grows its block "in place" or "copies" it',
    compute: ([script]) => {
      const parsed = parseArenaOps(script ?? "");
      if (parsed.diagnostics.length > 0) throw new Error(`the arena script has an error: ${parsed.diagnostics[0]!.message}`);
      const trace = simulateArena(parsed.ops, "design");
      const last = parsed.ops.length - 1;
      if (parsed.ops[last]?.kind !== "realloc") throw new Error("the script's last operation is not a realloc");
      const events = trace.events.filter((_, i) => trace.eventOp[i] === last);
      return events.some((e) => e.op === "realloc-copy") ? "copies" : "in place";
    },
  },
  "suite-objects": {
    usage: "pool|lazy CASE IMPL: objects one decode creates in the suite's implementation (steady state)",
    compute: ([suite, caseName, impl]) => {
      const s = suite === "pool" ? poolSuite : suite === "lazy" ? lazySuite : undefined;
      if (!s) throw new Error(`suite-objects knows the pool and lazy suites, got ${suite ?? "nothing"}`);
      const n = prepared(s, caseName, impl).objectsPerOp;
      if (n === undefined) throw new Error(`${suite} ${caseName} ${impl} does not count objects`);
      return String(n);
    },
  },
  "suite-bytes": {
    usage: "pool|lazy CASE IMPL: bytes of the payload the suite decodes",
    compute: ([suite, caseName, impl]) => {
      const s = suite === "pool" ? poolSuite : suite === "lazy" ? lazySuite : undefined;
      if (!s) throw new Error(`suite-bytes knows the pool and lazy suites, got ${suite ?? "nothing"}`);
      return String(prepared(s, caseName, impl).bytes);
    },
  },
};

