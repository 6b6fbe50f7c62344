// The Sizes panel: how small the current bytes get under the compressors the web uses, with
// each figure's implementation and settings, a bar chart, and a compare mode for up to four
// payloads. Brotli's wasm is loaded (in the panel's Worker) only once this panel measures.
import { useId } from "react";
import { useAppStore } from "../../store/index.ts";
import { ComparePanel } from "./ComparePanel.tsx";
import { SettingsControls } from "./SettingsControls.tsx";
import { SizesChart } from "./SizesChart.tsx";
import { SizesTable } from "./SizesTable.tsx";
import { useDerived } from "../derived/useDerived.ts";
import "./sizes.css";

export interface SizesPanelProps {
  /** The bytes to measure (the workspace's current output). */
  bytes: Uint8Array;
}

export function SizesPanel({ bytes }: SizesPanelProps) {
  const id = useId();
  const settings = useAppStore((s) => s.sizesSettings);
  const setSettings = useAppStore((s) => s.setSizesSettings);
  // Measured by the page's derived layer (../derived/derivations.ts) in the Sizes Worker.
  const state = useDerived("sizes");
  return (
    <section className="sizes-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Compressed sizes</h2>
      <p className="sizes-help">
        Compressed sizes depend on the implementation as well as the algorithm and level: each figure names the
        library and settings that produced it.
      </p>
      <SettingsControls settings={settings} onChange={setSettings} />
      <p role="status" className="sizes-status" data-testid="sizes-status">
        {state.status === "error" ? `Could not measure: ${state.error}` : state.status === "done" ? `Measured ${state.answer.raw} bytes.` : "Measuring…"}
      </p>
      <SizesTable state={state} caption="The current bytes" />
      {state.answer && <SizesChart answer={state.answer} title="The current bytes, raw and compressed" />}
      <ComparePanel current={bytes} settings={settings} />
    </section>
  );
}

export default SizesPanel;
