// The typed message protocol between the page and the engine Worker: one command table
// (./commands.ts) shared by both sides, so a call's argument and result types follow from the
// command's name. This module holds no engine code, so the page can load it up front.
import type { commands } from "./commands.ts";

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

/**
 * Buffers in a result that can move rather than be copied: typed arrays that own their whole
 * buffer, found in the result and one level below (packed annotation columns).
 */
export function transferablesOf(result: unknown): Transferable[] {
  const out = new Set<ArrayBuffer>();
  const visit = (value: unknown, depth: number) => {
    if (ArrayBuffer.isView(value)) {
      if (value.byteOffset === 0 && value.byteLength === value.buffer.byteLength && value.buffer instanceof ArrayBuffer) out.add(value.buffer);
      return;
    }
    if (depth > 0 && typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const v of Object.values(value)) visit(v, depth - 1);
    }
  };
  visit(result, 2);
  return [...out];
}
