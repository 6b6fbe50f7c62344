// What the learner is looking at, as opposed to what they wrote: the editor in front, the side
// panel open, the theme and the layout. With the selection (selectionSlice) and each panel's own
// slice, this is what a share link, a lesson step or an embed carries as one `ViewState`
// (./viewState.ts). Transient things (hover, focus) stay in components.
import type { StateCreator } from "zustand";
import type { AppState } from "../../store/types.ts";

/** "system" follows the operating system's light or dark setting. */
export type Theme = "system" | "light" | "dark";
export const THEMES: readonly Theme[] = ["system", "light", "dark"];

/** How the panes sit: "columns" side by side, "rows" stacked, "auto" as the stylesheet decides for the width. */
export type Layout = "auto" | "columns" | "rows";
export const LAYOUTS: readonly Layout[] = ["auto", "columns", "rows"];

export interface ViewSlice {
  /** The file whose editor is in front ("" for none). */
  openEditor: string;
  /** The side panel in front (a panel id from the registry). */
  sidePanel: string;
  theme: Theme;
  layout: Layout;
  /** Bumped on every change a view carries (including the selection), so autosave keeps the view too. */
  viewVersion: number;
  setOpenEditor(name: string): void;
  setSidePanel(id: string): void;
  setTheme(theme: Theme): void;
  setLayout(layout: Layout): void;
  /** For panels' own slices: marks their view state as changed (autosave follows). */
  touchView(): void;
}

export const DEFAULT_SIDE_PANEL = "fields";

export const createViewSlice: StateCreator<AppState, [], [], ViewSlice> = (set) => {
  const change = (patch: Partial<ViewSlice>) => set((s) => ({ ...patch, viewVersion: s.viewVersion + 1 }));
  return {
    openEditor: "",
    sidePanel: DEFAULT_SIDE_PANEL,
    theme: "system",
    layout: "auto",
    viewVersion: 0,
    setOpenEditor: (openEditor) => change({ openEditor }),
    setSidePanel: (sidePanel) => change({ sidePanel }),
    setTheme: (theme) => change({ theme }),
    setLayout: (layout) => change({ layout }),
    touchView: () => change({}),
  };
};
