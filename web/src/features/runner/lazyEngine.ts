// The engine on the page's own thread, loaded after the first paint. Small inputs run here
// without a Worker round trip once it has arrived; until then everything goes to the Worker.
import { useEffect, useState } from "react";

export type EngineModule = typeof import("./engineModule.ts");

let loaded: EngineModule | undefined;
let loading: Promise<EngineModule> | undefined;

export function loadEngine(): Promise<EngineModule> {
  loading ??= import("./engineModule.ts").then(
    (m) => (loaded = m),
    (e: unknown) => {
      // A failed chunk load (a flaky connection, a redeploy) must not stick: the next call retries.
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/** The engine if it has arrived, else undefined (and it is on its way). */
export function engineNow(): EngineModule | undefined {
  if (!loaded) loadEngine().catch(() => {}); // callers fall back to the Worker meanwhile
  return loaded;
}

/** The engine for a component: undefined on the first render until it arrives, then re-renders. */
export function useEngine(): EngineModule | undefined {
  const [engine, setEngine] = useState(loaded);
  useEffect(() => {
    // On failure the component keeps showing its loading state; the next render retries.
    if (!engine) loadEngine().then(setEngine, () => {});
  }, [engine]);
  return engine;
}
