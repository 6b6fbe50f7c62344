import { describe, expect, it } from "vitest";
import { schemalessSuite } from "./schemaless.ts";
import type { PreparedCase } from "../types.ts";

const prep = (c: string, impl: string) => schemalessSuite.prepare(c, impl) as PreparedCase;

describe("schemaless suite", () => {
  it("finds the same top-level fields with and without the schema, and walks into nested records", () => {
    const walk = prep("log-entry", "walk");
    const decode = prep("log-entry", "decode");
    expect(walk.output()).toBe(decode.output());
    expect(walk.output()).toBe("1,2,3,4,5");
    // More records than the five top-level ones: the walker went inside the request and response.
    expect(walk.run() as number).toBeGreaterThan(50);
  });

  it("refuses a case or implementation it does not have", () => {
    expect(() => prep("rows", "walk")).toThrow(/no case/);
    expect(() => prep("log-entry", "lazy")).toThrow(/no implementation/);
  });
});
