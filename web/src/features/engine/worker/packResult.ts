// A workspace result with its annotation trees packed for the trip (see packAnnotations.ts).
import type { WorkspaceResult } from "../../../../../engine/workspace/types.ts";
import { packAnnotations, unpackAnnotationsLazy, type PackedAnnotations } from "./packAnnotations.ts";

export interface PackedWorkspaceResult extends Omit<WorkspaceResult, "annotations" | "sourceAnnotations"> {
  annotations: PackedAnnotations;
  /** "same" when the source tree is the display tree (protoscope without a type, text format). */
  sourceAnnotations: PackedAnnotations | "same";
}

export function packResult(result: WorkspaceResult): PackedWorkspaceResult {
  return {
    ...result,
    annotations: packAnnotations(result.annotations),
    sourceAnnotations: result.sourceAnnotations === result.annotations ? "same" : packAnnotations(result.sourceAnnotations),
  };
}

export function unpackResult(packed: PackedWorkspaceResult): WorkspaceResult {
  const annotations = unpackAnnotationsLazy(packed.annotations);
  return {
    ...packed,
    annotations,
    sourceAnnotations: packed.sourceAnnotations === "same" ? annotations : unpackAnnotationsLazy(packed.sourceAnnotations),
  };
}
