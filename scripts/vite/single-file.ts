// The one-file build (`npm run build:single` -> dist-single/wirelab.html), opened from file://.
//
// Chromium refuses, for a page loaded from file://, module Workers and lazy chunks fetched by
// URL. So in this build:
// - every `?worker` import becomes `?worker&inline`: Vite then embeds the Worker's bundle as a
//   string and starts it from a blob: URL (the same Worker code, the same RPC);
// - Workers are bundled without code splitting, so a Worker never fetches a chunk by URL;
// - vite-plugin-singlefile turns off code splitting for the page (dynamic imports become
//   inlined modules), inlines every asset (brotli's wasm and Monaco's font as data: URLs) and
//   puts the scripts and styles into the HTML;
// - the service worker is left out (file:// has none).
import { rename } from "node:fs/promises";
import { join } from "node:path";
import { viteSingleFile } from "vite-plugin-singlefile";
import type { Plugin, PluginOption, UserConfig } from "vite";

const WORKER_QUERY = /\?worker$/;

/** Rewrites `import X from "./x.worker.ts?worker"` to Vite's inline form. */
function inlineWorkers(): Plugin {
  return {
    name: "wirelab:inline-workers",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!WORKER_QUERY.test(source)) return null;
      const resolved = await this.resolve(source.replace(WORKER_QUERY, ""), importer, { ...options, skipSelf: true });
      return resolved ? `${resolved.id}?worker&inline` : null;
    },
  };
}

/** Renames the single build's index.html to wirelab.html once it is written. */
function renameHtml(name: string): Plugin {
  let outDir = "";
  return {
    name: "wirelab:single-file-name",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await rename(join(outDir, "index.html"), join(outDir, name));
    },
  };
}

export const SINGLE_FILE_NAME = "wirelab.html";
export const SINGLE_OUT_DIR = "dist-single";

export function singleFilePlugins(): PluginOption[] {
  return [inlineWorkers(), viteSingleFile({ removeViteModuleLoader: true }), renameHtml(SINGLE_FILE_NAME)];
}

/** Build settings of the one-file build, merged over the shared ones. */
export const singleFileConfig: UserConfig = {
  build: { outDir: SINGLE_OUT_DIR, emptyOutDir: true },
  worker: {
    // Classic Workers: Chromium refuses a *module* Worker whose script is a blob: URL of a
    // file:// page (its origin is opaque), but starts a classic one.
    format: "iife",
    rolldownOptions: { output: { codeSplitting: false } },
  },
};
