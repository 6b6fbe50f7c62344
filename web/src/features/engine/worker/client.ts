// Calls the engine in a Worker, with promise-returning calls, a time-out and a main-thread
// fallback (file:// pages, strict CSPs and old browsers may refuse module workers).
import { type CommandArgs, type CommandName, type CommandResult, type EngineRequest, type EngineResponse, type SerializedError } from "./protocol.ts";

/** An engine error rebuilt on the page side, with the Worker's name, message and stack. */
export class EngineError extends Error {
  constructor(serialized: SerializedError) {
    super(serialized.message);
    this.name = serialized.name;
    if (serialized.stack) this.stack = serialized.stack;
  }
}

export class EngineTimeoutError extends Error {
  constructor(command: string, ms: number) {
    super(`the engine did not answer "${command}" within ${ms} ms`);
    this.name = "EngineTimeoutError";
  }
}

export interface EngineClientOptions {
  /** Creates the Worker; return undefined (or throw) to run everything on the main thread. */
  createWorker: () => Worker | undefined;
  /**
   * Milliseconds before a call is abandoned and the Worker restarted. Default 10 000: long enough
   * for a 10 MB disassembly on a slow laptop, short enough that a hang does not look like a freeze.
   */
  timeoutMs?: number;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class EngineClient {
  private worker: Worker | undefined;
  private workerFailed = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly timeoutMs: number;

  constructor(private readonly options: EngineClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** True while calls go to a Worker (false after a fallback to the main thread). */
  get usesWorker(): boolean {
    return !this.workerFailed;
  }

  call<K extends CommandName>(command: K, ...args: CommandArgs<K>): Promise<CommandResult<K>> {
    const worker = this.ensureWorker();
    if (!worker) return this.callHere(command, args);
    const id = this.nextId++;
    return new Promise<CommandResult<K>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        // A Worker that missed its deadline may be stuck in a loop: replace it.
        this.restart();
        reject(new EngineTimeoutError(command, this.timeoutMs));
      }, this.timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      const request: EngineRequest = { id, command, args };
      worker.postMessage(request);
    });
  }

  /** Runs a command on the calling thread (the fallback, and for inputs too small to ship). */
  async callHere<K extends CommandName>(command: K, args: CommandArgs<K>): Promise<CommandResult<K>> {
    // Loaded on demand: the engine stays out of the page's first chunk.
    const { commands } = await import("./commands.ts");
    const fn = commands[command] as (...a: unknown[]) => CommandResult<K>;
    return fn(...args);
  }

  dispose(): void {
    this.restart();
  }

  private ensureWorker(): Worker | undefined {
    if (this.worker || this.workerFailed) return this.worker;
    try {
      this.worker = this.options.createWorker();
    } catch {
      this.worker = undefined;
    }
    if (!this.worker) {
      this.workerFailed = true;
      return undefined;
    }
    this.worker.onmessage = (event: MessageEvent<EngineResponse>) => this.settle(event.data);
    this.worker.onerror = (event) => {
      // The Worker script itself failed (could not load): fall back for good, retry pending calls here.
      event.preventDefault();
      this.workerFailed = true;
      this.failAll(new Error(`engine worker failed: ${event.message || "could not start"}`));
      this.worker?.terminate();
      this.worker = undefined;
    };
    return this.worker;
  }

  private settle(response: EngineResponse): void {
    const pending = this.pending.get(response.id);
    if (!pending) return; // timed out already
    this.pending.delete(response.id);
    clearTimeout(pending.timer);
    if (response.ok) pending.resolve(response.result);
    else pending.reject(new EngineError(response.error));
  }

  private failAll(error: Error): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(error);
      this.pending.delete(id);
    }
  }

  private restart(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.failAll(new Error("engine worker restarted"));
  }
}
