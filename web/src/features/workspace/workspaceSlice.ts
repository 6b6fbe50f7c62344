// The learner's inputs. Editing an input makes it the source of the bytes shown (the mode).
import type { StateCreator } from "zustand";
import type { AppState } from "../../store/types.ts";
import { EMPTY_WORKSPACE, type InputMode, type Workspace } from "./types.ts";

/** Which editor tab is in front. */
export type EditorTab = "schema" | "protoscope" | "message";

export interface WorkspaceSlice extends Workspace {
  /** Bumped on every input change; results carry the edit they were computed from. */
  editVersion: number;
  /** performance.now() of the latest input change (for the keystroke-to-bytes latency figure). */
  editAt: number;
  activeTab: EditorTab;
  setSchema(text: string): void;
  setProtoscope(text: string): void;
  setMessage(text: string): void;
  setMessageType(typeName: string): void;
  setBytes(bytes: Uint8Array): void;
  setMode(mode: InputMode): void;
  setActiveTab(tab: EditorTab): void;
  /** Replaces the whole workspace (example, share link, autosave, reset). */
  loadWorkspace(ws: Workspace): void;
  /**
   * The workspace a replacement (example, reset, link) displaced, so it can be restored:
   * replacing work must never lose it. Undefined when nothing worth keeping was displaced.
   */
  previous: Workspace | undefined;
  /** Replaces the workspace and keeps the displaced one as `previous` (unless identical). */
  replaceWorkspace(ws: Workspace): void;
  /** Swaps the workspace with `previous` (so a second click undoes the first). */
  restorePrevious(): void;
  /** The inputs only, as a share link or autosave carries them. */
  snapshot(): Workspace;
}

const TAB_OF_MODE: Record<InputMode, EditorTab> = { protoscope: "protoscope", textformat: "message", bytes: "protoscope" };

export const createWorkspaceSlice: StateCreator<AppState, [], [], WorkspaceSlice> = (set, get) => {
  const edit = (patch: Partial<Workspace>) =>
    set((s) => ({ ...patch, editVersion: s.editVersion + 1, editAt: performance.now() }));
  return {
    ...EMPTY_WORKSPACE,
    editVersion: 0,
    editAt: 0,
    activeTab: "protoscope",
    setSchema: (schema) => edit({ schema }),
    setProtoscope: (protoscope) => edit({ protoscope, mode: "protoscope" }),
    setMessage: (message) => edit({ message, mode: "textformat" }),
    setMessageType: (messageType) => edit({ messageType }),
    setBytes: (bytes) => edit({ bytes, mode: "bytes" }),
    setMode: (mode) => {
      // Switching to raw bytes with none pasted yet starts from the bytes on screen.
      const s = get();
      const carry = mode === "bytes" && s.bytes.length === 0 && s.result && s.result.bytes.length > 0;
      edit(carry ? { mode, bytes: s.result!.bytes.slice() } : { mode });
      set({ activeTab: TAB_OF_MODE[mode] });
    },
    setActiveTab: (activeTab) => set({ activeTab }),
    loadWorkspace: (ws) => {
      edit({ ...ws });
      // Open on the input that makes the bytes; a schema-only workspace opens on its schema.
      const sourceEmpty = ws.mode === "protoscope" ? ws.protoscope.trim() === "" : ws.mode === "textformat" ? ws.message.trim() === "" : false;
      const activeTab = sourceEmpty && ws.schema.trim() !== "" ? "schema" : TAB_OF_MODE[ws.mode];
      set({ activeTab, hoverRange: null, selectedRange: null });
    },
    previous: undefined,
    replaceWorkspace: (ws) => {
      const current = get().snapshot();
      const worthKeeping = !sameWorkspace(current, ws) && (current.schema !== "" || current.protoscope !== "" || current.message !== "" || current.bytes.length > 0);
      get().loadWorkspace(ws);
      if (worthKeeping) set({ previous: current });
    },
    restorePrevious: () => {
      const previous = get().previous;
      if (previous) get().replaceWorkspace(previous);
    },
    snapshot: () => {
      const s = get();
      return { schema: s.schema, protoscope: s.protoscope, message: s.message, messageType: s.messageType, bytes: s.bytes, mode: s.mode };
    },
  };
};

export function sameWorkspace(a: Workspace, b: Workspace): boolean {
  return (
    a.schema === b.schema &&
    a.protoscope === b.protoscope &&
    a.message === b.message &&
    a.messageType === b.messageType &&
    a.mode === b.mode &&
    a.bytes.length === b.bytes.length &&
    a.bytes.every((x, i) => x === b.bytes[i])
  );
}
