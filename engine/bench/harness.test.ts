import { describe, expect, it } from "vitest";
import { OutputMismatchError, runSuite } from "./harness.ts";
import { createIsolate } from "./isolate.ts";
import type { BenchPlatform, BenchRequest, Sampler } from "./protocol.ts";
import type { Suite } from "./types.ts";
import { geomean, mad, median } from "./stats.ts";

/** Runs isolates in-process, through the same request/response protocol the workers speak. */
function inProcess(suites: Record<string, Suite>): BenchPlatform {
  return {
    async open(suite, caseName, impl) {
      const iso = createIsolate();
      let id = 0;
      const call = async <T>(req: Omit<BenchRequest, "id">): Promise<T> => {
        const res = await iso.handle({ ...(req as BenchRequest), id: ++id });
        if (!res.ok) throw new Error(res.error.message);
        return res.value as T;
      };
      // The registry only knows real suites; test suites are prepared directly.
      const s = suites[suite]!;
      const prepared = await s.prepare(caseName, impl);
      let sink: unknown;
      const sampler: Sampler = {
        bytes: prepared.bytes,
        output: async () => prepared.output(),
        sample: async (n) => {
          const t0 = performance.now();
          for (let i = 0; i < n; i++) sink = prepared.run();
          void sink;
          return performance.now() - t0;
        },
        timerResolutionMs: () => call<number>({ op: "timer-resolution" }),
        close: async () => {},
      };
      return sampler;
    },
  };
}

const spin = (n: number) => () => {
  let x = 0;
  for (let i = 0; i < n; i++) x = (x + i * 31) | 0;
  return x;
};

const suite: Suite = {
  name: "test",
  description: "a slow and a fast loop",
  cases: ["loop"],
  impls: ["slow", "fast"],
  baseline: "slow",
  prepare: (_c, impl) => ({ run: spin(impl === "slow" ? 4000 : 1000), output: () => "same", bytes: 1000 }),
};

describe("runSuite", () => {
  it("measures every implementation, with ratios to the baseline and MB/s", async () => {
    const report = await runSuite(suite, inProcess({ test: suite }), { quick: true });
    expect(report.results.map((r) => r.impl)).toEqual(["slow", "fast"]);
    const [slow, fast] = report.results;
    expect(slow!.ratio).toBe(1);
    // Four times the work: the fast loop is clearly faster, whatever the machine's noise.
    expect(fast!.ratio!).toBeGreaterThan(1.5);
    expect(fast!.samples).toBe(5);
    expect(fast!.mbps).toBeCloseTo((1000 / fast!.medianNs) * 1000, 6);
    expect(report.timerResolutionNs).toBeGreaterThan(0);
  });

  it("refuses to time implementations whose outputs differ", async () => {
    const broken: Suite = { ...suite, prepare: (_c, impl) => ({ run: spin(10), output: () => impl }) };
    await expect(runSuite(broken, inProcess({ test: broken }), { quick: true })).rejects.toBeInstanceOf(OutputMismatchError);
  });

  it("the isolate answers the protocol and reports errors as values", async () => {
    const iso = createIsolate();
    const res = await iso.handle({ id: 1, op: "open", suite: "no-such-suite", case: "x", impl: "y" });
    expect(res).toMatchObject({ id: 1, ok: false });
    const sample = await iso.handle({ id: 2, op: "sample", iterations: 1 });
    expect(sample).toMatchObject({ id: 2, ok: false, error: { message: "no case is open in this isolate" } });
  });
});

describe("stats", () => {
  it("median, MAD and geometric mean", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(mad([1, 2, 3, 4, 100])).toBe(1);
    expect(geomean([1, 4])).toBe(2);
  });
});
