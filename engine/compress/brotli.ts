/**
 * Brotli through brotli-wasm (Google's encoder ported to Rust, compiled to WebAssembly).
 *
 * The wasm has to be loaded before the first call, and how depends on the platform:
 * - on the page and in a Worker, `import("brotli-wasm")` lets the bundler emit the wasm as an
 *   asset of the app's own origin (Vite: its own chunk, fetched only when sizes are asked for);
 * - under Node, brotli-wasm 3.0.1's package exports send the ESM loader to its web build,
 *   which tries to fetch() its wasm and fails; Node must `require()` the package's Node build.
 * So this module never imports anything platform-specific: callers inject a loader
 * (`loadBrotli(nodeBrotliLoader)` from engine/cli/brotli-node.ts in the CLI and tests;
 * `loadBrotli(importBrotliLoader)` on the web). Called without a loader, it picks Node's require
 * when it runs under Node and the dynamic import elsewhere. After loading, every call is
 * synchronous.
 */
import type { BrotliQuality, CompressionResult } from "./types.ts";
import { CompressError } from "./types.ts";
import { brotliWindowBits } from "./brotli-header.ts";

/** Kept in step with package.json; a test compares it with the installed package. */
export const BROTLI_IMPLEMENTATION = "brotli-wasm 3.0.1";

/** The part of brotli-wasm's API we use. */
export interface BrotliModule {
  compress(input: Uint8Array, options?: { quality?: number }): Uint8Array;
  decompress(input: Uint8Array): Uint8Array;
}

/** Produces a ready brotli module (wasm instantiated). */
export type BrotliLoader = () => Promise<BrotliModule>;

/** The web loader: a dynamic import the bundler splits into its own chunk. */
export const importBrotliLoader: BrotliLoader = async () => {
  const mod = await import("brotli-wasm");
  return await mod.default;
};

/**
 * Under Node (20.16 or later), a `require` for the package's Node build, reached through
 * `process.getBuiltinModule` rather than an import so that this file stays loadable on the page
 * and in a Worker; undefined elsewhere. Needed where no Node caller can inject a loader first,
 * such as the benchmark harness's worker threads.
 */
function nodeRequire(): ((id: string) => unknown) | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const nodeModule = proc?.getBuiltinModule?.("module") as
    | { createRequire(from: string): (id: string) => unknown }
    | undefined;
  return nodeModule?.createRequire(import.meta.url);
}

/** The default loader: Node's require where there is one, else the dynamic import. */
export const defaultBrotliLoader: BrotliLoader = async () => {
  const require = nodeRequire();
  if (require) return require("brotli-wasm") as BrotliModule;
  return importBrotliLoader();
};

let loaded: BrotliModule | undefined;
let loading: Promise<BrotliModule> | undefined;

/**
 * Loads brotli once and caches it. `loader` is used by the first call only (later calls get
 * the cached module); without one, defaultBrotliLoader is used. A failed load is not
 * cached, so a later call may retry.
 */
export function loadBrotli(loader: BrotliLoader = defaultBrotliLoader): Promise<BrotliModule> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= loader().then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw new CompressError("compress/brotli-unavailable", `could not load brotli-wasm: ${String(error)}`);
    },
  );
  return loading;
}

/** The loaded module, or undefined before loadBrotli() has resolved: lets callers stay synchronous. */
export function brotliIfLoaded(): BrotliModule | undefined {
  return loaded;
}

/** Decompresses; throws CompressError("compress/corrupt") when the stream is not valid brotli. */
export function brotliDecompress(brotli: BrotliModule, input: Uint8Array): Uint8Array {
  try {
    return brotli.decompress(input);
  } catch (e) {
    throw new CompressError("compress/corrupt", `not a valid brotli stream: ${String(e)}`);
  }
}

/** Measures brotli at one quality; the window is read back from the stream it wrote. */
export function measureBrotli(brotli: BrotliModule, input: Uint8Array, quality: BrotliQuality): CompressionResult {
  const bytes = brotli.compress(input, { quality });
  const windowBits = brotliWindowBits(bytes) ?? 0;
  return {
    algorithm: "brotli",
    implementation: BROTLI_IMPLEMENTATION,
    settings: { kind: "brotli", quality, windowBits },
    settingsLabel: `quality ${quality}, window 2^${windowBits}`,
    bytes,
    size: bytes.length,
    ratio: input.length === 0 ? 0 : bytes.length / input.length,
  };
}
