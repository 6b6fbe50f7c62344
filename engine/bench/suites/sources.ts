/**
 * The sources the suites' claims quote: the same publications (author, title, date, address) as
 * the lessons' (engine/sources.ts, the bibliography), so a figure is attributed the same way everywhere.
 */
import { findSource } from "../../sources.ts";
import type { ClaimSource } from "../types.ts";

function claimSource(id: string): ClaimSource {
  const s = findSource(id);
  if (!s) throw new Error(`no source ${id} in engine/sources.ts`);
  return { author: s.author, title: s.title, publication: s.publication, url: s.url };
}

export const COMPRESS_TIP = claimSource("compress");
export const OPAQUE_API = claimSource("opaque");
export const VTPROTOBUF = claimSource("vtprotobuf");
export const CHEATING_THE_REAPER = claimSource("reaper");
export const GO_ARENAS_GUIDE = claimSource("go-arena-guide");
export const WRITER_PR = claimSource("writer-pr");
