// The engine Worker: a thin dispatcher from messages to the shared command table.
import { commands } from "./commands.ts";
import { serializeError, transferablesOf, type EngineRequest, type EngineResponse } from "./protocol.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<EngineRequest>) => void) | null;
  postMessage(message: EngineResponse, transfer: Transferable[]): void;
};

scope.onmessage = (event) => {
  const { id, command, args } = event.data;
  try {
    const fn = commands[command] as (...a: unknown[]) => unknown;
    if (typeof fn !== "function") throw new Error(`unknown engine command "${String(command)}"`);
    const result = fn(...args);
    scope.postMessage({ id, ok: true, result }, transferablesOf(result));
  } catch (e) {
    scope.postMessage({ id, ok: false, error: serializeError(e) }, []);
  }
};
