import { describe, expect, it } from "vitest";
import { presenceSuite } from "./presence.ts";
import type { PreparedCase } from "../types.ts";

const prep = (c: string, impl: string) => presenceSuite.prepare(c, impl) as PreparedCase;

describe("presence suite", () => {
  it("writes nothing for implicit zeros, a tag and a zero per explicit field, and reads both back the same", () => {
    const implicit = prep("encode:zeros", "implicit");
    const explicit = prep("encode:zeros", "explicit");
    expect(implicit.bytes).toBeUndefined();
    expect((implicit.run() as Uint8Array).length).toBe(0);
    // Twelve fields: seven one-byte varint zeros, two LEN records of length 0, a double, a fixed32 and a float.
    expect((explicit.run() as Uint8Array).length).toBe(7 * 2 + 2 * 2 + 9 + 5 + 5);
    expect(explicit.bytes).toBe(37);
    expect(implicit.output()).toBe(explicit.output());
    expect(implicit.output()).toContain("count=0 total=0 flags=0 enabled=false label=");
  });

  it("writes the same bytes for non-zero values under either presence", () => {
    const implicit = prep("encode:values", "implicit").run() as Uint8Array;
    const explicit = prep("encode:values", "explicit").run() as Uint8Array;
    expect([...implicit]).toEqual([...explicit]);
    for (const c of presenceSuite.cases) expect(prep(c, "implicit").output()).toBe(prep(c, "explicit").output());
  });

  it("refuses a case or implementation it does not have", () => {
    expect(() => prep("encode:nothing", "implicit")).toThrow(/no case/);
    expect(() => prep("encode:zeros", "lazy")).toThrow(/no implementation/);
  });
});
