import { describe, expect, it } from "vitest";
import { initialWorkspace, workspaceKey } from "./persistence.ts";
import { createSafeStorage } from "./storage.ts";
import { encodeShareHash } from "./shareLink.ts";
import { EMPTY_WORKSPACE } from "../workspace/types.ts";
import { messageTypeFromHeader } from "../examples/catalog.ts";

function storageWith(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return createSafeStorage(() => ({
    length: map.size,
    clear: () => map.clear(),
    getItem: (k: string) => map.get(k) ?? null,
    key: () => null,
    removeItem: (k: string) => void map.delete(k),
    setItem: (k: string, v: string) => void map.set(k, v),
  }));
}

const linked = { ...EMPTY_WORKSPACE, protoscope: "1: 1" };
const saved = { ...EMPTY_WORKSPACE, protoscope: "2: 2" };
const KEY = workspaceKey("");

describe("the starting workspace", () => {
  it("is keyed by ?workspace=", () => {
    expect(workspaceKey("")).toBe("wirelab:workspace:default");
    expect(workspaceKey("?workspace=lesson-3")).toBe("wirelab:workspace:lesson-3");
  });

  it("comes from the link first, then the autosave, then the default example", async () => {
    const storage = storageWith({ [KEY]: encodeShareHash(saved) });
    const fromLink = await initialWorkspace(encodeShareHash(linked), storage, KEY);
    expect(fromLink.workspace).toEqual(linked);
    // The autosaved work the link displaces is handed back, to be kept and restorable.
    expect(fromLink.previous).toEqual(saved);
    expect((await initialWorkspace("", storage, KEY)).workspace).toEqual(saved);
    const fresh = await initialWorkspace("", storageWith({}), KEY);
    expect(fresh.workspace.protoscope).toContain("1: 150");
    expect(fresh.workspace.schema).toContain("message Test1");
  });

  it("explains a damaged link and falls back to the autosave", async () => {
    const storage = storageWith({ [KEY]: encodeShareHash(saved) });
    const start = await initialWorkspace(encodeShareHash(linked).slice(0, 12), storage, KEY);
    expect(start.workspace).toEqual(saved);
    expect(start.notice).toMatch(/^Could not open the link: the link is damaged/);
  });

  it("drops a damaged autosave instead of failing", async () => {
    const start = await initialWorkspace("", storageWith({ [KEY]: "#w2.garbage" }), KEY);
    expect(start.workspace.protoscope).toContain("1: 150");
  });
});

describe("messageTypeFromHeader", () => {
  it("reads the conventional proto-message header of text-format files", () => {
    expect(messageTypeFromHeader("# proto-file: a.proto\n# proto-message: log.LogEntry\nx: 1")).toBe("log.LogEntry");
    expect(messageTypeFromHeader("x: 1")).toBe("");
  });
});
