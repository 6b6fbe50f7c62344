// The service worker of the hosted build (dist/): Workbox through vite-plugin-pwa precaches every
// file of the build, so a second visit loads from the cache and works with no network at all.
//
// Updates are never silent: registerType "prompt" leaves a new deployment's service worker
// waiting; the page hears of it (web/src/features/offline/) and offers to reload into the new
// version. Until the learner accepts, the course they opened stays whole and consistent (old
// HTML with old chunks), never a mix.
import { VitePWA } from "vite-plugin-pwa";
import type { PluginOption } from "vite";

/**
 * Largest file the precache takes. Monaco's chunk is about 3.1 MB and brotli's wasm 1.1 MB;
 * Workbox's default (2 MiB) would leave Monaco out and the offline app without editors.
 */
export const PRECACHE_MAX_BYTES = 8 * 1024 * 1024;

export function pwaPlugin({ disable }: { disable: boolean }): PluginOption {
  return VitePWA({
    disable,
    registerType: "prompt",
    // The app registers the worker itself (virtual:pwa-register), so no inline script is added
    // to index.html (the Content-Security-Policy allows none).
    injectRegister: false,
    manifest: false,
    workbox: {
      globPatterns: ["**/*.{html,js,css,wasm,ttf,woff,woff2,svg,png,ico,txt,json}"],
      maximumFileSizeToCacheInBytes: PRECACHE_MAX_BYTES,
      // Any navigation inside the app's folder (an embed URL with parameters, a share link) is
      // answered with the cached index.html when offline.
      navigateFallback: "index.html",
      cleanupOutdatedCaches: true,
      // A waiting worker takes over only when the learner accepts the update prompt.
      skipWaiting: false,
      clientsClaim: false,
    },
  });
}
