/**
 * gzip, zlib and raw DEFLATE through fflate: pure JavaScript, synchronous, the same code in
 * Node, on the page and in a Worker. The three formats share one DEFLATE stream and differ only
 * in framing, so for the same level their sizes differ by a constant:
 *   deflate = the bare stream;
 *   zlib    = deflate + 6 bytes (2-byte header, 4-byte Adler-32);
 *   gzip    = deflate + 18 bytes (10-byte header, CRC-32, input length).
 */
import { deflateSync, gunzipSync, gzipSync, inflateSync, unzlibSync, zlibSync } from "fflate";
import type { CompressionResult, DeflateLevel } from "./types.ts";
import { CompressError } from "./types.ts";

/** Kept in step with package.json; a test compares it with the installed package. */
export const FFLATE_IMPLEMENTATION = "fflate 0.8.3";

export type FlateAlgorithm = "gzip" | "zlib" | "deflate";

/** Compresses with one of the DEFLATE framings. Deterministic: the gzip header's time stamp is 0. */
export function flateCompress(algorithm: FlateAlgorithm, input: Uint8Array, level: DeflateLevel): Uint8Array {
  switch (algorithm) {
    case "gzip":
      // mtime 0: fflate would otherwise stamp the current time, and the same input would give
      // different bytes each second (the size is unaffected, but tests compare bytes).
      return gzipSync(input, { level, mtime: 0 });
    case "zlib":
      return zlibSync(input, { level });
    case "deflate":
      return deflateSync(input, { level });
  }
}

/** Decompresses; throws CompressError("compress/corrupt") when the stream is not valid. */
export function flateDecompress(algorithm: FlateAlgorithm, input: Uint8Array): Uint8Array {
  try {
    switch (algorithm) {
      case "gzip":
        return gunzipSync(input);
      case "zlib":
        return unzlibSync(input);
      case "deflate":
        return inflateSync(input);
    }
  } catch (e) {
    throw new CompressError("compress/corrupt", `not a valid ${algorithm} stream: ${(e as Error).message}`);
  }
}

/** Measures one DEFLATE framing at one level. */
export function measureFlate(algorithm: FlateAlgorithm, input: Uint8Array, level: DeflateLevel): CompressionResult {
  const bytes = flateCompress(algorithm, input, level);
  return {
    algorithm,
    implementation: FFLATE_IMPLEMENTATION,
    settings: { kind: "deflate", level },
    settingsLabel: `level ${level}`,
    bytes,
    size: bytes.length,
    ratio: input.length === 0 ? 0 : bytes.length / input.length,
  };
}
