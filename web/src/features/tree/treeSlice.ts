// The field tree's state: which nodes are unfolded (by node key: byte range, depth and kind, so a
// node stays open while edits elsewhere leave it in place). Kept in the store, not the component,
// so links, lessons and autosave carry it (panel.ts) and it survives the panel being hidden.
import type { StateCreator } from "zustand";
import type { AnnotationList } from "../../../../engine/annotate/types.ts";
import type { AppState } from "../../store/types.ts";
import { nodeKey } from "./flatten.ts";

/** Up to this many top-level nodes, a new tree starts unfolded (a short message reads at a glance). */
export const AUTO_EXPAND_LIMIT = 50;
/** Unfolded down to this depth when a short tree arrives. */
const AUTO_EXPAND_DEPTH = 4;
/** A link carries at most this many unfolded nodes. */
export const MAX_LINKED_EXPANDED = 1000;

export interface TreeSlice {
  treeExpanded: ReadonlySet<string>;
  toggleTreeNode(key: string): void;
  /** Unfolds a short tree's nodes down to its leaves' parents (nothing for a long one). */
  expandShortTree(roots: AnnotationList): void;
  setTreeExpanded(keys: Iterable<string>): void;
}

export const createTreeSlice: StateCreator<AppState, [], [], TreeSlice> = (set, get) => ({
  treeExpanded: new Set(),
  toggleTreeNode: (key) => {
    const next = new Set(get().treeExpanded);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    set({ treeExpanded: next });
    get().touchView();
  },
  expandShortTree: (roots) => {
    if (roots.length > AUTO_EXPAND_LIMIT) return;
    const old = get().treeExpanded;
    const next = new Set(old);
    const open = (nodes: AnnotationList, depth: number) => {
      for (const n of nodes) {
        if (n.children && n.children.length > 0 && depth < AUTO_EXPAND_DEPTH) {
          next.add(nodeKey(n, depth));
          open(n.children, depth + 1);
        }
      }
    };
    open(roots, 0);
    if (next.size !== old.size) set({ treeExpanded: next });
  },
  setTreeExpanded: (keys) => set({ treeExpanded: new Set(keys) }),
});
