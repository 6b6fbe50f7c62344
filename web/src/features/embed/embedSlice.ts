// Embed mode in the store: the frame's checked parameters (./embedParams.ts), or undefined in the
// full app. Components read `readOnly` from here (editors, file actions, fixes), and `awake`:
// whether the heavy parts (Monaco, the panels that start Workers) may start.
import type { StateCreator } from "zustand";
import type { AppState } from "../../store/types.ts";
import type { EmbedOptions } from "./embedParams.ts";

export interface EmbedSlice {
  embed: EmbedOptions | undefined;
  /** True in a `readonly` embed: nothing may change the files. */
  readOnly: boolean;
  /**
   * False in a frame until it comes near the reader's view or is focused or pointed at: until
   * then it shows its files as text and its bytes, without Monaco or the panels that start
   * Workers, so five frames on a page cost one frame's start-up, not five. Always true in the
   * full app. It never goes back to false.
   */
  awake: boolean;
  setEmbed(embed: EmbedOptions | undefined): void;
  wake(): void;
}

export const createEmbedSlice: StateCreator<AppState, [], [], EmbedSlice> = (set, get) => ({
  embed: undefined,
  readOnly: false,
  awake: true,
  // A frame starts asleep; the full app (embed undefined) is always awake.
  setEmbed: (embed) => set((s) => ({ embed, readOnly: embed?.readOnly ?? false, awake: embed === undefined ? true : s.embed === undefined ? false : s.awake })),
  wake: () => {
    if (!get().awake) set({ awake: true });
  },
});
