/**
 * The benchmark harness: the same code drives Node worker threads (the CLI) and Web Workers (the
 * app). For each case it opens every implementation in an isolate of its own, checks that all of
 * them produce the same output, calibrates how many operations make one sample, warms up, and then
 * takes samples round-robin across implementations (interleaving spreads a noisy neighbour's
 * effect evenly), reporting medians and median absolute deviations rather than means.
 *
 * Sampling is bounded by both count and time: at least `minSamples` per implementation, then more
 * while the case's time budget lasts, never more than `maxSamples`. A quick run finishes each case
 * in a fraction of a second; a full one spends a few seconds per case for stable figures.
 */
import { measureClaim } from "./claims.ts";
import type { BenchPlatform, Sampler } from "./protocol.ts";
import { mad, median } from "./stats.ts";
import { sampleSaturation, systemClock } from "./timer.ts";
import type { BenchResult, ResultFlag, SuiteInfo, SuiteInput, SuiteReport, TimerReport } from "./types.ts";

export interface Progress {
  suite: string;
  case: string;
  /** Share of the suite done, 0..1. */
  fraction: number;
  message: string;
}

export interface RunOptions {
  /** Fewer, shorter samples: seconds per suite; for smoke tests and a first look, not for figures to quote. */
  quick?: boolean;
  /** Overrides parts of the sampling plan (tests). */
  plan?: Partial<Plan>;
  /** Only these cases / implementations (all when omitted). */
  cases?: readonly string[];
  impls?: readonly string[];
  /** What a lesson passes to the suite (e.g. the learner's message for `writer`'s `custom` case). */
  input?: SuiteInput;
  onProgress?: (progress: Progress) => void;
  /** Checked before every sample: the run stops within one sample and reports what it measured. */
  signal?: AbortSignal;
}

export interface Plan {
  /** Target duration of one sample, ms: long enough to dwarf the timer's resolution (raised on a coarse clock). */
  sampleMs: number;
  /** Time spent running each implementation before any sample counts, ms (lets the JIT settle). */
  warmupMs: number;
  /** Samples per implementation, at least. */
  minSamples: number;
  /** Samples per implementation, at most. */
  maxSamples: number;
  /** Sampling time per case (all its implementations), ms: sampling stops after it once minSamples are in. */
  budgetMs: number;
}

export const FULL_PLAN: Plan = { sampleMs: 20, warmupMs: 300, minSamples: 15, maxSamples: 51, budgetMs: 4000 };
export const QUICK_PLAN: Plan = { sampleMs: 5, warmupMs: 30, minSamples: 5, maxSamples: 9, budgetMs: 150 };

/** Relative spread (MAD, percent) above which a figure is flagged as too noisy to trust. */
export const HIGH_SPREAD_PERCENT = 10;
/** A case within this factor of an empty call through the same loop is flagged as possibly optimised away. */
export const SUSPICIOUS_FLOOR_FACTOR = 2;

export class OutputMismatchError extends Error {
  readonly code = "bench/output-mismatch";
  constructor(
    readonly suite: string,
    readonly caseName: string,
    readonly impl: string,
    readonly reference: string,
  ) {
    super(
      `suite "${suite}", case "${caseName}": ${impl} produced different output from ${reference}; refusing to time them, since the figures would compare different work`,
    );
  }
}

export async function runSuite(suite: SuiteInfo, platform: BenchPlatform, options: RunOptions = {}): Promise<SuiteReport> {
  const plan: Plan = { ...(options.quick ? QUICK_PLAN : FULL_PLAN), ...options.plan };
  const progress = options.onProgress ?? (() => {});
  const aborted = () => options.signal?.aborted === true;
  const results: BenchResult[] = [];
  const notes: string[] = [];
  let timer: TimerReport | undefined;
  let cancelled = false;

  const allCases = suite.acceptsMessage && options.input?.message ? [...suite.cases, "custom"] : suite.cases;
  const cases = allCases.filter((c) => !options.cases || options.cases.includes(c));
  for (const wanted of options.cases ?? []) {
    if (!allCases.includes(wanted)) throw new Error(`suite "${suite.name}" has no case "${wanted}" (cases: ${suite.cases.join(", ")})`);
  }
  const planned = cases
    .map((c) => ({
      caseName: c,
      impls: suite.impls.filter((impl) => (!options.impls || options.impls.includes(impl)) && (suite.has?.(c, impl) ?? true)),
    }))
    .filter((p) => p.impls.length > 0);

  for (let ci = 0; ci < planned.length && !cancelled; ci++) {
    const { caseName, impls } = planned[ci]!;
    const report = (within: number, message: string) =>
      progress({ suite: suite.name, case: caseName, fraction: Math.min(1, (ci + within) / planned.length), message });
    report(0, `${suite.name}/${caseName}: preparing ${impls.length} implementation${impls.length === 1 ? "" : "s"}`);
    const samplers: Sampler[] = [];
    try {
      for (const impl of impls) samplers.push(await platform.open(suite.name, caseName, impl, options.input));
      if (!timer) timer = await samplers[0]!.timer();
      const sampleMs = Math.max(plan.sampleMs, (100 * timer.resolutionNs) / 1e6);

      // Same output from everyone, or no figures at all.
      const reference = await samplers[0]!.output();
      for (let i = 1; i < samplers.length; i++) {
        if (!sameOutput(reference, await samplers[i]!.output())) throw new OutputMismatchError(suite.name, caseName, impls[i]!, impls[0]!);
      }
      report(0.05, `${suite.name}/${caseName}: calibrating`);
      const iterations: number[] = [];
      for (const sampler of samplers) {
        if (aborted()) break;
        iterations.push(await calibrate(sampler, sampleMs, plan.warmupMs, aborted));
      }

      const batchMs: number[][] = impls.map(() => []);
      const started = systemClock();
      let round = 0;
      sampling: for (; round < plan.maxSamples; round++) {
        const elapsed = systemClock() - started;
        if (round >= plan.minSamples && elapsed >= plan.budgetMs) break;
        for (let k = 0; k < samplers.length; k++) {
          if (aborted()) break sampling;
          const i = (round + k) % samplers.length;
          batchMs[i]!.push(await samplers[i]!.sample(iterations[i]!));
        }
        const within = Math.max((round + 1) / plan.maxSamples, Math.min((round + 1) / plan.minSamples, (systemClock() - started) / plan.budgetMs));
        report(0.1 + 0.9 * Math.min(1, within), `${suite.name}/${caseName}: sample ${round + 1}`);
      }
      if (aborted()) {
        cancelled = true;
        break;
      }

      const caseResults: BenchResult[] = [];
      for (let i = 0; i < impls.length; i++) {
        const sampler = samplers[i]!;
        const batches = batchMs[i]!;
        const perOp = batches.map((ms) => ms / iterations[i]!);
        const med = median(perOp);
        const medianNs = med * 1e6;
        const result: BenchResult = {
          case: caseName,
          impl: impls[i]!,
          hz: 1000 / med,
          rme: med > 0 ? (mad(perOp) / med) * 100 : NaN,
          samples: perOp.length,
          medianNs,
        };
        if (sampler.bytes !== undefined) {
          result.bytes = sampler.bytes;
          result.mbps = (sampler.bytes / medianNs) * 1000;
        }
        if (sampler.objectsPerOp !== undefined) result.objectsPerOp = sampler.objectsPerOp;
        const flags: ResultFlag[] = [];
        const warnings: string[] = [];
        const saturation = sampleSaturation(batches, timer.resolutionNs);
        if (saturation || !(med > 0)) {
          flags.push("timer-saturated");
          warnings.push(
            `the clock (${formatNs(timer.resolutionNs)} steps) cannot time these samples (${saturation ?? "zero duration"}); no figure`,
          );
        } else if (medianNs < SUSPICIOUS_FLOOR_FACTOR * sampler.floorNs) {
          flags.push("suspiciously-fast");
          warnings.push(
            `${formatNs(medianNs)} per op is within ${SUSPICIOUS_FLOOR_FACTOR}x of an empty call (${formatNs(sampler.floorNs)}): the work may have been optimised away`,
          );
        }
        if (result.rme > HIGH_SPREAD_PERCENT) {
          flags.push("high-spread");
          warnings.push(`spread ±${result.rme.toFixed(1)}% is over ${HIGH_SPREAD_PERCENT}%: run again on a quieter machine before trusting it`);
        }
        if (flags.length > 0) {
          result.flags = flags;
          result.warnings = warnings;
        }
        caseResults.push(result);
      }
      const base = caseResults.find((r) => r.impl === suite.baseline);
      if (base) for (const r of caseResults) r.ratio = r.hz / base.hz;
      results.push(...caseResults);
      report(1, `${suite.name}/${caseName}: done`);
    } finally {
      for (const s of samplers) await s.close();
    }
  }
  if (cancelled) notes.push("cancelled: the cases listed are those finished before the cancel");
  if (timer?.coarse) {
    notes.push(
      `the clock is coarse (${formatNs(timer.resolutionNs)} steps): samples were lengthened to compensate; in a browser, serve the page cross-origin isolated for a finer clock`,
    );
  }
  const out: SuiteReport = { suite: suite.name, results, timerResolutionNs: timer?.resolutionNs ?? NaN, notes };
  if (timer) out.timer = timer;
  if (cancelled) out.cancelled = true;
  if (suite.claim) out.claim = { ...suite.claim, measured: measureClaim(suite.claim, results) };
  return out;
}

/** Finds how many operations fill one sample, and warms the implementation up while doing so. */
async function calibrate(sampler: Sampler, sampleMs: number, warmupMs: number, aborted: () => boolean): Promise<number> {
  let n = 1;
  let spent = 0;
  for (;;) {
    const ms = await sampler.sample(n);
    spent += ms;
    if (ms >= sampleMs || aborted()) break;
    // Aim straight for the target, but never grow more than 16x on one noisy reading.
    n = Math.max(n + 1, Math.min(n * 16, Math.ceil((n * sampleMs) / Math.max(ms, 0.001))));
  }
  while (spent < warmupMs && !aborted()) spent += await sampler.sample(n);
  return n;
}

function sameOutput(a: Uint8Array | string, b: Uint8Array | string): boolean {
  if (typeof a === "string" || typeof b === "string") return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function formatNs(ns: number): string {
  if (!Number.isFinite(ns)) return String(ns);
  if (ns >= 1e6) return `${(ns / 1e6).toPrecision(3)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toPrecision(3)} µs`;
  return `${ns.toPrecision(3)} ns`;
}
