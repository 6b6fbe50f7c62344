// The typed message protocol between the page and the engine Worker: one command table shared
// by both sides, so a call's argument and result types follow from the command's name.
import { runPipeline } from "../pipeline.ts";

/** Every command the Worker answers: plain synchronous engine code, nothing Worker-specific. */
export const commands = {
  run: runPipeline,
};

export type Commands = typeof commands;
export type CommandName = keyof Commands;
export type CommandArgs<K extends CommandName> = Parameters<Commands[K]>;
export type CommandResult<K extends CommandName> = ReturnType<Commands[K]>;

export interface EngineRequest {
  id: number;
  command: CommandName;
  args: unknown[];
}

/** An error as it crosses the boundary: Error objects lose their class and stack when cloned. */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
}

export type EngineResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedError };

export function serializeError(e: unknown): SerializedError {
  if (e instanceof Error) return { name: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}) };
  return { name: "Error", message: String(e) };
}

/** The buffers of a result that can move rather than be copied (a whole-buffer Uint8Array). */
export function transferablesOf(result: unknown): Transferable[] {
  if (typeof result !== "object" || result === null) return [];
  const out: Transferable[] = [];
  for (const value of Object.values(result)) {
    if (value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength && value.buffer instanceof ArrayBuffer) {
      out.push(value.buffer);
    }
  }
  return out;
}
