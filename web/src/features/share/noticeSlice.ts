// Messages about keeping work: storage unavailable, a damaged share link, "link copied".
import type { StateCreator } from "zustand";
import type { AppState } from "../../store/types.ts";
import type { Workspace } from "../workspace/types.ts";

/** Another tab saved changes to files this tab changed too (features/share/tabs.ts). */
export interface TabConflict {
  /** The other tab's workspace, as it saved it. */
  theirs: Workspace;
  /** The files both tabs changed. */
  files: string[];
}

export interface NoticeSlice {
  /** False when localStorage is blocked or full: the header says work is not saved. */
  storageAvailable: boolean;
  /** A transient message for the status line (link copied, link damaged...). */
  notice: string | undefined;
  setStorageAvailable(available: boolean): void;
  setNotice(notice: string | undefined): void;
  /** Set while this tab and another changed the same files: this tab saves nothing until it is resolved. */
  tabConflict: TabConflict | undefined;
  setTabConflict(conflict: TabConflict | undefined): void;
  /** Keeps this tab's files (the other's become the previous work) or takes the other's (this tab's become it). */
  resolveTabConflict(keep: "mine" | "theirs"): void;
}

export const createNoticeSlice: StateCreator<AppState, [], [], NoticeSlice> = (set, get) => ({
  storageAvailable: true,
  notice: undefined,
  setStorageAvailable: (storageAvailable) => set({ storageAvailable }),
  setNotice: (notice) => set({ notice }),
  tabConflict: undefined,
  setTabConflict: (tabConflict) => set({ tabConflict }),
  resolveTabConflict: (keep) => {
    const conflict = get().tabConflict;
    if (!conflict) return;
    const mine = get().snapshot();
    if (keep === "theirs") get().takeFiles(conflict.theirs);
    // The version not kept is the previous work: "Restore" swaps them back.
    set({ tabConflict: undefined, previous: keep === "mine" ? conflict.theirs : mine });
  },
});
