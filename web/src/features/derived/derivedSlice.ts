// Results the page derives off the main thread from what the store holds (a layout from the
// schema, compressed sizes from the bytes), written here by the one layer that owns the Worker
// clients (./derivations.ts). A view says it shows a result with `watch` (useDerived does it on
// mount): the layer computes only what some view shows, and a view reads the answer from here.
import type { StateCreator } from "zustand";
import type { WorkspaceLayouts } from "../../../../engine/layout/index.ts";
import type { AppState } from "../../store/types.ts";
import type { SizesAnswer } from "../sizes/protocol.ts";
import type { EvolveResult } from "../../../../engine/evolve/evolve.ts";
import type { LineupDecoder } from "../../../../engine/decode/lineup.ts";

/** One derived result: not asked for yet, being computed (with the last answer, when a view keeps showing it), done, or failed. */
export type DerivedState<T> =
  | { status: "idle"; answer?: undefined; error?: undefined }
  | { status: "computing"; answer?: T; error?: undefined }
  | { status: "done"; answer: T; error?: undefined }
  | { status: "error"; answer?: undefined; error: string };

/** Sizes of the compared payloads, by payload id (each measured on its own). */
export type ComparedSizes = Record<string, DerivedState<SizesAnswer>>;

/** What each derivation answers. */
export interface DerivedResults {
  /** Go struct layouts of the chosen message type (the Layout panel). */
  layouts: WorkspaceLayouts;
  /** Compressed sizes of the current bytes (the Sizes panel). */
  sizes: SizesAnswer;
  /** Compressed sizes of the compared payloads (the Sizes panel's compare mode). */
  compared: ComparedSizes;
  /** What the next reader makes of the stored bytes (the Evolve panel). */
  evolve: EvolveResult;
  /** The current bytes through each decoder of the line-up (the Line-up panel). */
  lineup: LineupDecoder[];
}

export type DerivedName = keyof DerivedResults;

export const DERIVED_NAMES: readonly DerivedName[] = ["layouts", "sizes", "compared", "evolve", "lineup"];

export interface DerivedSlice {
  derived: { [K in DerivedName]: DerivedState<DerivedResults[K]> };
  /** How many views show each result; the layer computes a result only while this is above 0. */
  watchers: Record<DerivedName, number>;
  /** A view shows `name` until the returned function is called. */
  watch(name: DerivedName): () => void;
  /** The layer's write (nothing else writes derived results). */
  setDerived<K extends DerivedName>(name: K, state: DerivedState<DerivedResults[K]>): void;
}

const idle = { status: "idle" } as const;

export const createDerivedSlice: StateCreator<AppState, [], [], DerivedSlice> = (set, get) => ({
  derived: { layouts: idle, sizes: idle, compared: idle, evolve: idle, lineup: idle },
  watchers: { layouts: 0, sizes: 0, compared: 0, evolve: 0, lineup: 0 },
  watch: (name) => {
    set({ watchers: { ...get().watchers, [name]: get().watchers[name] + 1 } });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      set({ watchers: { ...get().watchers, [name]: get().watchers[name] - 1 } });
    };
  },
  setDerived: (name, state) => set({ derived: { ...get().derived, [name]: state } }),
});
