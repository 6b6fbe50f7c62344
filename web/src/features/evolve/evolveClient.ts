// The Evolve panel's Worker, through the app's one RPC (web/src/rpc/); the page runs the command
// itself when no Worker can be made. Made by the page's derived layer (../derived/layer.ts),
// whose cancel (a newer request) restarts the Worker.
import type { EvolveClient } from "../derived/derivations.ts";
import { createRpcClient } from "../../rpc/index.ts";
import type { evolveCommands } from "./commands.ts";
import EvolveWorker from "./evolve.worker.ts?worker";

export function createEvolveClient(): EvolveClient & { dispose(): void } {
  const client = createRpcClient<typeof evolveCommands>({
    name: "evolve",
    createWorker: () => (typeof Worker === "undefined" ? undefined : new EvolveWorker()),
    fallback: async () => (await import("./commands.ts")).evolveCommands,
    timeoutMs: 30_000,
  });
  return {
    evolve(input, signal) {
      const bytes = input.bytes.slice();
      return client.call("evolve", { ...input, bytes }, { transfer: [bytes.buffer], signal, terminateOnCancel: true });
    },
    dispose: () => client.dispose(),
  };
}
