// The Layout panel in the side-panel registry: its code and its Worker load when first shown;
// its state lives in the store (layoutSlice.ts), and links and lessons can preset it.
import type { PanelDefinition } from "../panels/registry.ts";
import { parseLayoutView } from "./layoutSlice.ts";

export const panel: PanelDefinition = {
  id: "layout",
  label: "Layout",
  order: 64,
  heavy: true,
  load: async () => (await import("./LayoutPanel.tsx")).LayoutPanel,
  view: {
    capture: (s) => ({ ...s.layoutView }),
    apply: (value, store) => store.getState().setLayoutView(parseLayoutView(value)),
  },
};
