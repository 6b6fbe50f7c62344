// Messages about keeping work: storage unavailable, a damaged share link, "link copied".
import type { StateCreator } from "zustand";
import type { AppState } from "../../store/types.ts";

export interface NoticeSlice {
  /** False when localStorage is blocked or full: the header says work is not saved. */
  storageAvailable: boolean;
  /** A transient message for the status line (link copied, link damaged...). */
  notice: string | undefined;
  setStorageAvailable(available: boolean): void;
  setNotice(notice: string | undefined): void;
}

export const createNoticeSlice: StateCreator<AppState, [], [], NoticeSlice> = (set) => ({
  storageAvailable: true,
  notice: undefined,
  setStorageAvailable: (storageAvailable) => set({ storageAvailable }),
  setNotice: (notice) => set({ notice }),
});
