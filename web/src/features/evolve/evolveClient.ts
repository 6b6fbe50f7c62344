// The Evolve panel's Worker, through the app's one RPC (web/src/rpc/); the page runs the command
// itself when no Worker can be made. A newer request cancels one still running.
import type { EvolveInput, EvolveResult } from "../../../../engine/evolve/evolve.ts";
import { createRpcClient } from "../../rpc/index.ts";
import type { evolveCommands } from "./commands.ts";
import EvolveWorker from "./evolve.worker.ts?worker";

const client = createRpcClient<typeof evolveCommands>({
  name: "evolve",
  createWorker: () => (typeof Worker === "undefined" ? undefined : new EvolveWorker()),
  fallback: async () => (await import("./commands.ts")).evolveCommands,
  timeoutMs: 30_000,
});

let running: AbortController | undefined;

export function runEvolve(input: EvolveInput): Promise<EvolveResult> {
  running?.abort();
  const controller = new AbortController();
  running = controller;
  const bytes = input.bytes.slice();
  return client.call("evolve", { ...input, bytes }, { transfer: [bytes.buffer], signal: controller.signal, terminateOnCancel: true });
}
