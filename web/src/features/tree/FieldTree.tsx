// The annotation tree with names, types, values and byte ranges. Hovering a row lights that row
// and its bytes; hovering a byte lights the deepest shown node that holds it; clicking a row
// selects it (the triangle folds and unfolds); Enter or Space selects, Left/Right fold.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { Annotation } from "../../../../engine/annotate/types.ts";
import { useAppStore } from "../../store/index.ts";
import { useVirtualRows } from "../../hooks/useVirtualRows.ts";
import { chainAt } from "../../../../engine/explain/context.ts";
import { flattenTree, nodeLabel } from "./flatten.ts";
import { byteRangeText } from "../../../../engine/explain/range.ts";

/** Row height in pixels; must match `.tree-row` in the CSS. */
const TREE_ROW_HEIGHT = 22;
const NO_NODES: Annotation[] = [];

export function FieldTree() {
  const annotations = useAppStore((s) => s.result?.annotations ?? NO_NODES);
  const hoverRange = useAppStore((s) => s.hoverRange);
  const loading = useAppStore((s) => s.result === undefined);
  const selectedRange = useAppStore((s) => s.selectedRange);
  const setHover = useAppStore((s) => s.setHover);
  const select = useAppStore((s) => s.select);
  const expanded = useAppStore((s) => s.treeExpanded);
  const toggle = useAppStore((s) => s.toggleTreeNode);
  const [active, setActive] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);

  // Short messages start open, down to their leaves' parents.
  useEffect(() => useAppStore.getState().expandShortTree(annotations), [annotations]);

  const rows = useMemo(() => flattenTree(annotations, expanded), [annotations, expanded]);
  const { first, last, totalHeight, scrollToRow } = useVirtualRows(scroller, rows.length, TREE_ROW_HEIGHT);

  // Which shown row stands for a byte range: the shown node with exactly that range (hovering a
  // row lights that row, not its first child; a cursor on a message's `{` selects the message),
  // else the innermost shown node holding all of it, else the innermost holding its first byte.
  const rowIndexForRange = useMemo(() => {
    // Built on first use: most results are never hovered, and big trees have 100 000s of rows.
    let index: Map<Annotation, number> | undefined;
    return (start: number, end: number): number => {
      if (!index) {
        index = new Map<Annotation, number>();
        for (let i = 0; i < rows.length; i++) index.set(rows.at(i)!.node, i);
      }
      const chain = chainAt(annotations, start);
      let holdsAll = -1;
      let holdsFirst = -1;
      for (let d = chain.length - 1; d >= 0; d--) {
        const node = chain[d]!;
        const i = index.get(node);
        if (i === undefined) continue;
        if (node.bytes[0] === start && node.bytes[1] === end) return i;
        if (holdsAll < 0 && node.bytes[0] <= start && node.bytes[1] >= end) holdsAll = i;
        if (holdsFirst < 0) holdsFirst = i;
      }
      return holdsAll >= 0 ? holdsAll : holdsFirst;
    };
  }, [rows, annotations]);

  const hoverRow = hoverRange ? rowIndexForRange(hoverRange.start, hoverRange.end) : -1;
  const selectedRow = selectedRange ? rowIndexForRange(selectedRange.start, selectedRange.end) : -1;

  useEffect(() => {
    if (selectedRow >= 0) scrollToRow(selectedRow);
  }, [selectedRow, scrollToRow]);

  const activate = (i: number) => {
    const row = rows.at(i);
    if (!row) return;
    setActive(i);
    select({ start: row.node.bytes[0], end: row.node.bytes[1] }, "tree");
    scrollToRow(i);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const row = rows.at(active);
    const hasKids = !!row?.node.children?.length;
    const open = row ? expanded.has(row.key) : false;
    if (e.key === "ArrowDown") activate(Math.min(rows.length - 1, active + 1));
    else if (e.key === "ArrowUp") activate(Math.max(0, active - 1));
    else if (e.key === "Home") activate(0);
    else if (e.key === "End") activate(rows.length - 1);
    else if (e.key === "ArrowRight" && row && hasKids && !open) toggle(row.key);
    else if (e.key === "ArrowLeft" && row && hasKids && open) toggle(row.key);
    else if ((e.key === "Enter" || e.key === " ") && row) activate(active);
    else return;
    e.preventDefault();
  };

  const shown = [];
  for (let i = first; i < last; i++) {
    const row = rows.at(i)!;
    const { node } = row;
    const hasKids = !!node.children?.length;
    const open = hasKids && expanded.has(row.key);
    shown.push(
      <div
        key={row.renderKey}
        id={`tree-${i}`}
        role="treeitem"
        aria-level={row.depth + 1}
        aria-posinset={row.index}
        aria-setsize={row.siblings}
        aria-expanded={hasKids ? open : undefined}
        aria-selected={i === selectedRow}
        className={`tree-row${i === hoverRow ? " is-hover" : ""}${i === selectedRow ? " is-selected" : ""}${node.kind === "error" ? " is-error" : ""}`}
        style={{ top: i * TREE_ROW_HEIGHT, paddingLeft: 6 + row.depth * 14 }}
        onMouseEnter={() => setHover({ start: node.bytes[0], end: node.bytes[1] }, "tree")}
        onClick={() => {
          // Selecting never folds: the disclosure triangle does.
          setActive(i);
          select({ start: node.bytes[0], end: node.bytes[1] }, "tree");
        }}
      >
        <span
          className={`tree-chevron${hasKids ? " is-toggle" : ""}`}
          aria-hidden="true"
          title={hasKids ? (open ? "Fold" : "Unfold") : undefined}
          onClick={
            hasKids
              ? (e) => {
                  e.stopPropagation();
                  setActive(i);
                  toggle(row.key);
                }
              : undefined
          }
        >
          {hasKids ? (open ? "▾" : "▸") : ""}
        </span>
        <span className="tree-label">{nodeLabel(node)}</span>
        <span className="tree-range">{byteRangeText(node.bytes[0], node.bytes[1])}</span>
      </div>,
    );
  }

  return (
    <div
      ref={scroller}
      className="tree-scroller"
      role="tree"
      aria-label="Fields"
      tabIndex={0}
      aria-activedescendant={active >= first && active < last && rows.length > 0 ? `tree-${active}` : undefined}
      onKeyDown={onKeyDown}
      onMouseLeave={() => setHover(null, "tree")}
    >
      <div className="tree-rows" style={{ height: Math.max(totalHeight, TREE_ROW_HEIGHT) }}>
        {rows.length === 0 ? (
          <div role="treeitem" aria-selected={false} className="tree-row tree-empty" style={{ top: 0 }}>
            {loading ? "loading…" : "no fields"}
          </div>
        ) : (
          shown
        )}
      </div>
    </div>
  );
}
