// The Layout view: the Go struct protoc-gen-go v1.36.11 generates for the chosen message, under
// two API levels side by side (open and opaque by default), byte by byte, with the heap objects
// decoding the workspace's bytes allocates behind each pointer. Everything shown is computed by
// engine/layout (in the engine Worker, asked by the page's derived layer) and checked there against
// real Go.
import { useId } from "react";
import { GO_API_LEVELS, type GoApiLevel, type LevelLayout } from "../../../../engine/layout/index.ts";
import { useAppStore } from "../../store/index.ts";
import { StructDiagram } from "./StructDiagram.tsx";
import { useDerived } from "../derived/useDerived.ts";
import { layoutRequest } from "./layoutSlice.ts";
import "./layout.css";

function LevelColumn({ entry, label }: { entry: LevelLayout; label: string }) {
  const { layout, allocs } = entry;
  const padding = layout.padding.reduce((n, p) => n + p.size, 0);
  return (
    <section className="layout-level" aria-label={label} data-api={layout.api}>
      <h3>
        {label}: <span data-testid={`layout-size-${layout.api}`}>{layout.size}</span> bytes
      </h3>
      <p className="layout-sub">
        {padding} bytes of padding
        {allocs && (
          <>
            {" · "}
            <span data-testid={`layout-allocs-${layout.api}`}>{allocs.total}</span> heap object{allocs.total === 1 ? "" : "s"} per proto.Unmarshal{allocs.exact ? "" : " (estimate)"}
          </>
        )}
      </p>
      <StructDiagram layout={layout} {...(allocs ? { allocs } : {})} />
      {/* Focusable, so a keyboard user can scroll a table wider than the panel. */}
      <div className="layout-table-scroll" tabIndex={0} role="region" aria-label={`${label} fields`}>
      <table className="layout-table">
        <caption className="visually-hidden">{`${layout.goName} under the ${layout.api} API`}</caption>
        <thead>
          <tr>
            <th scope="col">offset</th>
            <th scope="col">size</th>
            <th scope="col">Go field</th>
            <th scope="col">type</th>
          </tr>
        </thead>
        <tbody>
          {layout.fields.map((f) => (
            <tr key={f.go} data-field={f.go} className={f.shape === "internal" ? "is-internal" : undefined}>
              <td data-testid="offset">{f.offset}</td>
              <td>{f.size}</td>
              <td title={f.proto ?? "internal"}>{f.go}</td>
              <td>
                <code>{f.goType}</code>
                {f.presenceBit !== undefined ? ` · bit ${f.presenceBit}` : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {allocs && (
        <details className="layout-allocs">
          <summary>What decoding allocates ({allocs.total})</summary>
          <ul>
            {allocs.items.map((i, k) => (
              <li key={k}>
                {i.count > 1 ? `${i.count} × ` : ""}
                {i.what}
                {i.path ? ` (${i.path})` : ""}
              </li>
            ))}
          </ul>
          {allocs.notes.length > 0 && <p>{allocs.notes.join("; ")}</p>}
        </details>
      )}
    </section>
  );
}

const LEVEL_LABEL: Record<GoApiLevel, string> = { open: "Open", hybrid: "Hybrid", opaque: "Opaque" };

export function LayoutPanel() {
  const id = useId();
  const view = useAppStore((s) => s.layoutView);
  const setView = useAppStore((s) => s.setLayoutView);
  const type = useAppStore((s) => layoutRequest(s).type);
  const hasProtos = useAppStore((s) => s.files.some((f) => f.kind === "proto"));
  // Computed by the page's derived layer from the engine Worker's cached schema.
  const state = useDerived("layouts");
  const answer = state.answer;
  const byApi = new Map(answer?.levels.map((l) => [l.layout.api, l]) ?? []);

  return (
    <section className="layout-panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Go struct layout</h2>
      <p className="layout-help">
        The 64-bit struct protoc-gen-go v1.36.11 generates, byte by byte: open keeps a pointer per field with presence, opaque the value inline
        and a bit in <code>XXX_presence</code>. Checked against Go's reflect and testing.AllocsPerRun.
      </p>
      <div className="layout-settings">
        <label>
          Message{" "}
          <select value={answer?.type ?? type ?? ""} onChange={(e) => setView({ type: e.target.value || undefined })} disabled={!answer || answer.types.length === 0}>
            {(answer?.types ?? (type ? [type] : [])).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        {(["left", "right"] as const).map((side) => (
          <label key={side}>
            {side === "left" ? "Left" : "Right"}{" "}
            <select value={view[side]} onChange={(e) => setView({ [side]: e.target.value as GoApiLevel })}>
              {GO_API_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {LEVEL_LABEL[l]}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label>
          <input type="checkbox" checked={view.decode} onChange={(e) => setView({ decode: e.target.checked })} /> count allocations of decoding the bytes
        </label>
      </div>
      {answer?.declared && <p className="layout-sub">The schema asks for the {answer.declared} API (features.(pb.go).api_level).</p>}
      {state.status === "error" && <p role="alert">Could not lay out: {state.error}</p>}
      {answer && answer.diagnostics.length > 0 && (
        <ul className="layout-errors" role="alert">
          {answer.diagnostics.slice(0, 5).map((d, i) => (
            <li key={i}>{d.message}</li>
          ))}
        </ul>
      )}
      {!hasProtos && <p>Add a .proto file to see the Go structs of its messages.</p>}
      {answer && answer.levels.length > 0 && (
        <div className="layout-columns" data-testid="layout-columns" data-type={answer.type}>
          {([view.left, view.right] as const).map((api, i) => {
            const entry = byApi.get(api);
            return entry ? <LevelColumn key={`${api}-${i}`} entry={entry} label={LEVEL_LABEL[api]} /> : null;
          })}
        </div>
      )}
      <ul className="layout-legend" aria-label="Legend">
        <li><span className="layout-key is-field" /> a field (one colour each)</li>
        <li><span className="layout-key is-internal" /> internal (state, presence, unknown fields, size cache)</li>
        <li><span className="layout-key is-padding" /> padding</li>
      </ul>
    </section>
  );
}

export default LayoutPanel;
