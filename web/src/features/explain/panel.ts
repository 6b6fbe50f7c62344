import type { PanelDefinition } from "../panels/registry.ts";

// The Explain panel: what the hovered or selected byte means. Its code loads on first show.
export const panel: PanelDefinition = {
  id: "explain",
  label: "Explain",
  order: 15,
  load: () => import("./ExplainPanel.tsx").then((m) => m.ExplainPanel),
  view: {
    capture: (state) => ({ followsHover: state.explainFollowsHover }),
    apply: (value, store) => {
      if (value && typeof value === "object" && typeof (value as { followsHover?: unknown }).followsHover === "boolean") {
        store.getState().setExplainFollowsHover((value as { followsHover: boolean }).followsHover);
      }
    },
  },
};
