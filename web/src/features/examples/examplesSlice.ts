// Which example is open (the Examples menu shows it as selected); "" when the workspace did not
// come from one (a link, an autosave, a new file).
import type { StateCreator } from "zustand";
import type { AppState } from "../../store/types.ts";

export interface ExamplesSlice {
  openExample: string;
  setOpenExample(id: string): void;
}

export const createExamplesSlice: StateCreator<AppState, [], [], ExamplesSlice> = (set) => ({
  openExample: "",
  setOpenExample: (openExample) => set({ openExample }),
});
