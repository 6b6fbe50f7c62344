// One zustand store made of feature slices. Components use narrow selectors
// (`useAppStore((s) => s.active)`) so a keystroke re-renders only what shows that keystroke.
import { create } from "zustand";
import type { AppState } from "./types.ts";
import { createAppState } from "./appState.ts";

export type { AppState } from "./types.ts";

export const useAppStore = create<AppState>()(createAppState);

