// Every diagnostic of every input in one list: click one to jump to it, apply its fix in place.
import type { Diagnostic, Fix } from "../../../../engine/diagnostics.ts";
import { useAppStore } from "../../store/index.ts";
import { getEditor, type EditorName } from "../editors/editorRegistry.ts";
import { loadEngine } from "../engine/lazyEngine.ts";
import type { SourceName } from "../engine/pipeline.ts";
import { SCHEMA_FILE } from "../workspace/types.ts";

const SOURCE_LABEL: Record<SourceName, string> = {
  schema: SCHEMA_FILE,
  protoscope: "protoscope",
  message: "message",
  bytes: "bytes",
};

function where(source: SourceName, d: Diagnostic): string {
  if (d.span.kind === "bytes") return `${SOURCE_LABEL[source]}:@${d.span.start}`;
  // No position: the file alone, as protoc prints it.
  if (d.span.kind === "none") return d.span.file ?? SOURCE_LABEL[source];
  return `${d.span.file ?? SOURCE_LABEL[source]}:${d.span.start.line}:${d.span.start.column}`;
}

function jump(source: SourceName, d: Diagnostic) {
  const state = useAppStore.getState();
  if (d.span.kind === "bytes") {
    state.select({ start: d.span.start, end: Math.max(d.span.end, d.span.start + 1) }, "tree");
    return;
  }
  const editor: EditorName = source === "schema" ? "schema" : source === "message" ? "message" : "protoscope";
  state.setActiveTab(editor);
  // Without a position, go to the declaration the engine knows about, else just to the editor.
  const span = d.span.kind === "none" ? d.span.near : d.span;
  if (span === undefined) return;
  // The tab's editor becomes visible this frame; reveal after it has laid out.
  requestAnimationFrame(() => getEditor(editor)?.reveal(span));
}

async function applyFix(fix: Fix) {
  try {
    const { engine } = await loadEngine();
    const state = useAppStore.getState();
    state.setSchema(engine.applyEdits(state.schema, fix.edits));
  } catch (e) {
    useAppStore.getState().setEngineError(`The fix could not be applied: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export function ProblemsPanel() {
  const diagnostics = useAppStore((s) => s.result?.diagnostics);
  const engineError = useAppStore((s) => s.engineError);
  const items: { source: SourceName; d: Diagnostic }[] = [];
  if (diagnostics) {
    for (const source of ["schema", "protoscope", "message", "bytes"] as const) {
      for (const d of diagnostics[source]) items.push({ source, d });
    }
  }
  const errors = items.filter((i) => i.d.severity === "error").length;
  return (
    <section className="problems" role="region" aria-label="Problems">
      <h2 className="problems-title">
        Problems <span className="problems-count">{items.length === 0 ? "none" : `${errors} error${errors === 1 ? "" : "s"}, ${items.length - errors} other`}</span>
      </h2>
      {engineError && <p className="problem is-error">{engineError}</p>}
      <ul className="problems-list">
        {items.map(({ source, d }, i) => (
          <li key={i} className={`problem is-${d.severity}`}>
            <button type="button" className="problem-jump" onClick={() => jump(source, d)}>
              <span className="problem-where">{where(source, d)}</span> <span className="problem-message">{d.message}</span>
              {(d.notes ?? []).map((n, k) => (
                <span key={k} className="problem-note">
                  {n}
                </span>
              ))}
              <span className="problem-code">{d.code}</span>
            </button>
            {source === "schema" &&
              (d.fixes ?? []).map((fix, k) => (
                <button key={k} type="button" className="problem-fix" onClick={() => void applyFix(fix)}>
                  Fix: {fix.title}
                </button>
              ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
