// The Arena panel in the side-panel registry: its code loads when first shown; its state (the
// script, the reading, the step) lives in the store (arenaSlice.ts), and links and lessons can
// preset a step.
import type { PanelDefinition } from "../panels/registry.ts";
import { parseArenaView } from "./arenaSlice.ts";

export const panel: PanelDefinition = {
  id: "arena",
  label: "Arena",
  order: 62,
  load: async () => (await import("./ArenaPanel.tsx")).ArenaPanel,
  view: {
    capture: (s) => {
      const { script, goScript, mode, source, step, speed } = s.arena;
      return { script, goScript, mode, source, step, speed };
    },
    apply: (value, store) => store.getState().setArenaView({ ...parseArenaView(value), playing: false }),
  },
};
