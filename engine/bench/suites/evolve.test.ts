import { describe, expect, it } from "vitest";
import { delimited, evolveSuite, storedRows, writtenBack } from "./evolve.ts";
import type { PreparedCase } from "../types.ts";

/** The offset after the record at `at` (these rows hold varints and LEN records only). */
function nextRecord(r: Uint8Array, at: number): number {
  const varint = (p: number): [number, number] => {
    let v = 0;
    let shift = 0;
    for (;;) {
      const b = r[p++]!;
      v += (b & 0x7f) * 2 ** shift;
      shift += 7;
      if (b < 0x80) return [v, p];
    }
  };
  const [tag, p] = varint(at);
  const wt = tag & 7;
  if (wt === 0) return varint(p)[1];
  if (wt === 2) {
    const [n, q] = varint(p);
    return q + n;
  }
  throw new Error(`unexpected wire type ${wt}`);
}

const prep = (c: string, impl: string) => evolveSuite.prepare(c, impl) as PreparedCase;

describe("evolve suite", () => {
  it("writes each row back whole when the reader keeps unknown fields, and loses the deleted fields when it drops them", () => {
    const rows = storedRows();
    const kept = writtenBack("kept");
    const dropped = writtenBack("dropped");
    expect(Buffer.from(kept).toString("hex")).toBe(Buffer.from(delimited(rows)).toString("hex"));
    // Dropping: each row keeps only the four fields v2 knows, which v1 wrote first.
    const prefixes = rows.map((r) => {
      let end = 0;
      while (end < r.length && (r[end]! >> 3) <= 4) end = nextRecord(r, end);
      return r.subarray(0, end);
    });
    expect(Buffer.from(dropped).toString("hex")).toBe(Buffer.from(delimited(prefixes)).toString("hex"));
    expect(dropped.length).toBeLessThan(kept.length * 0.7);
  });

  it("both readers read the same known fields, so the harness times the same work", () => {
    for (const c of evolveSuite.cases) expect(prep(c, "dropped").output()).toBe(prep(c, "kept").output());
    expect(String(prep("decode", "kept").output())).toContain('"customer":"customer-0"');
  });

  it("refuses a case or implementation it does not have", () => {
    expect(() => prep("encode", "kept")).toThrow(/no case/);
    expect(() => prep("decode", "lazy")).toThrow(/no implementation/);
  });
});
