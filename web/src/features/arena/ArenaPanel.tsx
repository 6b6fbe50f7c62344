// The Arena view: the bump-pointer arena of "Cheating the Reaper in Go" stepped through like a
// debugger. The engine computes the whole trace first (engine/arena); this view only picks a
// step and draws it, so every number shown is the engine's.
import { useCallback, useId, useMemo, type KeyboardEvent } from "react";
import {
  allocationOps,
  arenaMarkers,
  arenaSnapshot,
  describeEvent,
  messageAllocations,
  parseArenaOps,
  simulateArena,
  type ArenaMode,
  type ArenaTrace,
} from "../../../../engine/arena/index.ts";
import { useAppStore } from "../../store/index.ts";
import { useBoundScript } from "./boundScript.ts";
import { ArenaDiagram } from "./ArenaDiagram.tsx";
import { ArenaPlayer } from "./ArenaPlayer.tsx";
import { GoArenaSection } from "./GoArenaSection.tsx";
import type { ArenaSource } from "./arenaSlice.ts";
import { useDecodedAnnotations } from "./decodedMessage.ts";
import "./arena.css";

function useTrace(script: string, mode: ArenaMode, source: ArenaSource) {
  const annotations = useDecodedAnnotations();
  return useMemo(() => {
    if (source === "message") {
      const allocs = messageAllocations(annotations ?? []);
      return { trace: simulateArena(allocationOps(allocs), mode), diagnostics: [], labels: allocs.map((a) => a.label) };
    }
    const parsed = parseArenaOps(script);
    let trace: ArenaTrace | undefined;
    let limit: string | undefined;
    try {
      trace = simulateArena(parsed.ops, mode);
    } catch (e) {
      limit = e instanceof Error ? e.message : String(e);
    }
    return { trace, diagnostics: parsed.diagnostics, labels: undefined as string[] | undefined, limit };
  }, [script, mode, source, annotations]);
}

export function ArenaPanel() {
  const id = useId();
  const view = useAppStore((s) => s.arena);
  const [script, setScript, boundFile] = useBoundScript("arena.script", useAppStore((s) => s.arena.script), useAppStore((s) => s.setArenaScript));
  const setMode = useAppStore((s) => s.setArenaMode);
  const setSource = useAppStore((s) => s.setArenaSource);
  const setStep = useAppStore((s) => s.setArenaStep);
  const setPlaying = useAppStore((s) => s.setArenaPlaying);
  const setSpeed = useAppStore((s) => s.setArenaSpeed);
  const { trace, diagnostics, labels, limit } = useTrace(script, view.mode, view.source) as ReturnType<typeof useTrace> & { limit?: string };
  const total = trace?.events.length ?? 0;
  const step = Math.min(view.step, total);
  const snap = useMemo(() => (trace ? arenaSnapshot(trace, step) : undefined), [trace, step]);
  const markers = useMemo(() => (trace ? arenaMarkers(trace) : []), [trace]);
  const onStep = useCallback((n: number) => setStep(Math.max(0, Math.min(total, n))), [setStep, total]);

  const onKeyDown = (e: KeyboardEvent) => {
    const t = e.target as HTMLElement;
    if (e.key !== " " || ["TEXTAREA", "INPUT", "SELECT", "BUTTON"].includes(t.tagName)) return;
    e.preventDefault();
    setPlaying(!view.playing);
  };

  const allocCount = trace ? trace.events.filter((e) => e.op === "alloc").length : 0;
  const reg = snap?.registers;
  return (
    <section className="arena-panel" aria-labelledby={`${id}-h`} onKeyDown={onKeyDown} tabIndex={0} aria-describedby={`${id}-keys`}>
      <h2 id={`${id}-h`}>Arena</h2>
      <p className="arena-help" id={`${id}-keys`}>
        “Cheating the Reaper in Go” (Miguel Young de la Sota): 8-byte words handed out by moving a pointer; a request that does not fit opens a
        chunk of max(8, 2 × last, nextPow2(words)) words. Space plays and pauses (Tab to the panel first).
      </p>
      <div className="arena-settings">
        <fieldset className="arena-choice">
          <legend>Reading</legend>
          {(["design", "listing"] as const).map((m) => (
            <label key={m}>
              <input type="radio" name={`${id}-mode`} checked={view.mode === m} onChange={() => setMode(m)} /> {m === "design" ? "the design (prose)" : "the listing as printed"}
            </label>
          ))}
        </fieldset>
        <fieldset className="arena-choice">
          <legend>Allocations</legend>
          {(["script", "message"] as const).map((src) => (
            <label key={src}>
              <input type="radio" name={`${id}-source`} checked={view.source === src} onChange={() => setSource(src)} /> {src === "script" ? "my script" : "every node of the decoded message"}
            </label>
          ))}
        </fieldset>
      </div>
      {view.source === "script" ? (
        <label className="arena-script">
          Operations (alloc:BYTES, reset, realloc:I:BYTES){boundFile && <span className="arena-bound"> — the exercise's {boundFile}, graded</span>}
          <textarea value={script} onChange={(e) => setScript(e.target.value)} rows={Math.min(10, Math.max(3, script.split("\n").length + 1))} spellCheck={false} aria-invalid={diagnostics.length > 0} />
        </label>
      ) : (
        <p className="arena-help">
          {labels && labels.length > 0 ? `${labels.length} allocations: the message, each sub-message, each string and bytes value, each packed run.` : "No decoded message: write or pick one first."}
        </p>
      )}
      {diagnostics.length > 0 && (
        <ul className="arena-errors" role="alert">
          {diagnostics.map((d, i) => (
            <li key={i}>{d.span.kind === "text" ? `${d.span.start.line}:${d.span.start.column}: ${d.message}` : d.message}</li>
          ))}
        </ul>
      )}
      {limit && <p role="alert" className="arena-errors">{limit}</p>}
      {trace && snap && (
        <>
          <ArenaPlayer step={step} total={total} playing={view.playing} speed={view.speed} markers={markers} onStep={onStep} onPlaying={setPlaying} onSpeed={setSpeed} />
          <p className="arena-event" data-testid="arena-event" data-op={snap.op ?? ""}>
            {snap.event
              ? `${view.source === "message" && labels && snap.event.op === "alloc" ? `${labels[snap.blocks.length - 1] ?? ""}: ` : ""}${describeEvent(snap.event).replace(/\s+/g, " ")}`
              : "Before the first operation."}
          </p>
          <ArenaDiagram snap={snap} />
          <dl className="arena-stats" data-testid="arena-stats">
            <div>
              <dt>next</dt>
              <dd data-testid="arena-next">{reg!.chunk === null ? "nil" : `chunk #${reg!.chunk} +${reg!.offset}`}</dd>
            </div>
            <div>
              <dt>words left</dt>
              <dd data-testid="arena-left">{reg!.left}</dd>
            </div>
            <div>
              <dt>requested</dt>
              <dd data-testid="arena-requested">{reg!.stats.requested} B</dd>
            </div>
            <div>
              <dt>reserved</dt>
              <dd data-testid="arena-reserved">{reg!.stats.reserved} B</dd>
            </div>
            <div>
              <dt>wasted</dt>
              <dd data-testid="arena-wasted">{reg!.stats.wasted} B</dd>
            </div>
            <div>
              <dt>chunks</dt>
              <dd data-testid="arena-chunks">{reg!.stats.chunks}</dd>
            </div>
          </dl>
          <p className="arena-help">
            The same work with <code>new</code>: {allocCount} heap objects, one per allocation, each found and freed by the garbage collector; the arena asked the
            heap for {trace.stats.chunks} chunk{trace.stats.chunks === 1 ? "" : "s"}. The <strong>arena</strong> suite in the Bench panel times both.
          </p>
          <ul className="arena-legend" aria-label="Legend">
            <li><span className="arena-key is-block" /> live block</li>
            <li><span className="arena-key is-dangling" /> before the last Reset</li>
            <li><span className="arena-key is-wasted" /> left unused</li>
            <li><span className="arena-key is-slot" /> back-pointer slot</li>
            <li><span className="arena-key is-overflow" /> past the chunk's real end</li>
          </ul>
        </>
      )}
      <GoArenaSection />
    </section>
  );
}

export default ArenaPanel;
