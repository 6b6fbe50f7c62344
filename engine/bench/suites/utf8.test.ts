import { describe, expect, it } from "vitest";
import { utf8Suite } from "./utf8.ts";
import type { PreparedCase } from "../types.ts";

const prep = (c: string, impl: string) => utf8Suite.prepare(c, impl) as PreparedCase;

describe("utf8 suite", () => {
  it("reads the same bytes as strings and as bytes, 200 of them, non-ASCII included", () => {
    for (const c of utf8Suite.cases) {
      expect(prep(c, "string").output()).toBe(prep(c, "bytes").output());
      expect((prep(c, "bytes").output() as string).split("\n")).toHaveLength(200);
    }
    expect(prep("mixed", "string").output()).toContain("c3bc"); // ü
  });

  it("refuses a case or implementation it does not have", () => {
    expect(() => prep("latin1", "string")).toThrow(/no case/);
    expect(() => prep("ascii", "lazy")).toThrow(/no implementation/);
  });
});
