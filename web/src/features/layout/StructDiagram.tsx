// One Go struct as rows of 8-byte words: each byte coloured by the field that holds it, padding
// hatched, internal fields grey, and a line from every pointer-like field (pointer, slice,
// string, map, interface) down to the heap objects decoding put behind it.
import type { DecodeAllocs, GoStructLayout } from "../../../../engine/layout/index.ts";

const WORDS_PER_ROW = 4;
const CELL = 14;
const ROW_H = 44;
const LEFT = 34;
/** Field colours (layout.css: light and dark variants, each with --fg readable on it). */
const HUES = Array.from({ length: 8 }, (_, i) => `var(--layout-hue-${i})`);

function heapCount(allocs: DecodeAllocs | undefined, proto: string | undefined): number | undefined {
  if (!allocs || !proto) return undefined;
  const name = proto.startsWith("oneof:") ? undefined : proto;
  return allocs.items
    .filter((i) => (name ? i.path === name || i.path.startsWith(`${name}.`) || i.path.startsWith(`${name}[`) : i.what.startsWith("oneof wrapper")))
    .reduce((n, i) => n + i.count, 0);
}

export function StructDiagram({ layout, allocs }: { layout: GoStructLayout; allocs?: DecodeAllocs }) {
  const rows = Math.ceil(layout.size / (8 * WORDS_PER_ROW));
  const rowWidth = WORDS_PER_ROW * 8 * CELL;
  const pointerish = layout.fields.filter((f) => f.shape !== "inline" && f.shape !== "internal" && f.size > 0);
  const heapY = rows * ROW_H + 24;
  const height = heapY + (pointerish.length > 0 ? 40 : 0);
  const pos = (offset: number) => ({ x: LEFT + (offset % (8 * WORDS_PER_ROW)) * CELL, y: Math.floor(offset / (8 * WORDS_PER_ROW)) * ROW_H + 6 });
  const colour = new Map(layout.fields.filter((f) => f.shape !== "internal").map((f, i) => [f.go, HUES[i % HUES.length]!]));
  const heapBoxW = Math.min(120, (rowWidth - 8) / Math.max(1, pointerish.length));
  return (
    <svg className="struct-diagram" viewBox={`0 0 ${LEFT + rowWidth + 8} ${height}`} role="img" aria-label={`${layout.goName}, ${layout.api} API: ${layout.size} bytes`} data-api={layout.api} data-size={layout.size}>
      <defs>
        <pattern id={`pad-${layout.api}`} width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <line x1="0" y1="0" x2="0" y2="5" className="struct-hatch" />
        </pattern>
      </defs>
      {Array.from({ length: rows }, (_, r) => (
        <text key={r} x={2} y={r * ROW_H + 6 + CELL + 4} className="struct-offset">
          +{r * 8 * WORDS_PER_ROW}
        </text>
      ))}
      {layout.fields.flatMap((f) => {
        const parts = [];
        for (let b = f.offset; b < f.offset + f.size; ) {
          const { x, y } = pos(b);
          const inRow = Math.min(f.offset + f.size - b, 8 * WORDS_PER_ROW - (b % (8 * WORDS_PER_ROW)));
          parts.push(
            <rect key={`${f.go}-${b}`} x={x} y={y} width={inRow * CELL} height={CELL * 2} className={f.shape === "internal" ? "struct-internal" : "struct-field"} style={f.shape === "internal" ? undefined : { fill: colour.get(f.go) }} data-field={f.go}>
              <title>{`${f.go} ${f.goType}: bytes ${f.offset}..${f.offset + f.size}${f.proto ? ` (${f.proto})` : ""}${f.presenceBit !== undefined ? `, presence bit ${f.presenceBit}` : ""}`}</title>
            </rect>,
          );
          if (b === f.offset && inRow * CELL > 34)
            parts.push(
              <text key={`${f.go}-label`} x={x + 3} y={y + CELL + 3} className="struct-label">
                {f.go.replace(/^xxx_hidden_/, "").slice(0, Math.floor((inRow * CELL) / 6.5))}
              </text>,
            );
          b += inRow;
        }
        return parts;
      })}
      {layout.padding.map((p) => {
        const { x, y } = pos(p.offset);
        return (
          <rect key={`pad-${p.offset}`} x={x} y={y} width={p.size * CELL} height={CELL * 2} fill={`url(#pad-${layout.api})`} className="struct-padding" data-padding={p.size}>
            <title>{`${p.size} bytes of padding`}</title>
          </rect>
        );
      })}
      {Array.from({ length: Math.ceil(layout.size / 8) }, (_, w) => {
        const { x, y } = pos(w * 8);
        return <rect key={`w${w}`} x={x} y={y} width={8 * CELL} height={CELL * 2} className="struct-word" />;
      })}
      {pointerish.map((f, i) => {
        const from = pos(f.offset);
        const hx = LEFT + i * heapBoxW + 2;
        const count = heapCount(allocs, f.proto);
        return (
          <g key={`heap-${f.go}`} className="struct-heap" data-heap={f.go} data-heap-objects={count ?? ""}>
            <line x1={from.x + 6} y1={from.y + CELL * 2} x2={hx + heapBoxW / 2 - 2} y2={heapY} />
            <rect x={hx} y={heapY} width={heapBoxW - 4} height={22} className={count ? "struct-heapbox is-used" : "struct-heapbox"}>
              <title>{`${f.go} → ${count === undefined ? f.goType : count === 0 ? "nil after decoding" : `${count} heap object${count === 1 ? "" : "s"} after decoding`}`}</title>
            </rect>
            <text x={hx + 3} y={heapY + 15} className="struct-heaplabel">
              {count === undefined ? f.shape : count === 0 ? "nil" : `${count} obj`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
