import type { PanelDefinition } from "../panels/registry.ts";
import { ReadingsPanel } from "./ReadingsPanel.tsx";

export const panel: PanelDefinition = {
  id: "readings",
  label: "Readings",
  order: 20,
  load: () => Promise.resolve(ReadingsPanel),
};
