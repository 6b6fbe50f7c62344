import { describe, expect, it } from "vitest";
import { mapsSuite } from "./maps.ts";
import type { PreparedCase } from "../types.ts";

const prep = (c: string, impl: string) => mapsSuite.prepare(c, impl) as PreparedCase;

describe("maps suite", () => {
  it("writes a map and a list of entries as the same bytes, and reads the same 200 entries from them", () => {
    expect([...(prep("encode", "map").run() as Uint8Array)]).toEqual([...(prep("encode", "repeated-entry").run() as Uint8Array)]);
    for (const c of mapsSuite.cases) expect(prep(c, "map").output()).toBe(prep(c, "repeated-entry").output());
    expect((prep("decode", "map").output() as string).split("\n")).toHaveLength(200);
  });

  it("refuses a case or implementation it does not have", () => {
    expect(() => prep("merge", "map")).toThrow(/no case/);
    expect(() => prep("decode", "lazy")).toThrow(/no implementation/);
  });
});
