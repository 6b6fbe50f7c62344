// Keeps the result in step with the inputs. Small workspaces run on the main thread at once
// (coalesced to one run per task), so a keystroke shows its bytes in the same frame; large ones
// are debounced and sent to the engine Worker, so typing never waits for the engine. The
// main-thread engine is its own chunk, loaded right after the first paint.
import type { StoreApi } from "zustand";
import type { AppState } from "../../store/types.ts";
import type { PipelineInput, PipelineResult } from "./pipeline.ts";
import { EngineClient } from "./worker/client.ts";
import { unpackResult } from "./worker/packResult.ts";
import { engineNow, loadEngine } from "./lazyEngine.ts";
import EngineWorker from "./worker/engine.worker.ts?worker";

/**
 * Input size (characters, or bytes x 3 in bytes mode) up to which the engine runs on the main
 * thread without delay. Default 64 Ki: assembling 64 KB of protoscope takes a few milliseconds;
 * above it, shipping the work to the Worker costs less than stalling a frame.
 */
export const MAIN_THREAD_LIMIT = 64 * 1024;

/** Quiet time (ms) before a large input is re-run. Default 150: about a pause between words. */
export const LARGE_INPUT_DEBOUNCE_MS = 150;

function inputOf(s: AppState): PipelineInput {
  return { schema: s.schema, protoscope: s.protoscope, message: s.message, messageType: s.messageType, bytes: s.bytes, mode: s.mode };
}

/** A stand-in result for raw bytes while the Worker works out their meaning. */
function bytesOnly(bytes: Uint8Array, previous: PipelineResult | undefined): PipelineResult {
  return {
    bytes,
    annotations: [],
    sourceAnnotations: [],
    sourceEditor: undefined,
    diagnostics: { schema: previous?.diagnostics.schema ?? [], protoscope: [], message: [], bytes: [] },
    messageTypes: previous?.messageTypes ?? [],
    disassembly: "# disassembling…\n",
    elapsedMs: 0,
  };
}

function sizeOf(input: PipelineInput): number {
  const active = input.mode === "protoscope" ? input.protoscope.length : input.mode === "textformat" ? input.message.length : input.bytes.length * 3;
  return input.schema.length + active;
}

let engineClient: EngineClient | undefined;

/** The running engine client (for other off-thread work such as compressing autosaves). */
export function currentEngineClient(): EngineClient | undefined {
  return engineClient;
}

/** Starts the runner; returns a function that stops it. */
export function startEngineRunner(store: StoreApi<AppState>): () => void {
  const client = new EngineClient({
    createWorker: () => (typeof Worker === "undefined" ? undefined : new EngineWorker()),
    // Generous: a 10 MB input legitimately takes seconds on a slow laptop; this catches hangs.
    timeoutMs: 60_000,
  });
  let microtaskQueued = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const apply = (version: number, run: () => PipelineResult) => {
    try {
      store.getState().applyResult(run(), version);
    } catch (e) {
      store.getState().setEngineError(`engine error: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  const runHere = () => {
    microtaskQueued = false;
    const engine = engineNow();
    if (!engine) {
      // First run after start-up: wait for the engine chunk (requested with the page).
      microtaskQueued = true;
      void loadEngine().then(runHere, (e: unknown) => {
        microtaskQueued = false;
        store.getState().setEngineError(`could not load the engine: ${e instanceof Error ? e.message : String(e)}`);
      });
      return;
    }
    const s = store.getState();
    apply(s.editVersion, () => engine.runPipeline(inputOf(s)));
    store.getState().setRunning(false);
  };

  const runInWorker = async () => {
    timer = undefined;
    const s = store.getState();
    const version = s.editVersion;
    const input = inputOf(s);
    try {
      const packed = await client.call("run", input);
      // Ignore answers overtaken by a newer edit that has already been shown.
      if (store.getState().resultEditVersion > version) return;
      const unpackStart = performance.now();
      const result = unpackResult(packed);
      const applyStart = performance.now();
      store.getState().applyResult(result, version);
      // Where the page's time goes for large inputs (read by the latency benchmark).
      performance.measure("wirelab:unpack", { start: unpackStart, end: applyStart });
      performance.measure("wirelab:apply", { start: applyStart, end: performance.now() });
      performance.measure("wirelab:engine", { start: 0, duration: result.elapsedMs });
    } catch (e) {
      if (!client.usesWorker) {
        try {
          const engine = await loadEngine();
          apply(version, () => engine.runPipeline(input));
        } catch (loadError) {
          store.getState().setEngineError(loadError instanceof Error ? loadError.message : String(loadError));
        }
      } else {
        store.getState().setEngineError(e instanceof Error ? e.message : String(e));
      }
    } finally {
      if (store.getState().editVersion === version) store.getState().setRunning(false);
    }
  };

  const schedule = () => {
    const input = inputOf(store.getState());
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (sizeOf(input) <= MAIN_THREAD_LIMIT) {
      if (!microtaskQueued) {
        microtaskQueued = true;
        queueMicrotask(runHere);
      }
    } else {
      store.getState().setRunning(true);
      // Raw bytes are their own output: show them at once, the meaning follows from the Worker.
      if (input.mode === "bytes") store.getState().applyResult(bytesOnly(input.bytes, store.getState().result), store.getState().editVersion);
      timer = setTimeout(() => void runInWorker(), LARGE_INPUT_DEBOUNCE_MS);
    }
  };

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.editVersion !== prev.editVersion) schedule();
  });
  schedule();
  engineClient = client;
  return () => {
    engineClient = undefined;
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
    client.dispose();
  };
}

/** Re-runs the engine now (Ctrl/Cmd+Enter), whatever the input size. */
export async function rerun(store: StoreApi<AppState>): Promise<void> {
  const engine = await loadEngine();
  const s = store.getState();
  try {
    s.applyResult(engine.runPipeline(inputOf(s)), s.editVersion);
  } catch (e) {
    s.setEngineError(`engine error: ${e instanceof Error ? e.message : String(e)}`);
  }
}
