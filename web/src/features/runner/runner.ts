// Keeps the result in step with the workspace. Small workspaces run on the main thread at once
// (coalesced to one run per task), so a keystroke shows its bytes in the same frame; so do
// keystrokes in a protoscope document up to INCREMENTAL_PAGE_LIMIT when the page's assembly memo
// leaves little to assemble again (an edit near the end). Larger work goes to the engine Worker
// (at once up to IMMEDIATE_WORKER_LIMIT, debounced above it), so typing never waits for the
// engine. An explicit
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

/**
 * Workspace size up to which a keystroke may run on the main thread when it is cheap there:
 * a protoscope input whose page-side assembly memo leaves at most INCREMENTAL_PAGE_WORK
 * characters to assemble again (engine `pendingAssembly`). Default 160 Ki: the rest of such a
 * run (copying the tree's rows, the top-level node objects) grows with the document, about 3 ms
 * at 100 KB on a slow machine.
 */
export const INCREMENTAL_PAGE_LIMIT = 160 * 1024;

/** Most characters a keystroke's run on the page may assemble again (see INCREMENTAL_PAGE_LIMIT). */
export const INCREMENTAL_PAGE_WORK = 8 * 1024;

/**
 * Characters the page's idle-time warm-up assembles per step (each step resumes from the last):
 * a whole 100 Ki document at once took 20-80 ms on a slow machine, a task long enough to be
 * felt if it fell between two keystrokes. The first step is smaller: the page's engine code is
 * often still cold then (large documents go to the Worker).
 */
export const WARM_UP_STEP = 16 * 1024;
const WARM_UP_FIRST_STEP = 2 * 1024;

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
    sourceFile: undefined,
    diagnostics: { ...diagnostics, ...Object.fromEntries(ws.files.filter((f) => f.kind === "proto").map((f) => [f.name, previous?.diagnostics[f.name] ?? []])) },
    messageTypes: previous?.messageTypes ?? [],
    symbols: previous?.symbols ?? [],
    disassembly: "# disassembling…\n",
    elapsedMs: 0,
  };
}

export type EngineClient = RpcClient<EngineCommands>;

/** The engine Worker's client (made by the page's one layer of Worker clients, ../derived/derivations.ts). */
export function createEngineClient(): EngineClient {
  return createRpcClient<EngineCommands>({
    name: "engine",
    createWorker: () => (typeof Worker === "undefined" ? undefined : new EngineWorker()),
    fallback: async () => (await import("./worker/commands.ts")).createEngineCommands(),
    // Generous: a 10 MB input legitimately takes seconds on a slow laptop; this catches hangs.
    timeoutMs: 60_000,
  });
}

/** True while an editor writes what the learner typed (the store's subscribers run inside). */
let typing = false;

/** Writes an edit the learner typed (or pasted) into an editor: `write` changes the store. */
export function writeTyped(write: () => void): void {
  typing = true;
  try {
    write();
  } finally {
    typing = false;
  }
}

/**
 * Runs `fn` just after the page has painted its next frame, so a keystroke's echo (the editor's
 * own rendering) reaches the screen before the run and the panels' re-render: a frame of their
 * work no longer stands between the key and the character. In a hidden tab (no frames), soon.
 */
function afterNextPaint(fn: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  if (typeof requestAnimationFrame === "function" && typeof document !== "undefined" && document.visibilityState === "visible") {
    // A timer set from the frame's callbacks fires after the frame is drawn (and after timers set
    // earlier in those callbacks, first come first served).
    requestAnimationFrame(() => setTimeout(once, 0));
  }
  setTimeout(once, 100);
}

/**
 * Keeps the store's result in step with its workspace, running on the page or through `client`;
 * a `requestRun()` (Ctrl/Cmd+Enter) runs again now. Returns a function that stops it (the client
 * stays its owner's).
 */
export function startEngineRunner(store: StoreApi<AppState>, client: EngineClient): () => void {
  let packResultModule: Promise<typeof import("../../../../engine/workspace/transfer.ts")> | undefined;
  let pageCache: WorkspaceCache | undefined;
  let microtaskQueued = false;
  let warmUpQueued = false;
  // The first warm-up step is small: the page's engine code is still cold then.
  let warmedOnce = false;
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
    // The page has the latest edit: a Worker run asked for after the one in flight is not needed.
    runAgain = false;
    try {
      pageCache ??= engine.createWorkspaceCache({ incremental: true });
      const result = engine.runWorkspace(s.snapshot(), pageCache);
      // The page's own runs, for the latency benchmark and the tests of where a run goes.
      performance.measure("wirelab:page-engine", { start: 0, duration: result.elapsedMs });
      s.applyResult(result, s.editVersion);
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
      const unpacker = (packResultModule ??= import("../../../../engine/workspace/transfer.ts"));
      const ws = s.snapshot();
      const packed = await client.call("run", ws);
      const { unpackResult } = await unpacker;
      // Ignore answers overtaken by a newer edit that has already been shown.
      if (store.getState().resultEditVersion > version) return;
      const unpackStart = performance.now();
      const result = unpackResult(packed, ws);
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

  /** Whether the page can run this workspace cheaply: its assembly memo leaves little to do. */
  const cheapHere = (ws: Workspace, size: number): boolean => {
    const engine = engineNow();
    if (!engine || !pageCache || size > INCREMENTAL_PAGE_LIMIT) return false;
    const pending = engine.pendingAssembly(ws, pageCache);
    return pending !== undefined && pending <= INCREMENTAL_PAGE_WORK;
  };

  /**
   * When the page is idle, brings its assembly memo up to date with the workspace (a document of
   * at most INCREMENTAL_PAGE_LIMIT, WARM_UP_STEP characters more per idle callback, each step
   * resuming from the last; the results are dropped: the Worker's is shown), so the next
   * keystrokes near its end can run on the page.
   */
  const warmUp = () => {
    warmUpQueued = false;
    const engine = engineNow();
    if (!engine) return;
    const ws = store.getState().snapshot();
    if (workspaceSize(ws) > INCREMENTAL_PAGE_LIMIT) return;
    pageCache ??= engine.createWorkspaceCache({ incremental: true });
    const pending = engine.pendingAssembly(ws, pageCache);
    if (pending === undefined || pending <= INCREMENTAL_PAGE_WORK) return;
    try {
      const started = performance.now();
      const left = engine.advanceAssembly(ws, pageCache, warmedOnce ? WARM_UP_STEP : WARM_UP_FIRST_STEP);
      warmedOnce = true;
      const done = left === undefined || left <= INCREMENTAL_PAGE_WORK;
      performance.measure("wirelab:warm-up", { start: started, end: performance.now(), detail: { done } });
      if (!done) warmUpWhenIdle();
    } catch {
      // Only a memo was being made; the Worker's run reports any failure.
    }
  };
  const warmUpWhenIdle = () => {
    if (warmUpQueued) return;
    warmUpQueued = true;
    if (typeof requestIdleCallback === "function") requestIdleCallback(warmUp, { timeout: 2000 });
    else setTimeout(warmUp, 200);
  };

  const schedule = (debounce: boolean) => {
    const typedEdit = typing;
    const s = store.getState();
    const ws = s.snapshot();
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const size = workspaceSize(ws);
    if (size <= MAIN_THREAD_LIMIT || cheapHere(ws, size)) {
      if (!microtaskQueued) {
        microtaskQueued = true;
        // Typing's run waits for the echo to be painted. Anything else (the first result, an
        // example, a reset, a fix) runs at once: the views must not read the new text with the
        // old result's ranges for a frame.
        if (s.result && typedEdit) afterNextPaint(runHere);
        else queueMicrotask(runHere);
      }
      return;
    }
    s.setRunning(true);
    if (size <= INCREMENTAL_PAGE_LIMIT) warmUpWhenIdle();
    // Raw bytes are their own output: show them at once, the meaning follows from the Worker.
    const shown = bytesOnly(ws, s.result);
    if (shown) s.applyResult(shown, s.editVersion);
    if (debounce && size > IMMEDIATE_WORKER_LIMIT) timer = setTimeout(() => void runInWorker(), LARGE_INPUT_DEBOUNCE_MS);
    else void runInWorker();
  };

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.editVersion !== prev.editVersion) schedule(true);
    // Ctrl/Cmd+Enter: now, on the page when small, in the Worker when large.
    else if (s.runRequests !== prev.runRequests) schedule(false);
  });
  schedule(true);
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  };
}
