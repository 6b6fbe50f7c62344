// A workspace result with its annotation trees packed for the trip (see ../annotate/pack.ts). The
// assembler's trees are rows of integers already: they travel as those rows (the text they point
// into is the page's own), and the page makes node objects only for what it reads, as the Worker
// would have.
import type { AnnotationList } from "../annotate/types.ts";
import { assembledTreeData, assembledTreeFrom, type AssembledTreeData } from "../protoscope/assemble-annotations.ts";
import type { Workspace, WorkspaceResult } from "./types.ts";
import { packAnnotations, unpackAnnotationsLazy, type PackedAnnotations } from "../annotate/pack.ts";

/**
 * A tree for the trip: the assembler's rows as they are, any other tree packed. The assembler's
 * source text stays behind when it is a file of the workspace the page sent (`textOf` names it):
 * the page has it, and a megabyte of text cloned back on every keystroke is a megabyte more for
 * the page's garbage collector.
 */
export type PackedTree = PackedAnnotations | { assembled: AssembledTreeData; textOf?: string };

export interface PackedWorkspaceResult extends Omit<WorkspaceResult, "annotations"> {
  annotations: PackedTree;
}

function packTree(roots: AnnotationList, ws: Workspace): PackedTree {
  const assembled = assembledTreeData(roots);
  if (!assembled) return packAnnotations(roots);
  const file = ws.files.find((f) => "text" in f && f.text === assembled.text);
  return file ? { assembled: { ...assembled, text: "" }, textOf: file.name } : { assembled };
}

function unpackTree(tree: PackedTree, bytes: Uint8Array, ws: Workspace): AnnotationList {
  if (!("assembled" in tree)) return unpackAnnotationsLazy(tree);
  if (tree.textOf === undefined) return assembledTreeFrom(tree.assembled, bytes);
  const file = ws.files.find((f) => f.name === tree.textOf);
  if (!file || !("text" in file)) throw new Error(`the engine's answer reads the text of ${tree.textOf}, which is not in the workspace it was sent`);
  return assembledTreeFrom({ ...tree.assembled, text: file.text }, bytes);
}

/** `result` of a run over `ws`, for the trip to the page that sent `ws`. */
export function packResult(result: WorkspaceResult, ws: Workspace): PackedWorkspaceResult {
  return { ...result, annotations: packTree(result.annotations, ws) };
}

/** The result of a run over `ws` (the workspace the page sent), as the engine made it. */
export function unpackResult(packed: PackedWorkspaceResult, ws: Workspace): WorkspaceResult {
  return { ...packed, annotations: unpackTree(packed.annotations, packed.bytes, ws) };
}
