// Every diagnostic of every file in one list, each named by its file: click one to jump to it,
// apply its fix (to the whole workspace) in place.
import type { Diagnostic } from "../../../../engine/diagnostics.ts";
import { useAppStore } from "../../store/index.ts";
import { getEditor } from "../editors/editorRegistry.ts";
import { applyFix } from "./applyFix.ts";
import { sortProblems, type Problem } from "./order.ts";

function where(file: string, d: Diagnostic): string {
  if (d.span.kind === "bytes") return `${file}:@${d.span.start}`;
  // No position: the file alone, as protoc prints it.
  if (d.span.kind === "none") return d.span.file ?? file;
  return `${d.span.file ?? file}:${d.span.start.line}:${d.span.start.column}`;
}

function jump(file: string, d: Diagnostic) {
  const state = useAppStore.getState();
  if (d.span.kind === "bytes") {
    state.select({ start: d.span.start, end: Math.max(d.span.end, d.span.start + 1) }, "tree");
    return;
  }
  // Without a position, go to the declaration the engine knows about, else just to the editor.
  const span = d.span.kind === "none" ? d.span.near : d.span;
  const target = d.span.file ?? file;
  // The editors are hidden while the side panels use the whole window: bring them back.
  if (state.sidePanelWide) state.setSidePanelWide(false);
  state.setOpenEditor(target);
  if (span === undefined) return;
  // The tab's editor becomes visible this frame; reveal after it has laid out.
  requestAnimationFrame(() => getEditor(target)?.reveal(span));
}

export function ProblemsPanel() {
  const diagnostics = useAppStore((s) => s.result?.diagnostics);
  const files = useAppStore((s) => s.files);
  const engineError = useAppStore((s) => s.engineError);
  const readOnly = useAppStore((s) => s.readOnly);
  const found: Problem[] = [];
  for (const [file, list] of Object.entries(diagnostics ?? {})) for (const d of list) found.push({ file, d });
  // By file in the order of the tabs (files the tabs no longer show come last), then by position.
  const items = sortProblems(found, files.map((f) => f.name));
  const errors = items.filter((i) => i.d.severity === "error").length;
  return (
    <section className="problems" id="problems" role="region" aria-label="Problems">
      <h2 className="problems-title">
        Problems <span className="problems-count">{items.length === 0 ? "none" : `${errors} error${errors === 1 ? "" : "s"}, ${items.length - errors} other`}</span>
      </h2>
      {engineError && <p className="problem is-error">{engineError}</p>}
      <ul className="problems-list">
        {items.map(({ file, d }, i) => (
          <li key={i} className={`problem is-${d.severity}`}>
            <button type="button" className="problem-jump" onClick={() => jump(file, d)}>
              <span className="problem-where">{where(file, d)}</span> <span className="problem-message">{d.message}</span>
              {(d.notes ?? []).map((n, k) => (
                <span key={k} className="problem-note">
                  {n}
                </span>
              ))}
              <span className="problem-code">{d.code}</span>
            </button>
            {!readOnly && (d.fixes ?? []).map((fix, k) => (
              <button key={k} type="button" className="problem-fix" onClick={() => void applyFix(fix, file)}>
                Fix: {fix.title}
              </button>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
