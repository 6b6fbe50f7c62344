// The three inputs as ARIA tabs named like their editors. All three editors stay mounted (hidden
// when not in front) so each keeps its undo history and cursor.
import { useRef, type KeyboardEvent } from "react";
import { useAppStore } from "../../store/index.ts";
import type { EditorTab } from "../workspace/workspaceSlice.ts";
import { LinkedEditor } from "./LinkedEditor.tsx";

const TABS: { id: EditorTab; label: string }[] = [
  { id: "schema", label: "Schema" },
  { id: "protoscope", label: "Protoscope" },
  { id: "message", label: "Message" },
];

export function EditorTabs() {
  const active = useAppStore((s) => s.activeTab);
  const setActiveTab = useAppStore((s) => s.setActiveTab);
  const mode = useAppStore((s) => s.mode);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const next = e.key === "ArrowRight" ? (i + 1) % TABS.length : e.key === "ArrowLeft" ? (i + TABS.length - 1) % TABS.length : -1;
    if (next < 0) return;
    e.preventDefault();
    setActiveTab(TABS[next]!.id);
    tabRefs.current[next]?.focus();
  };

  const sourceTab: EditorTab = mode === "textformat" ? "message" : "protoscope";

  return (
    <section className="editors" aria-label="Inputs">
      <div role="tablist" aria-label="Inputs" className="tabs">
        {TABS.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-controls={`panel-${tab.id}`}
            aria-selected={active === tab.id}
            tabIndex={active === tab.id ? 0 : -1}
            className="tab"
            onClick={() => setActiveTab(tab.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {tab.label}
            {tab.id === sourceTab && <span className="tab-source" aria-hidden="true" title="the source of the bytes shown"> ●</span>}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`panel-${tab.id}`} aria-labelledby={`tab-${tab.id}`} hidden={active !== tab.id} className="tab-panel">
          <LinkedEditor name={tab.id} />
        </div>
      ))}
    </section>
  );
}
