// A read-only frame's view of a file: the text with line numbers, its linked highlights (the
// hovered and selected bytes' tokens) and its diagnostics underlined, without Monaco. A frame in
// documentation that cannot be edited has no use for an editor's 3 MB; five of them on a page
// would start five. Clicking a character selects the bytes it made, as moving Monaco's cursor does.
import { useEffect, useMemo, useRef, type MouseEvent } from "react";
import type { Diagnostic } from "../../../../engine/diagnostics.ts";
import { registerEditor } from "./editorRegistry.ts";
import type { Highlight } from "./CodeEditor.tsx";

/** Largest text (characters) shown this way; longer files get Monaco, which draws only what is in view. */
export const LIGHT_VIEW_LIMIT = 64 * 1024;

interface Mark {
  from: number;
  to: number;
  className: string;
}

interface Piece {
  text: string;
  className: string | undefined;
}

/** Splits line [start, end) of `text` at every mark boundary, each piece with the classes over it. */
function piecesOf(text: string, start: number, end: number, marks: readonly Mark[]): Piece[] {
  const cuts = new Set<number>([start, end]);
  for (const m of marks) {
    if (m.from > start && m.from < end) cuts.add(m.from);
    if (m.to > start && m.to < end) cuts.add(m.to);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out: Piece[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const from = points[i]!;
    const to = points[i + 1]!;
    const classes = marks.filter((m) => m.from <= from && m.to >= to && m.to > m.from).map((m) => m.className);
    out.push({ text: text.slice(from, to), className: classes.length ? classes.join(" ") : undefined });
  }
  return out;
}

export interface LightEditorProps {
  name: string;
  ariaLabel: string;
  value: string;
  diagnostics: readonly Diagnostic[];
  highlights: readonly Highlight[];
  onCursor?(offset: number): void;
}

export function LightEditor({ name, ariaLabel, value, diagnostics, highlights, onCursor }: LightEditorProps) {
  const host = useRef<HTMLPreElement>(null);
  const lines = useMemo(() => {
    const out: { start: number; end: number }[] = [];
    let start = 0;
    for (;;) {
      const nl = value.indexOf("\n", start);
      if (nl < 0) {
        out.push({ start, end: value.length });
        return out;
      }
      out.push({ start, end: nl });
      start = nl + 1;
    }
  }, [value]);
  const marks = useMemo<Mark[]>(() => {
    const out: Mark[] = [];
    for (const d of diagnostics) {
      const span = d.span.kind === "text" ? d.span : d.span.kind === "none" ? d.span.near : undefined;
      if (!span) continue;
      // A zero-width span still gets a visible mark: one character.
      const from = span.start.offset;
      out.push({ from, to: Math.max(span.end.offset, from + 1), className: d.severity === "error" ? "light-error" : "light-warning" });
    }
    for (const h of highlights) out.push({ from: h.from, to: h.to, className: h.kind === "hover" ? "wl-token-hover" : "wl-token-selected" });
    return out;
  }, [diagnostics, highlights]);

  // The problems list's "go to" works here too: scroll the span into view and focus the text.
  useEffect(
    () =>
      registerEditor(name, {
        reveal(span) {
          const el = host.current;
          const line = el?.querySelector<HTMLElement>(`[data-line="${span.start.line}"]`);
          line?.scrollIntoView({ block: "nearest" });
          el?.focus();
        },
      }),
    [name],
  );

  // The first selected token in view, as Monaco reveals it.
  const firstSelected = highlights.find((h) => h.kind === "selected")?.from;
  useEffect(() => {
    if (firstSelected === undefined || !host.current || host.current.contains(document.activeElement)) return;
    host.current.querySelector(".wl-token-selected")?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [firstSelected]);

  const onClick = (e: MouseEvent<HTMLPreElement>) => {
    if (!onCursor) return;
    const caret = document.caretRangeFromPoint?.(e.clientX, e.clientY);
    const node = caret?.startContainer;
    const piece = node?.parentElement?.closest<HTMLElement>("[data-from]");
    if (!caret || !piece || node?.nodeType !== Node.TEXT_NODE) return;
    // Offsets within a piece count from its first character; a piece holds one text node.
    onCursor(Number(piece.dataset.from) + caret.startOffset);
  };

  return (
    <pre
      ref={host}
      className="light-editor"
      data-editor={name}
      data-readonly="true"
      role="textbox"
      aria-readonly="true"
      aria-multiline="true"
      aria-label={ariaLabel}
      tabIndex={0}
      onClick={onClick}
    >
      {lines.map((line, i) => {
        let at = line.start;
        return (
          <span key={i} className="light-line" data-line={i + 1}>
            <span className="light-number" aria-hidden="true">
              {i + 1}
            </span>
            {piecesOf(value, line.start, line.end, marks).map((p, j) => {
              const from = at;
              at += p.text.length;
              return (
                <span key={j} className={p.className} data-from={from}>
                  {p.text}
                </span>
              );
            })}
            {"\n"}
          </span>
        );
      })}
    </pre>
  );
}
