// Promise-returning calls to the Sizes Worker, with the main thread as the fallback when no
// Worker can be made (old browsers, some sandboxed iframes) or the Worker fails to start.
import type { CompressSettings } from "../../../../engine/compress/index.ts";
import type { SizesAnswer, SizesResponse } from "./protocol.ts";
import SizesWorker from "./sizes.worker.ts?worker";

type Pending = { resolve: (a: SizesAnswer) => void; reject: (e: Error) => void };

let worker: Worker | undefined;
let workerBroken = false;
let nextId = 1;
const pending = new Map<number, Pending>();

function getWorker(): Worker | undefined {
  if (workerBroken || typeof Worker === "undefined") return undefined;
  if (worker) return worker;
  try {
    worker = new SizesWorker();
  } catch {
    workerBroken = true;
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
    // A Worker that cannot load its script: answer what is waiting on the main thread instead.
    workerBroken = true;
    worker?.terminate();
    worker = undefined;
    const waiting = [...pending.values()];
    pending.clear();
    for (const call of waiting) call.reject(new Error("sizes worker failed"));
  };
  return worker;
}

async function onMainThread(bytes: Uint8Array, settings: CompressSettings): Promise<SizesAnswer> {
  const { computeSizes } = await import("./computeSizes.ts");
  return computeSizes(bytes, settings);
}

/** Sizes of `bytes` under every compressor at `settings`. */
export async function requestSizes(bytes: Uint8Array, settings: CompressSettings): Promise<SizesAnswer> {
  const w = getWorker();
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
    if (workerBroken) return onMainThread(bytes, settings);
    throw e;
  }
}
