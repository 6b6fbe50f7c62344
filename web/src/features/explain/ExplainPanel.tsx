// The Explain panel (region "Explain"): what the hovered or selected byte means, in plain words
// and bits, as the engine explains it (engine/explain/). The hex view's hover shows the same.
import { useAppStore } from "../../store/index.ts";
import { explainTarget } from "./explainSlice.ts";
import { useExplanation } from "./useExplanation.ts";
import { ExplanationView } from "./ExplanationView.tsx";
import "./explain.css";

export function ExplainPanel() {
  const target = useAppStore(explainTarget);
  const follows = useAppStore((s) => s.explainFollowsHover);
  const setFollows = useAppStore((s) => s.setExplainFollowsHover);
  const explanation = useExplanation(target);
  return (
    <section className="explain" aria-labelledby="explain-heading">
      <div className="explain-header">
        <h2 id="explain-heading">Explain</h2>
        <label>
          <input type="checkbox" checked={follows} onChange={(e) => setFollows(e.target.checked)} /> Follow the mouse over the bytes
        </label>
      </div>
      {explanation ? (
        <ExplanationView explanation={explanation} />
      ) : (
        <p className="explain-empty">
          Hover over a byte, click one, or move the editor&apos;s cursor onto a token to see what its bytes mean: a tag&apos;s field number
          and wire type, a varint&apos;s 7-bit groups, zigzag, a little-endian number, a length and what it covers.
        </p>
      )}
    </section>
  );
}
