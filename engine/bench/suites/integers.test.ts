import { describe, expect, it } from "vitest";
import { packedSuite } from "./packed.ts";
import { varintSuite } from "./varint.ts";
import type { Suite } from "../types.ts";

async function outputs(suite: Suite, caseName: string) {
  const all = await Promise.all(suite.impls.map(async (impl) => ({ impl, prepared: await suite.prepare(caseName, impl) })));
  return all.map(({ impl, prepared }) => ({ impl, bytes: prepared.bytes, output: prepared.output() }));
}

describe("varint and packed suites", () => {
  it("reproduce the post's file sizes: a.pb 2875, b.pb 1877, c.pb 5005, d.pb 4007, and 3006 for 100000 to 101000", async () => {
    const sizes = async (s: Suite, c: string) => Object.fromEntries((await outputs(s, c)).map((o) => [o.impl, o.bytes]));
    expect(await sizes(packedSuite, "encode:varint")).toEqual({ expanded: 2875, packed: 1877 });
    expect(await sizes(packedSuite, "decode:fixed32")).toEqual({ expanded: 5005, packed: 4007 });
    expect(await sizes(varintSuite, "decode:100000")).toEqual({ varint: 3006, fixed32: 4007, fixed64: 8011 });
    expect((await sizes(varintSuite, "encode:huge")).varint).toBe(1001 * 5 + 3);
  });

  it("every implementation of every case yields the same values", async () => {
    for (const suite of [varintSuite, packedSuite]) {
      for (const c of suite.cases) {
        const [first, ...rest] = await outputs(suite, c);
        expect((first!.output as Uint8Array).length, c).toBe(1001 * 8);
        for (const o of rest) expect(o.output, `${suite.name} ${c} ${o.impl}`).toEqual(first!.output);
      }
    }
  });

  it("the operations compute what the output says", async () => {
    const prepared = await varintSuite.prepare("decode:small", "fixed64");
    expect(prepared.run()).toBe(1001);
    const values = new Float64Array((prepared.output() as Uint8Array).buffer);
    expect([values[0], values[1000]]).toEqual([0, 1000]);
  });
});
