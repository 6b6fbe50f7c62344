// The one function both the Worker and the main-thread fallback run: engine code only.
import { compressedSizes, loadBrotli } from "../../../../engine/compress/index.ts";
import type { CompressSettings } from "../../../../engine/compress/index.ts";
import type { SizesAnswer } from "./protocol.ts";

/** Loads brotli (its own chunk, fetched on first use) and measures every compressor. */
export async function computeSizes(bytes: Uint8Array, settings: CompressSettings): Promise<SizesAnswer> {
  const brotli = await loadBrotli();
  const report = compressedSizes(bytes, brotli, settings);
  return {
    raw: report.raw,
    rows: report.results.map(({ algorithm, implementation, settingsLabel, size, ratio }) => ({
      algorithm,
      implementation,
      settingsLabel,
      size,
      ratio,
    })),
  };
}
