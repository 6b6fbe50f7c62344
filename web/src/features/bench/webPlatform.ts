// The harness's platform in the browser: each (case, implementation) opens a dedicated module
// Worker (bench.worker.ts) through the app's RPC. The harness itself runs on the page: it only
// awaits one message per sample and computes medians at the end, while every timed loop runs in
// an isolate's own thread, so the page stays responsive and the figures are the isolates'.
import type { BenchPlatform, Sampler } from "../../../../engine/bench/protocol.ts";
import type { SuiteDescription } from "../../../../engine/bench/types.ts";
import { createRpcClient, type RpcClient } from "../../rpc/index.ts";
import type { BenchCommands } from "./commands.ts";
// `?worker`: the single-file build inlines it (scripts/vite/single-file.ts), so it starts from file:// too.
import BenchWorker from "./bench.worker.ts?worker";

/** A sample is about 20 ms; anything silent this long is stuck. */
const CALL_TIMEOUT_MS = 60_000;

function client(): RpcClient<BenchCommands> {
  return createRpcClient<BenchCommands>({
    name: "bench",
    createWorker: () => (typeof Worker === "undefined" ? undefined : new BenchWorker({ name: "wirelab-bench" })),
    // No fallback on purpose: timing on the page would freeze it and measure the page's noise.
    timeoutMs: CALL_TIMEOUT_MS,
  });
}

/** Asks a short-lived isolate what a suite contains. */
export async function describeRemote(suite: string): Promise<SuiteDescription> {
  const c = client();
  try {
    return await c.call("describe", { suite });
  } finally {
    c.dispose();
  }
}

export function webPlatform(): BenchPlatform {
  return {
    async open(suite, caseName, impl, input) {
      const c = client();
      try {
        const opened = await c.call("open", { suite, case: caseName, impl, ...(input ? { input } : {}) });
        const sampler: Sampler = {
          bytes: opened.bytes,
          objectsPerOp: opened.objectsPerOp,
          floorNs: opened.floorNs,
          output: () => c.call("output", undefined),
          sample: (iterations) => c.call("sample", { iterations }),
          timer: () => c.call("timer", undefined),
          close: async () => c.dispose(),
        };
        return sampler;
      } catch (e) {
        c.dispose();
        throw e;
      }
    },
  };
}
