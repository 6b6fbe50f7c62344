/**
 * The `compress` suite: what compression costs in time, and whether fixed-width integers
 * really decode faster than varints (the claim in "Protobuf Tip #2: Compress Your Protos").
 *
 * Codec cases compress or decompress the post's d.pb (0 to 1000 as packed fixed32, 4007 bytes)
 * with one algorithm at one setting; MB/s counts uncompressed bytes, as compressors are
 * usually quoted. Each has one implementation (fflate or brotli-wasm): comparing settings is
 * comparing cases.
 *
 * Decode cases read the packed field of b.pb or d.pb into an Int32Array with the engine's
 * Reader. All implementations decode the same 1001 values, so compare them by ops/s (values per
 * second); MB/s counts encoded bytes, which favours the longer fixed32 encoding.
 */
import type { PreparedCase, Suite } from "../types.ts";
import {
  COMPRESSION_EXAMPLES,
  compressedSizes,
  decompress,
  exampleBytes,
  flateCompress,
  flateDecompress,
  loadBrotli,
  resultFor,
} from "../../compress/index.ts";
import type { Algorithm, BrotliQuality, CompressionExample, DeflateLevel } from "../../compress/index.ts";
import { Reader } from "../../wire/index.ts";
import { COMPRESS_TIP } from "./sources.ts";

interface CodecCase {
  op: "compress" | "decompress";
  algorithm: Algorithm;
  /** DEFLATE level (gzip, zlib, deflate) or brotli quality. */
  setting: number;
}

/** The settings worth timing: fastest, default, smallest (brotli: also a typical on-the-fly 5). */
const CODEC_CASES: readonly CodecCase[] = [
  { op: "compress", algorithm: "gzip", setting: 1 },
  { op: "compress", algorithm: "gzip", setting: 6 },
  { op: "compress", algorithm: "gzip", setting: 9 },
  { op: "compress", algorithm: "zlib", setting: 6 },
  { op: "compress", algorithm: "deflate", setting: 6 },
  { op: "compress", algorithm: "brotli", setting: 1 },
  { op: "compress", algorithm: "brotli", setting: 5 },
  { op: "compress", algorithm: "brotli", setting: 11 },
  { op: "decompress", algorithm: "gzip", setting: 6 },
  { op: "decompress", algorithm: "zlib", setting: 6 },
  { op: "decompress", algorithm: "deflate", setting: 6 },
  { op: "decompress", algorithm: "brotli", setting: 11 },
];

const codecCaseName = (c: CodecCase) => `${c.op}:${c.algorithm}:${c.algorithm === "brotli" ? "q" : "l"}${c.setting}`;

/** The ranges decoded: small values (mostly 2-byte varints) and large ones (3-byte varints). */
const DECODE_RANGES = ["0-1000", "100000-101000"] as const;
const decodeCaseName = (range: string) => `decode-packed:${range}`;

const CODEC_PAYLOAD_ID = "0-1000-packed-fixed32";

const DECODE_IMPLS = ["packed-varint", "packed-fixed32", "packed-fixed32-memcpy"] as const;
const CODEC_IMPLS = ["fflate", "brotli-wasm"] as const;

function example(id: string): CompressionExample {
  const found = COMPRESSION_EXAMPLES.find((e) => e.id === id);
  if (!found) throw new Error(`no compression example ${id}`);
  return found;
}

/** Reads the one packed field of `buf` into `out` with the engine's Reader; returns the count. */
function decodePackedVarint(buf: Uint8Array, out: Int32Array): number {
  const r = new Reader(buf);
  r.tag();
  const end = r.length() + r.pos;
  let n = 0;
  while (r.pos < end) out[n++] = r.int32();
  return n;
}

function decodePackedFixed32(buf: Uint8Array, out: Int32Array): number {
  const r = new Reader(buf);
  r.tag();
  const end = r.length() + r.pos;
  let n = 0;
  while (r.pos < end) out[n++] = r.sfixed32();
  return n;
}

/** The ceiling for fixed32: on a little-endian host the payload is already the array's memory. */
function decodePackedFixed32Memcpy(buf: Uint8Array, out: Int32Array): number {
  const r = new Reader(buf);
  r.tag();
  const length = r.length();
  new Uint8Array(out.buffer, out.byteOffset, length).set(buf.subarray(r.pos, r.pos + length));
  return length >> 2;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function prepareDecode(range: string, impl: string): PreparedCase {
  const fixed = impl.startsWith("packed-fixed32");
  const payload = exampleBytes(example(`${range}-${fixed ? "packed-fixed32" : "packed-varint"}`));
  const values = new Int32Array(1001);
  const decode =
    impl === "packed-varint" ? decodePackedVarint : impl === "packed-fixed32" ? decodePackedFixed32 : decodePackedFixed32Memcpy;
  if (impl === "packed-fixed32-memcpy" && !LITTLE_ENDIAN) throw new Error("packed-fixed32-memcpy needs a little-endian host");
  return {
    run: () => decode(payload, values),
    output: () => {
      const out = new Int32Array(1001);
      const n = decode(payload, out);
      return new Uint8Array(out.buffer, 0, n * 4);
    },
    bytes: payload.length,
  };
}

async function prepareCodec(c: CodecCase): Promise<PreparedCase> {
  const input = exampleBytes(example(CODEC_PAYLOAD_ID));
  if (c.algorithm === "brotli") {
    const brotli = await loadBrotli();
    const quality = c.setting as BrotliQuality;
    const compressed = resultFor(compressedSizes(input, brotli, { level: 6, quality }), "brotli")!.bytes;
    if (c.op === "compress") {
      return { run: () => brotli.compress(input, { quality }), output: () => brotli.compress(input, { quality }), bytes: input.length };
    }
    return { run: () => brotli.decompress(compressed), output: () => decompress("brotli", compressed, brotli), bytes: input.length };
  }
  const algorithm = c.algorithm;
  const level = c.setting as DeflateLevel;
  const compressed = flateCompress(algorithm, input, level);
  if (c.op === "compress") {
    return { run: () => flateCompress(algorithm, input, level), output: () => flateCompress(algorithm, input, level), bytes: input.length };
  }
  return { run: () => flateDecompress(algorithm, compressed), output: () => flateDecompress(algorithm, compressed), bytes: input.length };
}

function has(caseName: string, impl: string): boolean {
  if (caseName.startsWith("decode-packed:")) {
    return DECODE_RANGES.some((r) => decodeCaseName(r) === caseName) && (DECODE_IMPLS as readonly string[]).includes(impl);
  }
  const c = CODEC_CASES.find((k) => codecCaseName(k) === caseName);
  return c !== undefined && impl === (c.algorithm === "brotli" ? "brotli-wasm" : "fflate");
}

export const compressSuite: Suite = {
  name: "compress",
  description:
    "gzip, zlib, deflate (fflate) and brotli (brotli-wasm) compress/decompress speed on a 4007-byte payload, " +
    "and packed varint vs packed fixed32 decode speed (1001 values per op; compare ops/s)",
  cases: [...CODEC_CASES.map(codecCaseName), ...DECODE_RANGES.map(decodeCaseName)],
  impls: [...CODEC_IMPLS, ...DECODE_IMPLS],
  baseline: "packed-varint",
  claim: {
    text:
      "Miguel Young de la Sota's \"Protobuf Tip #2: Compress Your Protos\" says fixed-width integers decode faster than varints " +
      "(no figure), and measures d.pb (1000 packed fixed32) at 4007 bytes against b.pb (packed varints) at 1877",
    source: COMPRESS_TIP,
    figures: [
      { kind: "speedup", before: "packed-varint", after: "packed-fixed32", detail: "\"Fixed integer types will decode faster\"" },
    ],
  },
  has,
  prepare(caseName, impl) {
    if (!has(caseName, impl)) throw new Error(`compress suite has no case ${caseName} for ${impl}`);
    if (caseName.startsWith("decode-packed:")) return prepareDecode(caseName.slice("decode-packed:".length), impl);
    return prepareCodec(CODEC_CASES.find((k) => codecCaseName(k) === caseName)!);
  },
};

export default compressSuite;
