// The one typed protocol between the page and every Worker (engine, sizes, benchmarks): a
// command table shared by both sides, so a call's input, progress and result types follow from
// the command's name. This module holds no Worker or engine code; both sides import it.
//
// Why not comlink (well kept, and tried): comlink proxies an exposed object, which gives
// promise calls and transferables, but it has no cancellation, no time-out, and it rebuilds a
// thrown error from its name, message and stack only (our codes would be lost). Adding those
// means putting a call id and our own messages on top of comlink, i.e. this module plus comlink.
// So this is one small module (protocol, client, server) with exactly what the app needs.

/** What a handler gets besides its input. */
export interface CallContext<P = never> {
  /** Aborted when the caller cancels. An async handler checks it between steps (e.g. between benchmark samples). */
  readonly signal: AbortSignal;
  /** Sends a progress event to the caller's `onProgress` (structured-cloned). */
  progress(value: P): void;
}

// `any` in these constraints is what lets a table of differently typed handlers be one type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Handler = (input: any, ctx: CallContext<any>) => unknown;
export type CommandTable = Record<string, Handler>;

export type InputOf<H> = H extends (input: infer I, ...rest: never[]) => unknown ? I : never;
export type ProgressOf<H> = H extends (input: never, ctx: CallContext<infer P>) => unknown ? P : never;
export type ResultOf<H> = H extends (...args: never[]) => infer R ? Unwrap<Awaited<R>> : never;
type Unwrap<R> = R extends Transfer<infer V> ? V : R;

/** A result whose buffers move to the caller instead of being copied (see `transfer`). */
export interface Transfer<V> {
  readonly __rpcTransfer: true;
  value: V;
  transferables: Transferable[];
}

/**
 * Returns `value` from a handler with `transferables` moved, not copied. Only buffers the handler
 * will not touch again: after the move they are empty on this side.
 */
export function transfer<V>(value: V, transferables: Transferable[]): Transfer<V> {
  return { __rpcTransfer: true, value, transferables };
}

export function isTransfer(v: unknown): v is Transfer<unknown> {
  return typeof v === "object" && v !== null && (v as { __rpcTransfer?: unknown }).__rpcTransfer === true;
}

export type Request = { type: "call"; id: number; command: string; input: unknown } | { type: "cancel"; id: number };

export type Response =
  | { type: "progress"; id: number; value: unknown }
  | { type: "result"; id: number; value: unknown }
  | { type: "error"; id: number; error: SerializedError };

/** An error as it crosses the boundary (Error objects lose their class, and any code, when cloned). */
export interface SerializedError {
  name: string;
  message: string;
  /** The thrown error's `code` when it had a string one (e.g. "wire/truncated"), else "rpc/handler-error". */
  code: string;
  stack?: string;
}

/** Codes of the errors the RPC itself raises. */
export type RpcErrorCode =
  | "rpc/timeout"
  | "rpc/cancelled"
  | "rpc/worker-failed"
  | "rpc/worker-restarted"
  | "rpc/unknown-command"
  | "rpc/handler-error"
  | "rpc/disposed";

/** Every failed call rejects with one of these: `code` says why, `command` which call. */
export class RpcError extends Error {
  readonly code: string;
  readonly command: string;
  constructor(code: RpcErrorCode | string, message: string, command: string, init: { name?: string; stack?: string } = {}) {
    super(message);
    this.code = code;
    this.command = command;
    this.name = init.name ?? "RpcError";
    if (init.stack) this.stack = init.stack;
  }
}

export function serializeError(e: unknown): SerializedError {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return { name: e.name, message: e.message, code: typeof code === "string" ? code : "rpc/handler-error", ...(e.stack ? { stack: e.stack } : {}) };
  }
  return { name: "Error", message: String(e), code: "rpc/handler-error" };
}

export function rebuildError(error: SerializedError, command: string): RpcError {
  return new RpcError(error.code, error.message, command, { name: error.name, ...(error.stack ? { stack: error.stack } : {}) });
}

/**
 * The buffers of the typed arrays in `value` (up to three levels down) that own their whole
 * buffer: what a handler can hand to `transfer` when its result is freshly built.
 */
export function transferablesOf(value: unknown): Transferable[] {
  const out = new Set<ArrayBuffer>();
  const visit = (v: unknown, depth: number) => {
    if (ArrayBuffer.isView(v)) {
      if (v.byteOffset === 0 && v.byteLength === v.buffer.byteLength && v.buffer instanceof ArrayBuffer) out.add(v.buffer);
      return;
    }
    if (depth <= 0 || typeof v !== "object" || v === null) return;
    const values = Array.isArray(v) ? v : Object.values(v);
    if (values.length > 64) return; // a list of data, not a record of buffers
    for (const x of values) visit(x, depth - 1);
  };
  visit(value, 3);
  return [...out];
}
