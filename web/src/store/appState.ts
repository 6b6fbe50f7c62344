// Every slice of the one store, in one state creator: the app's store and tests' fresh stores
// are made from it, so a new slice is added in one place.
import type { StateCreator } from "zustand";
import type { AppState } from "./types.ts";
import { createWorkspaceSlice } from "../features/workspace/workspaceSlice.ts";
import { createResultSlice } from "../features/runner/resultSlice.ts";
import { createSelectionSlice } from "../features/selection/selectionSlice.ts";
import { createNoticeSlice } from "../features/share/noticeSlice.ts";
import { createViewSlice } from "../features/view/viewSlice.ts";
import { createSizesSlice } from "../features/sizes/sizesSlice.ts";
import { createOfflineSlice } from "../features/offline/offlineSlice.ts";
import { createBenchSlice } from "../features/bench/benchSlice.ts";
import { createEmbedSlice } from "../features/embed/embedSlice.ts";
import { createArenaSlice } from "../features/arena/arenaSlice.ts";
import { createLayoutSlice } from "../features/layout/layoutSlice.ts";
import { createExplainSlice } from "../features/explain/explainSlice.ts";
import { createOnboardingSlice } from "../features/onboarding/onboardingSlice.ts";
import { createExamplesSlice } from "../features/examples/examplesSlice.ts";
import { createPanelWidthSlice } from "../features/panels/panelWidthSlice.ts";
import { createLessonsSlice } from "../features/lessons/lessonsSlice.ts";
import { createEvolveSlice } from "../features/evolve/evolveSlice.ts";
import { createTreeSlice } from "../features/tree/treeSlice.ts";
import { createDerivedSlice } from "../features/derived/derivedSlice.ts";

export const createAppState: StateCreator<AppState> = (...a) => ({
  ...createWorkspaceSlice(...a),
  ...createResultSlice(...a),
  ...createSelectionSlice(...a),
  ...createNoticeSlice(...a),
  ...createViewSlice(...a),
  ...createSizesSlice(...a),
  ...createOfflineSlice(...a),
  ...createBenchSlice(...a),
  ...createEmbedSlice(...a),
  ...createArenaSlice(...a),
  ...createLayoutSlice(...a),
  ...createExplainSlice(...a),
  ...createOnboardingSlice(...a),
  ...createExamplesSlice(...a),
  ...createPanelWidthSlice(...a),
  ...createLessonsSlice(...a),
  ...createEvolveSlice(...a),
  ...createTreeSlice(...a),
  ...createDerivedSlice(...a),
});
