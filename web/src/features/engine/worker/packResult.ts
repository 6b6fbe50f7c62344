// A workspace result with its annotation trees packed for the trip (see packAnnotations.ts). The
// assembler's trees are rows of integers already: they travel as those rows (with the text they
// point into), and the page makes node objects only for what it reads, as the Worker would have.
import type { Annotation } from "../../../../../engine/annotate/types.ts";
import { assembledTreeData, assembledTreeFrom, type AssembledTreeData } from "../../../../../engine/protoscope/assemble-annotations.ts";
import type { WorkspaceResult } from "../../../../../engine/workspace/types.ts";
import { packAnnotations, unpackAnnotationsLazy, type PackedAnnotations } from "./packAnnotations.ts";

/** A tree for the trip: the assembler's rows as they are, any other tree packed. */
export type PackedTree = PackedAnnotations | { assembled: AssembledTreeData };

export interface PackedWorkspaceResult extends Omit<WorkspaceResult, "annotations" | "sourceAnnotations"> {
  annotations: PackedTree;
  /** "same" when the source tree is the display tree (protoscope without a type, text format). */
  sourceAnnotations: PackedTree | "same";
}

function packTree(roots: readonly Annotation[]): PackedTree {
  const assembled = assembledTreeData(roots);
  return assembled ? { assembled } : packAnnotations(roots);
}

function unpackTree(tree: PackedTree, bytes: Uint8Array): Annotation[] {
  return "assembled" in tree ? assembledTreeFrom(tree.assembled, bytes) : unpackAnnotationsLazy(tree);
}

export function packResult(result: WorkspaceResult): PackedWorkspaceResult {
  return {
    ...result,
    annotations: packTree(result.annotations),
    sourceAnnotations: result.sourceAnnotations === result.annotations ? "same" : packTree(result.sourceAnnotations),
  };
}

export function unpackResult(packed: PackedWorkspaceResult): WorkspaceResult {
  const annotations = unpackTree(packed.annotations, packed.bytes);
  return {
    ...packed,
    annotations,
    sourceAnnotations: packed.sourceAnnotations === "same" ? annotations : unpackTree(packed.sourceAnnotations, packed.bytes),
  };
}
