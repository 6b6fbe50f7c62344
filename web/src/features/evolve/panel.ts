// The Evolve panel in the side-panel registry: what a reader with the next version of the schema
// makes of the bytes, with buf's breaking verdict beside it. Its code and Worker load when shown;
// its state (v1, the type, the "what if" change) lives in the store and travels in links.
import type { PanelDefinition } from "../panels/registry.ts";
import { parseEvolveView } from "./evolveSlice.ts";

export const panel: PanelDefinition = {
  id: "evolve",
  label: "Evolve",
  order: 28,
  heavy: true,
  load: async () => (await import("./EvolvePanel.tsx")).EvolvePanel,
  view: {
    // Fields left unset are written as null so that applying a link clears them.
    capture: (s) => ({ against: s.evolveView.against ?? null, type: s.evolveView.type ?? null, whatIf: s.evolveView.whatIf ?? null }),
    apply: (value, store) => store.getState().setEvolveView(parseEvolveView(value)),
  },
};
