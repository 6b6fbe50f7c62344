// A lesson's presets on the page: its example files as a workspace, and its view state (the side
// panel, the editor, the selection, each panel's own state) applied through the one `applyView`
// that share links and embeds use. The loader has already checked every key and type.
import type { StoreApi } from "zustand";
import { sidePanelId, type Lesson, type LessonPreset } from "../../../../engine/lessons/index.ts";
import type { AppState } from "../../store/types.ts";
import { applyView, type ViewState } from "../view/viewState.ts";
import { isInputFile, type Workspace, type WorkspaceFile } from "../workspace/types.ts";
import { FIGURE_ENV } from "./course.ts";

export { sidePanelId };

/** Files that can go in the workspace: schemas, protoscope and text-format messages. */
export const WORKSPACE_FILE = /\.(proto|protoscope|txtpb)$/;

/** A workspace of named texts, each in the kind its name says (others are left out). */
export function textsWorkspace(texts: Readonly<Record<string, string>>, messageType: string, active?: string): Workspace | undefined {
  const files: WorkspaceFile[] = [];
  for (const [name, text] of Object.entries(texts)) {
    if (name.endsWith(".proto")) files.push({ kind: "proto", name, text });
    // Protoscope bytes are read as the message type when they are the input (names in the tree).
    else if (name.endsWith(".protoscope")) files.push({ kind: "protoscope", name, text, messageType: name === active ? messageType : "" });
    else if (name.endsWith(".txtpb")) files.push({ kind: "textformat", name, text, messageType });
  }
  if (files.length === 0) return undefined;
  const input = files.find((f) => f.name === active) ?? files.find(isInputFile);
  return { files, active: input?.name ?? "" };
}

/** The workspace a preset's files make (a step without files uses the lesson's). */
export function presetWorkspace(lesson: Lesson, preset: LessonPreset = lesson.meta.presets): Workspace | undefined {
  const named = preset.files ?? lesson.meta.presets.files ?? {};
  const messageType = preset.messageType ?? lesson.meta.presets.messageType ?? "";
  const texts = Object.fromEntries(Object.entries(named).map(([name, path]) => [name, FIGURE_ENV.examples[path] ?? ""]));
  return textsWorkspace(texts, messageType, preset.active ?? lesson.meta.presets.active);
}

/** The view state a preset sets, as `ViewState` (what links and embeds carry). */
export function presetView(preset: LessonPreset): ViewState {
  const view: ViewState = {};
  if (preset.editor !== undefined) view.editor = preset.editor;
  if (preset.panel !== undefined) view.panel = sidePanelId(preset.panel);
  if (preset.selection !== undefined) view.selection = preset.selection;
  if (preset.wide !== undefined) view.wide = preset.wide;
  if (preset.panels) {
    const panels: Record<string, unknown> = {};
    for (const [id, state] of Object.entries(preset.panels)) {
      // A new arena script starts its trace from the beginning unless the preset names a step.
      if (id === "evolve" && state.against && typeof state.against === "object") {
        // The schema kept as v1 is named by example paths in the lesson: the panel holds texts.
        const texts = Object.fromEntries(Object.entries(state.against as Record<string, string>).map(([name, path]) => [name, FIGURE_ENV.examples[path] ?? ""]));
        panels[id] = { ...state, against: texts, whatIf: null };
        continue;
      }
      panels[id] = id === "arena" && state.script !== undefined && state.step === undefined ? { ...state, step: 0 } : state;
    }
    view.panels = panels;
  }
  return view;
}

/**
 * Opens a preset: the lesson's files when the workspace does not hold them yet (or the step names
 * files of its own), then the view. A learner's edits to the lesson's files are kept: a step only
 * moves the panels. (The learner's own workspace is not at stake: a lesson keeps it aside, see
 * session.ts, so the files are loaded without a "previous" to restore.)
 */
export function applyPreset(store: StoreApi<AppState>, lesson: Lesson, preset: LessonPreset, options: { files?: "always" | "when-missing"; opening?: boolean } = {}): void {
  const s = store.getState();
  const names = Object.keys(preset.files ?? lesson.meta.presets.files ?? {});
  const missing = names.some((n) => !s.files.some((f) => f.name === n));
  if (options.files === "always" || preset.files || missing) {
    const ws = presetWorkspace(lesson, preset);
    if (ws) s.loadWorkspace(ws);
  } else if (preset.active) {
    // A step that names another of the lesson's files as the input shows that file's bytes.
    s.setActive(preset.active);
  }
  // Opening a lesson sets the whole-window mode either way, so one lesson's choice does not
  // carry into the next; a step leaves it as it is unless it names it.
  applyView(store, presetView(options.opening ? { wide: false, ...preset } : preset));
}
