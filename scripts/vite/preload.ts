// The first run's chunks, fetched with the entry: the engine the page runs the first workspace
// with (engineModule.ts and the engine group) is imported dynamically, so without a hint the
// browser asks for it only once the entry has been fetched, parsed and run. A modulepreload link
// per chunk (and the chunks they import) starts those requests with the entry's.
import type { Plugin } from "vite";

/** Chunks the first run needs: the engine group and the page's engine module. */
const FIRST_RUN = (chunk: { name: string; facadeModuleId?: string | null }) =>
  chunk.name === "engine" || /[\\/]web[\\/]src[\\/]features[\\/]runner[\\/]engineModule\.ts$/.test(chunk.facadeModuleId ?? "");

export function firstRunPreloadPlugin(): Plugin {
  return {
    name: "wirelab-first-run-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const files = new Set<string>();
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== "chunk" || files.has(fileName)) return;
          files.add(fileName);
          for (const dep of chunk.imports) add(dep);
        };
        for (const chunk of Object.values(bundle)) if (chunk.type === "chunk" && FIRST_RUN(chunk)) add(chunk.fileName);
        // The entry and what it imports statically are loaded anyway.
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === "chunk" && chunk.isEntry) {
            files.delete(chunk.fileName);
            for (const dep of chunk.imports) files.delete(dep);
          }
        }
        if (files.size === 0) throw new Error("first-run preload: no engine chunk found (did the chunk groups in vite.config.ts change?)");
        return {
          html,
          tags: [...files].sort().map((f) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `./${f}` }, injectTo: "head" as const })),
        };
      },
    },
  };
}
