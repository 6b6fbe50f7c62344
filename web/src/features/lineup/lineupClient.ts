// The line-up's Workers, one per decoder, through the app's one RPC (web/src/rpc/); the page runs
// a decoder itself when no Worker can be made. A newer request cancels one still running.
import type { LineupDecoder, LineupDecoderName } from "../../../../engine/decode/lineup.ts";
import { createRpcClient, type RpcClient } from "../../rpc/index.ts";
import type { lineupCommands } from "./commands.ts";
import LineupWorker from "./lineup.worker.ts?worker";

const clients = new Map<LineupDecoderName, RpcClient<typeof lineupCommands>>();
const running = new Map<LineupDecoderName, AbortController>();

function client(decoder: LineupDecoderName): RpcClient<typeof lineupCommands> {
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
}

export function decodeWith(decoder: LineupDecoderName, protos: Record<string, string>, type: string, bytes: Uint8Array): Promise<LineupDecoder> {
  running.get(decoder)?.abort();
  const controller = new AbortController();
  running.set(decoder, controller);
  const copy = bytes.slice();
  return client(decoder).call("decode", { decoder, protos, type, bytes: copy }, { transfer: [copy.buffer], signal: controller.signal, terminateOnCancel: true });
}
