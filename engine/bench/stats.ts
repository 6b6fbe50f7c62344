/** Small robust statistics for benchmark samples: medians and median absolute deviations resist the outliers GC and a noisy neighbour cause. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median absolute deviation from the median. */
export function mad(values: readonly number[]): number {
  const m = median(values);
  return median(values.map((v) => Math.abs(v - m)));
}

/** Geometric mean, the fair average of ratios. */
export function geomean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  let log = 0;
  for (const v of values) log += Math.log(v);
  return Math.exp(log / values.length);
}
