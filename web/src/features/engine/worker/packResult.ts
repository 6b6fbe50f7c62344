// A pipeline result with its annotation trees packed for the trip (see packAnnotations.ts).
import type { PipelineResult } from "../pipeline.ts";
import { packAnnotations, unpackAnnotationsLazy, type PackedAnnotations } from "./packAnnotations.ts";

export interface PackedPipelineResult extends Omit<PipelineResult, "annotations" | "sourceAnnotations"> {
  annotations: PackedAnnotations;
  /** "same" when the source tree is the display tree (protoscope without a type, text format). */
  sourceAnnotations: PackedAnnotations | "same";
}

export function packResult(result: PipelineResult): PackedPipelineResult {
  return {
    ...result,
    annotations: packAnnotations(result.annotations),
    sourceAnnotations: result.sourceAnnotations === result.annotations ? "same" : packAnnotations(result.sourceAnnotations),
  };
}

export function unpackResult(packed: PackedPipelineResult): PipelineResult {
  const annotations = unpackAnnotationsLazy(packed.annotations);
  return {
    ...packed,
    annotations,
    sourceAnnotations: packed.sourceAnnotations === "same" ? annotations : unpackAnnotationsLazy(packed.sourceAnnotations),
  };
}
