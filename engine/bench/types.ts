/**
 * Benchmark suites are plain engine code: a set of cases, a set of implementations, and a
 * setup that returns the operation to time plus what it produced (so the harness can check that
 * every implementation computes the same result before it times any of them).
 *
 * The harness (./harness.ts) runs each (case, impl) pair in its own isolate where the platform
 * allows (Node worker_threads, Web Workers), so one implementation's JIT feedback and garbage
 * never leak into another's figures, and interleaves samples across implementations.
 */

export interface PreparedCase {
  /** Performs one operation; its result is kept in a sink so the work cannot be optimised away. */
  run: () => unknown;
  /**
   * The operation's observable output, computed once before timing; every implementation of a
   * case must produce equal outputs (compared byte for byte, or as strings).
   */
  output: () => Uint8Array | string;
  /** Bytes processed by one operation, for MB/s; omit when it has no meaning. */
  bytes?: number;
}

export interface Suite {
  /** Stable name used on the command line and in `--json` (`writer`, `protoscope`, `compress`). */
  name: string;
  description: string;
  /** Case names, stable (scripts read them). */
  cases: readonly string[];
  /** Implementation names, stable (scripts read them). */
  impls: readonly string[];
  /** The implementation the others are compared with (ratios are hz / baseline hz). */
  baseline?: string;
  /** Which pairs exist; all of cases x impls when omitted. */
  has?: (caseName: string, impl: string) => boolean;
  /** Builds one case for one implementation. May be async (loading wasm, reading fixtures). */
  prepare: (caseName: string, impl: string) => PreparedCase | Promise<PreparedCase>;
}

export interface BenchResult {
  case: string;
  impl: string;
  /** Operations per second, from the median sample. */
  hz: number;
  /** Relative median absolute deviation of the per-op time, in percent. */
  rme: number;
  samples: number;
  medianNs: number;
  /** Megabytes (10^6 bytes) per second, when the case knows its size. */
  mbps?: number;
  /** hz / baseline hz, when the suite names a baseline. */
  ratio?: number;
  /** Set when the figure is not trustworthy (timer-saturated, dead code). */
  flags?: string[];
}

export interface SuiteReport {
  suite: string;
  results: BenchResult[];
  /** Smallest non-zero step the timer showed, in nanoseconds. */
  timerResolutionNs: number;
  notes: string[];
}
