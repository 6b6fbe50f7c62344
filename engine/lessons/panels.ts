/**
 * Panels a lesson may show beside its prose, and benchmark suites it may name. The content
 * linter rejects any other name, so a typo fails the build instead of showing an empty pane.
 */
export const PANELS: readonly string[] = [
  "editor",
  "bytes",
  "tree",
  "problems",
  "readings",
  "explain",
  "sizes",
  "arena",
  "layout",
  "bench",
  "lineup",
  "evolve",
];

/** Suites of engine/bench/suites (with those the benchmark and memory work add). */
export const BENCH_SUITES: readonly string[] = ["writer", "varint", "packed", "compress", "lazy", "reflect", "pool", "arena", "binarytrees", "enum-names", "presence", "merging", "unknown", "maps", "schemaless", "utf8", "evolve"];
