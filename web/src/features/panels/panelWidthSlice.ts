// Whether the side panel in front takes the whole workspace (editors and bytes set aside), for
// panels that need the room: Sizes and its comparison, benchmarks, layouts. View state.
import type { StateCreator } from "zustand";
import type { AppState } from "../../store/types.ts";

export interface PanelWidthSlice {
  sidePanelWide: boolean;
  setSidePanelWide(wide: boolean): void;
}

export const createPanelWidthSlice: StateCreator<AppState, [], [], PanelWidthSlice> = (set, get) => ({
  sidePanelWide: false,
  setSidePanelWide: (sidePanelWide) => {
    set({ sidePanelWide });
    get().touchView();
  },
});
