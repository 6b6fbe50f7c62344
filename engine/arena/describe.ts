/** One line saying what an arena event did, as the CLI's table and the Arena view print it. */
import type { ArenaEvent } from "./bump.ts";

const chunkName = (c: number | null) => (c === null ? "nil" : `#${c}`);

export function describeEvent(e: ArenaEvent): string {
  switch (e.op) {
    case "grow":
      return `grow        chunk ${chunkName(e.chunk)} of ${e.words} words${e.reused ? " (reused)" : ""}${e.realWords !== undefined ? `, really ${e.realWords} words` : ""}`;
    case "alloc":
      return `alloc       ${e.size} B in chunk ${chunkName(e.chunk)} at +${e.offset}, ${e.left} words left`;
    case "reset":
      return "reset";
    case "realloc-in-place":
      return `realloc     #${e.index} to ${e.size} B in place (chunk ${chunkName(e.chunk)} at +${e.offset}), ${e.left} words left`;
    case "realloc-copy":
      return `realloc     #${e.index} copied ${e.oldSize} B from chunk ${chunkName(e.fromChunk)} +${e.fromOffset} to a ${e.size} B block in chunk ${chunkName(e.chunk)} at +${e.offset}, ${e.left} words left`;
    case "overflow":
      return `OVERFLOW    bytes ${e.offset}..${e.offset + e.size} of chunk ${chunkName(e.chunk)}, which has only ${e.words * 8} (${e.words} words)`;
    case "overlap":
      return `OVERLAP     bytes ${e.offset}..${e.offset + e.size} of chunk ${chunkName(e.chunk)} are still allocation #${e.with}'s`;
  }
}

