export { parseArenaOps, formatArenaOps, MAX_OPS, MAX_REQUEST_BYTES, type ArenaOp, type ParsedOps } from "./ops.ts";
export {
  simulateArena,
  nextPow2,
  WORD_BYTES,
  MIN_WORDS,
  MAX_CHUNK_WORDS,
  ArenaLimitError,
  type ArenaMode,
  type ArenaEvent,
  type ArenaStats,
  type ArenaTrace,
  type ChunkInfo,
} from "./bump.ts";
export {
  parseGoArenaScript,
  runGoArena,
  simulateGoArena,
  GO_SCALAR_SIZES,
  type GoScalar,
  type GoArenaOp,
  type GoArenaStep,
  type GoArenaRun,
  type AsanReport,
} from "./goarena.ts";
export { WordsArena } from "./words-arena.ts";
export { arenaSnapshot, arenaMarkers, type ArenaSnapshot, type ArenaBlock, type ArenaChunkView } from "./snapshot.ts";
export { messageAllocations, allocationOps, type MessageAllocation } from "./from-message.ts";
export type { ArenaRegisters } from "./bump.ts";
export { describeEvent } from "./describe.ts";
