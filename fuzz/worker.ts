/**
 * One fuzzing worker: runs a target over its share of the input indices until a deadline or a
 * count, and reports each finding as it happens. The runner watches `state` to catch a hang
 * (an input that never returns cannot report itself): slot 0 holds the index being run, slot 1
 * the phase (1 = the engine's time, 2 = a reference tool's), slot 2 the inputs done, slot 3 a
 * tick that moves whenever the worker makes progress.
 */
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { generate, type Finding } from "./core.ts";
import { loadTarget, type TargetName } from "./targets/index.ts";
import { toolsAvailable } from "./tools.ts";

export interface WorkerJob {
  target: TargetName;
  seed: number;
  /** First index; the worker runs first, first + stride, first + 2 stride, ... */
  first: number;
  stride: number;
  /** Stop before this index (Infinity for none). */
  end: number;
  /** Stop at this time (Date.now()). */
  deadline: number;
  /** Stop this many seconds after the target is loaded (loading takes seconds on a busy machine). */
  seconds?: number;
  /** Every Nth input also goes through the reference tools (0: never). */
  sampleEvery: number;
  /** An input whose engine time passes this is reported as a hang. */
  budgetMs: number;
  state: SharedArrayBuffer;
}

export type WorkerMessage =
  | { type: "finding"; index: number; finding: Finding; input: Uint8Array; engineMs: number }
  | { type: "done"; oracleInputs: number };

export const SLOT = { index: 0, phase: 1, done: 2, tick: 3, oracle: 4 } as const;
export const PHASE = { idle: 0, engine: 1, outside: 2 } as const;

async function run(job: WorkerJob): Promise<void> {
  const state = new Int32Array(job.state);
  const target = await loadTarget(job.target);
  const arb = target.arbitrary();
  const oracle = toolsAvailable(target.tools ?? []);
  let oracleInputs = 0;
  const deadline = job.seconds === undefined ? job.deadline : Math.min(job.deadline, Date.now() + job.seconds * 1000);
  for (let i = job.first; i < job.end && Date.now() < deadline; i += job.stride) {
    Atomics.store(state, SLOT.index, i);
    Atomics.store(state, SLOT.phase, PHASE.engine);
    Atomics.add(state, SLOT.tick, 1);
    const started = performance.now();
    let outsideMs = 0;
    const findings: Finding[] = [];
    let input: unknown;
    try {
      input = generate(arb, job.seed, i);
      const useOracle = oracle && job.sampleEvery > 0 && i % job.sampleEvery === 0;
      if (useOracle) oracleInputs++;
      findings.push(
        ...target.check(input, {
          oracle: useOracle,
          outside<T>(fn: () => T): T {
            Atomics.store(state, SLOT.phase, PHASE.outside);
            const t = performance.now();
            try {
              return fn();
            } finally {
              outsideMs += performance.now() - t;
              Atomics.store(state, SLOT.phase, PHASE.engine);
              Atomics.add(state, SLOT.tick, 1);
            }
          },
        }),
      );
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      findings.push({ kind: "crash", summary: `the target itself threw ${err.name}: ${err.message.split("\n")[0]}`, detail: err.stack });
    }
    const engineMs = performance.now() - started - outsideMs;
    if (engineMs > job.budgetMs) {
      // Slow once may be a busy machine or a collection: slow twice is the input.
      const again = performance.now();
      try {
        target.check(input, { oracle: false, outside: (fn) => fn() });
      } catch {
        // reported above
      }
      const twice = performance.now() - again;
      if (twice > job.budgetMs) findings.push({ kind: "hang", summary: `an input took longer than the budget of ${job.budgetMs} ms, twice`, detail: `${Math.round(engineMs)} ms, then ${Math.round(twice)} ms (without the reference tools)` });
    }
    Atomics.add(state, SLOT.done, 1);
    Atomics.store(state, SLOT.oracle, oracleInputs);
    for (const finding of findings) {
      let saved: Uint8Array;
      try {
        saved = target.save(input);
      } catch {
        saved = new Uint8Array();
      }
      parentPort!.postMessage({ type: "finding", index: i, finding, input: saved, engineMs } satisfies WorkerMessage);
    }
  }
  Atomics.store(state, SLOT.phase, PHASE.idle);
  parentPort!.postMessage({ type: "done", oracleInputs } satisfies WorkerMessage);
}

if (!isMainThread) void run(workerData as WorkerJob);
