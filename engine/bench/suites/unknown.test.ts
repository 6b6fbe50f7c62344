import { describe, expect, it } from "vitest";
import { fromBinary } from "@bufbuild/protobuf";
import { unknownSuite } from "./unknown.ts";
import type { PreparedCase } from "../types.ts";

const prep = (c: string, impl: string) => unknownSuite.prepare(c, impl) as PreparedCase;

describe("unknown suite", () => {
  it("writes back the same bytes whether the fields are known or kept as unknown", () => {
    for (const c of unknownSuite.cases) expect([...(prep(c, "unknown").output() as Uint8Array)]).toEqual([...(prep(c, "known").output() as Uint8Array)]);
  });

  it("keeps six of the eight fields as unknown under the v1 schema", () => {
    const read = prep("decode", "unknown").run() as ReturnType<typeof fromBinary>;
    const unknown = (read as unknown as { $unknown?: { no: number }[] }).$unknown ?? [];
    expect([...new Set(unknown.map((u) => u.no))]).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it("refuses a case or implementation it does not have", () => {
    expect(() => prep("encode", "known")).toThrow(/no case/);
    expect(() => prep("decode", "lazy")).toThrow(/no implementation/);
  });
});
