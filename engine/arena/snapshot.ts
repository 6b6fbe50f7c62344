/**
 * The arena as it stands after the first `step` events of a trace: what a view draws for
 * "Step n of N". The whole trace is computed first, so scrubbing is an index.
 */
import type { ArenaEvent, ArenaRegisters, ArenaTrace } from "./bump.ts";
import { WORD_BYTES } from "./bump.ts";

export interface ArenaBlock {
  /** The allocation's index (alloc operations counted from 0). */
  index: number;
  chunk: number | null;
  offset: number;
  size: number;
  /** Allocated since the last Reset (older blocks are dangling: their memory will be handed out again). */
  live: boolean;
  /** Runs past its chunk's real end (the listing's bug). */
  overflow: boolean;
}

export interface ArenaChunkView {
  index: number;
  /** Usable words (the chunk has one more word at its end: the back-pointer slot). */
  words: number;
  bytes: number;
  /** Bytes from the start up to the bump pointer, when the pointer is in this chunk. */
  current: boolean;
}

export interface ArenaSnapshot {
  /** Events applied, 0..events.length. */
  step: number;
  total: number;
  /** The event just applied (step - 1), if any, and the operation it belongs to. */
  event?: ArenaEvent;
  op?: number;
  chunks: ArenaChunkView[];
  blocks: ArenaBlock[];
  registers: ArenaRegisters;
}

const EMPTY: ArenaRegisters = { chunk: null, offset: 0, left: 0, cap: 0, stats: { requested: 0, reserved: 0, wasted: 0, chunks: 0 } };

/** Replays the first `step` events of `trace` (clamped to 0..events.length). */
export function arenaSnapshot(trace: ArenaTrace, step: number): ArenaSnapshot {
  const total = trace.events.length;
  const n = Math.max(0, Math.min(total, Math.floor(step)));
  const seen = new Set<number>();
  const blocks: ArenaBlock[] = [];
  let generation = 0;
  const generations: number[] = [];
  for (let i = 0; i < n; i++) {
    const e = trace.events[i]!;
    switch (e.op) {
      case "grow":
        if (e.chunk !== null) seen.add(e.chunk);
        break;
      case "alloc":
        generations.push(generation);
        blocks.push({ index: blocks.length, chunk: e.chunk, offset: e.offset, size: e.size, live: true, overflow: false });
        break;
      case "reset":
        generation++;
        break;
      case "realloc-in-place": {
        const b = blocks[e.index]!;
        b.size = e.size;
        break;
      }
      case "realloc-copy": {
        const b = blocks[e.index]!;
        if (e.chunk !== null) seen.add(e.chunk);
        Object.assign(b, { chunk: e.chunk, offset: e.offset, size: e.size });
        generations[e.index] = generation;
        break;
      }
      case "overflow": {
        const b = [...blocks].reverse().find((x) => x.chunk === e.chunk && x.offset === e.offset);
        if (b) b.overflow = true;
        break;
      }
      case "overlap":
        break;
    }
  }
  blocks.forEach((b, i) => (b.live = generations[i] === generation));
  const registers = n === 0 ? EMPTY : trace.after[n - 1]!;
  const chunks = [...seen]
    .sort((a, b) => a - b)
    .map((index) => {
      const words = trace.chunks[index]!.words;
      return { index, words, bytes: words * WORD_BYTES, current: registers.chunk === index };
    });
  const snap: ArenaSnapshot = { step: n, total, chunks, blocks, registers };
  if (n > 0) {
    snap.event = trace.events[n - 1]!;
    snap.op = trace.eventOp[n - 1]!;
  }
  return snap;
}

/** Steps where a view's scrubber puts markers: growths and resets. */
export function arenaMarkers(trace: ArenaTrace): { step: number; kind: "grow" | "reset" }[] {
  const out: { step: number; kind: "grow" | "reset" }[] = [];
  trace.events.forEach((e, i) => {
    if (e.op === "grow" || e.op === "reset") out.push({ step: i + 1, kind: e.op });
  });
  return out;
}
