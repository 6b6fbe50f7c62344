import { describe, expect, it } from "vitest";
import type { Workspace, WorkspaceFile } from "../workspace/types.ts";
import { mergeWorkspaces } from "./tabs.ts";

const proto = (text: string): WorkspaceFile => ({ kind: "proto", name: "a.proto", text });
const scope = (text: string, name = "m.protoscope"): WorkspaceFile => ({ kind: "protoscope", name, text, messageType: "" });
const ws = (...files: WorkspaceFile[]): Workspace => ({ files, active: files.find((f) => f.kind !== "proto")?.name ?? "" });

describe("mergeWorkspaces (two tabs, one workspace)", () => {
  const base = ws(proto("syntax = 'proto3';"), scope("1: 1"));

  it("takes each tab's edits to different files", () => {
    const ours = ws(proto("syntax = 'proto3'; message A {}"), scope("1: 1"));
    const theirs = ws(proto("syntax = 'proto3';"), scope("1: 150"));
    expect(mergeWorkspaces(base, ours, theirs)).toEqual({ merged: ws(proto("syntax = 'proto3'; message A {}"), scope("1: 150")), conflicts: [] });
  });

  it("takes files the other tab added or deleted, and keeps files this tab added", () => {
    const ours = ws(proto("syntax = 'proto3';"), scope("1: 1"), scope("2: 2", "mine.protoscope"));
    const theirs = ws(scope("1: 1"), scope("3: 3", "theirs.protoscope"));
    const { merged, conflicts } = mergeWorkspaces(base, ours, theirs);
    expect(merged.files.map((f) => f.name)).toEqual(["m.protoscope", "mine.protoscope", "theirs.protoscope"]);
    expect(conflicts).toEqual([]);
  });

  it("keeps this tab's text where both changed a file, and names the file", () => {
    const ours = ws(proto("syntax = 'proto3';"), scope("1: 2"));
    const theirs = ws(proto("syntax = 'proto3';"), scope("1: 3"));
    expect(mergeWorkspaces(base, ours, theirs)).toEqual({ merged: ours, conflicts: ["m.protoscope"] });
  });

  it("is a no-op when the other tab saved what this tab holds", () => {
    const ours = ws(proto("x"), scope("1: 9"));
    expect(mergeWorkspaces(base, ours, ours)).toEqual({ merged: ours, conflicts: [] });
  });
});
