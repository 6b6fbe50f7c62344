// The panels beside the bytes, as ARIA tabs: one per entry of the panel registry (./registry.ts).
// Which one is in front lives in the store (links, lessons and embeds set it); only that one is
// rendered, and each panel's code loads the first time it is shown.
import { lazy, Suspense, useMemo, type ComponentType, type KeyboardEvent } from "react";
import { useAppStore } from "../../store/index.ts";
import { PANELS } from "./registry.ts";

export function SidePanels() {
  const requested = useAppStore((s) => s.sidePanel);
  const setSidePanel = useAppStore((s) => s.setSidePanel);
  const components = useMemo(() => new Map<string, ComponentType>(PANELS.map((p) => [p.id, lazy(async () => ({ default: await p.load() }))])), []);
  const active = PANELS.some((p) => p.id === requested) ? requested : PANELS[0]?.id;
  const Panel = active ? components.get(active) : undefined;
  const definition = PANELS.find((p) => p.id === active);
  const label = definition?.label ?? "";
  const awake = useAppStore((s) => s.awake);
  const embedded = useAppStore((s) => s.embed !== undefined);
  const waiting = definition?.heavy === true && !awake;
  // A lesson may keep a panel out of sight for now (a read exercise, a prediction not yet revealed).
  const veiled = useAppStore((s) => (active && s.veil?.panels.includes(active) ? s.veil.reason : undefined));
  const wide = useAppStore((s) => s.sidePanelWide);
  const setWide = useAppStore((s) => s.setSidePanelWide);

  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const n = PANELS.length;
    const next = e.key === "ArrowRight" ? (i + 1) % n : e.key === "ArrowLeft" ? (i + n - 1) % n : e.key === "Home" ? 0 : e.key === "End" ? n - 1 : -1;
    if (next < 0) return;
    e.preventDefault();
    setSidePanel(PANELS[next]!.id);
    document.getElementById(`side-tab-${PANELS[next]!.id}`)?.focus();
  };
  return (
    <section className="side-panels" id="side-panels" aria-label="Details">
      <div className="side-tabs-row">
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
              onClick={() => setSidePanel(p.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
              {p.label}
            </button>
          ))}
        </div>
        {/* In a frame only the way back (a lesson step may open a panel wide). */}
        {(!embedded || wide) && (
          <button type="button" className="side-wide-toggle" aria-pressed={wide} onClick={() => setWide(!wide)}>
            {wide ? "Back to the editors" : "Use the whole window"}
          </button>
        )}
      </div>
      {active && (
        <div role="tabpanel" id={`side-panel-${active}`} aria-labelledby={`side-tab-${active}`} className="side-panel" data-panel={active}>
          {veiled ? (
            <p className="panel-veiled" data-testid="panel-veiled">
              {veiled}
            </p>
          ) : waiting ? (
            <p className="panel-waiting">{label} starts when this frame is in view.</p>
          ) : (
            <Suspense fallback={<p>Loading {label}…</p>}>{Panel && <Panel />}</Suspense>
          )}
        </div>
      )}
    </section>
  );
}
