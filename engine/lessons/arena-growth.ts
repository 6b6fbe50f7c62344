/**
 * Lessons grade arena answers against engine/arena's simulation of "Cheating the Reaper in Go"
 * (Miguel Young de la Sota): this file only adapts it to what checks and figures ask.
 */
import type { TextSpan } from "../diagnostics.ts";
import { nextPow2, simulateArena, type ArenaMode, type ArenaOp, type ArenaTrace } from "../arena/index.ts";

export { nextPow2 };

const NO_SPAN: TextSpan = { kind: "text", start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };

/** The trace of allocating `sizes` (bytes) one after another on a fresh arena. */
export function allocTrace(sizes: readonly number[], mode: ArenaMode = "design"): ArenaTrace {
  const ops: ArenaOp[] = sizes.map((bytes) => ({ kind: "alloc", bytes, span: NO_SPAN }));
  return simulateArena(ops, mode);
}

/** The chunk sizes in words the arena opens, in order, for a trace. */
export function grownChunks(trace: ArenaTrace): number[] {
  return trace.events.flatMap((e) => (e.op === "grow" ? [e.words] : []));
}

/** The chunk sizes in words that allocating `sizes` opens (design mode), in order. */
export function chunkSizes(sizes: readonly number[]): number[] {
  return grownChunks(allocTrace(sizes));
}
