// The learner's files. Editing a file's text re-runs the engine; editing an input also makes it
// the source of the bytes shown (`active`). Replacing the whole workspace keeps the one it
// displaced (`previous`), so an example, a reset or a link never loses work.
import type { StateCreator } from "zustand";
import type { AppState } from "../../store/types.ts";
import { EMPTY_WORKSPACE, invalidName, isBlank, isInputFile, sameWorkspace, type Workspace, type WorkspaceFile } from "./types.ts";

export interface WorkspaceSlice extends Workspace {
  /** Bumped on every change to the files; results carry the edit they were computed from. */
  editVersion: number;
  /** performance.now() of the latest change (for the keystroke-to-bytes latency figure). */
  editAt: number;
  /** Replaces a text file's text; an input becomes the source of the bytes. */
  setFileText(name: string, text: string): void;
  /** Replaces a bytes file's bytes (and makes it the source of the bytes). */
  setFileBytes(name: string, bytes: Uint8Array): void;
  setMessageType(name: string, typeName: string): void;
  /** Replaces files by name in one edit (a fix that touched several); the source of the bytes stays. */
  updateFiles(changed: readonly WorkspaceFile[]): void;
  /** Makes an input file the source of the bytes. */
  setActive(name: string): void;
  /** Adds a file (its name must be free); an input added becomes the source, and the file comes to the front. */
  addFile(file: WorkspaceFile): void;
  /** Renames a file; returns why not when the name is not allowed. */
  renameFile(from: string, to: string): string | undefined;
  deleteFile(name: string): void;
  /** Replaces the whole workspace (example, share link, autosave, reset). */
  loadWorkspace(ws: Workspace): void;
  /** Takes files merged from another tab: the editor in front and the selection stay where they are. */
  takeFiles(ws: Workspace): void;
  /** The workspace a replacement displaced; undefined when nothing worth keeping was. */
  previous: Workspace | undefined;
  /** Replaces the workspace and keeps the displaced one as `previous` (unless identical or blank). */
  replaceWorkspace(ws: Workspace): void;
  /** Swaps the workspace with `previous` (so a second click undoes the first). */
  restorePrevious(): void;
  /** The files and the active input, as a share link or autosave carries them. */
  snapshot(): Workspace;
}

export const createWorkspaceSlice: StateCreator<AppState, [], [], WorkspaceSlice> = (set, get) => {
  const edit = (patch: Partial<Workspace>) => set((s) => ({ ...patch, editVersion: s.editVersion + 1, editAt: performance.now() }));
  const update = (name: string, change: (f: WorkspaceFile) => WorkspaceFile, makeActive: boolean) => {
    const s = get();
    const file = s.files.find((f) => f.name === name);
    if (!file) return;
    const next = change(file);
    edit({ files: s.files.map((f) => (f === file ? next : f)), ...(makeActive && isInputFile(next) ? { active: name } : {}) });
  };
  return {
    ...EMPTY_WORKSPACE,
    editVersion: 0,
    editAt: 0,
    setFileText: (name, text) => update(name, (f) => (f.kind === "bytes" ? f : { ...f, text }), true),
    setFileBytes: (name, bytes) => update(name, (f) => (f.kind === "bytes" ? { ...f, bytes } : f), true),
    setMessageType: (name, messageType) => update(name, (f) => (f.kind === "proto" || f.kind === "text" ? f : { ...f, messageType }), false),
    updateFiles: (changed) => {
      const byName = new Map(changed.map((f) => [f.name, f]));
      edit({ files: get().files.map((f) => byName.get(f.name) ?? f) });
    },
    setActive: (name) => {
      if (get().active !== name && isInputFile(get().files.find((f) => f.name === name))) edit({ active: name });
    },
    addFile: (file) => {
      const s = get();
      if (invalidName(s.files, file.name)) return;
      edit({ files: [...s.files, file], ...(isInputFile(file) ? { active: file.name } : {}) });
      s.setOpenEditor(file.name);
    },
    renameFile: (from, to) => {
      const s = get();
      if (from === to) return undefined;
      const why = invalidName(s.files, to, from);
      if (why) return why;
      edit({ files: s.files.map((f) => (f.name === from ? { ...f, name: to } : f)), active: s.active === from ? to : s.active });
      if (s.openEditor === from) s.setOpenEditor(to);
      return undefined;
    },
    deleteFile: (name) => {
      const s = get();
      const files = s.files.filter((f) => f.name !== name);
      if (files.length === s.files.length) return;
      const active = s.active === name ? (files.find(isInputFile)?.name ?? "") : s.active;
      edit({ files, active });
      if (s.openEditor === name) s.setOpenEditor(files.find((f) => f.name === active)?.name ?? files[0]?.name ?? "");
    },
    loadWorkspace: (ws) => {
      edit({ files: ws.files, active: ws.active });
      // Open on the input that makes the bytes; when it is empty, on the first schema.
      const input = ws.files.find((f) => f.name === ws.active) ?? ws.files.find(isInputFile);
      const blankInput = !input || (input.kind === "bytes" ? input.bytes.length === 0 : input.text.trim() === "");
      const schema = ws.files.find((f) => f.kind === "proto" && f.text.trim() !== "");
      get().setOpenEditor((blankInput && schema ? schema.name : input?.name) ?? ws.files[0]?.name ?? "");
      set({ hoverRange: null, selectedRange: null });
    },
    takeFiles: (ws) => {
      edit({ files: ws.files, active: ws.active });
      const s = get();
      if (!ws.files.some((f) => f.name === s.openEditor)) s.setOpenEditor(ws.active || (ws.files[0]?.name ?? ""));
    },
    previous: undefined,
    replaceWorkspace: (ws) => {
      const current = get().snapshot();
      const worthKeeping = !sameWorkspace(current, ws) && !isBlank(current);
      get().loadWorkspace(ws);
      if (worthKeeping) set({ previous: current });
    },
    restorePrevious: () => {
      const previous = get().previous;
      if (previous) get().replaceWorkspace(previous);
    },
    snapshot: () => {
      const s = get();
      return { files: s.files, active: s.active };
    },
  };
};
