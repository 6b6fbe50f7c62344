/**
 * Sizes of one payload under every compressor, with the compressed bytes. Synchronous: the
 * caller loads brotli first (loadBrotli) and passes it, or passes undefined to get the three
 * DEFLATE framings only (the page shows those while the brotli chunk is still loading).
 */
import type { BrotliModule } from "./brotli.ts";
import { brotliDecompress, measureBrotli } from "./brotli.ts";
import { flateDecompress, measureFlate } from "./flate.ts";
import type { Algorithm, CompressSettings, CompressionResult, SizesReport } from "./types.ts";
import { CompressError, DEFAULT_SETTINGS } from "./types.ts";

export function compressedSizes(
  input: Uint8Array,
  brotli: BrotliModule | undefined,
  settings: CompressSettings = DEFAULT_SETTINGS,
): SizesReport {
  const results: CompressionResult[] = [
    measureFlate("gzip", input, settings.level),
    measureFlate("zlib", input, settings.level),
    measureFlate("deflate", input, settings.level),
  ];
  if (brotli) results.push(measureBrotli(brotli, input, settings.quality));
  return { raw: input.length, results };
}

/** Decompresses one result's bytes with the matching decoder (for round-trip checks). */
export function decompress(algorithm: Algorithm, compressed: Uint8Array, brotli: BrotliModule | undefined): Uint8Array {
  if (algorithm === "brotli") {
    if (!brotli) throw new CompressError("compress/brotli-unavailable", "brotli is not loaded: call loadBrotli() first");
    return brotliDecompress(brotli, compressed);
  }
  return flateDecompress(algorithm, compressed);
}

/** The result for one algorithm, if the report has it. */
export function resultFor(report: SizesReport, algorithm: Algorithm): CompressionResult | undefined {
  return report.results.find((r) => r.algorithm === algorithm);
}
