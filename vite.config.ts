// Vite builds the web app (web/) from index.html at the repository root. Everything the page
// needs is bundled: no CDN, no web fonts, no wasm from the network (see docs and DESIGN.md).
//
// Two builds (docs/DEPLOYING.md):
// - `vite build` (npm run build): dist/, relative paths, a service worker for offline revisits,
//   a strict Content-Security-Policy;
// - `vite build --mode single` (npm run build:single): dist-single/wirelab.html, one file that
//   works from file:// (scripts/vite/single-file.ts says what changes).
import { defineConfig, mergeConfig, type UserConfig } from "vite";
import react from "@vitejs/plugin-react";
import { cspPlugin } from "./scripts/vite/csp.ts";
import { firstRunPreloadPlugin } from "./scripts/vite/preload.ts";
import { pwaPlugin } from "./scripts/vite/pwa.ts";
import { singleFileConfig, singleFilePlugins } from "./scripts/vite/single-file.ts";

/**
 * Cross-origin isolation for the dev and preview servers: with these two headers the page gets
 * `crossOriginIsolated === true`, and browsers then give `performance.now()` its fine resolution
 * (5 µs in Chromium rather than 100 µs), which the Bench panel's figures need. Everything the app
 * loads is same-origin, so `require-corp` blocks nothing. A static host must send the same
 * headers for the same effect (docs/DEPLOYING.md); without them the panel says its timer is coarse.
 */
export const ISOLATION_HEADERS = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
} as const;

export default defineConfig(({ mode }) => {
  const single = mode === "single";
  const shared: UserConfig = {
    plugins: [
      react(),
      // In the single build the plugin is disabled but still answers `virtual:pwa-register`
      // with a no-op, so the app's code is the same in both builds.
      pwaPlugin({ disable: single }),
      ...(single ? singleFilePlugins() : [firstRunPreloadPlugin()]),
      cspPlugin(single ? "single" : "site"),
    ],
    // Relative asset URLs so the built folder works from any path (and from a plain static server).
    base: "./",
    optimizeDeps: {
      // brotli-wasm's package exports send the pre-bundler to a build that fetch()es its wasm;
      // excluding it keeps Vite's own asset handling (see REFERENCE-TOOLS.md).
      exclude: ["brotli-wasm"],
    },
    worker: { format: "es" },
    build: {
      target: "es2022",
      // Monaco is large by nature; it lives in its own lazily loaded chunk, so the warning is noise.
      chunkSizeWarningLimit: 4096,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Only the modules the group names: app modules the engine code happens to import
            // (workspace types, the store) stay with the first chunk instead of dragging it along.
            includeDependenciesRecursively: false,
            groups: [
              // The engine code the page runs itself (small inputs, hover, fixes, readings) is
              // shared by several lazy chunks; without a group of its own the bundler hoists it
              // into the first chunk, which must stay small. (The Worker bundles its own copy.)
              // engine/diagnostics.ts is not in the group: the first chunk's Problems panel uses
              // its small span helpers, and a static import from this group would make the whole
              // engine part of the first load (e2e/ship-site.spec.ts keeps a budget on it). Nor is
              // engine/schema/message-names.ts, for the same reason: the type picker (first chunk)
              // asks it for the closest type name. Nor is engine/annotate/types.ts: the linked
              // views' lookups (first chunk) read node lists with its small helpers.
              // Everything the first load needs beside the entry, as one file rather than a dozen
              // small shared ones: each is a request, and five frames on a documentation page
              // share a browser's six connections to the app's server.
              {
                name: "first",
                tags: ["$initial"],
                priority: -1,
              },
              {
                name: "engine",
                test: /[\\/]engine[\\/](protoscope|schema(?![\\/]message-names\.ts)|annotate(?![\\/]types\.ts)|wire)[\\/]|@bufbuild[\\/]protobuf|web[\\/]src[\\/]features[\\/]runner[\\/](engineApi|pipeline|engineModule)\.ts/,
              },
            ],
          },
        },
      },
    },
    server: { host: "127.0.0.1", headers: { ...ISOLATION_HEADERS } },
    preview: { host: "127.0.0.1", port: 4173, strictPort: true, headers: { ...ISOLATION_HEADERS } },
  };
  return single ? mergeConfig(shared, singleFileConfig) : shared;
});
