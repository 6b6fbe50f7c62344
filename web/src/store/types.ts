import type { WorkspaceSlice } from "../features/workspace/workspaceSlice.ts";
import type { ResultSlice } from "../features/runner/resultSlice.ts";
import type { SelectionSlice } from "../features/selection/selectionSlice.ts";
import type { NoticeSlice } from "../features/share/noticeSlice.ts";
import type { ViewSlice } from "../features/view/viewSlice.ts";
import type { SizesSlice } from "../features/sizes/sizesSlice.ts";
import type { OfflineSlice } from "../features/offline/offlineSlice.ts";
import type { BenchSlice } from "../features/bench/benchSlice.ts";
import type { EmbedSlice } from "../features/embed/embedSlice.ts";
import type { ArenaSlice } from "../features/arena/arenaSlice.ts";
import type { LayoutSlice } from "../features/layout/layoutSlice.ts";
import type { TreeSlice } from "../features/tree/treeSlice.ts";
import type { ExplainSlice } from "../features/explain/explainSlice.ts";
import type { ExamplesSlice } from "../features/examples/examplesSlice.ts";
import type { PanelWidthSlice } from "../features/panels/panelWidthSlice.ts";
import type { OnboardingSlice } from "../features/onboarding/onboardingSlice.ts";
import type { LessonsSlice } from "../features/lessons/lessonsSlice.ts";
import type { EvolveSlice } from "../features/evolve/evolveSlice.ts";
import type { DerivedSlice } from "../features/derived/derivedSlice.ts";

/**
 * The one store: each feature owns a slice; components select narrowly from it. A new feature
 * adds its slice type here and its creator in ./index.ts.
 */
export type AppState = WorkspaceSlice & ResultSlice & SelectionSlice & NoticeSlice & ViewSlice & SizesSlice & OfflineSlice & BenchSlice & EmbedSlice & ArenaSlice & LayoutSlice & ExplainSlice & OnboardingSlice & ExamplesSlice & PanelWidthSlice & LessonsSlice & EvolveSlice & TreeSlice & DerivedSlice;
