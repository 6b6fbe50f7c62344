import { describe, expect, it } from "vitest";
import { mergingSuite } from "./merging.ts";
import type { PreparedCase } from "../types.ts";

const prep = (c: string, impl: string) => mergingSuite.prepare(c, impl) as PreparedCase;

describe("merging suite", () => {
  it("reads the same Profile from one message and from its patches appended, which take more bytes", () => {
    for (const c of mergingSuite.cases) {
      const one = prep(c, "one-message");
      const patches = prep(c, "patches");
      expect(patches.output()).toBe(one.output());
      expect(patches.bytes!).toBeGreaterThan(one.bytes!);
    }
    const read = JSON.parse(prep("decode:8-patches", "patches").output() as string);
    expect(read.score).toBe(17);
    expect(read.tags).toHaveLength(64);
    expect(read.badges).toHaveLength(256);
    expect(read.address).toEqual({ city: "Trondheim", street: "Storgata 7" });
    expect(read.phone).toBe("+47 555 0100");
    expect(read.email).toBeUndefined();
  });

  it("refuses a case or implementation it does not have", () => {
    expect(() => prep("decode:3-patches", "patches")).toThrow(/no case/);
    expect(() => prep("decode:8-patches", "lazy")).toThrow(/no implementation/);
  });
});
