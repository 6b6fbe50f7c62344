/**
 * What a live-figure marker can compute. Each figure runs the engine: nothing here is a typed-in
 * number. `env.examples` holds the text of examples/ (path -> text) so figures can compute over
 * the same schemas and payloads the panels show; `env.brotli` is present once brotli has loaded.
 */
import type { BrotliModule } from "../compress/index.ts";
import { COMPRESSION_EXAMPLES, exampleBytes, measureBrotli, measureFlate } from "../compress/index.ts";
import { assemble } from "../protoscope/index.ts";
import { checkWorkspace } from "../schema/lint/index.ts";
import { formatDiagnostic } from "../diagnostics.ts";
import { GrowableWriter } from "../wire/index.ts";
import { encodeVarint64, zigzagEncode64 } from "../wire/varint.ts";
import { chunkSizes, nextPow2 } from "./arena-growth.ts";
import { hexBytes } from "./wire-fields.ts";

export interface FigureEnv {
  /** examples/ files: path relative to the repository root ("examples/...") -> text. */
  examples: Readonly<Record<string, string>>;
  /** The live figures a marker may name (lessons/index.ts's COURSE_FIGURES: every figure module's table). */
  figures: Readonly<Record<string, Figure>>;
  brotli?: BrotliModule;
}

export interface Figure {
  /** What the arguments are, for the content linter's messages and authors. */
  usage: string;
  compute(args: string[], env: FigureEnv): string;
}

function int(arg: string | undefined, what: string): bigint {
  if (arg === undefined || !/^-?\d+$/.test(arg)) throw new Error(`${what} must be an integer, got ${arg ?? "nothing"}`);
  return BigInt(arg);
}

/** A varint's bytes the way protobuf writes int64/int32: negatives as 64-bit two's complement. */
function varintBytes(n: bigint): Uint8Array {
  return encodeVarint64(BigInt.asUintN(64, n));
}

function assembled(text: string): Uint8Array {
  const r = assemble(text.replace(/\\n/g, "\n"));
  const error = r.diagnostics.find((d) => d.severity === "error");
  if (error) throw new Error(`protoscope does not assemble: ${error.message}`);
  return r.bytes;
}

function example(env: FigureEnv, path: string | undefined): string {
  if (path === undefined) throw new Error("needs a path under examples/");
  const text = env.examples[path];
  if (text === undefined) throw new Error(`no such example file: ${path}`);
  return text;
}

function compressionExample(id: string | undefined) {
  const ex = COMPRESSION_EXAMPLES.find((e) => e.id === id);
  if (!ex) throw new Error(`no compression example "${id}" (known: ${COMPRESSION_EXAMPLES.map((e) => e.id).join(", ")})`);
  return ex;
}

/** Sizes (bytes) of a compressor's output for one payload; undefined for brotli until it loads. */
function compressedSize(algorithm: string | undefined, bytes: Uint8Array, env: FigureEnv): number | undefined {
  if (algorithm === "raw") return bytes.length;
  if (algorithm === "gzip" || algorithm === "zlib" || algorithm === "deflate") return measureFlate(algorithm, bytes, 6).size;
  if (algorithm === "brotli") return env.brotli ? measureBrotli(env.brotli, bytes, 11).size : undefined;
  throw new Error(`unknown algorithm "${algorithm}" (raw, gzip, zlib, deflate, brotli)`);
}

function sizesList(spec: string): number[] {
  // "9x8 24 100": nine allocations of 8 bytes, then 24, then 100.
  return spec
    .split(/[\s,]+/)
    .filter(Boolean)
    .flatMap((part) => {
      const m = /^(\d+)x(\d+)$/.exec(part);
      if (m) return Array.from({ length: Number(m[1]) }, () => Number(m[2]));
      if (!/^\d+$/.test(part)) throw new Error(`allocation sizes are numbers or COUNTxBYTES, got "${part}"`);
      return [Number(part)];
    });
}

/** Capacities a GrowableWriter passes through writing `n` bytes one at a time from `initial`. */
function doubling(initial: number, n: number): { capacities: number[]; copied: number } {
  const capacities = [initial];
  let copied = 0;
  const w = new GrowableWriter({
    initialCapacity: initial,
    observer: { grow: (e) => (capacities.push(e.newCapacity), (copied += e.bytesCopied)) },
  });
  const one = new Uint8Array(1);
  for (let i = 0; i < n; i++) w.raw(one);
  return { capacities, copied };
}

/** The figures of the wire-format basics (varints, sizes, compression, the growable writer). */
export const CORE_FIGURES: Readonly<Record<string, Figure>> = {
  "varint-hex": {
    usage: "INTEGER: the varint's bytes in hex (negatives as int64)",
    compute: ([n]) => hexBytes(varintBytes(int(n, "the value"))),
  },
  "varint-size": {
    usage: "INTEGER: how many bytes the varint takes (negatives as int64)",
    compute: ([n]) => String(varintBytes(int(n, "the value")).length),
  },
  zigzag: {
    usage: "INTEGER: the zigzag encoding of a signed value (what sint32/sint64 write)",
    compute: ([n]) => String(zigzagEncode64(int(n, "the value"))),
  },
  "zigzag-hex": {
    usage: "INTEGER: the bytes of a sint64 value",
    compute: ([n]) => hexBytes(encodeVarint64(zigzagEncode64(int(n, "the value")))),
  },
  "protoscope-hex": {
    usage: '"PROTOSCOPE": the bytes the text assembles to (\\n for a new line)',
    compute: ([text]) => hexBytes(assembled(text ?? "")),
  },
  "protoscope-size": {
    usage: '"PROTOSCOPE": how many bytes the text assembles to',
    compute: ([text]) => String(assembled(text ?? "").length),
  },
  "example-size": {
    usage: "examples/PATH.protoscope: how many bytes the example assembles to",
    compute: ([path], env) => String(assembled(example(env, path)).length),
  },
  "len-record-size": {
    usage: "FIELD N: bytes a LEN record of field FIELD with an N-byte payload takes (tag, length and payload)",
    compute: ([field, n]) => {
      const f = int(field, "the field number");
      const size = int(n, "the payload size");
      return String(varintBytes(f << 3n | 2n).length + varintBytes(size).length + Number(size));
    },
  },
  "compressed-size": {
    usage: "ALGORITHM EXAMPLE-ID: size of a compression example (engine/compress) under raw|gzip|zlib|deflate (fflate, level 6)|brotli (brotli-wasm, quality 11)",
    compute: ([algorithm, id], env) => {
      const size = compressedSize(algorithm, exampleBytes(compressionExample(id)), env);
      if (size === undefined) throw new Error("brotli is not loaded");
      return String(size);
    },
  },
  "compressed-gap": {
    usage: "ALGORITHM EXAMPLE-A EXAMPLE-B: how many bytes smaller A is than B after compression",
    compute: ([algorithm, a, b], env) => {
      const sa = compressedSize(algorithm, exampleBytes(compressionExample(a)), env);
      const sb = compressedSize(algorithm, exampleBytes(compressionExample(b)), env);
      if (sa === undefined || sb === undefined) throw new Error("brotli is not loaded");
      return String(sb - sa);
    },
  },
  "smallest-example": {
    usage: "ALGORITHM EXAMPLE-ID...: which compression example is smallest under raw|gzip|zlib|deflate|brotli, named by its id without the value range (\"packed fixed32\")",
    compute: ([algorithm, ...ids], env) => {
      if (ids.length < 2) throw new Error("needs at least two example ids");
      let best: { id: string; size: number } | undefined;
      for (const id of ids) {
        const size = compressedSize(algorithm, exampleBytes(compressionExample(id)), env);
        if (size === undefined) throw new Error("brotli is not loaded");
        if (!best || size < best.size) best = { id, size };
      }
      return best!.id.replace(/^\d+-\d+-/, "").replace(/-/g, " ");
    },
  },
  "protoc-errors": {
    usage: "examples/PATH.proto: protoc's error lines for the file, as the compiler prints them",
    compute: ([path], env) => {
      const r = checkWorkspace({ [path!]: example(env, path) }, { rules: "none" });
      const lines = r.compileDiagnostics.filter((d) => d.severity === "error").map((d) => formatDiagnostic(path!, d));
      return lines.join("\n") || "no errors";
    },
  },
  "lint-count": {
    usage: "examples/PATH.proto RULE: how many findings buf's rule reports for the file",
    compute: ([path, rule], env) => {
      if (!rule) throw new Error("needs a rule id, e.g. ENUM_VALUE_PREFIX");
      const r = checkWorkspace({ [path!]: example(env, path) }, { rules: [rule] });
      return String(r.lintDiagnostics.length);
    },
  },
  "next-pow2": {
    usage: "INTEGER: the smallest power of two strictly greater than n (the arena post's nextPow2)",
    compute: ([n]) => String(nextPow2(Number(int(n, "n")))),
  },
  "arena-chunks": {
    usage: '"SIZES": chunk sizes in words the design-mode arena opens for allocations ("9x8 24 100")',
    compute: ([spec]) => chunkSizes(sizesList(spec ?? "")).join(", "),
  },
  "arena-chunk": {
    usage: 'INDEX "SIZES": the size in words of the INDEX-th chunk (from 1) the design-mode arena opens for those allocations',
    compute: ([index, spec]) => {
      const sizes = chunkSizes(sizesList(spec ?? ""));
      const i = Number(int(index, "the chunk's index"));
      if (i < 1 || i > sizes.length) throw new Error(`the arena opens ${sizes.length} chunks, not ${i}`);
      return String(sizes[i - 1]);
    },
  },
  "writer-doubling": {
    usage: "INITIAL BYTES: the capacities a GrowableWriter passes through, and the bytes its growth copies",
    compute: ([initial, n]) => {
      const r = doubling(Number(int(initial, "the initial capacity")), Number(int(n, "the byte count")));
      return `${r.capacities.join(" → ")} (${r.capacities.length - 1} grows, ${r.copied} bytes copied)`;
    },
  },
  "writer-grows": {
    usage: "INITIAL BYTES: how many times a GrowableWriter grows writing BYTES one at a time",
    compute: ([initial, n]) => String(doubling(Number(int(initial, "the initial capacity")), Number(int(n, "the byte count"))).capacities.length - 1),
  },
  "join-moved": {
    usage: "PAYLOAD-BYTES: how many bytes join() moves for a nested message of that size (0 when the length fits the reserved byte)",
    compute: ([n]) => {
      let moved = 0;
      const w = new GrowableWriter({ observer: { shift: (e) => (moved = e.bytesMoved) } });
      w.tag(1, 2).fork().raw(new Uint8Array(Number(int(n, "the payload size")))).join();
      return String(moved);
    },
  },
  "join-shift": {
    usage: "PAYLOAD-BYTES: how many bytes join() moves, and by how much, for a nested message of that size",
    compute: ([n]) => {
      let moved = 0;
      let by = 0;
      const w = new GrowableWriter({ observer: { shift: (e) => ((moved = e.bytesMoved), (by = e.by)) } });
      w.tag(1, 2).fork().raw(new Uint8Array(Number(int(n, "the payload size")))).join();
      return moved === 0 ? "no shift (the length fits the one reserved byte)" : `${moved} bytes moved ${by} byte${by === 1 ? "" : "s"} to the right`;
    },
  },
};

/** The figures of several tables in one; a name in two tables is a programming error. */
export function joinFigures(...tables: Readonly<Record<string, Figure>>[]): Readonly<Record<string, Figure>> {
  const out: Record<string, Figure> = {};
  for (const table of tables) {
    for (const [name, figure] of Object.entries(table)) {
      if (Object.hasOwn(out, name)) throw new Error(`two live figures are named ${name}`);
      out[name] = figure;
    }
  }
  return out;
}
