/**
 * The typed messages between the benchmark harness and an isolate (a Node worker thread or a Web
 * Worker) that holds one prepared (suite, case, impl). Timing happens inside the isolate; only
 * numbers and outputs cross the boundary, so messaging costs never enter a figure.
 */
import type { SuiteInput, TimerReport } from "./types.ts";

/** What an isolate tells the harness once a case is prepared. */
export interface OpenedCase {
  bytes?: number;
  objectsPerOp?: number;
  /** Nanoseconds per call of an empty function through the same timing loop in this isolate. */
  floorNs: number;
}

export type BenchRequest =
  | { id: number; op: "open"; suite: string; case: string; impl: string; input?: SuiteInput }
  | { id: number; op: "output" }
  /** Runs the operation `iterations` times and answers the elapsed milliseconds. */
  | { id: number; op: "sample"; iterations: number }
  | { id: number; op: "timer" };

export type BenchResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { message: string; code?: string; stack?: string } };

/** One prepared case in one isolate, as the harness sees it. */
export interface Sampler {
  /** Bytes one operation processes (from the suite), for MB/s. */
  readonly bytes: number | undefined;
  readonly objectsPerOp: number | undefined;
  readonly floorNs: number;
  output(): Promise<Uint8Array | string>;
  /** Milliseconds for `iterations` operations. */
  sample(iterations: number): Promise<number>;
  timer(): Promise<TimerReport>;
  close(): Promise<void>;
}

/** How a platform runs a case in an isolate of its own. */
export interface BenchPlatform {
  open(suite: string, caseName: string, impl: string, input?: SuiteInput): Promise<Sampler>;
}
