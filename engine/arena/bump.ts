/**
 * The bump-pointer arena of "Cheating the Reaper in Go" (Miguel Young de la Sota), simulated
 * operation by operation with a trace a view can step through.
 *
 * Two readings of the post:
 * - `design`: what its prose describes. Every object is rounded up to 8-byte words; a request
 *   that does not fit opens a chunk of `max(minWords, 2*cap, nextPow2(words))` words; chunks are
 *   remembered by size (log2 of their word count) so that after `Reset` a growth to a size the
 *   arena already owns reuses that chunk. `Realloc` grows the most recent allocation in place
 *   when the chunk has room, else allocates anew and copies.
 * - `listing`: the final "All Together" listing as printed. `Alloc` appends every chunk it gets
 *   to `a.chunks`, while `allocChunk` also files each new chunk at index log2(words) of the same
 *   slice and returns `a.chunks[log]` whenever the slice is already longer than `log`. The two
 *   kinds of bookkeeping clash: later growths are handed an older, smaller chunk (or a nil
 *   one), and the arena then writes past that chunk's real end, which `overflow` events mark.
 *   `Realloc` (printed earlier in the post, left out of the listing) is applied as printed: it
 *   grows in place without moving the bump pointer, so the next allocation overlaps the grown
 *   one (`overlap` events).
 */
import type { ArenaOp } from "./ops.ts";

export type ArenaMode = "design" | "listing";

/** Bytes per word: the arena's granularity and alignment (64-bit targets). */
export const WORD_BYTES = 8;
/** The smallest chunk, in words. */
export const MIN_WORDS = 8;

/**
 * One step of the trace. `chunk` is the index of a chunk in the order chunks were obtained
 * (null for the nil pointer the listing can hand out); `offset` is in bytes from the chunk's
 * start; `size` is in bytes rounded up to whole words; `left` and `words` are in words.
 */
export type ArenaEvent =
  /** A request did not fit: the arena moves to a chunk of `words` words (`realWords`: what the chunk really has, when that differs). */
  | { op: "grow"; chunk: number | null; words: number; realWords?: number; reused?: true }
  | { op: "alloc"; size: number; chunk: number | null; offset: number; left: number }
  | { op: "reset" }
  /** The `index`-th allocation grew to `size` bytes where it stands. */
  | { op: "realloc-in-place"; index: number; size: number; chunk: number | null; offset: number; left: number }
  /** The `index`-th allocation moved to a fresh block of `size` bytes; its `oldSize` bytes were copied. */
  | { op: "realloc-copy"; index: number; size: number; oldSize: number; fromChunk: number | null; fromOffset: number; chunk: number | null; offset: number; left: number }
  /** Bytes [offset, offset+size) were handed out in a chunk that really has only `words` words. */
  | { op: "overflow"; chunk: number | null; offset: number; size: number; words: number }
  /** An allocation landed on bytes the `with`-th allocation (same generation) still uses. */
  | { op: "overlap"; chunk: number | null; offset: number; size: number; with: number };

export interface ArenaStats {
  /** Bytes asked of `Alloc` (as given), plus bytes added by in-place growth. */
  requested: number;
  /** Bytes of chunk memory obtained from the heap (reused chunks count once). */
  reserved: number;
  /** Bytes lost: rounding up to words, the free tail of every chunk left behind at a growth, and blocks abandoned by a copying `Realloc`. */
  wasted: number;
  /** Chunks obtained from the heap. */
  chunks: number;
}

export interface ChunkInfo {
  /** Words the arena can hand out (the chunk also has one more word: the back-pointer slot). */
  words: number;
  /** The operation that obtained it. */
  op: number;
}

/** The arena's registers and running statistics right after an event. */
export interface ArenaRegisters {
  /** The chunk `next` points into (null: nil, before any growth or after Reset). */
  chunk: number | null;
  /** Byte offset of `next` in that chunk. */
  offset: number;
  /** Words `left`, as the arena believes. */
  left: number;
  /** `cap`: the size in words of the last growth. */
  cap: number;
  stats: ArenaStats;
}

export interface ArenaTrace {
  mode: ArenaMode;
  events: ArenaEvent[];
  /** For each event, the index of the operation that produced it. */
  eventOp: number[];
  /** For each event, the registers after it. */
  after: ArenaRegisters[];
  chunks: ChunkInfo[];
  stats: ArenaStats;
}

/** The smallest power of two strictly greater than n (so nextPow2(512) is 1024, as in the post). */
export function nextPow2(n: number): number {
  let p = 1;
  while (p <= n) p *= 2;
  return p;
}

function log2(words: number): number {
  return Math.round(Math.log2(words));
}

interface Block {
  chunk: number | null;
  offset: number;
  size: number;
  generation: number;
}

/** Arena growth stops here: 2^40 words (8 TiB) is far past anything Go would hand out. */
export const MAX_CHUNK_WORDS = 2 ** 40;

export class ArenaLimitError extends Error {
  constructor(readonly op: number) {
    super(`operation ${op} would need a chunk of more than 2^40 words`);
  }
}

/** Runs a script of operations and returns the whole trace (views scrub it by index). */
export function simulateArena(ops: readonly ArenaOp[], mode: ArenaMode = "design"): ArenaTrace {
  const events: ArenaEvent[] = [];
  const eventOp: number[] = [];
  const after: ArenaRegisters[] = [];
  const chunks: ChunkInfo[] = [];
  const stats: ArenaStats = { requested: 0, reserved: 0, wasted: 0, chunks: 0 };
  // The arena's registers: the chunk and byte offset of `next`, words `left`, and `cap`.
  let nextChunk: number | null = null;
  let nextOffset = 0;
  let nextIsNil = true;
  let left = 0;
  let cap = 0;
  // design: chunk index by log2(words). listing: the `a.chunks` slice exactly (null = nil).
  const byLog = new Map<number, number>();
  const sliceChunks: (number | null)[] = [];
  const blocks: Block[] = [];
  let generation = 0;
  let opIndex = 0;

  const emit = (e: ArenaEvent) => {
    events.push(e);
    eventOp.push(opIndex);
    after.push({ chunk: nextIsNil ? null : nextChunk, offset: nextOffset, left, cap, stats: { ...stats } });
  };
  const realWords = (chunk: number | null) => (chunk === null ? 0 : chunks[chunk]!.words);

  const newChunk = (words: number): number => {
    chunks.push({ words, op: opIndex });
    stats.reserved += words * WORD_BYTES;
    stats.chunks++;
    return chunks.length - 1;
  };

  /** The chunk `allocChunk(words)` returns, and whether it was reused. */
  const allocChunk = (words: number): { chunk: number | null; reused: boolean } => {
    const log = log2(words);
    if (mode === "design") {
      const have = byLog.get(log);
      if (have !== undefined) return { chunk: have, reused: true };
      const c = newChunk(words);
      byLog.set(log, c);
      return { chunk: c, reused: false };
    }
    if (sliceChunks.length > log) return { chunk: sliceChunks[log]!, reused: true };
    const c = newChunk(words);
    while (sliceChunks.length < log + 1) sliceChunks.push(null);
    sliceChunks[log] = c;
    return { chunk: c, reused: false };
  };

  /** Checks the bytes [offset, offset+size) of `chunk` against its real size and live blocks. */
  const check = (chunk: number | null, offset: number, size: number, self: number) => {
    if (mode !== "listing") return;
    const real = realWords(chunk);
    if (offset + size > real * WORD_BYTES) emit({ op: "overflow", chunk, offset, size, words: real });
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i]!;
      if (i === self || b.generation !== generation || b.chunk !== chunk || b.size === 0) continue;
      if (offset < b.offset + b.size && b.offset < offset + size) {
        emit({ op: "overlap", chunk, offset, size, with: i });
        break;
      }
    }
  };

  /** `Alloc(size)`: returns where the block landed, emitting grow (and the listing's checks). */
  const alloc = (bytes: number): { chunk: number | null; offset: number; size: number } => {
    const size = Math.ceil(bytes / WORD_BYTES) * WORD_BYTES;
    const words = size / WORD_BYTES;
    stats.requested += bytes;
    stats.wasted += size - bytes;
    if (left < words) {
      const grown = Math.max(MIN_WORDS, cap * 2, nextPow2(words));
      if (grown > MAX_CHUNK_WORDS) throw new ArenaLimitError(opIndex);
      if (!nextIsNil) stats.wasted += left * WORD_BYTES;
      cap = grown;
      const got = allocChunk(cap);
      nextChunk = got.chunk;
      nextIsNil = false;
      nextOffset = 0;
      left = cap;
      if (mode === "listing") sliceChunks.push(got.chunk);
      const e: ArenaEvent = { op: "grow", chunk: got.chunk, words: cap };
      if (realWords(got.chunk) !== cap) e.realWords = realWords(got.chunk);
      if (got.reused) e.reused = true;
      emit(e);
    }
    const at = { chunk: nextChunk, offset: nextOffset, size };
    nextOffset += size;
    left -= words;
    return at;
  };

  for (const op of ops) {
    if (op.kind === "alloc") {
      const at = alloc(op.bytes);
      blocks.push({ ...at, generation });
      emit({ op: "alloc", size: at.size, chunk: at.chunk, offset: at.offset, left });
      check(at.chunk, at.offset, at.size, blocks.length - 1);
    } else if (op.kind === "reset") {
      // Reset zeroes next, left and cap: the free tail of the current chunk is not wasted, it will be reused.
      nextChunk = null;
      nextIsNil = true;
      nextOffset = 0;
      left = 0;
      cap = 0;
      generation++;
      emit({ op: "reset" });
    } else {
      const b = blocks[op.index];
      if (!b) throw new RangeError(`realloc of allocation ${op.index}, which does not exist`);
      const oldSize = b.size;
      const newSize = Math.ceil(op.bytes / WORD_BYTES) * WORD_BYTES;
      const mostRecent = !nextIsNil && nextChunk === b.chunk && nextOffset - oldSize === b.offset;
      const need = (newSize - oldSize) / WORD_BYTES;
      if (newSize <= oldSize) {
        emit({ op: "realloc-in-place", index: op.index, size: oldSize, chunk: b.chunk, offset: b.offset, left });
      } else if (mostRecent && left >= need) {
        left -= need;
        // The design moves the bump pointer past the grown block; the post's Realloc forgets to.
        if (mode === "design") nextOffset += newSize - oldSize;
        stats.requested += newSize - oldSize;
        b.size = newSize;
        emit({ op: "realloc-in-place", index: op.index, size: newSize, chunk: b.chunk, offset: b.offset, left });
        check(b.chunk, b.offset, newSize, op.index);
      } else {
        const at = alloc(newSize);
        stats.wasted += oldSize;
        emit({ op: "realloc-copy", index: op.index, size: newSize, oldSize, fromChunk: b.chunk, fromOffset: b.offset, chunk: at.chunk, offset: at.offset, left });
        blocks[op.index] = { ...at, generation };
        check(at.chunk, at.offset, at.size, op.index);
      }
    }
    opIndex++;
  }
  return { mode, events, eventOp, after, chunks, stats };
}
