import { KIND_GROUPS } from "./palette.ts";

/** What the hex view's colours mean. */
export function HexLegend() {
  return (
    <ul className="hex-legend" aria-label="Colour legend">
      {KIND_GROUPS.map((g) => (
        <li key={g.id}>
          <span className={`swatch k-${g.id}`} aria-hidden="true" />
          {g.label}
        </li>
      ))}
    </ul>
  );
}
