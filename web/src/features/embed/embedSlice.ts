// Embed mode in the store: the frame's checked parameters (./embedParams.ts), or undefined in the
// full app. Components read `readOnly` from here (editors, file actions, fixes).
import type { StateCreator } from "zustand";
import type { AppState } from "../../store/types.ts";
import type { EmbedOptions } from "./embedParams.ts";

export interface EmbedSlice {
  embed: EmbedOptions | undefined;
  /** True in a `readonly` embed: nothing may change the files. */
  readOnly: boolean;
  setEmbed(embed: EmbedOptions | undefined): void;
}

export const createEmbedSlice: StateCreator<AppState, [], [], EmbedSlice> = (set) => ({
  embed: undefined,
  readOnly: false,
  setEmbed: (embed) => set({ embed, readOnly: embed?.readOnly ?? false }),
});
