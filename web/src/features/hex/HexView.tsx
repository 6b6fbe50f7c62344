// The bytes, 16 a row, coloured by annotation kind. Hovering a byte lights the whole value it
// belongs to here, its token in the editor and its node in the field tree; selecting (mouse,
// keyboard with shift) lights the same. Virtualised: only visible rows exist in the DOM.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ClipboardEvent } from "react";
import { useAppStore } from "../../store/index.ts";
import { useVirtualRows } from "../../hooks/useVirtualRows.ts";
import { leafAt } from "../selection/annotationIndex.ts";
import { hexByte } from "../../../../engine/wire/hex.ts";
import { formatHex } from "../bytes-input/parseBytes.ts";
import { kindClass } from "./palette.ts";
import { HexLegend } from "./HexLegend.tsx";
import { copyText } from "./clipboard.ts";
import { HexFocusDescription, HexHover, type HoverAnchor } from "./HexHover.tsx";

/** Bytes per row: the classic hexdump width, or half of it where 16 (with the ASCII column) do not fit. */
const WIDE_ROW = 16;
const NARROW_ROW = 8;
/** Row height in pixels; must match `.hex-row` in the CSS. */
export const HEX_ROW_HEIGHT = 22;

const EMPTY = new Uint8Array(0);

function printable(b: number): string {
  return b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : "·";
}

export function HexView() {
  const bytes = useAppStore((s) => s.result?.bytes ?? EMPTY);
  const annotations = useAppStore((s) => s.result?.annotations);
  const bytesVersion = useAppStore((s) => s.bytesVersion);
  // Before the first result (the workspace and the engine are still loading), say so rather than "0 bytes".
  const loading = useAppStore((s) => s.result === undefined);
  const hoverRange = useAppStore((s) => s.hoverRange);
  const selectedRange = useAppStore((s) => s.selectedRange);
  const focusByte = useAppStore((s) => s.focusByte);
  const setHover = useAppStore((s) => s.setHover);
  const focusAt = useAppStore((s) => s.focusAt);
  const setHoverByte = useAppStore((s) => s.setHoverByte);
  // A lesson may keep the bytes' meaning (colours, hover text) or the bytes themselves out of sight.
  const veil = useAppStore((s) => s.veil?.hex);
  const veilReason = useAppStore((s) => s.veil?.reason);
  const scroller = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLElement>(null);
  const dragging = useRef(false);
  // Where the hovered cell is on screen: transient, so component state.
  const [anchor, setAnchor] = useState<HoverAnchor | null>(null);

  useEffect(() => {
    const up = () => (dragging.current = false);
    window.addEventListener("mouseup", up);
    return () => window.removeEventListener("mouseup", up);
  }, []);

  // Rows hold 16 bytes when a full row (offset, 16 cells, ASCII) fits the pane, else 8: the ASCII
  // column is never cut off. A hidden full row is measured (fonts and zoom decide its width).
  const measure = useRef<HTMLDivElement>(null);
  const [ROW_BYTES, setRowBytes] = useState(WIDE_ROW);
  useLayoutEffect(() => {
    const el = scroller.current;
    const probe = measure.current;
    if (!el || !probe) return;
    const check = () => setRowBytes(el.clientWidth >= probe.scrollWidth + 4 ? WIDE_ROW : NARROW_ROW);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    check();
    return () => observer.disconnect();
  }, []);
  const rowCount = Math.ceil(bytes.length / ROW_BYTES);
  const { first, last, totalHeight, scrollToRow } = useVirtualRows(scroller, rowCount, HEX_ROW_HEIGHT);

  // The app signal end-to-end tests and the latency benchmark wait on: bytes are in the DOM.
  useLayoutEffect(() => {
    if (bytesVersion === 0) return;
    const now = performance.now();
    const { editAt, resultAppliedAt } = useAppStore.getState();
    performance.mark("wirelab:bytes-updated", { detail: { version: bytesVersion, latencyMs: now - editAt } });
    // The page's render of a new result (React, the hex rows, the tree), for the benchmark.
    performance.measure("wirelab:render", { start: resultAppliedAt, end: now });
  }, [bytesVersion]);

  // An editor or tree selection scrolls its first byte into view.
  const selectedStart = selectedRange?.start;
  useLayoutEffect(() => {
    if (selectedStart !== undefined) scrollToRow(Math.floor(selectedStart / ROW_BYTES));
  }, [selectedStart, scrollToRow]);

  const byteOf = (e: MouseEvent): number | undefined => {
    const cell = (e.target as HTMLElement).closest<HTMLElement>("[data-i]");
    return cell ? Number(cell.dataset.i) : undefined;
  };

  const onMouseOver = (e: MouseEvent) => {
    const i = byteOf(e);
    if (i === undefined) return;
    const leaf = annotations && !veil ? leafAt(annotations, i) : undefined;
    setHover(leaf ? { start: leaf.bytes[0], end: leaf.bytes[1] } : { start: i, end: i + 1 }, "hex");
    setHoverByte(veil ? null : i);
    const cell = (e.target as HTMLElement).closest<HTMLElement>("[data-i]")!.getBoundingClientRect();
    const box = panel.current!.getBoundingClientRect();
    setAnchor({ left: cell.left - box.left, top: cell.top - box.top, bottom: cell.bottom - box.top, width: box.width });
    if (dragging.current) focusAt(i, true);
  };
  const onMouseDown = (e: MouseEvent) => {
    const i = byteOf(e);
    if (i === undefined) return;
    dragging.current = true;
    focusAt(i, e.shiftKey);
  };

  const move = useCallback(
    (to: number, extend: boolean) => {
      if (bytes.length === 0) return;
      const i = Math.max(0, Math.min(bytes.length - 1, to));
      focusAt(i, extend);
      scrollToRow(Math.floor(i / ROW_BYTES));
    },
    [bytes.length, focusAt, scrollToRow],
  );

  const onKeyDown = (e: KeyboardEvent) => {
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 300) / HEX_ROW_HEIGHT) - 1) * ROW_BYTES;
    const keys: Record<string, number> = {
      ArrowLeft: focusByte - 1,
      ArrowRight: focusByte + 1,
      ArrowUp: focusByte - ROW_BYTES,
      ArrowDown: focusByte + ROW_BYTES,
      PageUp: focusByte - page,
      PageDown: focusByte + page,
      Home: e.ctrlKey || e.metaKey ? 0 : focusByte - (focusByte % ROW_BYTES),
      End: e.ctrlKey || e.metaKey ? bytes.length - 1 : focusByte - (focusByte % ROW_BYTES) + ROW_BYTES - 1,
    };
    const to = keys[e.key];
    if (to !== undefined) {
      e.preventDefault();
      move(to, e.shiftKey);
    } else if (e.key === "Escape") {
      useAppStore.getState().select(null, "hex");
    }
  };

  const onCopy = (e: ClipboardEvent) => {
    const range = useAppStore.getState().selectedRange ?? { start: 0, end: bytes.length };
    e.clipboardData.setData("text/plain", formatHex(bytes, range.start, Math.min(range.end, bytes.length)));
    e.preventDefault();
  };

  const rows = [];
  for (let r = first; r < last; r++) {
    const cells = [];
    let ascii = "";
    for (let c = 0; c < ROW_BYTES; c++) {
      const i = r * ROW_BYTES + c;
      if (i >= bytes.length) break;
      const b = bytes[i]!;
      ascii += printable(b);
      const kind = annotations && !veil ? leafAt(annotations, i)?.kind : undefined;
      const hovered = hoverRange !== null && i >= hoverRange.start && i < hoverRange.end;
      const selected = selectedRange !== null && i >= selectedRange.start && i < selectedRange.end;
      cells.push(
        <span
          key={c}
          role="gridcell"
          id={`hex-${i}`}
          data-i={i}
          aria-selected={selected}
          className={`hex-cell ${veil ? "" : kindClass(kind)}${c === 7 && ROW_BYTES === WIDE_ROW ? " hex-gap" : ""}${hovered ? " is-hover" : ""}${selected ? " is-selected" : ""}${i === focusByte ? " is-focus" : ""}`}
        >
          {hexByte(b)}
        </span>,
      );
    }
    rows.push(
      <div key={r} role="row" aria-rowindex={r + 1} className="hex-row" style={{ top: r * HEX_ROW_HEIGHT }}>
        <span role="rowheader" className="hex-offset">
          {(r * ROW_BYTES).toString(16).padStart(8, "0")}
        </span>
        {cells}
        <span className="hex-ascii" aria-hidden="true">
          {ascii}
        </span>
      </div>,
    );
  }

  const copyAll = () => {
    const range = useAppStore.getState().selectedRange ?? { start: 0, end: bytes.length };
    void copyText(formatHex(bytes, range.start, Math.min(range.end, bytes.length))).then((ok) =>
      useAppStore.getState().setNotice(ok ? "Copied as hex" : "Copying is blocked here; select the bytes and press Ctrl+C"),
    );
  };

  return (
    <section ref={panel} className="hex-panel" aria-labelledby="hex-heading">
      <div className="panel-header">
        <h2 id="hex-heading">Bytes</h2>
        <span className="hex-count" aria-live="polite">
          {loading ? "Loading the workspace…" : veil === "hidden" ? "? bytes" : `${bytes.length.toLocaleString("en")} bytes`}
        </span>
        <button type="button" onClick={copyAll}>
          Copy hex
        </button>
      </div>
      {veil ? (
        <p className="veil-note" data-testid="hex-veil">
          {veilReason}
        </p>
      ) : (
        <HexLegend />
      )}
      <div className="hex-measure" aria-hidden="true">
        <div ref={measure} className="hex-row">
          <span className="hex-offset">00000000</span>
          {Array.from({ length: WIDE_ROW }, (_, c) => (
            <span key={c} className="hex-cell">
              00
            </span>
          ))}
          <span className="hex-ascii">{"W".repeat(WIDE_ROW)}</span>
        </div>
      </div>
      <div
        ref={scroller}
        className="hex-scroller"
        id="bytes-grid"
        role="grid"
        aria-label="Bytes"
        aria-rowcount={Math.max(1, rowCount)}
        aria-colcount={ROW_BYTES}
        aria-multiselectable="true"
        aria-activedescendant={veil !== "hidden" && bytes.length > 0 && focusByte >= first * ROW_BYTES && focusByte < last * ROW_BYTES ? `hex-${focusByte}` : undefined}
        aria-describedby="hex-focus-explain"
        data-bytes-version={bytesVersion}
        tabIndex={0}
        onMouseOver={onMouseOver}
        onMouseLeave={() => {
          setHover(null, "hex");
          setHoverByte(null);
          setAnchor(null);
        }}
        onScroll={() => setAnchor(null)}
        onMouseDown={onMouseDown}
        onKeyDown={onKeyDown}
        onCopy={onCopy}
      >
        <div className="hex-rows" style={{ height: veil === "hidden" ? HEX_ROW_HEIGHT : Math.max(totalHeight, HEX_ROW_HEIGHT) }}>
          {veil === "hidden" ? (
            <div role="row" className="hex-row" style={{ top: 0 }}>
              <span role="gridcell" className="hex-empty">
                the bytes wait for your guess
              </span>
            </div>
          ) : rowCount === 0 ? (
            <div role="row" className="hex-row" style={{ top: 0 }}>
              <span role="gridcell" className="hex-empty">
                {loading ? "loading…" : "no bytes"}
              </span>
            </div>
          ) : (
            rows
          )}
        </div>
      </div>
      {!veil && <HexHover anchor={anchor} />}
      {!veil && bytes.length > 0 && <HexFocusDescription byte={Math.min(focusByte, bytes.length - 1)} />}
    </section>
  );
}
