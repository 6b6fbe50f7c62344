// The Worker side of the RPC: a thin dispatcher from messages to a command table. A Worker
// module is `serve(commands)` and nothing else; the table is plain engine code.
import { isTransfer, serializeError, type CallContext, type CommandTable, type Request, type Response } from "./protocol.ts";

/** What `serve` needs of the Worker's global scope (a seam for tests). */
export interface Endpoint {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage(message: Response, transfer?: Transferable[]): void;
}

/** Answers calls from the page with `commands`. */
export function serve(commands: CommandTable, endpoint: Endpoint = self as unknown as Endpoint): void {
  const running = new Map<number, AbortController>();
  endpoint.onmessage = (event) => {
    const request = event.data;
    if (request.type === "cancel") {
      running.get(request.id)?.abort();
      return;
    }
    const { id, command, input } = request;
    const controller = new AbortController();
    running.set(id, controller);
    const ctx: CallContext<unknown> = {
      signal: controller.signal,
      progress: (value) => endpoint.postMessage({ type: "progress", id, value }),
    };
    const fail = (e: unknown) => endpoint.postMessage({ type: "error", id, error: serializeError(e) });
    const done = (value: unknown) => {
      running.delete(id);
      if (isTransfer(value)) endpoint.postMessage({ type: "result", id, value: value.value }, value.transferables);
      else endpoint.postMessage({ type: "result", id, value });
    };
    try {
      const handler = Object.hasOwn(commands, command) ? commands[command] : undefined;
      if (typeof handler !== "function") {
        running.delete(id);
        endpoint.postMessage({ type: "error", id, error: { name: "RpcError", message: `unknown command "${command}"`, code: "rpc/unknown-command" } });
        return;
      }
      const out = handler(input, ctx);
      if (out instanceof Promise) {
        out.then(done, (e: unknown) => {
          running.delete(id);
          fail(e);
        });
      } else {
        done(out);
      }
    } catch (e) {
      running.delete(id);
      fail(e);
    }
  };
}
