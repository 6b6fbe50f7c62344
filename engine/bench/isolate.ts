/**
 * The isolate side of the benchmark protocol: prepares one case and times it on request. Pure
 * engine code; the Node worker and the Web Worker only wire `handle` to their message ports.
 */
import type { BenchRequest, BenchResponse, OpenedCase, Sampler } from "./protocol.ts";
import { probeTimer, systemClock, type Clock } from "./timer.ts";
import type { PreparedCase, Suite, SuiteInput } from "./types.ts";
import { loadSuite as loadRegisteredSuite } from "./suites/index.ts";

/**
 * Every result lands in this ring, which is exported (so reachable from outside the module):
 * the optimiser must assume someone reads it, so it cannot drop the calls that fill it.
 */
export const sink: unknown[] = new Array(16).fill(undefined);

/** Times `n` calls of `op`; each result goes to the sink. */
function timeLoop(op: () => unknown, n: number, now: Clock): number {
  const t0 = now();
  for (let i = 0; i < n; i++) sink[i & 15] = op();
  return now() - t0;
}

/** The same loop over an empty function, kept separate so the real loop's call site sees one target. */
function floorLoop(op: () => unknown, n: number, now: Clock): number {
  const t0 = now();
  for (let i = 0; i < n; i++) sink[i & 15] = op();
  return now() - t0;
}

const empty = () => 0;

/** Nanoseconds per empty call through the timing loop: the fastest any real work could look. */
function floorNs(now: Clock): number {
  let best = Infinity;
  let n = 1 << 16;
  for (let k = 0; k < 6; k++) {
    const ms = floorLoop(empty, n, now);
    if (ms > 0) best = Math.min(best, (ms * 1e6) / n);
    if (ms < 2 && n < 1 << 24) n *= 4;
  }
  return Number.isFinite(best) ? best : 0;
}

export interface IsolateOptions {
  /** The clock samples are timed with (tests pass a coarse fake). */
  now?: Clock;
  /** Where suites come from (tests pass their own). */
  loadSuite?: (name: string) => Promise<Suite>;
}

/** Errors an isolate reports carry one of these codes. */
export type IsolateErrorCode = "bench/unknown-suite" | "bench/not-open" | "bench/prepare-failed" | "bench/run-failed";

class IsolateError extends Error {
  constructor(
    readonly code: IsolateErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function createIsolate(options: IsolateOptions = {}): { handle(req: BenchRequest): Promise<BenchResponse>; prepared(): PreparedCase | undefined } {
  const now = options.now ?? systemClock;
  const load = options.loadSuite ?? loadRegisteredSuite;
  let prepared: PreparedCase | undefined;

  async function run(req: BenchRequest): Promise<unknown> {
    switch (req.op) {
      case "open": {
        let suite: Suite;
        try {
          suite = await load(req.suite);
        } catch (e) {
          throw new IsolateError("bench/unknown-suite", e instanceof Error ? e.message : String(e));
        }
        try {
          prepared = await suite.prepare(req.case, req.impl, req.input);
        } catch (e) {
          throw new IsolateError("bench/prepare-failed", `${req.suite}/${req.case}/${req.impl}: ${e instanceof Error ? e.message : String(e)}`);
        }
        const opened: OpenedCase = { floorNs: floorNs(now) };
        if (prepared.bytes !== undefined) opened.bytes = prepared.bytes;
        if (prepared.objectsPerOp !== undefined) opened.objectsPerOp = prepared.objectsPerOp;
        return opened;
      }
      case "output":
        return need().output();
      case "sample": {
        const op = need().run;
        try {
          return timeLoop(op, req.iterations, now);
        } catch (e) {
          throw new IsolateError("bench/run-failed", e instanceof Error ? e.message : String(e));
        }
      }
      case "timer":
        return probeTimer(now);
    }
  }

  function need(): PreparedCase {
    if (!prepared) throw new IsolateError("bench/not-open", "no case is open in this isolate");
    return prepared;
  }

  return {
    async handle(req) {
      try {
        return { id: req.id, ok: true, value: await run(req) };
      } catch (e) {
        const err = e instanceof Error ? e : new Error(String(e));
        const code = e instanceof IsolateError ? e.code : undefined;
        return { id: req.id, ok: false, error: { message: err.message, ...(code ? { code } : {}), ...(err.stack ? { stack: err.stack } : {}) } };
      }
    },
    prepared: () => prepared,
  };
}

/**
 * A platform whose isolates live in this thread, for tests: same protocol as the real isolates,
 * so the harness cannot tell. (The app never times on the page: without Workers it reports an error.)
 */
export function inProcessPlatform(options: IsolateOptions = {}): { open: (suite: string, caseName: string, impl: string, input?: SuiteInput) => Promise<Sampler> } {
  return {
    async open(suite, caseName, impl, input) {
      const iso = createIsolate(options);
      let id = 0;
      const call = async <T>(req: BenchRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never): Promise<T> => {
        const res = await iso.handle({ ...req, id: ++id } as BenchRequest);
        if (!res.ok) throw Object.assign(new Error(res.error.message), { code: res.error.code });
        return res.value as T;
      };
      const opened = await call<OpenedCase>({ op: "open", suite, case: caseName, impl, ...(input ? { input } : {}) });
      return {
        bytes: opened.bytes,
        objectsPerOp: opened.objectsPerOp,
        floorNs: opened.floorNs,
        output: () => call({ op: "output" }),
        sample: (iterations) => call({ op: "sample", iterations }),
        timer: () => call({ op: "timer" }),
        close: async () => {},
      };
    },
  };
}
