/**
 * Shared vocabulary of the compression module: which algorithms, which settings, and what one
 * measurement reports. Every figure names the implementation and the settings that produced
 * it, because compressed sizes depend on both (the same 4007-byte payload is 1428 bytes under
 * fflate's zlib and 2335 under Node's zlib, both at level 6).
 */

/** The compressors the web actually uses, in the order every table shows them. */
export const ALGORITHMS = ["gzip", "zlib", "deflate", "brotli"] as const;
export type Algorithm = (typeof ALGORITHMS)[number];

/** DEFLATE effort: 0 stores the bytes uncompressed, 1 is fastest, 9 searches hardest. */
export type DeflateLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
/** Brotli effort: 0 is fastest; 10 and 11 switch to the slow "Zopfli-like" optimal parser. */
export type BrotliQuality = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;

export interface CompressSettings {
  /**
   * DEFLATE level used for gzip, zlib and raw deflate, 0-9. Default 6: the default of fflate,
   * of zlib and of the `gzip` command. Higher levels rarely buy more than a few percent on
   * small protobuf payloads and cost time on large ones.
   */
  level: DeflateLevel;
  /**
   * Brotli quality, 0-11. Default 11: brotli-wasm's default and what Node's zlib and the
   * `brotli` command use; CDNs compressing on the fly often pick 4-6 to save CPU, so try those
   * to see what a dynamic response would weigh.
   */
  quality: BrotliQuality;
}

export const DEFAULT_SETTINGS: Readonly<CompressSettings> = Object.freeze({ level: 6, quality: 11 });

export function isDeflateLevel(n: number): n is DeflateLevel {
  return Number.isInteger(n) && n >= 0 && n <= 9;
}

export function isBrotliQuality(n: number): n is BrotliQuality {
  return Number.isInteger(n) && n >= 0 && n <= 11;
}

/** The settings actually used for one result (a subset of CompressSettings plus what the stream declares). */
export type UsedSettings =
  | { kind: "deflate"; level: DeflateLevel }
  | {
      kind: "brotli";
      quality: BrotliQuality;
      /**
       * log2 of the sliding window the stream declares (10-24), read back from the stream's
       * header. brotli-wasm 3.0.1 does not let callers choose it; its encoder uses 22
       * (a 4 MiB window), brotli's default.
       */
      windowBits: number;
    };

/** One compressor's measurement of one payload. */
export interface CompressionResult {
  algorithm: Algorithm;
  /** Library and version that produced the bytes, e.g. "fflate 0.8.3". */
  implementation: string;
  settings: UsedSettings;
  /** Human label of the settings: "level 6", "quality 11, window 2^22". */
  settingsLabel: string;
  /** The compressed bytes (they decompress to the input; tests check it). */
  bytes: Uint8Array;
  /** bytes.length, in bytes. */
  size: number;
  /** size / raw size; 0 for an empty input (nothing to compare against). */
  ratio: number;
}

/** All four compressors' results for one payload. */
export interface SizesReport {
  raw: number;
  results: CompressionResult[];
}

/** Why a decompression failed. Codes are stable; messages are for people. */
export class CompressError extends Error {
  constructor(
    readonly code: "compress/corrupt" | "compress/brotli-unavailable",
    message: string,
  ) {
    super(message);
    this.name = "CompressError";
  }
}
