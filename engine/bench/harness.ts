/**
 * The benchmark harness: the same code drives Node worker threads (the CLI) and Web Workers (the
 * app). For each case it opens every implementation in an isolate of its own, checks that all of
 * them produce the same output, calibrates how many operations make one sample, warms up, and then
 * takes samples round-robin across implementations (interleaving spreads a noisy neighbour's
 * effect evenly), reporting medians and median absolute deviations rather than means.
 */
import type { BenchPlatform, Sampler } from "./protocol.ts";
import { mad, median } from "./stats.ts";
import type { BenchResult, Suite, SuiteReport } from "./types.ts";

export interface RunOptions {
  /** Fewer, shorter samples: for smoke tests and CI, not for figures anyone should quote. */
  quick?: boolean;
  /** Only these cases / implementations (all when omitted). */
  cases?: readonly string[];
  impls?: readonly string[];
  onProgress?: (message: string) => void;
  /** Stops between samples; the report then holds what was measured so far. */
  signal?: AbortSignal;
}

interface Plan {
  /** Target duration of one sample, ms: long enough to dwarf the timer's resolution. */
  sampleMs: number;
  /** Time spent running each implementation before any sample counts, ms (lets the JIT settle). */
  warmupMs: number;
  /** Samples per implementation. */
  rounds: number;
}

const FULL: Plan = { sampleMs: 25, warmupMs: 400, rounds: 21 };
const QUICK: Plan = { sampleMs: 10, warmupMs: 150, rounds: 5 };

export class OutputMismatchError extends Error {
  constructor(
    readonly caseName: string,
    readonly impl: string,
    readonly reference: string,
  ) {
    super(`case "${caseName}": ${impl} produced different output from ${reference}; figures would compare different work`);
  }
}

export async function runSuite(suite: Suite, platform: BenchPlatform, options: RunOptions = {}): Promise<SuiteReport> {
  const plan = options.quick ? QUICK : FULL;
  const progress = options.onProgress ?? (() => {});
  const results: BenchResult[] = [];
  const notes: string[] = [];
  let timerResolutionNs = NaN;

  for (const caseName of suite.cases) {
    if (options.cases && !options.cases.includes(caseName)) continue;
    const impls = suite.impls.filter(
      (impl) => (!options.impls || options.impls.includes(impl)) && (suite.has?.(caseName, impl) ?? true),
    );
    if (impls.length === 0) continue;
    const samplers: Sampler[] = [];
    try {
      for (const impl of impls) samplers.push(await platform.open(suite.name, caseName, impl));
      if (Number.isNaN(timerResolutionNs)) timerResolutionNs = (await samplers[0]!.timerResolutionMs()) * 1e6;

      // Same output from everyone, or no figures at all.
      const reference = await samplers[0]!.output();
      for (let i = 1; i < samplers.length; i++) {
        if (!sameOutput(reference, await samplers[i]!.output())) throw new OutputMismatchError(caseName, impls[i]!, impls[0]!);
      }
      progress(`${suite.name}/${caseName}: calibrating ${impls.length} implementations`);
      const iterations: number[] = [];
      for (const sampler of samplers) iterations.push(await calibrate(sampler, plan));

      const perOpMs: number[][] = impls.map(() => []);
      for (let round = 0; round < plan.rounds; round++) {
        if (options.signal?.aborted) break;
        for (let k = 0; k < samplers.length; k++) {
          const i = (round + k) % samplers.length;
          const ms = await samplers[i]!.sample(iterations[i]!);
          perOpMs[i]!.push(ms / iterations[i]!);
        }
        progress(`${suite.name}/${caseName}: round ${round + 1}/${plan.rounds}`);
      }

      const caseResults: BenchResult[] = [];
      for (let i = 0; i < impls.length; i++) {
        const samples = perOpMs[i]!;
        if (samples.length === 0) continue;
        const med = median(samples);
        const medianNs = med * 1e6;
        const result: BenchResult = {
          case: caseName,
          impl: impls[i]!,
          hz: 1000 / med,
          rme: (mad(samples) / med) * 100,
          samples: samples.length,
          medianNs,
        };
        const size = samplers[i]!.bytes;
        if (size !== undefined) result.mbps = (size / medianNs) * 1000;
        const flags: string[] = [];
        if (med * iterations[i]! < 200 * (timerResolutionNs / 1e6)) flags.push("timer-saturated");
        if (medianNs < 0.5) flags.push("suspiciously fast: the work may have been optimised away");
        if (flags.length > 0) result.flags = flags;
        caseResults.push(result);
      }
      const base = caseResults.find((r) => r.impl === suite.baseline);
      if (base) for (const r of caseResults) r.ratio = r.hz / base.hz;
      results.push(...caseResults);
    } finally {
      for (const s of samplers) await s.close();
    }
    if (options.signal?.aborted) {
      notes.push("cancelled before every case ran");
      break;
    }
  }
  return { suite: suite.name, results, timerResolutionNs, notes };
}

/** Finds how many operations fill one sample, and warms the implementation up while doing so. */
async function calibrate(sampler: Sampler, plan: Plan): Promise<number> {
  let n = 1;
  let spent = 0;
  for (;;) {
    const ms = await sampler.sample(n);
    spent += ms;
    if (ms >= plan.sampleMs) break;
    // Aim straight for the target, but never grow more than 16x on one noisy reading.
    n = Math.max(n + 1, Math.min(n * 16, Math.ceil((n * plan.sampleMs) / Math.max(ms, 0.001))));
  }
  while (spent < plan.warmupMs) spent += await sampler.sample(n);
  return n;
}

function sameOutput(a: Uint8Array | string, b: Uint8Array | string): boolean {
  if (typeof a === "string" || typeof b === "string") return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
