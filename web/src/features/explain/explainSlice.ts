// The Explain panel's state: whether it follows the pointer over the bytes (or only the
// selection), and the byte under the pointer (which the hex view's hover text explains too).
import type { StateCreator } from "zustand";
import type { AppState } from "../../store/types.ts";

export interface ExplainSlice {
  /** The byte the pointer is over in the hex view, or null. */
  hoverByte: number | null;
  /** Whether the Explain panel shows the hovered byte (true) or only the selected one. */
  explainFollowsHover: boolean;
  setHoverByte(byte: number | null): void;
  setExplainFollowsHover(on: boolean): void;
}

export const createExplainSlice: StateCreator<AppState, [], [], ExplainSlice> = (set, get) => ({
  hoverByte: null,
  explainFollowsHover: true,
  setHoverByte: (hoverByte) => {
    if (get().hoverByte !== hoverByte) set({ hoverByte });
  },
  setExplainFollowsHover: (explainFollowsHover) => {
    set({ explainFollowsHover });
    get().touchView(); // view state: links and autosave carry it (panel.ts)
  },
});

/**
 * The byte the Explain panel explains: the hovered one while it follows the pointer, else the
 * keyboard's byte for a selection made in the hex view, else the first byte of a selection made
 * in the editor or the tree. Null when nothing is hovered or selected.
 */
export function explainTarget(s: AppState): number | null {
  if (s.explainFollowsHover && s.hoverByte !== null) return s.hoverByte;
  if (s.selectedRange === null) return null;
  return s.selectedOrigin === "hex" ? s.focusByte : s.selectedRange.start;
}
