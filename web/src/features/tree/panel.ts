import type { PanelDefinition } from "../panels/registry.ts";
import { FieldTree } from "./FieldTree.tsx";

// The panel in front on a fresh page: part of the first chunk, not loaded later.
export const panel: PanelDefinition = {
  id: "fields",
  label: "Field tree",
  order: 10,
  load: () => Promise.resolve(FieldTree),
};
