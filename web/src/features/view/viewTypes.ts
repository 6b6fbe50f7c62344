// The view as one serialisable object (see viewState.ts), and its validation. Free of the panel
// registry and of React, so Workers and share links can import it.
import { LAYOUTS, THEMES, type Layout, type Theme } from "./viewSlice.ts";

export interface ViewState {
  /** The file whose editor is in front. */
  editor?: string;
  /** The side panel in front (a registry id: "fields", "readings", "sizes", ...). */
  panel?: string;
  /** Selected bytes [start, end), or null for none. */
  selection?: [number, number] | null;
  theme?: Theme;
  layout?: Layout;
  /** The side panels use the whole window (the editors and bytes step aside). */
  wide?: boolean;
  /** Each panel's own state, by panel id, as its registry entry captures it. */
  panels?: Record<string, unknown>;
}

/** Checks a view from outside (a link, a lesson, an embed): anything malformed is left out. */
export function parseView(json: unknown): ViewState {
  if (typeof json !== "object" || json === null) return {};
  const v = json as Record<string, unknown>;
  const out: ViewState = {};
  if (typeof v.editor === "string") out.editor = v.editor;
  if (typeof v.panel === "string") out.panel = v.panel;
  const sel = v.selection;
  if (sel === null) out.selection = null;
  else if (Array.isArray(sel) && sel.length === 2 && sel.every((n) => Number.isSafeInteger(n) && n >= 0) && sel[0] < sel[1]) out.selection = [sel[0], sel[1]];
  if (THEMES.includes(v.theme as Theme)) out.theme = v.theme as Theme;
  if (LAYOUTS.includes(v.layout as Layout)) out.layout = v.layout as Layout;
  if (typeof v.wide === "boolean") out.wide = v.wide;
  if (typeof v.panels === "object" && v.panels !== null && !Array.isArray(v.panels)) out.panels = v.panels as Record<string, unknown>;
  return out;
}

