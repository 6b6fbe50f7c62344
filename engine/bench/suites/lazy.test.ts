import { describe, expect, it } from "vitest";
import { lazySuite } from "./lazy.ts";

describe("lazy suite", () => {
  it("eager and lazy give the consumer the same field and the same whole message; lazy creates far fewer objects when filtering", async () => {
    for (const c of lazySuite.cases) {
      const eager = await lazySuite.prepare(c, "eager");
      const lazy = await lazySuite.prepare(c, "lazy");
      expect(lazy.output()).toBe(eager.output());
      expect(eager.bytes).toBe(lazy.bytes);
    }
    const eager = await lazySuite.prepare("filter", "eager");
    const lazy = await lazySuite.prepare("filter", "lazy");
    expect(eager.run()).toBe("backend-42.eu-west.example.net");
    expect(lazy.objectsPerOp).toBe(6);
    expect(eager.objectsPerOp! / lazy.objectsPerOp!).toBeGreaterThan(10);
    // Reading everything, lazy decodes everything too, plus a reader per deferred submessage.
    const all = await lazySuite.prepare("read-all", "lazy");
    expect(all.objectsPerOp!).toBeGreaterThan(eager.objectsPerOp!);
  });
});
