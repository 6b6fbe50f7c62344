// A lesson's presets as a workspace: the example files it names, in the kinds the engine reads.
import type { Lesson } from "../../../../engine/lessons/index.ts";
import type { Workspace, WorkspaceFile } from "../workspace/types.ts";
import { FIGURE_ENV } from "./course.ts";

/** Lesson panel names that the side-panel registry spells differently. */
const PANEL_IDS: Record<string, string> = { tree: "fields" };

export function sidePanelId(lessonPanel: string): string {
  return PANEL_IDS[lessonPanel] ?? lessonPanel;
}

export function presetWorkspace(lesson: Lesson): Workspace | undefined {
  const files: WorkspaceFile[] = [];
  for (const [name, path] of Object.entries(lesson.meta.presets.files ?? {})) {
    const text = FIGURE_ENV.examples[path] ?? "";
    if (name.endsWith(".proto")) files.push({ kind: "proto", name, text });
    else if (name.endsWith(".protoscope")) files.push({ kind: "protoscope", name, text, messageType: "" });
    else if (name.endsWith(".txtpb")) files.push({ kind: "textformat", name, text, messageType: lesson.meta.presets.messageType ?? "" });
  }
  if (files.length === 0) return undefined;
  return { files, active: lesson.meta.presets.active ?? "" };
}
