// What the Sizes Worker answers (and the page runs the same table when no Worker can start).
import type { CompressSettings } from "../../../../engine/compress/index.ts";
import { computeSizes } from "./computeSizes.ts";
import type { SizesAnswer } from "./protocol.ts";

export const sizesCommands = {
  /** Every compressor's size for the bytes (only sizes come back, never the compressed bytes). */
  measure: (input: { bytes: Uint8Array; settings: CompressSettings }): Promise<SizesAnswer> => computeSizes(input.bytes, input.settings),
};
