// The Evolve panel: the schema kept as v1 (what stored bytes were written with) beside the schema
// in the editor (v2, what the next reader is built with). For the input's bytes it shows, record
// by record, what the v2 reader makes of them; beside that, buf's breaking findings in each of its
// four categories, each linked to its line in both versions; and a "what if" menu that tries one
// change to one field and shows the size, buf's verdict and the reader's view at once. Everything
// shown is computed by engine/evolve (evolve()) in the Evolve Worker.
import { memo, useEffect, useId, useMemo, useRef, useState } from "react";
import type { TextSpan } from "../../../../engine/diagnostics.ts";
import type { BreakingFinding } from "../../../../engine/evolve/breaking-context.ts";
import { WHO_BREAKS, type EvolveOutcome } from "../../../../engine/evolve/evolve.ts";
import type { ReadOutcome, RecordView } from "../../../../engine/evolve/read-as.ts";
import { isInput } from "../../../../engine/workspace/index.ts";
import { useAppStore } from "../../store/index.ts";
import { getEditor } from "../editors/editorRegistry.ts";
import { useDerived } from "../derived/useDerived.ts";
import "./evolve.css";

/** Short names for outcomes, as the badges say them. */
const OUTCOME_LABEL: Record<ReadOutcome, string> = {
  same: "same value",
  renamed: "renamed",
  "sign-extended": "sign-extended",
  widened: "widened",
  narrowed: "fits, narrower",
  "number-reused": "number reused",
  truncated: "truncated",
  reinterpreted: "reinterpreted",
  "unknown-deleted": "unknown field",
  "unknown-wire-type": "unknown field",
  "enum-open-unknown": "unnamed enum number",
  "enum-closed-unknown": "moved to unknown",
  "presence-lost": "presence lost",
  overwritten: "last one wins",
  merged: "merged",
  "oneof-cleared": "cleared by oneof",
  "parse-failure": "parse fails",
  "already-unknown": "unknown to both",
  nested: "see inside",
};

/** Outcomes where the reader sees what was written. */
const FINE = new Set<ReadOutcome>(["same", "renamed", "sign-extended", "widened", "already-unknown"]);

function tone(o: ReadOutcome): "ok" | "warn" | "bad" {
  if (FINE.has(o)) return "ok";
  if (o === "parse-failure" || o === "truncated" || o === "reinterpreted" || o === "presence-lost" || o === "oneof-cleared") return "bad";
  return "warn";
}

function sideText(v: { name?: string; type?: string; value?: string }, unknown?: boolean): string {
  if (unknown) return `unknown field${v.value !== undefined ? `: ${v.value}` : ""}`;
  if (!v.name) return "not declared";
  return `${v.name} (${v.type})${v.value !== undefined ? ` = ${v.value}` : ""}`;
}

function Records({ records, depth, compact }: { records: RecordView[]; depth: number; compact?: boolean }) {
  const select = useAppStore((s) => s.select);
  return (
    <ol className="evolve-records" data-depth={depth}>
      {records.map((r) => (
        <li
          key={`${r.bytes[0]}-${r.bytes[1]}`}
          className={`evolve-record tone-${r.unread ? "bad" : tone(r.outcome)}${r.unread ? " is-unread" : ""}`}
          data-outcome={r.outcome}
          data-field={String(r.field)}
        >
          <button
            type="button"
            className="evolve-record-head"
            onClick={() => select({ start: r.bytes[0], end: r.bytes[1] }, "tree")}
            aria-label={`Field ${String(r.field)}, bytes ${r.bytes[0]} to ${r.bytes[1] - 1}: ${r.unread ? "not read" : OUTCOME_LABEL[r.outcome]}. Select its bytes`}
          >
            <span className="evolve-field">#{String(r.field)}</span>
            <span className="evolve-badge">{r.unread ? "not read" : OUTCOME_LABEL[r.outcome]}</span>
            <span className="evolve-bytes">bytes {r.bytes[0]}–{r.bytes[1] - 1}</span>
          </button>
          {!compact && (
            <dl className="evolve-sides">
              <dt>v1 wrote</dt>
              <dd>{sideText(r.writer)}</dd>
              <dt>v2 reads</dt>
              <dd>{sideText(r.reader, r.reader.unknown)}</dd>
              <dt>written back</dt>
              <dd>{r.written === "kept" ? "as it came" : r.written === "changed" ? "re-encoded differently" : "not at all"}</dd>
            </dl>
          )}
          <p className="evolve-says">{r.says}</p>
          {r.children && r.children.length > 0 && <Records records={r.children} depth={depth + 1} {...(compact ? { compact } : {})} />}
        </li>
      ))}
    </ol>
  );
}

function lineOf(span: BreakingFinding["span"] | TextSpan | undefined): { file: string; line: number } | undefined {
  if (!span || span.kind !== "text" || span.file === undefined) return undefined;
  return { file: span.file, line: span.start.line };
}

function Findings({ outcome, onShowV1, compact }: { outcome: EvolveOutcome; onShowV1: (file: string, line: number) => void; compact?: boolean }) {
  const setOpenEditor = useAppStore((s) => s.setOpenEditor);
  const jump = (span: TextSpan) => {
    if (!span.file) return;
    // The editors are hidden while the side panels use the whole window: bring them back.
    const state = useAppStore.getState();
    if (state.sidePanelWide) state.setSidePanelWide(false);
    setOpenEditor(span.file);
    requestAnimationFrame(() => getEditor(span.file!)?.reveal(span));
  };
  return (
    <div className="evolve-categories">
      {outcome.categories.map(({ category, findings }) => (
        <section key={category} className="evolve-category" data-category={category} aria-label={`buf breaking, ${category}`}>
          <h4>
            {category}: <span data-testid={`evolve-count-${category}`}>{findings.length}</span> finding{findings.length === 1 ? "" : "s"}
          </h4>
          {!compact && <p className="evolve-who">{findings.length > 0 ? `Who may break: ${WHO_BREAKS[category]}` : "buf reports nothing in this category."}</p>}
          {findings.length > 0 && (
            <ul className="evolve-findings">
              {findings.map((f, i) => {
                const now = lineOf(f.span);
                const was = lineOf(f.against);
                return (
                  <li key={i} data-rule={f.code}>
                    <code className="evolve-rule">{f.code}</code> {f.message}
                    {!compact && (
                      <span className="evolve-links">
                        {now && f.span.kind === "text" && (
                          <button type="button" className="link-button" onClick={() => jump(f.span as TextSpan)}>
                            v2 {now.file}:{now.line}
                          </button>
                        )}
                        {was && (
                          <button type="button" className="link-button" onClick={() => onShowV1(was.file, was.line)}>
                            v1 {was.file}:{was.line}
                          </button>
                        )}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

function Errors({ outcome }: { outcome: EvolveOutcome }) {
  if (outcome.errors.length === 0) return null;
  return (
    <div role="alert" className="evolve-errors">
      {outcome.errors.map((e) => (
        <p key={e.side}>
          {e.side} does not compile: {e.diagnostics[0]?.message}
          {e.diagnostics.length > 1 ? ` (and ${e.diagnostics.length - 1} more)` : ""}
        </p>
      ))}
    </div>
  );
}

function sizeLine(outcome: EvolveOutcome): string {
  const { written, readerWrites, v2Writes } = outcome.sizes;
  const parts = [`written with v1: ${written} bytes`];
  if (readerWrites !== undefined) parts.push(`the v2 reader writes back ${readerWrites}`);
  if (v2Writes !== undefined) parts.push(`a v2 writer writes the same data in ${v2Writes}${v2Writes !== written ? ` (${v2Writes > written ? "+" : "−"}${Math.abs(v2Writes - written)})` : ""}`);
  return parts.join("; ");
}

const V1Source = memo(function V1Source({ against, highlight }: { against: Record<string, string>; highlight: { file: string; line: number } | undefined }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!highlight || !ref.current) return;
    ref.current.open = true;
    ref.current.querySelector(`[data-v1-line="${CSS.escape(`${highlight.file}:${highlight.line}`)}"]`)?.scrollIntoView({ block: "center" });
  }, [highlight]);
  return (
    <details className="evolve-v1" ref={ref}>
      <summary>v1, as kept ({Object.keys(against).length} file{Object.keys(against).length === 1 ? "" : "s"})</summary>
      {Object.entries(against).map(([name, text]) => (
        <figure key={name} className="evolve-v1-file">
          <figcaption>{name}</figcaption>
          <pre tabIndex={0} aria-label={`v1 ${name}`}>
            {text.split("\n").map((line, i) => (
              <span key={i} data-v1-line={`${name}:${i + 1}`} className={highlight && highlight.file === name && highlight.line === i + 1 ? "is-highlighted" : undefined}>
                <span className="evolve-ln" aria-hidden="true">
                  {i + 1}
                </span>
                {line}
                {"\n"}
              </span>
            ))}
          </pre>
        </figure>
      ))}
    </details>
  );
});

export function EvolvePanel() {
  const id = useId();
  const files = useAppStore((s) => s.files);
  const activeName = useAppStore((s) => s.active);
  const messageTypes = useAppStore((s) => s.result?.messageTypes);
  const view = useAppStore((s) => s.evolveView);
  const setView = useAppStore((s) => s.setEvolveView);
  const setFileText = useAppStore((s) => s.setFileText);
  const locked = useAppStore((s) => s.evolveLocked);
  const fieldSelect = useRef<HTMLSelectElement>(null);
  const protos = useMemo(() => Object.fromEntries(files.filter((f) => f.kind === "proto").map((f) => [f.name, f.text])), [files]);
  const inputType = useMemo(() => {
    const active = files.find((f) => f.name === activeName && isInput(f)) ?? files.find(isInput);
    return active && "messageType" in active ? active.messageType : "";
  }, [files, activeName]);
  const type = view.type ?? inputType;
  // Computed by the page's derived layer in the Evolve Worker (the last result stays while the next is computed).
  const derived = useDerived("evolve");
  const result = derived.answer;
  const failed = derived.error;
  const [v1Line, setV1Line] = useState<{ file: string; line: number } | undefined>(undefined);

  // The latency benchmark's signal (e2e/latency.spec.ts): the panel shows a new result.
  useEffect(() => {
    if (result) performance.mark("wirelab:evolve-updated", { detail: { engineMs: result.elapsedMs } });
  }, [result]);

  const keep = () => setView({ against: { ...protos }, whatIf: undefined });
  const field = view.whatIf ? result?.fields.find((f) => f.target.field === view.whatIf!.target.field && f.target.message === view.whatIf!.target.message) : undefined;
  const optionIndex = field && view.whatIf ? field.options.findIndex((o) => JSON.stringify(o.change) === JSON.stringify(view.whatIf!.change)) : -1;

  return (
    <section className="evolve-panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Evolve: what the next reader sees</h2>
      {!view.against ? (
        <>
          <p className="evolve-help">
            Keep the schema as it is now as <strong>v1</strong>: the version the stored bytes were written with. Then edit the schema in the editor
            (that is <strong>v2</strong>, the version the next reader is built with) and see, record by record, what a v2 reader makes of the bytes, with
            buf breaking&apos;s findings beside it.
          </p>
          <p>
            <button type="button" onClick={keep} disabled={Object.keys(protos).length === 0}>
              Keep this schema as v1
            </button>
          </p>
        </>
      ) : (
        <>
          <div className="evolve-controls">
            {locked ? (
              <p className="evolve-help">v1 is the exercise&apos;s: the schema its stored bytes were written with, which its checks grade against.</p>
            ) : (
              <>
                <button type="button" onClick={keep}>
                  Keep the editor&apos;s schema as v1
                </button>
                <button type="button" onClick={() => setView({ against: undefined, whatIf: undefined })}>
                  Forget v1
                </button>
              </>
            )}
            <label>
              Message type{" "}
              <select value={type} onChange={(e) => setView({ type: e.target.value, whatIf: undefined })}>
                {!type && <option value="">(choose)</option>}
                {(messageTypes ?? []).map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {!type ? (
            <p role="status">Choose the message type the bytes hold.</p>
          ) : failed ? (
            <p role="alert">The Evolve Worker failed: {failed}</p>
          ) : !result ? (
            <p role="status">Reading the bytes with v2…</p>
          ) : (
            <>
              <Errors outcome={result} />
              {result.view && (
                <section className="evolve-reader" aria-label="What the v2 reader sees">
                  <h3>What the v2 reader sees</h3>
                  <p role="status" className="evolve-summary" data-testid="evolve-summary">
                    {result.view.ok ? "The v2 reader parses the message" : `The v2 reader fails to parse the message (at byte ${result.view.failure?.offset ?? 0})`}
                    {": "}
                    {sizeLine(result)}.
                  </p>
                  <Records records={result.view.records} depth={0} />
                </section>
              )}
              {result.categories.length > 0 && (
                <section className="evolve-buf" aria-label="buf breaking">
                  <h3>buf breaking, v2 against v1</h3>
                  <Findings outcome={result} onShowV1={(file, line) => setV1Line({ file, line })} />
                </section>
              )}
              {result.fields.length > 0 && (
                <section className="evolve-whatif" aria-label="What if">
                  <h3>What if…</h3>
                  <div className="evolve-controls">
                    <label>
                      Field{" "}
                      <select
                        ref={fieldSelect}
                        value={view.whatIf ? String(view.whatIf.target.field) : ""}
                        onChange={(e) => {
                          const f = result.fields.find((x) => String(x.target.field) === e.target.value);
                          setView({ whatIf: f && f.options[0] ? { target: f.target, change: f.options[0].change } : undefined });
                        }}
                      >
                        <option value="">(choose a field)</option>
                        {result.fields.map((f) => (
                          <option key={f.target.field} value={String(f.target.field)}>
                            {f.name} = {f.target.field} ({f.type})
                          </option>
                        ))}
                      </select>
                    </label>
                    {field && (
                      <label>
                        Change{" "}
                        <select value={String(optionIndex)} onChange={(e) => setView({ whatIf: { target: field.target, change: field.options[Number(e.target.value)]!.change } })}>
                          {field.options.map((o, i) => (
                            <option key={i} value={String(i)}>
                              {o.label}
                            </option>
                          ))}
                        </select>
                      </label>
                    )}
                  </div>
                  {result.whatIf && (
                    <div className="evolve-whatif-result" data-testid="evolve-whatif">
                      <p>
                        <strong>{result.whatIf.label}</strong>: {sizeLine(result.whatIf)}.
                      </p>
                      <Errors outcome={result.whatIf} />
                      <Findings outcome={result.whatIf} onShowV1={(file, line) => setV1Line({ file, line })} compact />
                      {result.whatIf.view && <Records records={result.whatIf.view.records} depth={0} compact />}
                      <p>
                        <button
                          type="button"
                          onClick={() => {
                            setFileText(result.whatIf!.file, result.whatIf!.text);
                            setView({ whatIf: undefined });
                            // The button goes with the preview: keep the keyboard where the menu is.
                            fieldSelect.current?.focus();
                          }}
                        >
                          Make this change in {result.whatIf.file}
                        </button>
                      </p>
                    </div>
                  )}
                </section>
              )}
              <V1Source against={view.against} highlight={v1Line} />
            </>
          )}
        </>
      )}
    </section>
  );
}
