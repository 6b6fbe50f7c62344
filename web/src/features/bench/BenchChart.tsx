// Bars of median ops/s per case and implementation, with whiskers for the spread (± the median
// absolute deviation), grouped by case, one colour per implementation and a legend. A log scale
// when the fastest bar is over 20x the slowest, so small bars stay visible; the axis says which.
import type { BenchResult } from "../../../../engine/bench/types.ts";
import { formatHz, scale, useLogScale } from "./format.ts";

const PALETTE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#76b7b2", "#edc948", "#9c755f"];

const ROW = 18;
const GAP = 10;
const LABEL = 150;
const WIDTH = 640;

export function BenchChart({ results, impls }: { results: readonly BenchResult[]; impls: readonly string[] }) {
  const measured = results.filter((r) => Number.isFinite(r.hz) && r.hz > 0);
  if (measured.length === 0) return null;
  const log = useLogScale(measured);
  const hi = Math.max(...measured.map((r) => r.hz * (1 + r.rme / 100)));
  const lo = log ? Math.min(...measured.map((r) => r.hz * Math.max(0.05, 1 - r.rme / 100))) / 1.5 : 0;
  const cases = [...new Set(measured.map((r) => r.case))];
  const colour = (impl: string) => PALETTE[Math.max(0, impls.indexOf(impl)) % PALETTE.length]!;
  const plot = WIDTH - LABEL - 70;
  const x = (v: number) => LABEL + scale(v, lo, hi, log) * plot;
  let y = 4;
  const groups = cases.map((c) => {
    const rows = measured.filter((r) => r.case === c);
    const top = y;
    y += rows.length * ROW + GAP;
    return { c, rows, top };
  });
  const height = y + 16;
  return (
    <figure className="bench-chart" tabIndex={0} aria-label="results chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={`median operations per second per case and implementation, ${log ? "logarithmic" : "linear"} scale; the table below has the figures`}
      >
        {groups.map(({ c, rows, top }) => (
          <g key={c}>
            <text x={LABEL - 8} y={top + (rows.length * ROW) / 2 + 4} textAnchor="end" className="bench-chart-case">
              {c}
            </text>
            {rows.map((r, i) => {
              const yy = top + i * ROW;
              const w0 = x(r.hz * (1 - r.rme / 100));
              const w1 = x(r.hz * (1 + r.rme / 100));
              return (
                <g key={r.impl} data-impl={r.impl}>
                  <rect x={LABEL} y={yy + 2} width={Math.max(1, x(r.hz) - LABEL)} height={ROW - 5} fill={colour(r.impl)} />
                  <line x1={w0} x2={w1} y1={yy + ROW / 2} y2={yy + ROW / 2} className="bench-whisker" />
                  <line x1={w0} x2={w0} y1={yy + 4} y2={yy + ROW - 5} className="bench-whisker" />
                  <line x1={w1} x2={w1} y1={yy + 4} y2={yy + ROW - 5} className="bench-whisker" />
                  <text x={Math.max(w1, x(r.hz)) + 4} y={yy + ROW - 6} className="bench-chart-value">
                    {formatHz(r.hz)}
                  </text>
                </g>
              );
            })}
          </g>
        ))}
        <text x={LABEL} y={height - 3} className="bench-chart-axis">
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
