// What the Sizes panel's Worker answers. Only sizes and labels come back, not the compressed
// bytes, so answers stay small whatever the payload.
import type { Algorithm } from "../../../../engine/compress/index.ts";

export interface SizeRow {
  algorithm: Algorithm;
  /** "fflate 0.8.3", "brotli-wasm 3.0.1". */
  implementation: string;
  /** "level 6", "quality 11, window 2^22". */
  settingsLabel: string;
  size: number;
  ratio: number;
}

export interface SizesAnswer {
  raw: number;
  rows: SizeRow[];
}
