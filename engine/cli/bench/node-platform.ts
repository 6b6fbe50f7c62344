/**
 * Runs each benchmark case in a Node worker thread of its own: a separate V8 isolate, so one
 * implementation's JIT feedback and garbage never leak into another's figures.
 */
import { Worker } from "node:worker_threads";
import type { BenchPlatform, BenchRequest, BenchResponse, OpenedCase, Sampler } from "../../bench/protocol.ts";
import type { TimerReport } from "../../bench/types.ts";

/** A request taking longer than this is treated as hung (ms). */
const REQUEST_TIMEOUT_MS = 120_000;

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> };
type Request = BenchRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

export function nodePlatform(): BenchPlatform {
  return {
    async open(suite, caseName, impl, input) {
      const worker = new Worker(new URL("./node-worker.mjs", import.meta.url));
      const pending = new Map<number, Pending>();
      let nextId = 1;
      worker.on("message", (res: BenchResponse) => {
        const p = pending.get(res.id);
        if (!p) return;
        pending.delete(res.id);
        clearTimeout(p.timer);
        if (res.ok) p.resolve(res.value);
        else p.reject(Object.assign(new Error(`${suite}/${caseName}/${impl}: ${res.error.message}`), { code: res.error.code, stack: res.error.stack }));
      });
      worker.on("error", (e) => {
        for (const p of pending.values()) p.reject(e);
        pending.clear();
      });
      const call = <T>(req: Request): Promise<T> =>
        new Promise<T>((resolve, reject) => {
          const id = nextId++;
          const timer = setTimeout(() => {
            pending.delete(id);
            reject(new Error(`${suite}/${caseName}/${impl}: no answer to "${req.op}" within ${REQUEST_TIMEOUT_MS} ms`));
          }, REQUEST_TIMEOUT_MS);
          pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
          worker.postMessage({ ...req, id });
        });
      let info: OpenedCase;
      try {
        info = await call<OpenedCase>({ op: "open", suite, case: caseName, impl, ...(input ? { input } : {}) });
      } catch (e) {
        await worker.terminate();
        throw e;
      }
      const sampler: Sampler = {
        bytes: info.bytes,
        objectsPerOp: info.objectsPerOp,
        floorNs: info.floorNs,
        output: () => call<Uint8Array | string>({ op: "output" }),
        sample: (iterations) => call<number>({ op: "sample", iterations }),
        timer: () => call<TimerReport>({ op: "timer" }),
        close: async () => {
          await worker.terminate();
        },
      };
      return sampler;
    },
  };
}
