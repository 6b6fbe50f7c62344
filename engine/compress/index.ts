export * from "./types.ts";
export { FFLATE_IMPLEMENTATION, flateCompress, flateDecompress, measureFlate } from "./flate.ts";
export type { FlateAlgorithm } from "./flate.ts";
export {
  BROTLI_IMPLEMENTATION,
  brotliDecompress,
  brotliIfLoaded,
  defaultBrotliLoader,
  importBrotliLoader,
  loadBrotli,
  measureBrotli,
} from "./brotli.ts";
export type { BrotliLoader, BrotliModule } from "./brotli.ts";
export { brotliWindowBits } from "./brotli-header.ts";
export { compressedSizes, decompress, resultFor } from "./sizes.ts";
export {
  COMPRESSION_EXAMPLES,
  POST_SOURCE,
  POST_URL,
  exampleBytes,
  findExample,
  protoscopeText,
} from "./examples.ts";
export type { CompressionExample, IntegerEncoding, PostFigures } from "./examples.ts";
