// The first minute: the welcome note (dismissed once, remembered on this device) and the Help
// dialog with the keyboard shortcuts.
import type { StateCreator } from "zustand";
import type { AppState } from "../../store/types.ts";
import { browserStorage } from "../share/storage.ts";

/** Where the welcome's dismissal is remembered. */
export const WELCOME_KEY = "wirelab:welcome-dismissed";

export interface OnboardingSlice {
  /** Whether the welcome note shows (until dismissed once on this device). */
  welcomeOpen: boolean;
  helpOpen: boolean;
  /**
   * Whether Tab moves the focus out of an editor (Ctrl/Cmd+M switches it) instead of indenting.
   * Escape arms it for the next key only.
   */
  tabMovesFocus: boolean;
  /** True between Escape in an editor and the next key: a Tab then leaves the editor. */
  tabEscapeArmed: boolean;
  dismissWelcome(): void;
  setTabMovesFocus(on: boolean): void;
  setTabEscapeArmed(on: boolean): void;
  setHelpOpen(open: boolean): void;
}

export const createOnboardingSlice: StateCreator<AppState, [], [], OnboardingSlice> = (set) => ({
  welcomeOpen: browserStorage().get(WELCOME_KEY) === undefined,
  helpOpen: false,
  tabMovesFocus: false,
  tabEscapeArmed: false,
  setTabMovesFocus: (tabMovesFocus) => set({ tabMovesFocus }),
  setTabEscapeArmed: (tabEscapeArmed) => set({ tabEscapeArmed }),
  dismissWelcome: () => {
    browserStorage().set(WELCOME_KEY, "1");
    set({ welcomeOpen: false });
  },
  setHelpOpen: (helpOpen) => set({ helpOpen }),
});
