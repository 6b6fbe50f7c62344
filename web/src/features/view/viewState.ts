// The view as one serialisable object: what a share link, a lesson step or an embed carries to
// show the workspace exactly as its author left it. `captureView` reads it from the store,
// `applyView` sets any part of it (fields left out stay as they are).
import type { StoreApi } from "zustand";
import type { AppState } from "../../store/types.ts";
import { findPanel, PANELS } from "../panels/registry.ts";
import type { ViewState } from "./viewTypes.ts";

export { parseView, type ViewState } from "./viewTypes.ts";

export function captureView(s: AppState): ViewState {
  const panels: Record<string, unknown> = {};
  for (const p of PANELS) if (p.view) panels[p.id] = p.view.capture(s);
  return {
    editor: s.openEditor,
    panel: s.sidePanel,
    selection: s.selectedRange ? [s.selectedRange.start, s.selectedRange.end] : null,
    theme: s.theme,
    layout: s.layout,
    wide: s.sidePanelWide,
    panels,
  };
}

/** Sets every part `view` has; an unknown editor or panel is ignored. */
export function applyView(store: StoreApi<AppState>, view: ViewState): void {
  const s = store.getState();
  if (view.editor !== undefined && s.files.some((f) => f.name === view.editor)) s.setOpenEditor(view.editor);
  if (view.panel !== undefined && findPanel(view.panel)) s.setSidePanel(view.panel);
  if (view.theme) s.setTheme(view.theme);
  if (view.layout) s.setLayout(view.layout);
  if (view.wide !== undefined) s.setSidePanelWide(view.wide);
  for (const [id, value] of Object.entries(view.panels ?? {})) findPanel(id)?.view?.apply(value, store);
  if (view.selection !== undefined) s.select(view.selection ? { start: view.selection[0], end: view.selection[1] } : null, "hex");
}
