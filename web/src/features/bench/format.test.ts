import { describe, expect, it } from "vitest";
import type { BenchRun } from "./benchSlice.ts";
import { formatHz, runCsv, runJson, scale, useLogScale } from "./format.ts";

const result = (impl: string, hz: number, extra = {}) => ({ case: "c,1", impl, hz, rme: 2, samples: 9, medianNs: 1e9 / hz, ...extra });
const run: BenchRun = {
  at: "2026-11-23T22:00:00.000Z",
  quick: true,
  environment: { crossOriginIsolated: true, fileProtocol: false, embedded: false },
  report: {
    suite: "lazy",
    results: [result("eager", 1000, { objectsPerOp: 170, flags: ["high-spread"] }), result("lazy", 50000, { objectsPerOp: 6 })],
    timerResolutionNs: 5000,
    notes: [],
  },
};

describe("bench formatting", () => {
  it("CSV has a header and one quoted-where-needed row per result", () => {
    expect(runCsv(run).split("\n")).toEqual([
      "suite,case,impl,hz,rme,samples,medianNs,mbps,bytes,objectsPerOp,ratio,flags",
      'lazy,"c,1",eager,1000,2,9,1000000,,,170,,high-spread',
      'lazy,"c,1",lazy,50000,2,9,20000,,,6,,',
      "",
    ]);
  });

  it("JSON is the CLI's shape for one suite, plus when and where it ran", () => {
    const doc = JSON.parse(runJson(run));
    expect(doc.suites[0].suite).toBe("lazy");
    expect(doc.suites[0].results).toHaveLength(2);
    expect(doc.environment.crossOriginIsolated).toBe(true);
  });

  it("log scale only when ratios are large; positions stay on the axis", () => {
    expect(useLogScale(run.report.results)).toBe(true);
    expect(useLogScale([result("a", 100), result("b", 150)])).toBe(false);
    expect(scale(1000, 1000, 50000, true)).toBe(0);
    expect(scale(50000, 1000, 50000, true)).toBe(1);
    expect(scale(25000, 0, 50000, false)).toBe(0.5);
    expect(formatHz(1234567)).toBe("1.23 M");
    expect(formatHz(NaN)).toBe("—");
  });
});
