/**
 * Loads brotli-wasm under Node. Its package exports send Node's ESM loader to the web build,
 * which fetch()es its wasm from a file: URL and fails; the CommonJS entry (its Node build)
 * reads the wasm from disk synchronously. Pass this to `loadBrotli` from Node code only
 * (CLI, tests, Node benchmarks); engine/compress itself stays free of Node imports.
 */
import { createRequire } from "node:module";
import type { BrotliLoader, BrotliModule } from "../compress/brotli.ts";

export const nodeBrotliLoader: BrotliLoader = async () => {
  const require = createRequire(import.meta.url);
  return require("brotli-wasm") as BrotliModule;
};
