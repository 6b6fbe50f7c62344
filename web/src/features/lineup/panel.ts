// The decoder line-up in the side-panel registry: the current bytes through the engine,
// @bufbuild/protobuf and protobufjs, each in its Worker. Its code loads when first shown.
import type { PanelDefinition } from "../panels/registry.ts";

export const panel: PanelDefinition = {
  id: "lineup",
  label: "Line-up",
  order: 27,
  heavy: true,
  load: async () => (await import("./LineupPanel.tsx")).LineupPanel,
};
