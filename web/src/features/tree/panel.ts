import type { PanelDefinition } from "../panels/registry.ts";
import { FieldTree } from "./FieldTree.tsx";
import { MAX_LINKED_EXPANDED } from "./treeSlice.ts";

// The panel in front on a fresh page: part of the first chunk, not loaded later.
export const panel: PanelDefinition = {
  id: "fields",
  label: "Field tree",
  order: 10,
  load: () => Promise.resolve(FieldTree),
  view: {
    capture: (state) => ({ expanded: [...state.treeExpanded].slice(0, MAX_LINKED_EXPANDED) }),
    apply: (value, store) => {
      const expanded = (value as { expanded?: unknown } | null)?.expanded;
      if (Array.isArray(expanded)) store.getState().setTreeExpanded(expanded.filter((k): k is string => typeof k === "string").slice(0, MAX_LINKED_EXPANDED));
    },
  },
};
