/**
 * The growth rule of the bump-pointer arena in "Cheating the Reaper in Go" (Miguel Young de la
 * Sota), design mode: sizes round up to 8-byte words; when a request does not fit in what is
 * left, the next chunk holds max(8, 2 × the last chunk, nextPow2(words)) words, where
 * nextPow2(n) is the smallest power of two strictly greater than n (so 512 words open 1024).
 *
 * Only allocations: the full simulation (reset, realloc, the listing's clash) belongs to
 * engine/arena; lesson checks use this one rule so that they grade against the prose.
 */
export const WORD_BYTES = 8;
export const MIN_WORDS = 8;

/** The smallest power of two strictly greater than n (n ≥ 0). */
export function nextPow2(n: number): number {
  let p = 1;
  while (p <= n) p *= 2;
  return p;
}

export type GrowthEvent =
  | { op: "grow"; chunk: number; words: number }
  | { op: "alloc"; size: number; chunk: number; offset: number; left: number };

/** The events of allocating `sizes` (bytes) one after another on a fresh arena. */
export function allocTrace(sizes: readonly number[]): GrowthEvent[] {
  const events: GrowthEvent[] = [];
  let cap = 0;
  let left = 0;
  let chunk = -1;
  for (const bytes of sizes) {
    const words = Math.ceil(bytes / WORD_BYTES);
    if (left < words) {
      cap = Math.max(MIN_WORDS, cap * 2, nextPow2(words));
      left = cap;
      chunk++;
      events.push({ op: "grow", chunk, words: cap });
    }
    const offset = (cap - left) * WORD_BYTES;
    left -= words;
    events.push({ op: "alloc", size: words * WORD_BYTES, chunk, offset, left });
  }
  return events;
}

/** The chunk sizes in words that allocating `sizes` opens, in order. */
export function chunkSizes(sizes: readonly number[]): number[] {
  return allocTrace(sizes).flatMap((e) => (e.op === "grow" ? [e.words] : []));
}
