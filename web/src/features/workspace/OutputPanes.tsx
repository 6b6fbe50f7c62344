// What the workspace makes of its input, the same in the app and in a frame: the bytes beside the
// panels that read them, then the problems.
import { HexView } from "../hex/HexView.tsx";
import { SidePanels } from "../panels/SidePanels.tsx";
import { ProblemsPanel } from "../problems/ProblemsPanel.tsx";

export function OutputPanes() {
  return (
    <>
      <div className="outputs">
        <HexView />
        <SidePanels />
      </div>
      <ProblemsPanel />
    </>
  );
}
