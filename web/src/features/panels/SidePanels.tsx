// The panels beside the bytes: the field tree, the readings of the selected field and (when the
// feature is built in) the compressed sizes. ARIA tabs; only the one in front is rendered.
import { useState, type KeyboardEvent } from "react";
import { FieldTree } from "../tree/FieldTree.tsx";
import { ReadingsPanel } from "../readings/ReadingsPanel.tsx";
import { HAS_SIZES_PANEL, SizesMount } from "./SizesMount.tsx";

type PanelId = "fields" | "readings" | "sizes";

const PANELS: { id: PanelId; label: string }[] = [
  { id: "fields", label: "Field tree" },
  { id: "readings", label: "Readings" },
  ...(HAS_SIZES_PANEL ? [{ id: "sizes" as const, label: "Sizes" }] : []),
];

export function SidePanels() {
  const [active, setActive] = useState<PanelId>("fields");
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const next = e.key === "ArrowRight" ? (i + 1) % PANELS.length : e.key === "ArrowLeft" ? (i + PANELS.length - 1) % PANELS.length : -1;
    if (next < 0) return;
    e.preventDefault();
    setActive(PANELS[next]!.id);
    document.getElementById(`side-tab-${PANELS[next]!.id}`)?.focus();
  };
  return (
    <section className="side-panels" aria-label="Details">
      <div role="tablist" aria-label="Details" className="tabs">
        {PANELS.map((p, i) => (
          <button
            key={p.id}
            id={`side-tab-${p.id}`}
            type="button"
            role="tab"
            aria-selected={active === p.id}
            aria-controls={`side-panel-${p.id}`}
            tabIndex={active === p.id ? 0 : -1}
            className="tab"
            onClick={() => setActive(p.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`side-panel-${active}`} aria-labelledby={`side-tab-${active}`} className="side-panel">
        {active === "fields" && <FieldTree />}
        {active === "readings" && <ReadingsPanel />}
        {active === "sizes" && <SizesMount />}
      </div>
    </section>
  );
}
