/**
 * Timer diagnostics: is the clock fine enough for the samples we take? We use tinybench's own
 * diagnostic functions (estimateResolution, classifyTimerSaturation, calibrateTimerOverhead,
 * medianAbsoluteDeviation) over readings taken here, rather than tinybench's `Bench` runner:
 * the runner times one call per sample in one thread, while Wirelab times batches in an isolate
 * per implementation with samples interleaved across isolates. The functions are plain code (no
 * `eval`, no `new Function`), so they run in a Worker under a strict Content-Security-Policy.
 *
 * Browsers coarsen `performance.now()`: about 100 µs in a page that is not cross-origin
 * isolated, 5 µs in one that is (Chromium), coarser still with fingerprinting protection.
 */
import {
  calibrateTimerOverhead,
  classifyTimerSaturation,
  estimateResolution,
  medianAbsoluteDeviation,
  type SortedSamples,
  type TimerSaturationReason,
} from "tinybench";
import type { TimerReport } from "./types.ts";

/** A clock in milliseconds (performance.now, or a fake in tests). */
export type Clock = () => number;

export const systemClock: Clock = () => performance.now();

/** Resolution above which the clock is called coarse: 20 µs (an isolated page gets 5 µs, a plain one 100 µs). */
export const COARSE_RESOLUTION_NS = 20_000;

/** Back-to-back clock readings taken for the saturation check. */
const PAIRS = 1000;
/** Clock steps observed (spinning until the reading changes) for the resolution estimate. */
const STEPS = 50;

function sorted(values: number[]): SortedSamples {
  return values.sort((a, b) => a - b) as unknown as SortedSamples;
}

/** Looks at the clock the way tinybench does: resolution, cost of a reading, saturation. */
export function probeTimer(now: Clock = systemClock): TimerReport {
  // Back-to-back readings: on a fine clock they differ by its overhead; on a coarse one most are 0.
  const deltas: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const a = now();
    deltas.push(now() - a);
  }
  const sortedDeltas = sorted(deltas);
  const saturation = classifyTimerSaturation(sortedDeltas, medianAbsoluteDeviation(sortedDeltas));
  // Steps: spin until the reading changes, STEPS times (bounded, so a stopped clock cannot hang us).
  const steps: number[] = [];
  for (let i = 0; i < STEPS; i++) {
    const a = now();
    let b = now();
    for (let spin = 0; b === a && spin < 10_000_000; spin++) b = now();
    if (b > a) steps.push(b - a);
  }
  const resolutionMs = steps.length > 0 ? (estimateResolution(sorted(steps)) ?? Infinity) : Infinity;
  const overheadMs = calibrateTimerOverhead({ fn: now, toMs: (v) => Number(v), fromMs: (v) => v, name: "wirelab-clock" }, { pairs: 256, warmupPairs: 16 });
  const resolutionNs = resolutionMs * 1e6;
  const report: TimerReport = { resolutionNs, overheadNs: overheadMs * 1e6, coarse: !(resolutionNs <= COARSE_RESOLUTION_NS) };
  if (saturation) report.saturation = saturation;
  return report;
}

/**
 * Whether a set of sample durations (ms, one per batch) could be measured with this clock:
 * tinybench's classification (needs 10 samples or more) plus a floor for short runs: a sample
 * shorter than 20 clock steps is mostly quantisation.
 */
export function sampleSaturation(samplesMs: readonly number[], resolutionNs: number): TimerSaturationReason | "too-few-steps" | undefined {
  if (samplesMs.length === 0) return undefined;
  const s = sorted([...samplesMs]);
  const reason = classifyTimerSaturation(s, medianAbsoluteDeviation(s));
  if (reason) return reason;
  const medianMs = s[s.length >> 1]!;
  if (Number.isFinite(resolutionNs) && medianMs * 1e6 < 20 * resolutionNs) return "too-few-steps";
  return undefined;
}
