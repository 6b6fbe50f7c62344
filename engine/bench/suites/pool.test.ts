import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { benchSchema, make, rowsResponseInit } from "./bench-data.ts";
import { decodeResponse, poolSuite, responseJson, type PResponse } from "./pool.ts";

describe("pool suite", () => {
  it("fresh and pooled decode what @bufbuild/protobuf decodes, and pooled reuses its objects", async () => {
    const { rowsResponse } = benchSchema();
    const bytes = toBinary(rowsResponse, make(rowsResponse, rowsResponseInit(30)));
    const es = fromBinary(rowsResponse, bytes) as unknown as {
      fields: { name: string; type: number; table: string; columnLength: number; flags: number }[];
      rows: { lengths: bigint[]; values: Uint8Array }[];
      gtid: string;
      throttled: boolean;
    };
    const expected: PResponse = {
      fields: es.fields.map(({ name, type, table, columnLength, flags }) => ({ name, type, table, columnLength, flags })),
      rows: es.rows.map((r) => ({ lengths: r.lengths.map(Number), values: r.values, size: r.values.length })),
      gtid: es.gtid,
      throttled: es.throttled,
    };
    const tally = { objects: 0 };
    const m: PResponse = { fields: [], rows: [], gtid: "", throttled: false };
    expect(responseJson(decodeResponse(bytes, m, true, tally))).toBe(responseJson(expected));
    const firstRow = m.rows[0];
    // A shorter message into the same pooled object: rows are reused and the extra ones hidden.
    const short = toBinary(rowsResponse, make(rowsResponse, rowsResponseInit(3)));
    decodeResponse(short, m, true, tally);
    expect(m.rows).toHaveLength(3);
    expect(m.rows[0]).toBe(firstRow);
    expect(responseJson(m)).toBe(responseJson(decodeResponse(short, { fields: [], rows: [], gtid: "", throttled: false }, false, tally)));
  });

  it("both implementations agree before timing, and pooling creates far fewer objects", async () => {
    for (const c of poolSuite.cases) {
      const fresh = await poolSuite.prepare(c, "fresh");
      const pooled = await poolSuite.prepare(c, "pooled");
      expect(pooled.output()).toBe(fresh.output());
      expect(pooled.run()).toBe(fresh.run());
      expect(fresh.objectsPerOp! / pooled.objectsPerOp!).toBeGreaterThan(5);
    }
  });
});
