// The Content-Security-Policy of the built app, written into its HTML as a <meta> tag so that it
// holds on every static server (and from file://, where there are no headers at all).
//
// What each source is for, and why nothing else is allowed:
// - script-src: the app's own files ('self') in dist/; in the single file every script is inline,
//   so each is allowed by its SHA-256 hash, computed after inlining (never 'unsafe-inline').
//   'wasm-unsafe-eval' lets brotli-wasm compile its WebAssembly; plain 'unsafe-eval' (eval,
//   new Function) is not allowed anywhere.
// - worker-src: the engine, sizes, benchmark and Monaco Workers: files of the app in dist/; blob:
//   URLs in the single file, whose Workers are built from inlined sources.
// - connect-src: fetches of the app's own files (brotli's wasm; the service worker's precache) in
//   dist/; in the single file, brotli's wasm is a data: URL and nothing else is fetched.
// - style-src 'unsafe-inline': Monaco writes its themes and layout into <style> elements at run
//   time and has no hash-able alternative; styles cannot run code.
// - font-src / img-src: Monaco's codicon font and the inline favicon.
// - frame-src 'self' (dist/ only): the Embed dialog's preview, a frame of the app itself; the single
//   file, opened from file://, has no address a frame could load, so it shows no preview.
// - base-uri, form-action, object-src: nothing, so injected markup could not redirect them.
// (frame-ancestors cannot be set from a <meta> tag; the app is meant to be embeddable anyway.)
import { createHash } from "node:crypto";
import type { Plugin } from "vite";

export type CspTarget = "site" | "single";

/** The policy for a target, as "directive sources; ..." text. `scriptHashes` for "single". */
export function contentSecurityPolicy(target: CspTarget, scriptHashes: string[] = []): string {
  const directives: Record<string, string[]> =
    target === "site"
      ? {
          "default-src": ["'none'"],
          "script-src": ["'self'", "'wasm-unsafe-eval'"],
          "worker-src": ["'self'"],
          "connect-src": ["'self'"],
          "style-src": ["'self'", "'unsafe-inline'"],
          "font-src": ["'self'", "data:"],
          "img-src": ["'self'", "data:"],
          "manifest-src": ["'self'"],
          "frame-src": ["'self'"],
        }
      : {
          "default-src": ["'none'"],
          "script-src": [...scriptHashes.map((h) => `'sha256-${h}'`), "'wasm-unsafe-eval'"],
          "worker-src": ["blob:"],
          "connect-src": ["data:"],
          "style-src": ["'unsafe-inline'"],
          "font-src": ["data:"],
          "img-src": ["data:"],
        };
  directives["base-uri"] = ["'none'"];
  directives["form-action"] = ["'none'"];
  directives["object-src"] = ["'none'"];
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

const INLINE_SCRIPT = /<script\b[^>]*>([\s\S]*?)<\/script>/g;

/** SHA-256 (base64) of every inline script's text in `html`, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const tag = match[0].slice(0, match[0].indexOf(">") + 1);
    if (/\ssrc=/.test(tag)) continue;
    hashes.push(createHash("sha256").update(match[1]!, "utf8").digest("base64"));
  }
  return hashes;
}

/** Puts the policy's <meta> right after <meta charset>, before any script it must govern. */
export function withCspMeta(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  if (!charset.test(html)) throw new Error("index.html has no <meta charset>: nowhere to put the CSP");
  return html.replace(charset, (m) => `${m}\n    ${meta}`);
}

/**
 * Adds the policy to the built HTML (not to the dev server's, whose inline React-refresh
 * preamble and HMR socket the policy would block). For "single" it runs after
 * vite-plugin-singlefile has inlined everything, so the hashes cover the final scripts.
 */
export function cspPlugin(target: CspTarget): Plugin {
  return {
    name: "wirelab:csp",
    apply: "build",
    enforce: "post",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== "asset" || !file.fileName.endsWith(".html")) continue;
          const html = typeof file.source === "string" ? file.source : new TextDecoder().decode(file.source);
          const hashes = inlineScriptHashes(html);
          if (target === "site" && hashes.length > 0) {
            this.error(`${file.fileName} has ${hashes.length} inline script(s), which the site's policy ('self' only) would block`);
          }
          const policy = contentSecurityPolicy(target, target === "single" ? hashes : []);
          file.source = withCspMeta(html, policy);
        }
      },
    },
  };
}
