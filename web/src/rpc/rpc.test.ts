import { afterEach, describe, expect, it, vi } from "vitest";
import { createRpcClient } from "./client.ts";
import { serve, type Endpoint } from "./server.ts";
import { RpcError, transfer, type CallContext, type CommandTable } from "./protocol.ts";

/** A command table like a real Worker's: sync, async with progress and cancel, failing, transferring. */
const commands = {
  double: (n: number) => n * 2,
  count: async (to: number, ctx: CallContext<number>) => {
    for (let i = 1; i <= to; i++) {
      if (ctx.signal.aborted) throw Object.assign(new Error("stopped"), { code: "test/stopped" });
      ctx.progress(i);
      await new Promise((r) => setTimeout(r, 1));
    }
    return "done";
  },
  fail: (_: null) => {
    throw Object.assign(new RangeError("too deep"), { code: "wire/nesting-too-deep" });
  },
  bytes: (n: number) => {
    const out = new Uint8Array(n).fill(7);
    return transfer({ out }, [out.buffer]);
  },
  hang: (_: null) => new Promise<never>(() => {}),
  sum: (input: { data: Uint8Array }) => input.data.reduce((a, b) => a + b, 0),
};

/** A Worker stand-in: the table served over a real MessageChannel (so inputs and results are cloned or moved). */
class ChannelWorker {
  readonly channel = new MessageChannel();
  terminated = false;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  constructor(table: CommandTable = commands) {
    serve(table, this.channel.port2 as unknown as Endpoint);
    this.channel.port1.onmessage = (e) => this.onmessage?.(e);
  }
  postMessage(message: unknown, transferList: Transferable[] = []) {
    if (!this.terminated) this.channel.port1.postMessage(message, transferList);
  }
  terminate() {
    this.terminated = true;
    this.channel.port1.close();
    this.channel.port2.close();
  }
}

const workers: ChannelWorker[] = [];
function client(opts: { timeoutMs?: number; fallback?: boolean; noWorker?: boolean } = {}) {
  return createRpcClient<typeof commands>({
    name: "test",
    createWorker: () => {
      if (opts.noWorker) return undefined;
      const w = new ChannelWorker();
      workers.push(w);
      return w as unknown as Worker;
    },
    ...(opts.fallback ? { fallback: async () => commands } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  });
}

afterEach(() => {
  for (const w of workers.splice(0)) w.terminate();
  vi.useRealTimers();
});

describe("the Worker RPC", () => {
  it("calls a command by name and resolves with its result", async () => {
    await expect(client().call("double", 21)).resolves.toBe(42);
  });

  it("delivers progress events in order before the result", async () => {
    const seen: number[] = [];
    await expect(client().call("count", 4, { onProgress: (n) => seen.push(n) })).resolves.toBe("done");
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it("rebuilds a thrown error with its name, message and code", async () => {
    const error = await client().call("fail", null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ name: "RangeError", message: "too deep", code: "wire/nesting-too-deep", command: "fail" });
  });

  it("cancels: the call rejects at once and the handler sees its signal", async () => {
    const c = client();
    const controller = new AbortController();
    const seen: number[] = [];
    const call = c.call("count", 1000, { signal: controller.signal, onProgress: (n) => seen.push(n) });
    await vi.waitUntil(() => seen.length >= 2);
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: "rpc/cancelled" });
    // The handler stopped: no more progress arrives after a few of its steps.
    const at = seen.length;
    await new Promise((r) => setTimeout(r, 30));
    expect(seen.length).toBeLessThanOrEqual(at + 1);
    // The Worker still answers.
    await expect(c.call("double", 1)).resolves.toBe(2);
  });

  it("times out, restarts the stuck Worker, and the next call works", async () => {
    const c = client({ timeoutMs: 50 });
    await expect(c.call("hang", null)).rejects.toMatchObject({ code: "rpc/timeout" });
    expect(workers[0]!.terminated).toBe(true);
    await expect(c.call("double", 5)).resolves.toBe(10);
    expect(workers).toHaveLength(2);
  });

  it("moves transferred buffers both ways", async () => {
    const c = client();
    const result = await c.call("bytes", 1024);
    expect(result.out).toBeInstanceOf(Uint8Array);
    expect(result.out.length).toBe(1024);
    expect(result.out[1023]).toBe(7);
    const data = new Uint8Array(10).fill(3);
    await expect(c.call("sum", { data }, { transfer: [data.buffer] })).resolves.toBe(30);
    expect(data.byteLength).toBe(0); // moved, not copied
  });

  it("runs the same table on the page when no Worker can start, with the same errors and progress", async () => {
    const c = client({ noWorker: true, fallback: true });
    await expect(c.call("double", 4)).resolves.toBe(8);
    expect(c.usesWorker).toBe(false);
    const seen: number[] = [];
    await expect(c.call("count", 2, { onProgress: (n) => seen.push(n) })).resolves.toBe("done");
    expect(seen).toEqual([1, 2]);
    await expect(c.call("fail", null)).rejects.toMatchObject({ code: "wire/nesting-too-deep" });
    expect((await c.call("bytes", 3)).out.length).toBe(3);
  });

  it("retries waiting calls on the page when the Worker script fails to load", async () => {
    const c = client({ fallback: true });
    const call = c.call("double", 3);
    workers[0]!.onerror?.({ message: "404", preventDefault() {} } as ErrorEvent);
    await expect(call).resolves.toBe(6);
    expect(c.usesWorker).toBe(false);
  });

  it("rejects an unknown command with its code, and every call after dispose", async () => {
    const c = client();
    await expect((c.call as (k: string, i: unknown) => Promise<unknown>)("nope", 1)).rejects.toMatchObject({ code: "rpc/unknown-command" });
    const pending = c.call("hang", null);
    c.dispose();
    await expect(pending).rejects.toMatchObject({ code: "rpc/disposed" });
    await expect(c.call("double", 1)).rejects.toMatchObject({ code: "rpc/disposed" });
  });
});
