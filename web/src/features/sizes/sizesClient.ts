// Promise-returning calls to a Sizes Worker, with the main thread as the fallback when no
// Worker can be made (old browsers, some sandboxed iframes) or the Worker fails to start.
//
// A channel owns one Worker. On a superseding channel (the current bytes, which change while a
// learner types) a new request terminates a Worker still busy with an older one: brotli at
// quality 11 manages roughly 0.3-1.5 MB/s (measured with brotli-wasm under Node on 1 MB of
// protobuf and of random bytes), so a large payload's stale measurement could otherwise hold up
// the fresh one for seconds. Restarting costs a Worker start and a wasm
// instantiation from the browser's cache.
import type { CompressSettings } from "../../../../engine/compress/index.ts";
import type { SizesAnswer, SizesResponse } from "./protocol.ts";
import SizesWorker from "./sizes.worker.ts?worker";

/** Rejection reason for a request overtaken by a newer one on a superseding channel. */
export class SupersededError extends Error {
  constructor() {
    super("superseded by a newer measurement");
    this.name = "SupersededError";
  }
}

type Pending = { resolve: (a: SizesAnswer) => void; reject: (e: Error) => void };

let workersBroken = false;

async function onMainThread(bytes: Uint8Array, settings: CompressSettings): Promise<SizesAnswer> {
  const { computeSizes } = await import("./computeSizes.ts");
  return computeSizes(bytes, settings);
}

export interface SizesChannel {
  request(bytes: Uint8Array, settings: CompressSettings): Promise<SizesAnswer>;
}

export function createSizesChannel({ supersede }: { supersede: boolean }): SizesChannel {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    const waiting = [...pending.values()];
    pending.clear();
    for (const call of waiting) call.reject(error);
  };

  const stop = () => {
    worker?.terminate();
    worker = undefined;
  };

  const start = (): Worker | undefined => {
    if (workersBroken || typeof Worker === "undefined") return undefined;
    if (worker) return worker;
    try {
      worker = new SizesWorker();
    } catch {
      workersBroken = true;
      return undefined;
    }
    worker.onmessage = (e: MessageEvent<SizesResponse>) => {
      const call = pending.get(e.data.id);
      if (!call) return;
      pending.delete(e.data.id);
      if (e.data.ok) call.resolve(e.data.answer);
      else call.reject(new Error(e.data.message));
    };
    worker.onerror = () => {
      // A Worker that cannot load its script: what is waiting goes to the main thread instead.
      workersBroken = true;
      stop();
      failAll(new Error("sizes worker failed"));
    };
    return worker;
  };

  return {
    async request(bytes, settings) {
      if (supersede && pending.size > 0) {
        stop();
        failAll(new SupersededError());
      }
      const w = start();
      if (!w) return onMainThread(bytes, settings);
      const id = nextId++;
      try {
        return await new Promise<SizesAnswer>((resolve, reject) => {
          pending.set(id, { resolve, reject });
          // A copy, so the caller's bytes stay usable; its buffer is transferred, not cloned.
          const copy = bytes.slice();
          w.postMessage({ id, bytes: copy, settings: { ...settings } }, [copy.buffer]);
        });
      } catch (e) {
        if (workersBroken) return onMainThread(bytes, settings);
        throw e;
      }
    },
  };
}

/** The current bytes: a newer request cancels an older one still running. */
export const currentChannel = createSizesChannel({ supersede: true });
/** Compared payloads: measured side by side, none cancels another. */
export const compareChannel = createSizesChannel({ supersede: false });
