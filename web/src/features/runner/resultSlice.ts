// The engine's latest answer for the workspace. Written by the runner (./runner.ts), read by
// every view.
import type { StateCreator } from "zustand";
import type { AppState } from "../../store/types.ts";
import type { WorkspaceResult } from "../../../../engine/workspace/types.ts";

export interface ResultSlice {
  result: WorkspaceResult | undefined;
  /** Counts results applied; the hex grid exposes it as `data-bytes-version` for tests. */
  bytesVersion: number;
  /** performance.now() when the latest result reached the store (its render follows). */
  resultAppliedAt: number;
  /** The editVersion the shown result was computed from. */
  resultEditVersion: number;
  /** An engine failure (a bug or a time-out), shown in the status bar. */
  engineError: string | undefined;
  /** True while a run for a newer edit is under way (large inputs). */
  running: boolean;
  /** Counts the learner's requests to run now (Ctrl/Cmd+Enter); the runner follows it. */
  runRequests: number;
  /** Asks the runner to run again now (on the page when small, in the Worker when large). */
  requestRun(): void;
  applyResult(result: WorkspaceResult, editVersion: number): void;
  setEngineError(message: string | undefined): void;
  setRunning(running: boolean): void;
}

export const createResultSlice: StateCreator<AppState, [], [], ResultSlice> = (set) => ({
  result: undefined,
  bytesVersion: 0,
  resultEditVersion: -1,
  resultAppliedAt: 0,
  engineError: undefined,
  running: false,
  runRequests: 0,
  requestRun: () => set((s) => ({ runRequests: s.runRequests + 1 })),
  applyResult: (result, editVersion) =>
    set((s) => ({ result, resultEditVersion: editVersion, resultAppliedAt: performance.now(), bytesVersion: s.bytesVersion + 1, engineError: undefined })),
  setEngineError: (engineError) => set({ engineError }),
  setRunning: (running) => set({ running }),
});
