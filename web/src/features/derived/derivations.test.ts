import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createStore, type StoreApi } from "zustand/vanilla";
import { createAppState } from "../../store/appState.ts";
import type { AppState } from "../../store/types.ts";
import type { SizesChannel } from "../sizes/sizesClient.ts";
import type { SizesAnswer } from "../sizes/protocol.ts";
import type { EngineClient } from "../runner/runner.ts";
import { comparedDerivation, evolveDerivation, follow, layoutsDerivation, LINEUP_DEBOUNCE_MS, lineupDerivation, REMEASURE_DEBOUNCE_MS, sizesDerivation, type EvolveClient, type LineupClient } from "./derivations.ts";
import type { EvolveInput, EvolveResult } from "../../../../engine/evolve/evolve.ts";
import { RpcError } from "../../rpc/index.ts";

const PROTO = 'syntax = "proto3";\nmessage M { int32 a = 1; }\n';

function newStore(): StoreApi<AppState> {
  const store = createStore<AppState>()(createAppState);
  store.getState().loadWorkspace({
    files: [
      { kind: "proto", name: "m.proto", text: PROTO },
      { kind: "protoscope", name: "in.pb.txt", text: "1: 150", messageType: "M" },
    ],
    active: "in.pb.txt",
  });
  return store;
}

function result(store: StoreApi<AppState>, bytes: Uint8Array) {
  const s = store.getState();
  s.applyResult({ active: s.active, bytes, annotations: [], sourceFile: undefined, diagnostics: {}, messageTypes: ["M"], symbols: [], disassembly: undefined, elapsedMs: 0 }, s.editVersion);
}

/** A sizes channel whose answers the test settles by hand, recording each request. */
function manualChannel() {
  const requests: { bytes: Uint8Array; level: number; quality: number; signal?: AbortSignal; settle(a: SizesAnswer): void; fail(e: unknown): void }[] = [];
  const channel: SizesChannel = {
    request: (bytes, settings, signal) =>
      new Promise<SizesAnswer>((settle, fail) => requests.push({ bytes, level: settings.level, quality: settings.quality, signal, settle, fail })),
  };
  return { channel, requests };
}

const answer = (raw: number): SizesAnswer => ({ raw, rows: [{ algorithm: "gzip", implementation: "fflate", settingsLabel: "level 6", size: raw - 1, ratio: (raw - 1) / raw }] });
const flush = () => vi.advanceTimersByTimeAsync(0);

describe("the derived layer", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => vi.useRealTimers());

  it("measures only while a view watches, at once the first time, then after edits pause", async () => {
    const store = newStore();
    const { channel, requests } = manualChannel();
    const stop = follow(store, sizesDerivation(() => channel));
    result(store, new Uint8Array([8, 150, 1]));
    expect(requests).toHaveLength(0);
    expect(store.getState().derived.sizes.status).toBe("idle");

    const release = store.getState().watch("sizes");
    expect(requests).toHaveLength(1);
    expect([...requests[0]!.bytes]).toEqual([8, 150, 1]);
    expect(store.getState().derived.sizes).toEqual({ status: "computing" });
    requests[0]!.settle(answer(3));
    await vi.waitFor(() => expect(store.getState().derived.sizes).toEqual({ status: "done", answer: answer(3) }));

    // An edit: the old figures go (no stale sizes shown), and a request follows the pause.
    result(store, new Uint8Array([8, 1]));
    expect(store.getState().derived.sizes).toEqual({ status: "computing" });
    result(store, new Uint8Array([8, 2]));
    vi.advanceTimersByTime(REMEASURE_DEBOUNCE_MS - 1);
    expect(requests).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(requests).toHaveLength(2);
    expect([...requests[1]!.bytes]).toEqual([8, 2]);

    // Settings change while a measurement runs: that one is cancelled, its late answer dropped.
    store.getState().setSizesSettings({ level: 9, quality: 5 });
    vi.advanceTimersByTime(REMEASURE_DEBOUNCE_MS);
    expect(requests).toHaveLength(3);
    expect(requests[1]!.signal?.aborted).toBe(true);
    expect(requests[2]).toMatchObject({ level: 9, quality: 5 });
    requests[1]!.settle(answer(99));
    requests[2]!.settle(answer(2));
    await vi.waitFor(() => expect(store.getState().derived.sizes).toEqual({ status: "done", answer: answer(2) }));

    // Hidden: edits measure nothing; shown again, the new bytes are measured at once.
    release();
    result(store, new Uint8Array([8, 3, 0]));
    vi.advanceTimersByTime(1000);
    expect(requests).toHaveLength(3);
    const again = store.getState().watch("sizes");
    expect(requests).toHaveLength(4);
    expect([...requests[3]!.bytes]).toEqual([8, 3, 0]);
    again();
    stop();
  });

  it("writes an error, but not a cancellation, and two views share one measurement", async () => {
    const store = newStore();
    const { channel, requests } = manualChannel();
    const stop = follow(store, sizesDerivation(() => channel));
    const a = store.getState().watch("sizes");
    const b = store.getState().watch("sizes");
    expect(requests).toHaveLength(1);
    expect(store.getState().watchers.sizes).toBe(2);
    requests[0]!.fail(new RpcError("rpc/cancelled", "cancelled", "measure"));
    await flush();
    expect(store.getState().derived.sizes.status).toBe("computing");
    a();
    a(); // releasing twice counts once
    expect(store.getState().watchers.sizes).toBe(1);
    result(store, new Uint8Array([1]));
    vi.advanceTimersByTime(REMEASURE_DEBOUNCE_MS);
    requests[1]!.fail(new Error("brotli failed"));
    await vi.waitFor(() => expect(store.getState().derived.sizes).toEqual({ status: "error", error: "brotli failed" }));
    b();
    stop();
  });

  it("measures compared payloads side by side, showing each as it lands", async () => {
    const store = newStore();
    const { channel, requests } = manualChannel();
    const stop = follow(store, comparedDerivation(() => channel));
    const release = store.getState().watch("compared");
    store.getState().setCompared([
      { kind: "pinned", id: "pinned-1", label: "one", bytes: new Uint8Array([1]) },
      { kind: "pinned", id: "pinned-2", label: "two", bytes: new Uint8Array([2, 2]) },
    ]);
    // Both payloads, neither cancelling the other (once the payloads' module has loaded).
    await vi.waitFor(() => expect(requests.map((r) => r.bytes.length)).toEqual([1, 2]));
    requests[1]!.settle(answer(2));
    await vi.waitFor(() => expect(store.getState().derived.compared.answer?.["pinned-2"]).toEqual({ status: "done", answer: answer(2) }));
    expect(store.getState().derived.compared.status).toBe("computing");
    expect(store.getState().derived.compared.answer?.["pinned-1"]).toEqual({ status: "computing" });
    requests[0]!.settle(answer(1));
    await vi.waitFor(() => expect(store.getState().derived.compared.status).toBe("done"));
    expect(store.getState().derived.compared.answer).toEqual({ "pinned-1": { status: "done", answer: answer(1) }, "pinned-2": { status: "done", answer: answer(2) } });
    release();
    stop();
  });

  it("asks the engine client for layouts of the chosen type, keeping the last answer while the next is computed", async () => {
    const store = newStore();
    const calls: { command: string; args: unknown; signal?: AbortSignal; settle(v: unknown): void }[] = [];
    const client = {
      call: (command: string, args: unknown, options?: { signal?: AbortSignal }) => new Promise((settle) => calls.push({ command, args, signal: options?.signal, settle })),
    } as unknown as EngineClient;
    const stop = follow(store, layoutsDerivation(() => client));
    const release = store.getState().watch("layouts");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.command).toBe("layouts");
    expect(calls[0]!.args).toEqual({ workspace: { files: [{ kind: "proto", name: "m.proto", text: PROTO }], active: "m.proto" }, type: "M", bytes: undefined });
    const first = { type: "M", types: ["M"], levels: [], diagnostics: [] };
    calls[0]!.settle(first);
    await vi.waitFor(() => expect(store.getState().derived.layouts).toEqual({ status: "done", answer: first }));

    // Bytes of the chosen type arrive: decoding's allocations are asked for; the last layout stays on screen.
    result(store, new Uint8Array([8, 150, 1]));
    expect(calls).toHaveLength(2);
    expect((calls[1]!.args as { bytes: Uint8Array }).bytes).toEqual(new Uint8Array([8, 150, 1]));
    expect(store.getState().derived.layouts).toEqual({ status: "computing", answer: first });
    // Editing the input (not the schema) with the same bytes object asks nothing new.
    store.getState().setLayoutView({ left: "hybrid" });
    expect(calls).toHaveLength(2);
    // Another type: the running request is cancelled.
    store.getState().setLayoutView({ type: "Other" });
    expect(calls).toHaveLength(3);
    expect(calls[1]!.signal?.aborted).toBe(true);
    expect(calls[2]!.args).toMatchObject({ type: "Other", bytes: undefined });

    // No .proto file left: nothing to lay out.
    store.getState().loadWorkspace({ files: [{ kind: "protoscope", name: "in.pb.txt", text: "1: 1", messageType: "" }], active: "in.pb.txt" });
    expect(store.getState().derived.layouts.status).toBe("idle");
    release();
    stop();
  });

  it("runs Evolve once v1 is kept, not again for the same bytes in a new array, and shows a failure", async () => {
    const store = newStore();
    const calls: { input: EvolveInput; signal: AbortSignal; settle(r: EvolveResult): void; fail(e: unknown): void }[] = [];
    const client: EvolveClient = { evolve: (input, signal) => new Promise((settle, fail) => calls.push({ input, signal, settle, fail })) };
    const stop = follow(store, evolveDerivation(() => client));
    const release = store.getState().watch("evolve");
    result(store, new Uint8Array([8, 150, 1]));
    expect(calls).toHaveLength(0); // no v1 yet
    store.getState().setEvolveView({ against: { "m.proto": PROTO } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.input).toEqual({ against: { "m.proto": PROTO }, current: { "m.proto": PROTO }, type: "M", bytes: new Uint8Array([8, 150, 1]) });
    const answer = { elapsedMs: 1 } as unknown as EvolveResult;
    calls[0]!.settle(answer);
    await vi.waitFor(() => expect(store.getState().derived.evolve).toEqual({ status: "done", answer }));
    result(store, new Uint8Array([8, 150, 1]));
    expect(calls).toHaveLength(1);
    // v2 changes: asked again, the last result shown meanwhile; a failure replaces it.
    store.getState().setFileText("m.proto", PROTO + "// v2\n");
    expect(calls).toHaveLength(2);
    expect(store.getState().derived.evolve).toEqual({ status: "computing", answer });
    calls[1]!.fail(new Error("worker crashed"));
    await vi.waitFor(() => expect(store.getState().derived.evolve).toEqual({ status: "error", error: "worker crashed" }));
    release();
    stop();
  });

  it("decodes with every decoder of the line-up, a failing one as a row in its own words", async () => {
    const store = newStore();
    const asked: string[] = [];
    const client: LineupClient = {
      decode: (decoder, _protos, type, bytes) => {
        asked.push(`${decoder}:${type}:${bytes.length}`);
        return decoder === "protobufjs" ? Promise.reject(new Error("index out of range")) : Promise.resolve({ name: decoder, version: "1", ok: true, fields: [] });
      },
    };
    const stop = follow(store, lineupDerivation(() => client));
    result(store, new Uint8Array([8, 150, 1]));
    const release = store.getState().watch("lineup");
    expect(asked).toEqual(["wirelab:M:3", "@bufbuild/protobuf:M:3", "protobufjs:M:3"]);
    await vi.waitFor(() => expect(store.getState().derived.lineup.status).toBe("done"));
    const rows = store.getState().derived.lineup.answer!;
    expect(rows.map((r) => [r.name, r.ok, r.error])).toEqual([
      ["wirelab", true, undefined],
      ["@bufbuild/protobuf", true, undefined],
      ["protobufjs", false, "index out of range"],
    ]);
    expect(rows[2]!.version).toMatch(/^\d/);
    // New bytes: decoded again once the edits pause.
    result(store, new Uint8Array([8, 1]));
    vi.advanceTimersByTime(LINEUP_DEBOUNCE_MS - 1);
    expect(asked).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(asked).toHaveLength(6);
    release();
    stop();
  });
});
