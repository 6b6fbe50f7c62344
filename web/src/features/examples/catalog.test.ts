import { describe, expect, it } from "vitest";
import about from "../../../../examples/catalog.json";
import { DEFAULT_EXAMPLE_ID, EXAMPLES, exampleFilePaths } from "./catalog.ts";

const ABOUT = about as Record<string, { title: string; description: string }>;

describe("the Examples menu", () => {
  it("gives every example in the menu, lessons' included, a human title and a one-line description (untitled lesson files are exercise material, not listed)", () => {
    expect(EXAMPLES.length).toBeGreaterThan(5);
    for (const e of EXAMPLES) {
      const entry = ABOUT[e.id];
      expect(entry, `examples/catalog.json has no entry for ${e.id}: give every new example a title and a one-line description there`).toBeDefined();
    }
  });

  it("uses catalog.json's title and description wherever there is one, each on one short line", () => {
    for (const e of EXAMPLES) {
      const entry = ABOUT[e.id];
      if (!entry) continue;
      expect(e.label).toBe(entry.title);
      expect(e.description).toBe(entry.description);
      expect(e.description).not.toMatch(/\n/);
      expect(e.description.length).toBeLessThan(100);
    }
  });

  it("lists no example that does not exist", () => {
    const ids = new Set(EXAMPLES.map((e) => e.id));
    expect(Object.keys(about).filter((id) => !id.startsWith("lessons/") && !ids.has(id))).toEqual([]);
  });

  it("the files that come with the page are exactly the default example's", () => {
    const { eager, all } = exampleFilePaths();
    const prefix = `/examples/${DEFAULT_EXAMPLE_ID}/`;
    expect(eager.length).toBeGreaterThan(0);
    expect(eager).toEqual(all.filter((p) => p.startsWith(prefix) && !p.slice(prefix.length).includes("/")));
  });
});
