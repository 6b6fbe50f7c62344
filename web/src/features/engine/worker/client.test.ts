import { afterEach, describe, expect, it, vi } from "vitest";
import { EngineClient, EngineError, EngineTimeoutError } from "./client.ts";
import type { EngineRequest, EngineResponse } from "./protocol.ts";
import { unpackResult } from "./packResult.ts";
import type { PipelineInput } from "../pipeline.ts";

/** A stand-in Worker whose answers the test decides. */
class FakeWorker {
  onmessage: ((e: MessageEvent<EngineResponse>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  requests: EngineRequest[] = [];
  terminated = false;
  postMessage(request: EngineRequest) {
    this.requests.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  reply(response: EngineResponse) {
    this.onmessage?.({ data: response } as MessageEvent<EngineResponse>);
  }
}

const input: PipelineInput = { schema: "", protoscope: "1: 150", message: "", messageType: "", bytes: new Uint8Array(0), mode: "protoscope" };

afterEach(() => {
  vi.useRealTimers();
});

describe("EngineClient", () => {
  it("sends the command to the Worker and resolves with its answer", async () => {
    const worker = new FakeWorker();
    const client = new EngineClient({ createWorker: () => worker as unknown as Worker });
    const call = client.call("encodeShare", { ...input, messageType: "x" });
    expect(worker.requests).toHaveLength(1);
    expect(worker.requests[0]!.command).toBe("encodeShare");
    worker.reply({ id: worker.requests[0]!.id, ok: true, result: "#w2.abc" });
    await expect(call).resolves.toBe("#w2.abc");
  });

  it("rebuilds errors thrown in the Worker, with their name and message", async () => {
    const worker = new FakeWorker();
    const client = new EngineClient({ createWorker: () => worker as unknown as Worker });
    const call = client.call("run", input);
    worker.reply({ id: worker.requests[0]!.id, ok: false, error: { name: "RangeError", message: "too deep" } });
    await expect(call).rejects.toBeInstanceOf(EngineError);
    await expect(call).rejects.toMatchObject({ name: "RangeError", message: "too deep" });
  });

  it("gives up after the time-out and replaces the stuck Worker", async () => {
    vi.useFakeTimers();
    const workers: FakeWorker[] = [];
    const client = new EngineClient({
      createWorker: () => {
        workers.push(new FakeWorker());
        return workers[workers.length - 1] as unknown as Worker;
      },
      timeoutMs: 500,
    });
    const call = client.call("run", input);
    const settled = expect(call).rejects.toBeInstanceOf(EngineTimeoutError);
    await vi.advanceTimersByTimeAsync(501);
    await settled;
    expect(workers[0]!.terminated).toBe(true);
    // The next call starts a fresh Worker; a late answer from the old one is ignored.
    const next = client.call("encodeShare", input);
    expect(workers).toHaveLength(2);
    workers[1]!.reply({ id: workers[1]!.requests[0]!.id, ok: true, result: "fresh" });
    await expect(next).resolves.toBe("fresh");
  });

  it("runs the same command table on the page when no Worker can start", async () => {
    const client = new EngineClient({ createWorker: () => undefined });
    const result = unpackResult(await client.call("run", input));
    expect(client.usesWorker).toBe(false);
    expect(Array.from(result.bytes)).toEqual([0x08, 0x96, 0x01]);
    expect(result.sourceAnnotations[0]?.source).toEqual({ from: 0, to: 6 });
  });
});
