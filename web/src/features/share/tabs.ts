// Two tabs on one workspace. Each tab autosaves to the same key, so without care the last save
// wins and the other tab's edits vanish. Instead, when another tab saves, this tab merges file by
// file against the version both last agreed on (what this tab last saved or took in): a file only
// one side changed takes that side's text; a file both changed keeps this tab's, and the other
// tab's whole workspace is kept as the previous one ("Restore" brings it back), with a notice.
import type { Workspace, WorkspaceFile } from "../workspace/types.ts";
import { fileText } from "../workspace/types.ts";

function sameFile(a: WorkspaceFile | undefined, b: WorkspaceFile | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.kind !== b.kind) return false;
  if ("messageType" in a && "messageType" in b && a.messageType !== b.messageType) return false;
  if (a.kind === "bytes" && b.kind === "bytes") return a.bytes.length === b.bytes.length && a.bytes.every((x, i) => x === b.bytes[i]);
  return fileText(a) === fileText(b);
}

export interface WorkspaceMerge {
  merged: Workspace;
  /** Files both tabs changed differently since `base`: this tab's version is in `merged`. */
  conflicts: string[];
}

/** Three-way merge by file name: `base` is what both tabs last agreed on. */
export function mergeWorkspaces(base: Workspace, ours: Workspace, theirs: Workspace): WorkspaceMerge {
  const find = (ws: Workspace, name: string) => ws.files.find((f) => f.name === name);
  const names = [...ours.files.map((f) => f.name), ...theirs.files.map((f) => f.name).filter((n) => !find(ours, n))];
  const files: WorkspaceFile[] = [];
  const conflicts: string[] = [];
  for (const name of names) {
    const b = find(base, name);
    const o = find(ours, name);
    const t = find(theirs, name);
    let keep: WorkspaceFile | undefined;
    if (sameFile(o, b)) keep = t; // only they changed it (or deleted it)
    else if (sameFile(t, b) || sameFile(o, t)) keep = o; // only we did, or both alike
    else {
      keep = o ?? t; // both changed it: ours stays (a deletion here loses to their edit)
      conflicts.push(name);
    }
    if (keep) files.push(keep);
  }
  // The source of the bytes: ours, unless only they changed it or our file is gone.
  let active = ours.active === base.active ? theirs.active : ours.active;
  if (!files.some((f) => f.name === active)) active = files.some((f) => f.name === ours.active) ? ours.active : (files.find((f) => f.kind !== "proto")?.name ?? "");
  return { merged: { files, active }, conflicts };
}
