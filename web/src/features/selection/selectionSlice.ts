// What is lit: the hovered byte range and the selected byte range. Every view links through byte
// ranges, read off the one annotation tree (DESIGN.md: nothing invents its own mapping).
import type { StateCreator } from "zustand";
import type { AppState } from "../../store/types.ts";

/** A half-open byte range [start, end). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Which view set a range (a view does not echo its own highlight back to itself). */
export type RangeOrigin = "hex" | "editor" | "tree";

export interface SelectionSlice {
  hoverRange: ByteRange | null;
  hoverOrigin: RangeOrigin | null;
  selectedRange: ByteRange | null;
  selectedOrigin: RangeOrigin | null;
  /** The byte keyboard navigation moves; with `anchorByte` it spans a shift-selection. */
  focusByte: number;
  anchorByte: number;
  setHover(range: ByteRange | null, origin: RangeOrigin): void;
  select(range: ByteRange | null, origin: RangeOrigin): void;
  /** Moves the keyboard focus; `extend` keeps the anchor (shift). */
  focusAt(byte: number, extend: boolean): void;
}

export const createSelectionSlice: StateCreator<AppState, [], [], SelectionSlice> = (set, get) => ({
  hoverRange: null,
  hoverOrigin: null,
  selectedRange: null,
  selectedOrigin: null,
  focusByte: 0,
  anchorByte: 0,
  setHover: (hoverRange, hoverOrigin) => {
    const old = get().hoverRange;
    if (old === hoverRange || (old && hoverRange && old.start === hoverRange.start && old.end === hoverRange.end)) return;
    set({ hoverRange, hoverOrigin });
  },
  select: (selectedRange, selectedOrigin) => set((s) => ({ selectedRange, selectedOrigin, viewVersion: s.viewVersion + 1 })),
  focusAt: (byte, extend) => {
    const anchor = extend ? get().anchorByte : byte;
    set((s) => ({
      focusByte: byte,
      anchorByte: anchor,
      selectedRange: { start: Math.min(anchor, byte), end: Math.max(anchor, byte) + 1 },
      selectedOrigin: "hex",
      viewVersion: s.viewVersion + 1,
    }));
  },
});
