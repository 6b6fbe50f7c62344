// Starts and cancels benchmark runs for the Bench panel. The harness (engine/bench/harness.ts)
// plans and reports; each (case, implementation) runs in a Worker of its own (webPlatform.ts).
// At most one run at a time: two would share the machine's cores and spoil both.
import type { StoreApi } from "zustand";
import { runSuite } from "../../../../engine/bench/harness.ts";
import { suiteFromDescription } from "../../../../engine/bench/types.ts";
import type { AppState } from "../../store/types.ts";
import type { BenchEnvironment } from "./benchSlice.ts";
import { describeRemote, webPlatform } from "./webPlatform.ts";

let current: AbortController | undefined;

export function benchEnvironment(): BenchEnvironment {
  let embedded: boolean;
  try {
    embedded = window.self !== window.top;
  } catch {
    embedded = true; // a cross-origin parent denies the comparison: we are framed
  }
  return { crossOriginIsolated: globalThis.crossOriginIsolated === true, fileProtocol: location.protocol === "file:", embedded };
}

export interface StartOptions {
  suite: string;
  cases?: string[];
  quick: boolean;
  /** A lesson's message, for suites that take one (writer's case "custom"). */
  message?: Uint8Array;
}

/** Runs a suite and keeps its report in the store; resolves when it is done, failed or cancelled. */
export async function startBench(store: StoreApi<AppState>, options: StartOptions): Promise<void> {
  if (current) return;
  const controller = new AbortController();
  current = controller;
  const { setBenchStatus, addBenchRun } = store.getState();
  setBenchStatus({ state: "running", suite: options.suite, fraction: 0, message: "starting isolates" });
  try {
    const suite = suiteFromDescription(await describeRemote(options.suite));
    const cases = options.cases?.filter((c) => suite.cases.includes(c) || (c === "custom" && suite.acceptsMessage && options.message));
    const report = await runSuite(suite, webPlatform(), {
      quick: options.quick,
      ...(cases && cases.length > 0 ? { cases } : {}),
      ...(options.message ? { input: { message: options.message } } : {}),
      signal: controller.signal,
      onProgress: (p) => setBenchStatus({ state: "running", suite: options.suite, fraction: p.fraction, message: p.message }),
    });
    addBenchRun({
      at: new Date().toISOString(),
      quick: options.quick,
      ...(cases && cases.length > 0 ? { cases } : {}),
      environment: benchEnvironment(),
      report,
    });
    setBenchStatus({ state: "idle" });
  } catch (e) {
    const code = typeof (e as { code?: unknown }).code === "string" ? (e as { code: string }).code : "bench/failed";
    setBenchStatus({ state: "error", suite: options.suite, code, message: e instanceof Error ? e.message : String(e) });
  } finally {
    current = undefined;
  }
}

/** Stops the run after the sample in flight; what finished is kept (marked cancelled). */
export function cancelBench(): void {
  current?.abort();
}
