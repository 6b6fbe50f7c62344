// The current bytes' sizes: one row per compressor with its implementation and settings.
import { ALGORITHM_LABELS, formatPercent } from "./format.ts";
import type { DerivedState } from "../derived/derivedSlice.ts";
import type { SizesAnswer } from "./protocol.ts";

export function SizesTable({ state, caption }: { state: DerivedState<SizesAnswer>; caption: string }) {
  const answer = state.answer;
  return (
    <table className="sizes-table" aria-busy={state.status !== "done" && state.status !== "error"}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Compressor</th>
          <th scope="col">Implementation</th>
          <th scope="col">Settings</th>
          <th scope="col" className="num">Size (bytes)</th>
          <th scope="col" className="num">Of raw</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">raw</th>
          <td>none</td>
          <td></td>
          <td className="num" data-testid="size-raw">{answer?.raw ?? "…"}</td>
          <td className="num">100.0%</td>
        </tr>
        {answer?.rows.map((r) => (
          <tr key={r.algorithm}>
            <th scope="row">{ALGORITHM_LABELS[r.algorithm]}</th>
            <td>{r.implementation}</td>
            <td>{r.settingsLabel}</td>
            <td className="num" data-testid={`size-${r.algorithm}`}>{r.size}</td>
            <td className="num">{formatPercent(r.ratio)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
