// Sizes measured in a Worker through the app's one RPC (web/src/rpc/), with the page as the
// fallback when no Worker can be made.
//
// Each channel owns one Worker. On a superseding channel (the current bytes, which change while
// a learner types) a new request cancels one still running and restarts its Worker: brotli at
// quality 11 manages roughly 0.3-1.5 MB/s (measured with brotli-wasm under Node on 1 MB of
// protobuf and of random bytes), and it cannot notice a cancel mid-stream, so a large payload's
// stale measurement could otherwise hold up the fresh one for seconds. Restarting costs a Worker
// start and a wasm instantiation from the browser's cache.
import type { CompressSettings } from "../../../../engine/compress/index.ts";
import { createRpcClient, type RpcClient } from "../../rpc/index.ts";
import type { sizesCommands } from "./commands.ts";
import type { SizesAnswer } from "./protocol.ts";
import SizesWorker from "./sizes.worker.ts?worker";

export interface SizesChannel {
  /** Measures `bytes`; `signal` cancels (on a superseding channel, restarting its Worker). */
  request(bytes: Uint8Array, settings: CompressSettings, signal?: AbortSignal): Promise<SizesAnswer>;
}

function client(): RpcClient<typeof sizesCommands> {
  return createRpcClient<typeof sizesCommands>({
    name: "sizes",
    createWorker: () => (typeof Worker === "undefined" ? undefined : new SizesWorker()),
    fallback: async () => (await import("./commands.ts")).sizesCommands,
    // Brotli at quality 11 on megabytes takes seconds; this only catches a hang.
    timeoutMs: 120_000,
  });
}

export function createSizesChannel({ supersede }: { supersede: boolean }): SizesChannel {
  let rpc: RpcClient<typeof sizesCommands> | undefined;
  let running: AbortController | undefined;
  return {
    request(bytes, settings, signal) {
      rpc ??= client();
      if (supersede) {
        running?.abort();
        const controller = new AbortController();
        running = controller;
        signal?.addEventListener("abort", () => controller.abort(), { once: true });
      }
      // A copy, so the caller's bytes stay usable; the copy's buffer moves, it is not cloned.
      const copy = bytes.slice();
      return rpc.call(
        "measure",
        { bytes: copy, settings: { level: settings.level, quality: settings.quality } },
        { transfer: [copy.buffer], ...(supersede ? { signal: running!.signal, terminateOnCancel: true } : {}) },
      );
    },
  };
}
