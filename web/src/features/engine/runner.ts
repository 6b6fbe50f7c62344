// Keeps the result in step with the workspace. Small workspaces run on the main thread at once
// (coalesced to one run per task), so a keystroke shows its bytes in the same frame; larger ones
// go to the engine Worker (at once up to IMMEDIATE_WORKER_LIMIT, debounced above it), so typing
// never waits for the engine. An explicit
// rerun (Ctrl/Cmd+Enter) follows the same rule: over the limit, it goes to the Worker too. The
// main-thread engine is its own chunk, loaded right after the first paint.
import type { StoreApi } from "zustand";
import type { AppState } from "../../store/types.ts";
import { workspaceSize, type Workspace, type WorkspaceResult } from "../../../../engine/workspace/types.ts";
import { createRpcClient, type RpcClient } from "../../rpc/index.ts";
import type { EngineCommands } from "./worker/commands.ts";
import { engineNow, loadEngine } from "./lazyEngine.ts";
import type { WorkspaceCache } from "./engineApi.ts";
import EngineWorker from "./worker/engine.worker.ts?worker";

/**
 * Workspace size (characters of the .proto files and the active input, or bytes x 3 for a bytes
 * input) up to which the engine runs on the main thread without delay. Default 64 Ki:
 * assembling 64 KB of protoscope takes a few milliseconds; above it, shipping the work to the
 * Worker costs less than stalling a frame.
 */
export const MAIN_THREAD_LIMIT = 64 * 1024;

/** Quiet time (ms) before a large input is re-run. Default 150: about a pause between words. */
export const LARGE_INPUT_DEBOUNCE_MS = 150;

/**
 * Workspace size up to which a Worker run starts at once, without the debounce. Default 256 Ki:
 * the annotated assembly of 256 KB takes about 10 ms in the Worker and its tree crosses as rows,
 * so a keystroke's bytes can follow within a frame or two; runs never pile up, since one waits
 * for the one in flight. Above it, the debounce saves work the next keystroke would discard.
 */
export const IMMEDIATE_WORKER_LIMIT = 256 * 1024;

/** A stand-in result for raw bytes while the Worker works out their meaning. */
function bytesOnly(ws: Workspace, previous: WorkspaceResult | undefined): WorkspaceResult | undefined {
  const input = ws.files.find((f) => f.name === ws.active);
  if (input?.kind !== "bytes") return undefined;
  const diagnostics: Record<string, []> = {};
  for (const f of ws.files) diagnostics[f.name] = [];
  return {
    active: input.name,
    bytes: input.bytes,
    annotations: [],
    sourceAnnotations: [],
    sourceFile: undefined,
    diagnostics: { ...diagnostics, ...Object.fromEntries(ws.files.filter((f) => f.kind === "proto").map((f) => [f.name, previous?.diagnostics[f.name] ?? []])) },
    messageTypes: previous?.messageTypes ?? [],
    symbols: previous?.symbols ?? [],
    disassembly: "# disassembling…\n",
    elapsedMs: 0,
  };
}

export type EngineClient = RpcClient<EngineCommands>;

let engineClient: EngineClient | undefined;
let packResultModule: Promise<typeof import("./worker/packResult.ts")> | undefined;
let rerunNow: (() => void) | undefined;

/** The running engine client (for other off-thread work such as compressing autosaves). */
export function currentEngineClient(): EngineClient | undefined {
  return engineClient;
}

/** Starts the runner; returns a function that stops it. */
export function startEngineRunner(store: StoreApi<AppState>): () => void {
  const client = createRpcClient<EngineCommands>({
    name: "engine",
    createWorker: () => (typeof Worker === "undefined" ? undefined : new EngineWorker()),
    fallback: async () => (await import("./worker/commands.ts")).createEngineCommands(),
    // Generous: a 10 MB input legitimately takes seconds on a slow laptop; this catches hangs.
    timeoutMs: 60_000,
  });
  let pageCache: WorkspaceCache | undefined;
  let microtaskQueued = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // One Worker run at a time: an edit during a run asks for one more run after it (latest wins).
  let inFlight = false;
  let runAgain = false;

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
    try {
      pageCache ??= engine.createWorkspaceCache({ incremental: true });
      s.applyResult(engine.runWorkspace(s.snapshot(), pageCache), s.editVersion);
    } catch (e) {
      s.setEngineError(`engine error: ${e instanceof Error ? e.message : String(e)}`);
    }
    store.getState().setRunning(false);
  };

  const runInWorker = async () => {
    timer = undefined;
    if (inFlight) {
      runAgain = true;
      return;
    }
    inFlight = true;
    const s = store.getState();
    const version = s.editVersion;
    try {
      // Loaded with the first call, not with the page: unpacking reads the assembler's rows, engine
      // code that must stay out of the first chunk (e2e/ship-site.spec.ts keeps a budget on it).
      // One import for all calls: a dynamic import() of a loaded module still settles a task later.
      const unpacker = (packResultModule ??= import("./worker/packResult.ts"));
      const packed = await client.call("run", s.snapshot());
      const { unpackResult } = await unpacker;
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
      store.getState().setEngineError(e instanceof Error ? e.message : String(e));
    } finally {
      inFlight = false;
      if (store.getState().editVersion === version) store.getState().setRunning(false);
      if (runAgain) {
        runAgain = false;
        void runInWorker();
      }
    }
  };

  const schedule = (debounce: boolean) => {
    const s = store.getState();
    const ws = s.snapshot();
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (workspaceSize(ws) <= MAIN_THREAD_LIMIT) {
      if (!microtaskQueued) {
        microtaskQueued = true;
        queueMicrotask(runHere);
      }
      return;
    }
    s.setRunning(true);
    // Raw bytes are their own output: show them at once, the meaning follows from the Worker.
    const shown = bytesOnly(ws, s.result);
    if (shown) s.applyResult(shown, s.editVersion);
    if (debounce && workspaceSize(ws) > IMMEDIATE_WORKER_LIMIT) timer = setTimeout(() => void runInWorker(), LARGE_INPUT_DEBOUNCE_MS);
    else void runInWorker();
  };

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.editVersion !== prev.editVersion) schedule(true);
  });
  schedule(true);
  engineClient = client;
  rerunNow = () => schedule(false);
  return () => {
    engineClient = undefined;
    rerunNow = undefined;
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
    client.dispose();
  };
}

/** Re-runs the engine now (Ctrl/Cmd+Enter): on the page when small, in the Worker when large. */
export function rerun(): void {
  rerunNow?.();
}
