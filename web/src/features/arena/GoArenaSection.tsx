// Go's `arena` package as people write it: a script of operations, and for each one where its
// variable lives afterwards and what `go run -asan` reports once the arena is freed (a plain
// `go run` reports nothing). engine/arena/goarena.ts computes every row; its rules are checked
// against real Go runs. The script lives in the store (links and lessons carry it).
import { useId, useMemo } from "react";
import { simulateGoArena, type GoArenaStep } from "../../../../engine/arena/index.ts";
import { useAppStore } from "../../store/index.ts";
import { useBoundScript } from "./boundScript.ts";

/** The operation as the learner wrote it (its line, without a trailing comment). */
function opText(script: string, step: GoArenaStep): string {
  return script.slice(step.op.span.start.offset, step.op.span.end.offset).replace(/#.*$/, "").trim();
}

/** What -asan prints for the operation, in short ("—" for nothing). */
function asanText(step: GoArenaStep): string {
  return step.asan.length === 0 ? "—" : step.asan.map((r) => `${r.error}: ${r.access} of size ${r.size}`).join("; ");
}

export function GoArenaSection() {
  const id = useId();
  const [script, setScript, boundFile] = useBoundScript("arena.goScript", useAppStore((s) => s.arena.goScript), useAppStore((s) => s.setGoArenaScript));
  const run = useMemo(() => simulateGoArena(script), [script]);
  const reported = run.steps.filter((s) => s.asan.length > 0).length;
  return (
    <section className="goarena" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Go&apos;s arena package: after Free</h3>
      <p className="arena-help">
        One operation a line, as Go code with <code>GOEXPERIMENT=arenas</code> would do it: <code>new p int</code>, <code>makeslice s int32 2 4</code>,{" "}
        <code>append s 3</code> (past the capacity, the slice moves to the heap), <code>clone c p</code>, <code>free</code>, <code>read p</code>,{" "}
        <code>write s[1]</code>. Each row says where the variable lives and what <code>go run -asan</code> reports; a plain <code>go run</code> lets every
        access pass silently.
      </p>
      <label className="arena-script">
        Go arena script{boundFile && <span className="arena-bound"> — the exercise's {boundFile}, graded</span>}
        <textarea value={script} onChange={(e) => setScript(e.target.value)} rows={Math.min(14, Math.max(4, script.split("\n").length + 1))} spellCheck={false} aria-invalid={run.diagnostics.length > 0} />
      </label>
      {run.diagnostics.length > 0 && (
        <ul className="arena-errors" role="alert">
          {run.diagnostics.map((d, i) => (
            <li key={i}>{d.span.kind === "text" ? `${d.span.start.line}:${d.span.start.column}: ${d.message}` : d.message}</li>
          ))}
        </ul>
      )}
      {run.steps.length > 0 && (
        <div className="goarena-scroll">
          <table className="goarena-table" data-testid="goarena-table">
            <caption>
              {reported === 0 ? "No operation is reported by -asan" : `${reported} of ${run.steps.length} operations reported by -asan`}; a plain build reports none.
            </caption>
            <thead>
              <tr>
                <th scope="col">operation</th>
                <th scope="col">lives in</th>
                <th scope="col">go run -asan</th>
                <th scope="col">go run</th>
                <th scope="col">why</th>
              </tr>
            </thead>
            <tbody>
              {run.steps.map((step, i) => (
                <tr key={i} className={step.asan.length > 0 ? "is-poisoned" : undefined}>
                  <th scope="row">
                    <code>{opText(script, step)}</code>
                  </th>
                  <td>{step.where ?? "—"}</td>
                  <td>{asanText(step)}</td>
                  <td>{step.asan.length > 0 ? "passes silently" : "—"}</td>
                  <td>{step.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
