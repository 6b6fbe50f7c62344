// The one layer that owns the page's Worker clients and writes every derived result into the
// store: it makes the engine client (the runner runs the workspace with it, the Layout view's
// derivation asks it for layouts from the schema it keeps compiled, autosave asks it to compress),
// the Sizes Worker's channels (brotli's wasm, loaded once a view measures), the Evolve Worker's
// and the line-up's (one Worker per decoder), each made when a view first watches its result;
// starts the runner and follows each derivation (./derivations.ts).
import type { StoreApi } from "zustand";
import type { AppState } from "../../store/types.ts";
import { createEngineClient, startEngineRunner, type EngineClient } from "../runner/runner.ts";
import { createSizesChannel, type SizesChannel } from "../sizes/sizesClient.ts";
import { createEvolveClient } from "../evolve/evolveClient.ts";
import { createLineupClient } from "../lineup/lineupClient.ts";
import { comparedDerivation, evolveDerivation, follow, layoutsDerivation, lineupDerivation, sizesDerivation } from "./derivations.ts";

export interface DerivedLayer {
  /** The engine Worker's client (autosave compresses with it). */
  engine: EngineClient;
  stop(): void;
}

/** Makes the Worker clients, starts the runner, and follows every derived result; returns the layer. */
export function startDerivedLayer(store: StoreApi<AppState>): DerivedLayer {
  const engine = createEngineClient();
  const stopRunner = startEngineRunner(store, engine);
  // Made on first use: brotli's wasm loads only once a view measures.
  let current: SizesChannel | undefined;
  let compare: SizesChannel | undefined;
  let evolve: ReturnType<typeof createEvolveClient> | undefined;
  let lineup: ReturnType<typeof createLineupClient> | undefined;
  const stops = [
    follow(store, layoutsDerivation(() => engine)),
    follow(store, sizesDerivation(() => (current ??= createSizesChannel({ supersede: true })))),
    follow(store, comparedDerivation(() => (compare ??= createSizesChannel({ supersede: false })))),
    follow(store, evolveDerivation(() => (evolve ??= createEvolveClient()))),
    follow(store, lineupDerivation(() => (lineup ??= createLineupClient()))),
  ];
  return {
    engine,
    stop() {
      for (const stop of stops) stop();
      stopRunner();
      engine.dispose();
      evolve?.dispose();
      lineup?.dispose();
    },
  };
}
