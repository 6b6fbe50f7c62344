// What the service worker has told the page: the app is cached for offline use, or a newer
// deployment is installed and waiting for the learner to reload into it.
import type { StateCreator } from "zustand";
import type { AppState } from "../../store/types.ts";

export interface OfflineSlice {
  /** The service worker has precached this version: later visits work with no network. */
  offlineReady: boolean;
  /** A newer build is installed and waiting; the page offers to reload into it. */
  updateReady: boolean;
  setOfflineReady(ready: boolean): void;
  setUpdateReady(ready: boolean): void;
}

export const createOfflineSlice: StateCreator<AppState, [], [], OfflineSlice> = (set) => ({
  offlineReady: false,
  updateReady: false,
  setOfflineReady: (offlineReady) => set({ offlineReady }),
  setUpdateReady: (updateReady) => set({ updateReady }),
});
