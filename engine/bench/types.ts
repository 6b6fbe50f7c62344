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
  /** Performs one operation; the isolate keeps its result in a sink so the work cannot be optimised away. */
  run: () => unknown;
  /**
   * The operation's observable output, computed once before timing; every implementation of a
   * case must produce equal outputs (compared byte for byte, or as strings).
   */
  output: () => Uint8Array | string;
  /** Bytes processed by one operation, for MB/s; omit when it has no meaning. */
  bytes?: number;
  /**
   * Objects (JS objects, arrays, typed arrays, strings) one operation creates, counted by the
   * implementation itself on an instrumented run; omit when the implementation is a library that
   * cannot count (JavaScript has no allocation counter to ask).
   */
  objectsPerOp?: number;
}

/** Where a claim comes from: enough to attribute a quoted figure. */
export interface ClaimSource {
  author: string;
  title: string;
  /** Where and when it was published: "mcyoung.xyz, 21 April 2025". */
  publication: string;
  url: string;
}

/**
 * One figure of a claim, in terms of this suite's implementations: `before` plays the source's
 * slower/bigger side, `after` the side the source recommends.
 * - `speedup`: after's ops/s over before's (source 7.17 s -> 4.15 s is 1.73)
 * - `time-saved`: percent of before's time per op that after saves (source -58 % is 58)
 * - `objects-saved`: percent of before's objects per op that after saves
 * - `size-saved`: percent of before's bytes per op that after saves
 * `value` absent: the source states a direction only ("fixed decodes faster").
 */
export interface ClaimFigure {
  kind: "speedup" | "time-saved" | "objects-saved" | "size-saved";
  before: string;
  after: string;
  /** The cases this figure is about (all cases that have both implementations when omitted). */
  cases?: readonly string[];
  value?: number;
  /** The source's own numbers, as it printed them ("6.742 µs -> 2.816 µs per op"). */
  detail: string;
}

export interface Claim {
  /** One sentence in our words, naming the source. */
  text: string;
  source: ClaimSource;
  figures: readonly ClaimFigure[];
}

/** Our value for one claim figure on one case. */
export interface ClaimMeasurement {
  figure: number;
  case: string;
  kind: ClaimFigure["kind"];
  /** Same unit as the figure's value. */
  value: number;
  /** Spread of our value (same unit), from the two implementations' relative MADs; 0 for counts and sizes. */
  spread: number;
  /** Whether our figure points the same way as the source's (after better than before). */
  sameDirection: boolean;
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
  /** The source's claim this suite puts to the test. */
  claim?: Claim;
  /** Takes a lesson's message (SuiteInput.message) as an extra case named `custom`. */
  acceptsMessage?: boolean;
  /** Which pairs exist; all of cases x impls when omitted. */
  has?: (caseName: string, impl: string) => boolean;
  /** Builds one case for one implementation. May be async (loading wasm, reading fixtures). */
  prepare: (caseName: string, impl: string, input?: SuiteInput) => PreparedCase | Promise<PreparedCase>;
}

/** A suite without its code: what the harness needs to plan and report a run. */
export type SuiteInfo = Omit<Suite, "prepare">;

/** A suite as plain data (for crossing to a page or Worker): `has` becomes the list of pairs. */
export interface SuiteDescription extends Omit<Suite, "prepare" | "has"> {
  pairs: [caseName: string, impl: string][];
}

export function describeSuite(suite: SuiteInfo): SuiteDescription {
  // A whole Suite may be passed: leave its code (prepare, has) behind.
  const { has, prepare: _prepare, ...rest } = suite as Suite;
  const pairs: [string, string][] = [];
  for (const c of suite.cases) for (const impl of suite.impls) if (has?.(c, impl) ?? true) pairs.push([c, impl]);
  // A lesson's message becomes case "custom" for every implementation.
  if (suite.acceptsMessage) for (const impl of suite.impls) pairs.push(["custom", impl]);
  return { ...rest, pairs };
}

export function suiteFromDescription(d: SuiteDescription): SuiteInfo {
  const { pairs, ...rest } = d;
  const set = new Set(pairs.map(([c, i]) => `${c}\u0000${i}`));
  return { ...rest, has: (c, i) => set.has(`${c}\u0000${i}`) };
}

/** Extra input a lesson passes to a suite (e.g. the learner's own message for `writer`). */
export interface SuiteInput {
  /** Bytes of a message a lesson provides; a suite that accepts one adds the case `custom`. */
  message?: Uint8Array;
}

/** Why a figure should not be trusted (shown beside it, or instead of it). */
export type ResultFlag =
  /** The clock's steps are too coarse for these samples (tinybench's zero-dominated / low-distinct / zero-mad). */
  | "timer-saturated"
  /** Within a small factor of an empty call through the same loop: the work may have been optimised away. */
  | "suspiciously-fast"
  /** The spread of samples is too high for the median to mean much. */
  | "high-spread";

export interface BenchResult {
  case: string;
  impl: string;
  /** Operations per second, from the median sample (NaN when the timer could not measure it). */
  hz: number;
  /** Relative median absolute deviation of the per-op time, in percent. */
  rme: number;
  samples: number;
  medianNs: number;
  /** Megabytes (10^6 bytes) per second, when the case knows its size. */
  mbps?: number;
  /** Bytes one operation processes (encoded size for encoders and decoders). */
  bytes?: number;
  /** Objects one operation creates, where the implementation counts them. */
  objectsPerOp?: number;
  /** hz / baseline hz, when the suite names a baseline. */
  ratio?: number;
  /** Set when the figure is not trustworthy. */
  flags?: ResultFlag[];
  /** Why, in words, for each flag. */
  warnings?: string[];
}

/** What the isolates' clock looked like (tinybench's diagnostics over back-to-back readings). */
export interface TimerReport {
  /** Smallest step the clock showed, in nanoseconds. */
  resolutionNs: number;
  /** Cost of one clock reading, in nanoseconds (0 when it could not be told from the steps). */
  overheadNs: number;
  /** Set when back-to-back readings look saturated (most reads equal): a coarse clock. */
  saturation?: "zero-dominated" | "low-distinct" | "zero-mad";
  /** The clock is coarse enough to warn about (over 20 µs, as in a page that is not cross-origin isolated). */
  coarse: boolean;
}

export interface SuiteReport {
  suite: string;
  results: BenchResult[];
  /** Smallest non-zero step the timer showed, in nanoseconds. */
  timerResolutionNs: number;
  timer?: TimerReport;
  claim?: Claim & { measured: ClaimMeasurement[] };
  /** True when the run was cancelled; results hold what was measured before. */
  cancelled?: boolean;
  notes: string[];
}

/**
 * A suite's report as `wirelab bench --json` prints it, one entry of `suites` (the Bench panel's
 * JSON too): the figures, the clock, the claim and the notes; optional parts only when present.
 */
export function suiteJson(r: SuiteReport) {
  return {
    suite: r.suite,
    timerResolutionNs: r.timerResolutionNs,
    ...(r.timer ? { timer: r.timer } : {}),
    results: r.results,
    ...(r.claim ? { claim: r.claim } : {}),
    ...(r.notes.length ? { notes: r.notes } : {}),
  };
}
