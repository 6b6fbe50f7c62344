// How the page derives results from the store (./derivedSlice.ts) off the main thread. A
// derivation reads its inputs from the store; while some view watches it, a change of those inputs
// starts a computation (a newer one cancels an older one still running), and its answer, or error,
// is written back. Views only read the store. The clients come from the layer (./layer.ts).
import type { StoreApi } from "zustand";
import type { WorkspaceLayouts } from "../../../../engine/layout/index.ts";
import type { Workspace } from "../../../../engine/workspace/types.ts";
import type { CompressSettings } from "../../../../engine/compress/index.ts";
import type { AppState } from "../../store/types.ts";
import { RpcError } from "../../rpc/index.ts";
import type { EngineClient } from "../runner/runner.ts";
import { layoutRequest } from "../layout/layoutSlice.ts";
import type { SizesChannel } from "../sizes/sizesClient.ts";
import type { ComparedPayload } from "../sizes/sizesSlice.ts";
import type { SizesAnswer } from "../sizes/protocol.ts";
import type { ComparedSizes, DerivedName, DerivedResults, DerivedState } from "./derivedSlice.ts";
import type { EvolveInput, EvolveResult } from "../../../../engine/evolve/evolve.ts";
// Light modules only: this layer is in the page's first chunk (the decoders load with their Workers).
import type { LineupDecoder } from "../../../../engine/decode/lineup.ts";
import { LIBRARY_VERSIONS, LINEUP_DECODERS, type LineupDecoderName } from "../../../../engine/decode/versions.ts";
import { isInput } from "../workspace/types.ts";

/** How one result is derived from the store. */
export interface Derivation<K extends DerivedName, I> {
  name: K;
  /** The inputs in `s`; undefined: nothing to compute (the result goes back to idle). */
  inputs(s: AppState): I | undefined;
  /** Whether two inputs give the same result (then nothing is computed again). */
  same(a: I, b: I): boolean;
  /** Quiet time (ms) after a change before computing again; the first computation for a view starts at once. */
  debounceMs?: number;
  /** Keep showing the last answer while the next is computed (a layout), or not (sizes: "Measuring…"). */
  keepAnswer?: boolean;
  /** Computes the result; `emit` shows a partial one. Rejections for a cancelled run are ignored. */
  compute(inputs: I, run: { signal: AbortSignal; emit(answer: DerivedResults[K]): void }): Promise<DerivedResults[K]>;
}

/** True for the rejection of a run cancelled for a newer one (or whose Worker was restarted for it). */
export function isSuperseded(e: unknown): boolean {
  return e instanceof RpcError && (e.code === "rpc/cancelled" || e.code === "rpc/worker-restarted");
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Follows `derivation` on `store` until the returned function is called. */
export function follow<K extends DerivedName, I>(store: StoreApi<AppState>, derivation: Derivation<K, I>): () => void {
  const { name } = derivation;
  /** The inputs of the run started last (undefined: none, or it was cancelled before it ended). */
  let last: I | undefined;
  let running: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The inputs the timer will compute from (their edits are pausing). */
  let pending: I | undefined;
  let watched = false;
  const write = (state: DerivedState<DerivedResults[K]>) => store.getState().setDerived(name, state);

  const start = (inputs: I) => {
    running?.abort();
    const controller = new AbortController();
    running = controller;
    last = inputs;
    const previous = store.getState().derived[name];
    write(derivation.keepAnswer && previous.answer !== undefined ? { status: "computing", answer: previous.answer } : { status: "computing" });
    derivation
      .compute(inputs, { signal: controller.signal, emit: (answer) => !controller.signal.aborted && write({ status: "computing", answer }) })
      .then(
        (answer) => !controller.signal.aborted && write({ status: "done", answer }),
        (e: unknown) => {
          if (controller.signal.aborted || isSuperseded(e)) return;
          write({ status: "error", error: message(e) });
        },
      )
      .finally(() => {
        if (running === controller) running = undefined;
      });
  };

  const update = (s: AppState) => {
    const nowWatched = s.watchers[name] > 0;
    const first = nowWatched && !watched;
    watched = nowWatched;
    if (!nowWatched) {
      // No view shows it: stop, and compute afresh when one does (unless nothing changed).
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
      if (running) {
        running.abort();
        running = undefined;
        last = undefined;
      }
      return;
    }
    const inputs = derivation.inputs(s);
    if (inputs === undefined) {
      running?.abort();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
      last = undefined;
      if (s.derived[name].status !== "idle") write({ status: "idle" });
      return;
    }
    if (pending !== undefined ? derivation.same(pending, inputs) : last !== undefined && derivation.same(last, inputs)) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
    if (first || !derivation.debounceMs) {
      start(inputs);
      return;
    }
    // Show that the figures are stale now; compute once the edits pause. (The write below comes
    // back here, and finds these inputs pending.)
    running?.abort();
    last = undefined;
    pending = inputs;
    timer = setTimeout(() => {
      timer = undefined;
      const now = pending;
      pending = undefined;
      if (now !== undefined) start(now);
    }, derivation.debounceMs);
    const previous = s.derived[name];
    const stale = derivation.keepAnswer && previous.answer !== undefined ? { status: "computing" as const, answer: previous.answer } : { status: "computing" as const };
    if (previous.status !== stale.status || previous.answer !== stale.answer) write(stale);
  };

  const unsubscribe = store.subscribe((s) => update(s));
  update(store.getState());
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
    running?.abort();
  };
}

const sameList = <T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean) => a.length === b.length && a.every((x, i) => same(x, b[i]!));

/** Layouts from the engine Worker's cached schema (no Worker of its own, no second compile). */
export function layoutsDerivation(engine: () => EngineClient | undefined): Derivation<"layouts", { workspace: Workspace; type: string | undefined; bytes: Uint8Array | undefined }> {
  return {
    name: "layouts",
    keepAnswer: true,
    inputs(s) {
      const { protos, type, bytes } = layoutRequest(s);
      if (!protos || !engine()) return undefined;
      // Only the .proto files: the Worker's schema cache compares them, and nothing else is needed.
      const workspace: Workspace = { files: protos.map((p) => ({ kind: "proto", ...p })), active: protos[0]!.name };
      return { workspace, type, bytes };
    },
    same: (a, b) =>
      a.type === b.type &&
      a.bytes === b.bytes &&
      sameList(a.workspace.files, b.workspace.files, (x, y) => x.name === y.name && x.kind === "proto" && y.kind === "proto" && x.text === y.text),
    compute: ({ workspace, type, bytes }, { signal }): Promise<WorkspaceLayouts> => {
      const client = engine();
      if (!client) return Promise.reject(new Error("the engine is not running"));
      return client.call("layouts", { workspace, type, bytes: bytes?.slice() }, { signal });
    },
  };
}

/**
 * Quiet time (ms) before the current bytes are measured again after a change. Default 120: the
 * bytes change on every keystroke, and brotli at quality 11 can take longer than a keystroke on
 * large payloads; a pause between words is when a learner looks at the figures.
 */
export const REMEASURE_DEBOUNCE_MS = 120;

const sameSettings = (a: CompressSettings, b: CompressSettings) => a.level === b.level && a.quality === b.quality;

/** Sizes of the current bytes; a newer request cancels (and restarts the Worker of) one still running. */
export function sizesDerivation(channel: () => SizesChannel): Derivation<"sizes", { bytes: Uint8Array; settings: CompressSettings }> {
  return {
    name: "sizes",
    debounceMs: REMEASURE_DEBOUNCE_MS,
    inputs: (s) => ({ bytes: s.result?.bytes ?? EMPTY, settings: s.sizesSettings }),
    same: (a, b) => a.bytes === b.bytes && sameSettings(a.settings, b.settings),
    compute: ({ bytes, settings }, { signal }) => channel().request(bytes, settings, signal),
  };
}

const EMPTY = new Uint8Array(0);

/** Sizes of the compared payloads, side by side: none cancels another; each shows when it is done. */
export function comparedDerivation(channel: () => SizesChannel): Derivation<"compared", { compared: readonly ComparedPayload[]; settings: CompressSettings }> {
  return {
    name: "compared",
    inputs: (s) => ({ compared: s.compared, settings: s.sizesSettings }),
    same: (a, b) => a.compared === b.compared && sameSettings(a.settings, b.settings),
    compute: async ({ compared, settings }, { signal, emit }) => {
      // The post's example payloads come with the compression code: loaded once a view compares.
      const { resolvePayloads } = await import("../sizes/payloads.ts");
      const payloads = resolvePayloads(compared);
      let states: ComparedSizes = Object.fromEntries(payloads.map((p) => [p.id, { status: "computing" } as DerivedState<SizesAnswer>]));
      emit(states);
      await Promise.all(
        payloads.map((p) =>
          channel()
            .request(p.bytes, settings)
            .then(
              (answer): DerivedState<SizesAnswer> => ({ status: "done", answer }),
              (e: unknown): DerivedState<SizesAnswer> => ({ status: "error", error: message(e) }),
            )
            .then((state) => {
              if (signal.aborted) return;
              states = { ...states, [p.id]: state };
              emit(states);
            }),
        ),
      );
      return states;
    },
  };
}

/** The workspace's .proto files by name, and the active input's chosen type ("" for none). */
function schemaAndType(s: AppState): { protos: Record<string, string>; inputType: string } {
  const protos: Record<string, string> = {};
  for (const f of s.files) if (f.kind === "proto") protos[f.name] = f.text;
  const active = s.files.find((f) => f.name === s.active && isInput(f)) ?? s.files.find(isInput);
  return { protos, inputType: active && "messageType" in active ? active.messageType : "" };
}

const sameRecord = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

/** Same content: every engine run brings a new array, and a schema keystroke must not ask twice. */
const sameBytes = (a: Uint8Array, b: Uint8Array) => a === b || (a.length === b.length && a.every((x, i) => x === b[i]));

/** The Evolve panel: v1 (kept), v2 (now) and the stored bytes, through the Evolve Worker. */
export interface EvolveClient {
  evolve(input: EvolveInput, signal: AbortSignal): Promise<EvolveResult>;
}

export function evolveDerivation(client: () => EvolveClient): Derivation<"evolve", EvolveInput> {
  return {
    name: "evolve",
    keepAnswer: true,
    inputs(s) {
      const { protos, inputType } = schemaAndType(s);
      const view = s.evolveView;
      const type = view.type ?? inputType;
      const bytes = s.result?.bytes;
      if (!view.against || !type || !bytes) return undefined;
      return { against: view.against, current: protos, type, bytes, ...(view.whatIf ? { whatIf: view.whatIf } : {}) };
    },
    same: (a, b) => a.against === b.against && a.whatIf === b.whatIf && a.type === b.type && sameRecord(a.current, b.current) && sameBytes(a.bytes, b.bytes),
    compute: (input, { signal }) => client().evolve(input, signal),
  };
}

/** Quiet time (ms) before the line-up decodes again after a change (three Workers at once). */
export const LINEUP_DEBOUNCE_MS = 120;

/** The line-up: one Worker per decoder; a decoder that fails is a row saying so, in its words. */
export interface LineupClient {
  decode(decoder: LineupDecoderName, protos: Record<string, string>, type: string, bytes: Uint8Array, signal: AbortSignal): Promise<LineupDecoder>;
}

export function lineupDerivation(client: () => LineupClient): Derivation<"lineup", { protos: Record<string, string>; type: string; bytes: Uint8Array }> {
  return {
    name: "lineup",
    debounceMs: LINEUP_DEBOUNCE_MS,
    inputs(s) {
      const { protos, inputType } = schemaAndType(s);
      const bytes = s.result?.bytes;
      return inputType && bytes ? { protos, type: inputType, bytes } : undefined;
    },
    same: (a, b) => a.type === b.type && a.bytes === b.bytes && sameRecord(a.protos, b.protos),
    compute: ({ protos, type, bytes }, { signal }) =>
      Promise.all(
        LINEUP_DECODERS.map((d) =>
          client()
            .decode(d, protos, type, bytes, signal)
            .catch((e: unknown): LineupDecoder => {
              if (isSuperseded(e) || signal.aborted) throw e;
              return { name: d, version: LIBRARY_VERSIONS[d], ok: false, error: message(e), fields: [] };
            }),
        ),
      ),
  };
}
