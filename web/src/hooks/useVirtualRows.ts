// Fixed-height row virtualisation: only the rows in view (plus a margin) are rendered, so a
// 10 MB hex dump (655 360 rows) or a 100 000-node tree scrolls as smoothly as a short one.
import { useCallback, useEffect, useState, type RefObject } from "react";

export interface VirtualRows {
  first: number;
  last: number; // exclusive
  totalHeight: number;
  /** Scrolls so that `row` is visible (no-op when it already is). */
  scrollToRow(row: number): void;
}

/**
 * @param rowCount  number of rows
 * @param rowHeight pixels per row (must match the CSS)
 * @param overscan  extra rows rendered above and below the viewport; default 8 trades a few
 *                  more DOM nodes for no blank flashes on fast scrolls
 */
export function useVirtualRows(container: RefObject<HTMLElement | null>, rowCount: number, rowHeight: number, overscan = 8): VirtualRows {
  const [view, setView] = useState({ top: 0, height: 400 });

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const update = () => setView({ top: el.scrollTop, height: el.clientHeight || 400 });
    update();
    el.addEventListener("scroll", update, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      el.removeEventListener("scroll", update);
      observer?.disconnect();
    };
  }, [container]);

  const first = Math.max(0, Math.floor(view.top / rowHeight) - overscan);
  const last = Math.min(rowCount, Math.ceil((view.top + view.height) / rowHeight) + overscan);

  const scrollToRow = useCallback(
    (row: number) => {
      const el = container.current;
      if (!el) return;
      const top = row * rowHeight;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = top + rowHeight - el.clientHeight;
    },
    [container, rowHeight],
  );

  return { first, last, totalHeight: rowCount * rowHeight, scrollToRow };
}
