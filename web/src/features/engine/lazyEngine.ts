// The engine on the page's own thread, loaded after the first paint. Small inputs run here
// without a Worker round trip once it has arrived; until then everything goes to the Worker.
import { useEffect, useState } from "react";

export type EngineModule = typeof import("./engineModule.ts");

let loaded: EngineModule | undefined;
let loading: Promise<EngineModule> | undefined;

export function loadEngine(): Promise<EngineModule> {
  loading ??= import("./engineModule.ts").then((m) => (loaded = m));
  return loading;
}

/** The engine if it has arrived, else undefined (and it is on its way). */
export function engineNow(): EngineModule | undefined {
  if (!loaded) void loadEngine();
  return loaded;
}

/** The engine for a component: undefined on the first render until it arrives, then re-renders. */
export function useEngine(): EngineModule | undefined {
  const [engine, setEngine] = useState(loaded);
  useEffect(() => {
    if (!engine) void loadEngine().then(setEngine);
  }, [engine]);
  return engine;
}
