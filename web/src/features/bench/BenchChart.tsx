// Bars of median ops/s per case and implementation, with whiskers for the spread (± the median
// absolute deviation), grouped by case, one colour per implementation and a legend. A log scale
// when the fastest bar is over 20x the slowest, so small bars stay visible; the axis says which.
// The chart is drawn at the width it is given (a 360 px lesson column or a wide panel), with each
// case's name on a line of its own above its bars and every value inside the drawing.
import { useLayoutEffect, useRef, useState } from "react";
import type { BenchResult } from "../../../../engine/bench/types.ts";
import { formatHz, scale, useLogScale } from "./format.ts";

const PALETTE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#76b7b2", "#edc948", "#9c755f"];

const ROW = 16;
const CASE_LABEL = 16;
const GAP = 8;
/** Room kept right of the longest bar for its value ("12.34 M"). */
const VALUE_ROOM = 58;
/** The narrowest drawing; below it the figure scrolls. */
const MIN_WIDTH = 280;

export function BenchChart({ results, impls }: { results: readonly BenchResult[]; impls: readonly string[] }) {
  const figure = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(360);
  useLayoutEffect(() => {
    const el = figure.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(MIN_WIDTH, Math.floor(el.clientWidth)));
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    measure();
    return () => observer.disconnect();
  }, []);
  const measured = results.filter((r) => Number.isFinite(r.hz) && r.hz > 0);
  if (measured.length === 0) return null;
  const log = useLogScale(measured);
  const hi = Math.max(...measured.map((r) => r.hz * (1 + r.rme / 100)));
  const lo = log ? Math.min(...measured.map((r) => r.hz * Math.max(0.05, 1 - r.rme / 100))) / 1.5 : 0;
  const cases = [...new Set(measured.map((r) => r.case))];
  const colour = (impl: string) => PALETTE[Math.max(0, impls.indexOf(impl)) % PALETTE.length]!;
  const left = 4;
  const plot = width - left - VALUE_ROOM;
  const x = (v: number) => left + scale(v, lo, hi, log) * plot;
  let y = 2;
  const groups = cases.map((c) => {
    const rows = measured.filter((r) => r.case === c);
    const top = y;
    y += CASE_LABEL + rows.length * ROW + GAP;
    return { c, rows, top };
  });
  const height = y + 14;
  return (
    <figure ref={figure} className="bench-chart" tabIndex={0} aria-label="results chart">
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`median operations per second per case and implementation, ${log ? "logarithmic" : "linear"} scale; the table below has the figures`}
      >
        {groups.map(({ c, rows, top }) => (
          <g key={c}>
            <text x={left} y={top + CASE_LABEL - 4} className="bench-chart-case">
              {c}
            </text>
            {rows.map((r, i) => {
              const yy = top + CASE_LABEL + i * ROW;
              const w0 = x(r.hz * (1 - r.rme / 100));
              const w1 = Math.min(x(r.hz * (1 + r.rme / 100)), left + plot);
              return (
                <g key={r.impl} data-impl={r.impl}>
                  <rect x={left} y={yy + 2} width={Math.max(1, x(r.hz) - left)} height={ROW - 5} fill={colour(r.impl)} />
                  <line x1={w0} x2={w1} y1={yy + ROW / 2} y2={yy + ROW / 2} className="bench-whisker" />
                  <line x1={w0} x2={w0} y1={yy + 4} y2={yy + ROW - 5} className="bench-whisker" />
                  <line x1={w1} x2={w1} y1={yy + 4} y2={yy + ROW - 5} className="bench-whisker" />
                  <text x={Math.max(w1, x(r.hz)) + 4} y={yy + ROW - 5} className="bench-chart-value">
                    {formatHz(r.hz)}
                  </text>
                </g>
              );
            })}
          </g>
        ))}
        <text x={left} y={height - 3} className="bench-chart-axis">
          ops/s, {log ? "log scale" : "linear scale"}; whiskers: ± spread
        </text>
      </svg>
      <figcaption>
        <ul className="bench-legend" aria-label="implementations">
          {impls
            .filter((i) => measured.some((r) => r.impl === i))
            .map((impl) => (
              <li key={impl}>
                <span className="bench-swatch" style={{ background: colour(impl) }} aria-hidden="true" />
                {impl}
              </li>
            ))}
        </ul>
      </figcaption>
    </figure>
  );
}
