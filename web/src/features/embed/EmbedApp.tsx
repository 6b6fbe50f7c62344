// The embedded frame: the panes and nothing of the app's chrome; a bar with the author's title
// and the "Open in Wirelab" link (or only the link, with toolbar=0); what was ignored among the
// parameters, as text. Its height goes to the parent page (./resize.ts).
import { useEffect, useRef } from "react";
import { useAppStore } from "../../store/index.ts";
import { EditorTabs } from "../editors/EditorTabs.tsx";
import { HexView } from "../hex/HexView.tsx";
import { SidePanels } from "../panels/SidePanels.tsx";
import { ProblemsPanel } from "../problems/ProblemsPanel.tsx";
import { ModeBar } from "../workspace/ModeBar.tsx";
import { WorkspaceRegion } from "../workspace/WorkspaceRegion.tsx";
import { OpenInWirelab } from "./OpenInWirelab.tsx";
import { reportHeight } from "./resize.ts";

export function EmbedApp() {
  const embed = useAppStore((s) => s.embed);
  const readOnly = useAppStore((s) => s.readOnly);
  const theme = useAppStore((s) => s.theme);
  const storageAvailable = useAppStore((s) => s.storageAvailable);
  const notice = useAppStore((s) => s.notice);
  // "Use the whole window" (a link's or a lesson step's `wide`) works in a frame too.
  const wide = useAppStore((s) => s.sidePanelWide);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = document.documentElement;
    el.classList.add("embed-mode");
    if (theme === "system") delete el.dataset.theme;
    else el.dataset.theme = theme;
  }, [theme]);

  useEffect(() => (root.current ? reportHeight(root.current) : undefined), []);

  const toolbar = embed?.toolbar ?? true;
  return (
    <div ref={root} className={`app embed${wide ? " side-wide" : ""}`} data-readonly={readOnly ? "true" : undefined}>
      {toolbar && (
        <div className="embed-bar">
          <span className="embed-title">{embed?.title ?? "Wirelab"}</span>
          {readOnly ? <span className="embed-readonly">read-only</span> : <ModeBar />}
          <OpenInWirelab />
        </div>
      )}
      {(embed?.ignored.length ?? 0) > 0 && (
        <ul className="embed-ignored" aria-label="Ignored parameters">
          {embed!.ignored.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ul>
      )}
      {(!storageAvailable || notice) && (
        <p className="status" role="status">
          {!storageAvailable && "Storage is blocked in this frame: your edits are not saved. "}
          {notice}
        </p>
      )}
      <WorkspaceRegion>
        <div className="inputs">
          <EditorTabs />
        </div>
        <div className="outputs">
          <HexView />
          <SidePanels />
        </div>
        <ProblemsPanel />
      </WorkspaceRegion>
      {!toolbar && <OpenInWirelab compact />}
    </div>
  );
}
