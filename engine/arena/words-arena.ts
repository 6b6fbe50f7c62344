/**
 * A real bump-pointer arena for JavaScript, following the post's design: memory is handed out in
 * 8-byte words from Float64Array chunks; a request that does not fit opens a chunk of
 * max(8, 2 * cap, nextPow2(words)) words; chunks are kept by size and reused after `reset()`.
 * `alloc` returns the index of the first word in `arena.words` (the current chunk), so a hot loop
 * touches the chunk directly without creating an object per record.
 */
import { MIN_WORDS, nextPow2 } from "./bump.ts";

export class WordsArena {
  /** The chunk the last allocation came from. */
  words: Float64Array = new Float64Array(0);
  private next = 0;
  private left = 0;
  private cap = 0;
  private readonly byLog: (Float64Array | undefined)[] = [];
  /** Chunks obtained from the JavaScript heap (not counting reuse). */
  chunksObtained = 0;

  /** Allocates `n` words; returns the index of the first in `this.words`. Memory is not zeroed after a reset. */
  alloc(n: number): number {
    if (this.left < n) this.grow(n);
    const at = this.next;
    this.next += n;
    this.left -= n;
    return at;
  }

  private grow(n: number): void {
    this.cap = Math.max(MIN_WORDS, this.cap * 2, nextPow2(n));
    const log = Math.round(Math.log2(this.cap));
    let chunk = this.byLog[log];
    if (!chunk) {
      chunk = new Float64Array(this.cap);
      this.byLog[log] = chunk;
      this.chunksObtained++;
    }
    this.words = chunk;
    this.next = 0;
    this.left = this.cap;
  }

  /** Rewinds: everything allocated so far is dead; the chunks are reused by later growths. */
  reset(): void {
    this.next = 0;
    this.left = 0;
    this.cap = 0;
  }
}
