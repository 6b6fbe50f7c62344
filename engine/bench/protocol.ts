/**
 * The typed messages between the benchmark harness and an isolate (a Node worker thread or a Web
 * Worker) that holds one prepared (suite, case, impl). Timing happens inside the isolate; only
 * numbers and outputs cross the boundary, so messaging costs never enter a figure.
 */

export type BenchRequest =
  | { id: number; op: "open"; suite: string; case: string; impl: string }
  | { id: number; op: "output" }
  /** Runs the operation `iterations` times and answers the elapsed milliseconds. */
  | { id: number; op: "sample"; iterations: number }
  | { id: number; op: "timer-resolution" };

export type BenchResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { message: string; stack?: string } };

/** One prepared case in one isolate, as the harness sees it. */
export interface Sampler {
  /** Bytes one operation processes (from the suite), for MB/s. */
  readonly bytes: number | undefined;
  output(): Promise<Uint8Array | string>;
  /** Milliseconds for `iterations` operations. */
  sample(iterations: number): Promise<number>;
  timerResolutionMs(): Promise<number>;
  close(): Promise<void>;
}

/** How a platform runs a case in an isolate of its own. */
export interface BenchPlatform {
  open(suite: string, caseName: string, impl: string): Promise<Sampler>;
}
