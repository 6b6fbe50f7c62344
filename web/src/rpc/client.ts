// The page side of the RPC: promise-returning calls to a Worker by command name, with progress
// events, cancellation (an AbortSignal), a time-out, transferred buffers, errors rebuilt with
// their codes, and the same command table run on the page when no Worker can start (file://
// pages, strict CSPs and old browsers may refuse module Workers).
import {
  isTransfer,
  rebuildError,
  RpcError,
  serializeError,
  type CallContext,
  type CommandTable,
  type InputOf,
  type ProgressOf,
  type Response,
  type ResultOf,
} from "./protocol.ts";

export interface RpcClientOptions<C extends CommandTable> {
  /** Names the Worker in error messages ("engine", "sizes", "bench"). */
  name: string;
  /** Creates the Worker; return undefined (or throw) to run every call on the page. */
  createWorker: () => Worker | undefined;
  /** Loads the same command table on the page, for when no Worker can run. Without it such calls reject with "rpc/worker-failed". */
  fallback?: () => Promise<C>;
  /**
   * Milliseconds before a call is abandoned (code "rpc/timeout") and the Worker restarted, since it
   * may be stuck in a loop; 0 for none. Default 60 000: a 10 MB input legitimately takes seconds on
   * a slow laptop, a hang should not look like a freeze for ever. A call may set its own.
   */
  timeoutMs?: number;
}

export interface CallOptions<P> {
  /** Cancels the call: it rejects at once with code "rpc/cancelled" and the Worker's handler sees its signal aborted. */
  signal?: AbortSignal;
  /** Also restart the Worker on cancel: for synchronous handlers, which cannot notice a signal until they return. */
  terminateOnCancel?: boolean;
  onProgress?: (value: P) => void;
  /** Overrides the client's time-out for this call (0: none). */
  timeoutMs?: number;
  /** Buffers of the input to move to the Worker instead of copying (they are empty here afterwards). */
  transfer?: Transferable[];
}

interface Pending {
  command: string;
  input: unknown;
  options: CallOptions<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  cleanup: () => void;
}

export interface RpcClient<C extends CommandTable> {
  call<K extends keyof C & string>(command: K, input: InputOf<C[K]>, options?: CallOptions<ProgressOf<C[K]>>): Promise<ResultOf<C[K]>>;
  /** True while calls go to a Worker (false once none could start and calls run on the page). */
  readonly usesWorker: boolean;
  /** Stops the Worker; pending calls reject with "rpc/disposed". */
  dispose(): void;
}

export function createRpcClient<C extends CommandTable>(options: RpcClientOptions<C>): RpcClient<C> {
  const defaultTimeout = options.timeoutMs ?? 60_000;
  let worker: Worker | undefined;
  let broken = false;
  let disposed = false;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const take = (id: number): Pending | undefined => {
    const p = pending.get(id);
    if (!p) return undefined;
    pending.delete(id);
    p.cleanup();
    return p;
  };

  const rejectAll = (code: string, message: string) => {
    for (const id of [...pending.keys()]) {
      const p = take(id)!;
      p.reject(new RpcError(code, message, p.command));
    }
  };

  const stopWorker = () => {
    worker?.terminate();
    worker = undefined;
  };

  const runHere = async (command: string, input: unknown, callOptions: CallOptions<unknown>): Promise<unknown> => {
    if (!options.fallback) throw new RpcError("rpc/worker-failed", `the ${options.name} worker could not start`, command);
    const table = await options.fallback();
    const handler = Object.hasOwn(table, command) ? table[command] : undefined;
    if (typeof handler !== "function") throw new RpcError("rpc/unknown-command", `unknown command "${command}"`, command);
    const signal = callOptions.signal ?? new AbortController().signal;
    if (signal.aborted) throw new RpcError("rpc/cancelled", `"${command}" was cancelled`, command);
    const ctx: CallContext<unknown> = { signal, progress: (v) => callOptions.onProgress?.(v) };
    try {
      const out = await handler(input, ctx);
      return isTransfer(out) ? out.value : out;
    } catch (e) {
      throw e instanceof RpcError ? e : rebuildError(serializeError(e), command);
    }
  };

  const onWorkerFailed = (event: ErrorEvent) => {
    // The Worker script itself failed (could not load): run on the page from now on, and retry
    // what was waiting there unless its input buffers were moved to the dead Worker.
    event.preventDefault();
    broken = true;
    stopWorker();
    for (const id of [...pending.keys()]) {
      const p = take(id)!;
      if (p.options.transfer?.length) p.reject(new RpcError("rpc/worker-failed", `the ${options.name} worker failed: ${event.message || "could not start"}`, p.command));
      else runHere(p.command, p.input, p.options).then(p.resolve, p.reject);
    }
  };

  const ensureWorker = (): Worker | undefined => {
    if (worker || broken) return worker;
    try {
      worker = options.createWorker();
    } catch {
      worker = undefined;
    }
    if (!worker) {
      broken = true;
      return undefined;
    }
    const w = worker;
    w.onmessage = (event: MessageEvent<Response>) => {
      if (w !== worker) return; // a late message from a Worker that was replaced
      const message = event.data;
      if (message.type === "progress") {
        pending.get(message.id)?.options.onProgress?.(message.value);
        return;
      }
      const p = take(message.id);
      if (!p) return; // timed out or cancelled already
      if (message.type === "result") p.resolve(message.value);
      else p.reject(rebuildError(message.error, p.command));
    };
    w.onerror = onWorkerFailed;
    return w;
  };

  const call = (command: string, input: unknown, callOptions: CallOptions<unknown> = {}): Promise<unknown> => {
    if (disposed) return Promise.reject(new RpcError("rpc/disposed", `the ${options.name} client was disposed`, command));
    if (callOptions.signal?.aborted) return Promise.reject(new RpcError("rpc/cancelled", `"${command}" was cancelled`, command));
    const w = ensureWorker();
    if (!w) return runHere(command, input, callOptions);
    const id = nextId++;
    return new Promise<unknown>((resolve, reject) => {
      const timeoutMs = callOptions.timeoutMs ?? defaultTimeout;
      const timer =
        timeoutMs > 0
          ? setTimeout(() => {
              const p = take(id);
              if (!p) return;
              p.reject(new RpcError("rpc/timeout", `the ${options.name} worker did not answer "${command}" within ${timeoutMs} ms`, command));
              // A Worker that missed its deadline may be stuck in a loop: replace it.
              stopWorker();
              rejectAll("rpc/worker-restarted", `the ${options.name} worker was restarted after a time-out`);
            }, timeoutMs)
          : undefined;
      const onAbort = () => {
        const p = take(id);
        if (!p) return;
        p.reject(new RpcError("rpc/cancelled", `"${command}" was cancelled`, command));
        if (callOptions.terminateOnCancel) {
          stopWorker();
          rejectAll("rpc/worker-restarted", `the ${options.name} worker was restarted to cancel "${command}"`);
        } else {
          worker?.postMessage({ type: "cancel", id });
        }
      };
      callOptions.signal?.addEventListener("abort", onAbort, { once: true });
      pending.set(id, {
        command,
        input: callOptions.transfer?.length ? undefined : input,
        options: callOptions,
        resolve,
        reject,
        cleanup: () => {
          if (timer !== undefined) clearTimeout(timer);
          callOptions.signal?.removeEventListener("abort", onAbort);
        },
      });
      try {
        w.postMessage({ type: "call", id, command, input }, callOptions.transfer ?? []);
      } catch (e) {
        // Not cloneable (a function, a class instance with private state): a caller bug.
        take(id);
        reject(new RpcError("rpc/handler-error", `could not send "${command}": ${e instanceof Error ? e.message : String(e)}`, command));
      }
    });
  };

  return {
    call: call as RpcClient<C>["call"],
    get usesWorker() {
      return !broken;
    },
    dispose() {
      disposed = true;
      stopWorker();
      rejectAll("rpc/disposed", `the ${options.name} client was disposed`);
    },
  };
}
