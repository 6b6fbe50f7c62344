// The side panels, found at build time: every feature folder with a `panel.ts` (or `panel.tsx`)
// exporting `panel: PanelDefinition` gets a tab beside the bytes. Adding a panel (Explain, Bench,
// Arena, Layout, Lesson...) is that one file in its own folder; nothing here changes.
//
// A panel keeps its state in its own slice of the store (web/src/store/), and, when links,
// lessons and embeds should carry that state, says how in `view`.
import type { ComponentType } from "react";
import type { StoreApi } from "zustand";
import type { AppState } from "../../store/types.ts";

export interface PanelDefinition {
  /** Stable id, used in links, lessons and embeds ("fields", "sizes", "explain"...). */
  id: string;
  /** The tab's label (and the panel's accessible name). */
  label: string;
  /** Tabs are sorted by `order`, then by id. Fields 10, Readings 20, Sizes 30; leave gaps. */
  order: number;
  /**
   * Starts a Worker or loads much code (Sizes, Layout, Bench, Lessons): an embedded frame starts it
   * only once it is awake (in view, focused or pointed at; see features/embed/embedSlice.ts).
   */
  heavy?: boolean;
  /** The panel's component, loaded when first shown (so its code, and its Worker, cost nothing before). */
  load: () => Promise<ComponentType>;
  /** The panel's view state as plain JSON-able data, for share links, lesson steps and embeds. */
  view?: {
    capture(state: AppState): unknown;
    /** Restores what `capture` gave (validate it: it comes from links, i.e. anyone). */
    apply(value: unknown, store: StoreApi<AppState>): void;
  };
}

type PanelModule = { panel?: PanelDefinition };

const modules = import.meta.glob<PanelModule>("../*/panel.{ts,tsx}", { eager: true });

function collect(): PanelDefinition[] {
  const seen = new Map<string, PanelDefinition>();
  for (const [path, mod] of Object.entries(modules)) {
    const def = mod.panel;
    if (!def) throw new Error(`${path} must export \`panel\``);
    if (seen.has(def.id)) throw new Error(`two panels have the id "${def.id}"`);
    seen.set(def.id, def);
  }
  // Not localeCompare: its first call on a page builds ICU's collator (some 25 ms of the first load).
  return [...seen.values()].sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Every side panel of this build, in tab order. */
export const PANELS: readonly PanelDefinition[] = collect();

export function findPanel(id: string): PanelDefinition | undefined {
  return PANELS.find((p) => p.id === id);
}
