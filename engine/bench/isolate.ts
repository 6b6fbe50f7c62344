/**
 * The isolate side of the benchmark protocol: prepares one case and times it on request. Pure
 * engine code; the Node worker and the Web Worker only wire `handle` to their message ports.
 */
import type { BenchRequest, BenchResponse } from "./protocol.ts";
import type { PreparedCase } from "./types.ts";
import { loadSuite } from "./suites/index.ts";

/** Results are parked here so the optimiser cannot drop the work that made them. */
let _sink: unknown; // written, never read: keeps the last result reachable

export function createIsolate(): { handle(req: BenchRequest): Promise<BenchResponse>; prepared(): PreparedCase | undefined } {
  let prepared: PreparedCase | undefined;

  async function run(req: BenchRequest): Promise<unknown> {
    switch (req.op) {
      case "open": {
        const suite = await loadSuite(req.suite);
        prepared = await suite.prepare(req.case, req.impl);
        return { bytes: prepared.bytes };
      }
      case "output":
        return need().output();
      case "sample": {
        const op = need().run;
        const n = req.iterations;
        let last: unknown;
        const t0 = performance.now();
        for (let i = 0; i < n; i++) last = op();
        const t1 = performance.now();
        _sink = last;
        return t1 - t0;
      }
      case "timer-resolution":
        return timerResolutionMs();
    }
  }

  function need(): PreparedCase {
    if (!prepared) throw new Error("no case is open in this isolate");
    return prepared;
  }

  return {
    async handle(req) {
      try {
        return { id: req.id, ok: true, value: await run(req) };
      } catch (e) {
        const err = e instanceof Error ? e : new Error(String(e));
        return { id: req.id, ok: false, error: { message: err.message, ...(err.stack ? { stack: err.stack } : {}) } };
      }
    },
    prepared: () => prepared,
  };
}

/** The smallest non-zero step performance.now() shows (browsers coarsen it; Node gives microseconds or better). */
export function timerResolutionMs(): number {
  let best = Infinity;
  for (let i = 0; i < 50; i++) {
    const a = performance.now();
    let b = performance.now();
    while (b === a) b = performance.now();
    best = Math.min(best, b - a);
  }
  return best;
}
