import { afterEach, describe, expect, it, vi } from "vitest";
import { createStore } from "zustand/vanilla";
import { initialWorkspace, previousKey, startAutosave, workspaceKey, type AutosaveHost } from "./persistence.ts";
import { createSafeStorage } from "./storage.ts";
import { decodeShareLink, encodeShareHash } from "./shareLink.ts";
import { messageTypeFromHeader } from "../examples/catalog.ts";
import type { Workspace } from "../workspace/types.ts";
import type { AppState } from "../../store/types.ts";
import { createAppState } from "../../store/appState.ts";
import type { EngineClient } from "../runner/runner.ts";

function storageWith(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  const storage = createSafeStorage(() => ({
    length: map.size,
    clear: () => map.clear(),
    getItem: (k: string) => map.get(k) ?? null,
    key: () => null,
    removeItem: (k: string) => void map.delete(k),
    setItem: (k: string, v: string) => void map.set(k, v),
  }));
  return Object.assign(storage, { map });
}

const scope = (text: string): Workspace => ({ files: [{ kind: "protoscope", name: "m.protoscope", text, messageType: "" }], active: "m.protoscope" });
const linked = scope("1: 1");
const saved = scope("2: 2");
const KEY = workspaceKey("");

describe("storage keys", () => {
  it("are per workspace, and embedded frames never share a learner's", () => {
    expect(workspaceKey("")).toBe("wirelab:workspace:default");
    expect(workspaceKey("?workspace=lesson-3")).toBe("wirelab:workspace:lesson-3");
    expect(workspaceKey("?embed")).toBe("wirelab:embed:default");
    expect(workspaceKey("?embed=docs-varint")).toBe("wirelab:embed:docs-varint");
    expect(workspaceKey("?embed&workspace=lesson-3")).toBe("wirelab:embed:lesson-3");
  });
});

describe("the starting workspace", () => {
  it("comes from the link first, then the autosave (with its view), then the default example", async () => {
    const storage = storageWith({ [KEY]: encodeShareHash(saved, { panel: "readings", selection: [0, 2] }) });
    const fromLink = await initialWorkspace(encodeShareHash(linked, { editor: "m.protoscope" }), storage, KEY);
    expect(fromLink.workspace).toEqual(linked);
    expect(fromLink.view).toEqual({ editor: "m.protoscope" });
    // The autosaved work the link displaces is handed back, to be kept and restorable.
    expect(fromLink.previous).toEqual(saved);
    const reopened = await initialWorkspace("", storage, KEY);
    expect(reopened.workspace).toEqual(saved);
    expect(reopened.view).toEqual({ panel: "readings", selection: [0, 2] });
    const fresh = await initialWorkspace("", storageWith({}), KEY);
    expect(fresh.workspace.files.map((f) => f.name)).toEqual(["schema.proto", "message.protoscope", "message.txtpb"]);
    expect(fresh.workspace.active).toBe("message.protoscope");
  });

  it("explains a damaged link and falls back to the autosave", async () => {
    const storage = storageWith({ [KEY]: encodeShareHash(saved) });
    const start = await initialWorkspace(encodeShareHash(linked).slice(0, 12), storage, KEY);
    expect(start.workspace).toEqual(saved);
    expect(start.notice).toMatch(/^Could not open the link: the link is damaged/);
  });

  it("moves an unreadable save to a backup key and says so, instead of overwriting it later", async () => {
    for (const bad of ["#w4.garbage", "#w99.fromTheFuture"]) {
      const storage = storageWith({ [KEY]: bad });
      const start = await initialWorkspace("", storage, KEY);
      expect(start.workspace.active).toBe("message.protoscope"); // the default example
      expect(storage.map.get(KEY)).toBeUndefined();
      expect(storage.map.get(`${KEY}:unreadable`)).toBe(bad);
      expect(start.notice).toContain(`"${KEY}:unreadable"`);
    }
    // A second unreadable save does not replace the first backup.
    const storage = storageWith({ [KEY]: "#w4.second", [`${KEY}:unreadable`]: "#w4.first" });
    await initialWorkspace("", storage, KEY);
    expect(storage.map.get(`${KEY}:unreadable`)).toBe("#w4.first");
    expect(storage.map.get(`${KEY}:unreadable:2`)).toBe("#w4.second");
  });
});

function makeStore() {
  return createStore<AppState>()(createAppState);
}

/** A page stand-in: `hide()` is the pagehide event; `engine` a Worker client that answers when told. */
function fakeHost() {
  const hidden: (() => void)[] = [];
  const others: ((key: string, value: string) => void)[] = [];
  const answers: { resolve: (record: string) => void; input: { workspace: Workspace } }[] = [];
  const engine = {
    usesWorker: true,
    call: (_command: string, input: { workspace: Workspace }) => new Promise<string>((resolve) => answers.push({ resolve, input })),
  } as unknown as EngineClient;
  const host: AutosaveHost = {
    onHide: (flush) => {
      hidden.push(flush);
      return () => hidden.splice(hidden.indexOf(flush), 1);
    },
    forgetLink: () => {},
    engine: () => engine,
    onOtherTab: (saved) => {
      others.push(saved);
      return () => others.splice(others.indexOf(saved), 1);
    },
  };
  /** Another tab writes `value` under `key` (the browser's storage event). */
  const otherTab = (storage: { map: Map<string, string> }, key: string, value: string) => {
    storage.map.set(key, value);
    others.forEach((f) => f(key, value));
  };
  return { host, hide: () => hidden.forEach((f) => f()), answers, otherTab };
}

const textSaved = (storage: ReturnType<typeof storageWith>) => {
  const record = storage.map.get(KEY);
  if (!record) return undefined;
  const f = decodeShareLink(record).workspace.files[0]!;
  return f.kind === "bytes" ? undefined : f.text;
};

describe("autosave", () => {
  afterEach(() => vi.useRealTimers());

  it("saves the files and the view after a pause, and at once when the page is hidden", async () => {
    vi.useFakeTimers();
    const store = makeStore();
    store.getState().loadWorkspace(scope("1: 1"));
    const storage = storageWith({});
    const { host, hide } = fakeHost();
    const autosave = startAutosave(store, storage, KEY, host);
    store.getState().setFileText("m.protoscope", "1: 2");
    store.getState().setSidePanel("readings");
    expect(storage.map.get(KEY)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(400);
    expect(textSaved(storage)).toBe("1: 2");
    expect(decodeShareLink(storage.map.get(KEY)!).view.panel).toBe("readings");
    store.getState().setFileText("m.protoscope", "1: 3");
    hide();
    expect(textSaved(storage)).toBe("1: 3");
    autosave.stop();
  });

  it("keeps a large edit pending until the Worker's record is written; closing meanwhile writes it on the page", async () => {
    vi.useFakeTimers();
    const store = makeStore();
    store.getState().loadWorkspace(scope(""));
    const storage = storageWith({});
    const { host, hide, answers } = fakeHost();
    startAutosave(store, storage, KEY, host);
    const big = "1: 150\n".repeat(50_000); // 350 KB: compressed off the page
    store.getState().setFileText("m.protoscope", big);
    await vi.advanceTimersByTimeAsync(1000);
    expect(answers).toHaveLength(1); // sent to the Worker, not answered yet
    expect(storage.map.get(KEY)).toBeUndefined();
    store.getState().setFileText("m.protoscope", big + "2: 2\n");
    hide(); // the page closes before the Worker answers: the newest edit is written here
    expect(textSaved(storage)).toBe(big + "2: 2\n");
    // The Worker's late answer (for the older edit) must not replace the newer record.
    answers[0]!.resolve(encodeShareHash(answers[0]!.input.workspace));
    await vi.advanceTimersByTimeAsync(0);
    expect(textSaved(storage)).toBe(big + "2: 2\n");
  });

  it("writes the Worker's record when it arrives, and the next hide has nothing left to write", async () => {
    vi.useFakeTimers();
    const store = makeStore();
    store.getState().loadWorkspace(scope(""));
    const storage = storageWith({});
    const { host, hide, answers } = fakeHost();
    startAutosave(store, storage, KEY, host);
    const big = "3: 3\n".repeat(60_000);
    store.getState().setFileText("m.protoscope", big);
    await vi.advanceTimersByTimeAsync(1000);
    answers[0]!.resolve(encodeShareHash(answers[0]!.input.workspace));
    await vi.advanceTimersByTimeAsync(0);
    expect(textSaved(storage)).toBe(big);
    storage.map.set(KEY, "sentinel");
    hide();
    expect(storage.map.get(KEY)).toBe("sentinel");
  });

  it("keeps the work an example or link displaced under its own key", () => {
    const store = makeStore();
    store.getState().loadWorkspace(scope("9: 9"));
    const storage = storageWith({});
    startAutosave(store, storage, KEY, fakeHost().host);
    store.getState().replaceWorkspace(scope("1: 1"));
    expect(decodeShareLink(storage.map.get(previousKey(KEY))!).workspace).toEqual(scope("9: 9"));
  });
});

describe("messageTypeFromHeader", () => {
  it("reads the conventional proto-message header of text-format files", () => {
    expect(messageTypeFromHeader("# proto-file: a.proto\n# proto-message: log.LogEntry\nx: 1")).toBe("log.LogEntry");
    expect(messageTypeFromHeader("x: 1")).toBe("");
  });

  it("takes in another tab's save file by file, and keeps both where both changed a file", async () => {
    vi.useFakeTimers();
    const two = (a: string, b: string): Workspace => ({
      files: [
        { kind: "protoscope", name: "a.protoscope", text: a, messageType: "" },
        { kind: "protoscope", name: "b.protoscope", text: b, messageType: "" },
      ],
      active: "a.protoscope",
    });
    const store = makeStore();
    store.getState().loadWorkspace(two("1: 1", "2: 2"));
    const storage = storageWith({ [KEY]: encodeShareHash(two("1: 1", "2: 2")) });
    const { host, otherTab } = fakeHost();
    startAutosave(store, storage, KEY, host);
    // This tab edits a.protoscope (not saved yet); the other tab saves an edit to b.protoscope.
    store.getState().setFileText("a.protoscope", "1: 10");
    otherTab(storage, KEY, encodeShareHash(two("1: 1", "2: 20")));
    expect(store.getState().snapshot()).toEqual(two("1: 10", "2: 20"));
    await vi.advanceTimersByTimeAsync(400);
    expect(decodeShareLink(storage.map.get(KEY)!).workspace).toEqual(two("1: 10", "2: 20"));
    expect(store.getState().notice).toBeUndefined();
    // Both change a.protoscope: nothing is overwritten until the learner chooses.
    store.getState().setFileText("a.protoscope", "1: 11");
    otherTab(storage, KEY, encodeShareHash(two("1: 12", "2: 20")));
    expect(store.getState().snapshot()).toEqual(two("1: 11", "2: 20"));
    expect(store.getState().tabConflict).toEqual({ theirs: two("1: 12", "2: 20"), files: ["a.protoscope"] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(decodeShareLink(storage.map.get(KEY)!).workspace).toEqual(two("1: 12", "2: 20"));
    // Keeping this tab's: it is saved, and the other tab's is the previous work.
    store.getState().resolveTabConflict("mine");
    await vi.advanceTimersByTimeAsync(400);
    expect(decodeShareLink(storage.map.get(KEY)!).workspace).toEqual(two("1: 11", "2: 20"));
    expect(store.getState().previous).toEqual(two("1: 12", "2: 20"));
    expect(decodeShareLink(storage.map.get(previousKey(KEY))!).workspace).toEqual(two("1: 12", "2: 20"));
  });

  it("crossed saves (each tab saved before hearing the other) still merge, and the merge is saved", async () => {
    vi.useFakeTimers();
    const pair = (a: string, b: string): Workspace => ({
      files: [
        { kind: "protoscope", name: "a.protoscope", text: a, messageType: "" },
        { kind: "protoscope", name: "b.protoscope", text: b, messageType: "" },
      ],
      active: "a.protoscope",
    });
    const store = makeStore();
    store.getState().loadWorkspace(pair("1: 1", "2: 2"));
    const storage = storageWith({ [KEY]: encodeShareHash(pair("1: 1", "2: 2")) });
    const { host, otherTab } = fakeHost();
    startAutosave(store, storage, KEY, host);
    store.getState().setFileText("a.protoscope", "1: 10");
    await vi.advanceTimersByTimeAsync(400); // this tab's save
    otherTab(storage, KEY, encodeShareHash(pair("1: 1", "2: 20"))); // theirs, made without ours
    expect(store.getState().snapshot()).toEqual(pair("1: 10", "2: 20"));
    await vi.advanceTimersByTimeAsync(400);
    expect(decodeShareLink(storage.map.get(KEY)!).workspace).toEqual(pair("1: 10", "2: 20"));
    expect(store.getState().tabConflict).toBeUndefined();
  });

  it("keeps this tab's files as the previous work when the page closes during a conflict", async () => {
    vi.useFakeTimers();
    const store = makeStore();
    store.getState().loadWorkspace(scope("1: 1"));
    const storage = storageWith({ [KEY]: encodeShareHash(scope("1: 1")) });
    const { host, hide, otherTab } = fakeHost();
    startAutosave(store, storage, KEY, host);
    store.getState().setFileText("m.protoscope", "1: 2");
    otherTab(storage, KEY, encodeShareHash(scope("1: 3")));
    hide();
    expect(decodeShareLink(storage.map.get(KEY)!).workspace).toEqual(scope("1: 3"));
    expect(decodeShareLink(storage.map.get(previousKey(KEY))!).workspace).toEqual(scope("1: 2"));
  });

  it("does not write back a record it took in unchanged", async () => {
    vi.useFakeTimers();
    const store = makeStore();
    store.getState().loadWorkspace(scope("1: 1"));
    const storage = storageWith({ [KEY]: encodeShareHash(scope("1: 1")) });
    const { host, otherTab } = fakeHost();
    startAutosave(store, storage, KEY, host);
    const theirs = encodeShareHash(scope("1: 5"));
    otherTab(storage, KEY, theirs);
    expect(store.getState().snapshot()).toEqual(scope("1: 5"));
    storage.map.set(KEY, "sentinel");
    await vi.advanceTimersByTimeAsync(400);
    expect(storage.map.get(KEY)).toBe("sentinel");
  });
});
