import { describe, expect, it } from "vitest";
import { createSafeStorage } from "./storage.ts";

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe("createSafeStorage", () => {
  it("reads and writes through a working storage", () => {
    const s = createSafeStorage(memoryStorage);
    expect(s.available).toBe(true);
    expect(s.set("k", "v")).toBe(true);
    expect(s.get("k")).toBe("v");
    s.remove("k");
    expect(s.get("k")).toBeUndefined();
  });

  it("reports unavailable, and never throws, when even reaching storage throws", () => {
    const s = createSafeStorage(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(s.available).toBe(false);
    expect(s.set("k", "v")).toBe(false);
    expect(s.get("k")).toBeUndefined();
    expect(() => s.remove("k")).not.toThrow();
  });

  it("turns unavailable when a write fails later (quota)", () => {
    const inner = memoryStorage();
    let full = false;
    const quota: Storage = {
      ...inner,
      getItem: (k) => inner.getItem(k),
      setItem: (k, v) => {
        if (full) throw new DOMException("full", "QuotaExceededError");
        inner.setItem(k, v);
      },
      removeItem: (k) => inner.removeItem(k),
    };
    const s = createSafeStorage(() => quota);
    expect(s.available).toBe(true);
    full = true;
    expect(s.set("k", "v")).toBe(false);
    expect(s.available).toBe(false);
  });
});
