// The line-up's Workers, one per decoder, through the app's one RPC (web/src/rpc/); the page runs
// a decoder itself when no Worker can be made. Made by the page's derived layer
// (../derived/layer.ts), whose cancel (a newer request) restarts a decoder's Worker.
import type { LineupDecoderName } from "../../../../engine/decode/lineup.ts";
import type { LineupClient } from "../derived/derivations.ts";
import { createRpcClient, type RpcClient } from "../../rpc/index.ts";
import type { lineupCommands } from "./commands.ts";
import LineupWorker from "./lineup.worker.ts?worker";

export function createLineupClient(): LineupClient & { dispose(): void } {
  const clients = new Map<LineupDecoderName, RpcClient<typeof lineupCommands>>();
  const client = (decoder: LineupDecoderName) => {
    let c = clients.get(decoder);
    if (!c) {
      c = createRpcClient<typeof lineupCommands>({
        name: `lineup-${decoder}`,
        createWorker: () => (typeof Worker === "undefined" ? undefined : new LineupWorker()),
        fallback: async () => (await import("./commands.ts")).lineupCommands,
        timeoutMs: 30_000,
      });
      clients.set(decoder, c);
    }
    return c;
  };
  return {
    decode(decoder, protos, type, bytes, signal) {
      const copy = bytes.slice();
      return client(decoder).call("decode", { decoder, protos, type, bytes: copy }, { transfer: [copy.buffer], signal, terminateOnCancel: true });
    },
    dispose() {
      for (const c of clients.values()) c.dispose();
    },
  };
}
