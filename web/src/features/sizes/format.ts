// How sizes and ratios read in the panel: whole bytes, ratios as a percentage of the raw size.
export function formatPercent(ratio: number): string {
  return `${(ratio * 100).toFixed(1)}%`;
}

export const ALGORITHM_LABELS = {
  gzip: "gzip",
  zlib: "zlib",
  deflate: "deflate (raw)",
  brotli: "brotli",
} as const;
