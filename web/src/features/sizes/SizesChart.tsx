// A bar per compressor, its length proportional to its size; raw first, for scale. The figures
// are in the text of each bar, so the chart reads the same without seeing it; a legend says what
// the colours and lengths mean.
import { ALGORITHM_LABELS, formatPercent } from "./format.ts";
import type { SizesAnswer } from "./protocol.ts";

export function SizesChart({ answer, title }: { answer: SizesAnswer; title: string }) {
  const longest = Math.max(answer.raw, ...answer.rows.map((r) => r.size), 1);
  const bars = [
    { key: "raw", label: "raw", size: answer.raw, note: "" },
    ...answer.rows.map((r) => ({ key: r.algorithm, label: ALGORITHM_LABELS[r.algorithm], size: r.size, note: formatPercent(r.ratio) })),
  ];
  return (
    <figure className="sizes-chart">
      <figcaption>{title}</figcaption>
      <ul>
        {bars.map((b) => (
          <li key={b.key}>
            <span className="sizes-chart-label">{b.label}</span>
            <span className="sizes-chart-track" aria-hidden="true">
              <span className={`sizes-chart-bar sizes-chart-${b.key}`} style={{ width: `${(b.size / longest) * 100}%` }} />
            </span>
            <span className="sizes-chart-value">
              {b.size} B{b.note ? ` (${b.note})` : ""}
            </span>
          </li>
        ))}
      </ul>
      <ul className="sizes-chart-legend" aria-label="Legend">
        <li>
          <span className="sizes-chart-swatch sizes-chart-raw" aria-hidden="true" /> raw, uncompressed
        </li>
        <li>
          <span className="sizes-chart-swatch sizes-chart-bar" aria-hidden="true" /> DEFLATE: gzip, zlib, raw deflate
        </li>
        <li>
          <span className="sizes-chart-swatch sizes-chart-brotli" aria-hidden="true" /> brotli
        </li>
        <li>bar length: size in bytes, all on one scale (the longest bar is {longest} B)</li>
      </ul>
    </figure>
  );
}
