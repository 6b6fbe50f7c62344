import { describe, expect, it } from "vitest";
import about from "../../../../examples/catalog.json";
import { EXAMPLES } from "./catalog.ts";

describe("the Examples menu", () => {
  it("gives every example a human title and a one-line description", () => {
    expect(EXAMPLES.length).toBeGreaterThan(5);
    for (const e of EXAMPLES) {
      const entry = (about as Record<string, { title: string; description: string }>)[e.id];
      expect(entry, `examples/catalog.json has no entry for ${e.id}: give every new example a title and a one-line description there`).toBeDefined();
      expect(e.label).toBe(entry!.title);
      expect(e.description).toBe(entry!.description);
      expect(e.description).not.toMatch(/\n/);
      expect(e.description.length).toBeLessThan(100);
    }
  });

  it("lists no example that does not exist", () => {
    const ids = new Set(EXAMPLES.map((e) => e.id));
    expect(Object.keys(about).filter((id) => !ids.has(id))).toEqual([]);
  });
});
