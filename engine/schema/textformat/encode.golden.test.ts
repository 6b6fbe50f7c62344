import { describe, expect, it } from "vitest";
import { encodeTextFormat } from "./index.ts";
import { corpusCases, corpusRegistry, hex } from "./testing.ts";

// Goldens written by scripts/golden-encode.mjs with protoc --encode (proto2, proto3) and
// buf convert (edition 2023).
describe("text format encoding matches the reference tools' bytes", () => {
  const cases = corpusCases();
  it("has a corpus", () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });
  for (const c of cases) {
    it(`${c.corpus}/${c.name}`, () => {
      const registry = corpusRegistry(c.corpus);
      const type = registry.getMessage(c.type);
      expect(type, c.type).toBeDefined();
      const result = encodeTextFormat(c.text, type!, registry);
      expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(hex(result.bytes)).toBe(hex(c.golden));
    });
  }
});
