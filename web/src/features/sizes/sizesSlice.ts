// The Sizes panel's state: its settings and the payloads pinned for comparison. In the store (not
// the component) so a link, a lesson step or an embed can preset them, and autosave keeps them.
import type { StateCreator } from "zustand";
import { DEFAULT_SETTINGS, isBrotliQuality, isDeflateLevel, type CompressSettings } from "../../../../engine/compress/index.ts";
import type { AppState } from "../../store/types.ts";

/** A payload in the compare table: one of the post's examples (by id), or bytes pinned by the learner. */
export type ComparedPayload = { kind: "example"; id: string } | { kind: "pinned"; id: string; label: string; bytes: Uint8Array };

/** Columns the compare table holds: more stop fitting a laptop screen side by side. */
export const MAX_COMPARED = 4;

export interface SizesSlice {
  sizesSettings: CompressSettings;
  compared: ComparedPayload[];
  setSizesSettings(settings: CompressSettings): void;
  /** Replaces the compared payloads (at most MAX_COMPARED are kept, duplicates dropped). */
  setCompared(payloads: ComparedPayload[]): void;
  /** Adds one payload when there is room and it is not there yet. */
  addCompared(payload: ComparedPayload): void;
  removeCompared(id: string): void;
}

function dedupe(list: readonly ComparedPayload[]): ComparedPayload[] {
  const out: ComparedPayload[] = [];
  for (const p of list) if (out.length < MAX_COMPARED && !out.some((q) => q.id === p.id)) out.push(p);
  return out;
}

export const createSizesSlice: StateCreator<AppState, [], [], SizesSlice> = (set, get) => ({
  sizesSettings: { ...DEFAULT_SETTINGS },
  compared: [],
  setSizesSettings: (settings) => {
    if (!isDeflateLevel(settings.level) || !isBrotliQuality(settings.quality)) return;
    set({ sizesSettings: { level: settings.level, quality: settings.quality } });
    get().touchView();
  },
  setCompared: (payloads) => {
    set({ compared: dedupe(payloads) });
    get().touchView();
  },
  addCompared: (payload) => get().setCompared([...get().compared, payload]),
  removeCompared: (id) => get().setCompared(get().compared.filter((p) => p.id !== id)),
});
