/**
 * Puts a source's claim beside our figures: for each figure of the claim and each case where both
 * of its implementations ran, our value in the claim's own unit, with a spread and whether it
 * points the same way as the source.
 */
import type { BenchResult, Claim, ClaimMeasurement } from "./types.ts";

export function measureClaim(claim: Claim, results: readonly BenchResult[]): ClaimMeasurement[] {
  const out: ClaimMeasurement[] = [];
  claim.figures.forEach((figure, index) => {
    const cases = [...new Set(results.map((r) => r.case))].filter((c) => !figure.cases || figure.cases.includes(c));
    for (const c of cases) {
      const before = results.find((r) => r.case === c && r.impl === figure.before);
      const after = results.find((r) => r.case === c && r.impl === figure.after);
      if (!before || !after) continue;
      // Relative spreads add in quadrature for a ratio of two independent medians.
      const relSpread = Math.sqrt((before.rme / 100) ** 2 + (after.rme / 100) ** 2);
      let value: number;
      let spread = 0;
      switch (figure.kind) {
        case "speedup":
          value = after.hz / before.hz;
          spread = value * relSpread;
          break;
        case "time-saved": {
          const ratio = after.medianNs / before.medianNs;
          value = (1 - ratio) * 100;
          spread = ratio * relSpread * 100;
          break;
        }
        case "objects-saved":
          if (before.objectsPerOp === undefined || after.objectsPerOp === undefined || before.objectsPerOp === 0) continue;
          value = (1 - after.objectsPerOp / before.objectsPerOp) * 100;
          break;
        case "size-saved":
          if (before.bytes === undefined || after.bytes === undefined || before.bytes === 0) continue;
          value = (1 - after.bytes / before.bytes) * 100;
          break;
      }
      if (!Number.isFinite(value)) continue;
      const sameDirection = figure.kind === "speedup" ? value > 1 : value > 0;
      out.push({ figure: index, case: c, kind: figure.kind, value, spread, sameDirection });
    }
  });
  return out;
}

/** "1.73x" or "58 %": a claim value in its unit. */
export function formatClaimValue(kind: Claim["figures"][number]["kind"], value: number, spread?: number): string {
  if (kind === "speedup") return `${value.toFixed(2)}x${spread ? ` ± ${spread.toFixed(2)}` : ""}`;
  return `${value.toFixed(value >= 10 || value <= -10 ? 0 : 1)} %${spread ? ` ± ${spread.toFixed(0)}` : ""}`;
}
