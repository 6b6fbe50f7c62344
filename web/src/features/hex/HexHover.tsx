// The hex view's hover text: the engine's explanation of the byte under the pointer, in short
// (engine/explain/text.ts), beside that byte. The Explain panel shows the whole explanation.
import { useAppStore } from "../../store/index.ts";
import { useExplanation } from "../explain/useExplanation.ts";
import { useEngine } from "../runner/lazyEngine.ts";

/** Where the hovered cell is, in pixels from the top left of the hex panel. */
export interface HoverAnchor {
  left: number;
  top: number;
  bottom: number;
  /** The panel's width: the text flips to the left of wide offsets. */
  width: number;
}

export function HexHover({ anchor }: { anchor: HoverAnchor | null }) {
  const byte = useAppStore((s) => s.hoverByte);
  const explanation = useExplanation(byte);
  const engineModule = useEngine();
  if (!anchor || !explanation || !engineModule) return null;
  const text = engineModule.explanationSummary(explanation);
  const left = Math.max(4, Math.min(anchor.left, anchor.width - 340));
  return (
    <div className="hex-hover" role="tooltip" id="hex-hover" style={{ left, top: anchor.bottom + 4 }}>
      {text}
    </div>
  );
}

/**
 * The same short text for the byte the keyboard focus is on: the grid's description for screen
 * readers, and, once the learner has clicked or selected a byte, a line under the bytes, so a
 * click says what the byte means whatever panel is in front ("Explain it" opens the whole story).
 */
export function HexFocusDescription({ byte }: { byte: number }) {
  const explanation = useExplanation(byte);
  const engineModule = useEngine();
  const selected = useAppStore((s) => s.selectedRange !== null);
  const explainInFront = useAppStore((s) => s.sidePanel === "explain");
  const text = explanation && engineModule ? engineModule.explanationSummary(explanation) : "";
  return (
    <div id="hex-focus-explain" className={selected && text && !explainInFront ? "hex-focus-line" : "visually-hidden"} data-testid="hex-focus-line">
      {text}
      {selected && text && !explainInFront && (
        <>
          {" "}
          <button type="button" className="link-button" onClick={() => useAppStore.getState().setSidePanel("explain")}>
            Explain it
          </button>
        </>
      )}
    </div>
  );
}
