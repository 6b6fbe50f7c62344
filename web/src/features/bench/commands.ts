// The bench isolate's command table: one prepared (suite, case, implementation) per Worker,
// answering the harness's protocol (engine/bench/protocol.ts) over the app's one RPC. The
// handlers are the engine's isolate; this file only adapts its answers to promise calls.
import { createIsolate } from "../../../../engine/bench/isolate.ts";
import type { BenchRequest, OpenedCase } from "../../../../engine/bench/protocol.ts";
import { loadSuite } from "../../../../engine/bench/suites/index.ts";
import { describeSuite, type SuiteDescription, type SuiteInput, type TimerReport } from "../../../../engine/bench/types.ts";

type Call = BenchRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

/** An error that crosses the RPC with its code (the RPC keeps a string `code`). */
class BenchIsolateError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "BenchIsolateError";
  }
}

export function createBenchCommands() {
  const isolate = createIsolate();
  let id = 0;
  const call = async <T>(req: Call): Promise<T> => {
    const res = await isolate.handle({ ...req, id: ++id } as BenchRequest);
    if (!res.ok) throw new BenchIsolateError(res.error.code ?? "bench/run-failed", res.error.message);
    return res.value as T;
  };
  return {
    /** The suite as plain data (cases, implementations, pairs, claim), for planning a run on the page. */
    describe: async (input: { suite: string }): Promise<SuiteDescription> => {
      try {
        return describeSuite(await loadSuite(input.suite));
      } catch (e) {
        throw new BenchIsolateError("bench/unknown-suite", e instanceof Error ? e.message : String(e));
      }
    },
    open: (input: { suite: string; case: string; impl: string; input?: SuiteInput }) =>
      call<OpenedCase>({ op: "open", suite: input.suite, case: input.case, impl: input.impl, ...(input.input ? { input: input.input } : {}) }),
    output: () => call<Uint8Array | string>({ op: "output" }),
    sample: (input: { iterations: number }) => call<number>({ op: "sample", iterations: input.iterations }),
    timer: () => call<TimerReport>({ op: "timer" }),
  };
}

export type BenchCommands = ReturnType<typeof createBenchCommands>;
