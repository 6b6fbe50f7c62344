// Messages between the Sizes panel and its Worker. Only sizes and labels come back, not the
// compressed bytes, so answers stay small whatever the payload.
import type { Algorithm, CompressSettings } from "../../../../engine/compress/index.ts";

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

export interface SizesRequest {
  id: number;
  bytes: Uint8Array;
  settings: CompressSettings;
}

export type SizesResponse = { id: number; ok: true; answer: SizesAnswer } | { id: number; ok: false; message: string };
