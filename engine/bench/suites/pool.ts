/**
 * The `pool` suite: decode a RowsResponse the way code generated for it would (one function per
 * message, as vtprotobuf's UnmarshalVT), either into fresh objects each time or into objects
 * taken from a pool and reset, keeping their arrays and byte buffers (vtprotobuf's `pool`
 * feature: ResetVT keeps capacity, ReturnToVTPool hands the message back).
 *
 * A JavaScript port has to differ where the language does: strings are immutable, so field names
 * and the GTID are new strings either way; a view of part of a buffer is an object, so a pooled
 * row keeps its `values` buffer with a separate `size` instead of re-slicing it. Cell lengths are
 * numbers (sint64 values within 2^53), not bigints, in both implementations. The consumer touches
 * every row (sums lengths and bytes), since work on memory nobody reads measures nothing.
 */
import { toBinary } from "@bufbuild/protobuf";
import { Reader, toHex, zigzagDecode32 } from "../../wire/index.ts";
import type { PreparedCase, Suite } from "../types.ts";
import { benchSchema, make, rowsResponseInit } from "./bench-data.ts";
import { VTPROTOBUF } from "./sources.ts";

export interface PField { name: string; type: number; table: string; columnLength: number; flags: number }
export interface PRow { lengths: number[]; values: Uint8Array; size: number }
export interface PResponse { fields: PField[]; rows: PRow[]; gtid: string; throttled: boolean }

const utf8 = new TextDecoder();
const EMPTY = new Uint8Array(0);

/** Counts objects created, as the engine codec does (a string counts with the view it is decoded from). */
export interface Tally { objects: number }

function readString(r: Reader, t: Tally): string {
  const n = r.length();
  const start = r.pos;
  r.pos = start + n;
  if (n === 0) return "";
  t.objects += 2;
  return utf8.decode(r.buf.subarray(start, start + n));
}

function zigzag(r: Reader): number {
  return zigzagDecode32(r.uint32());
}

function decodeField(r: Reader, end: number, f: PField, t: Tally): void {
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10: f.name = readString(r, t); break;
      case 16: f.type = r.int32(); break;
      case 26: f.table = readString(r, t); break;
      case 32: f.columnLength = r.uint32(); break;
      case 40: f.flags = r.uint32(); break;
      default: r.skip(tag & 7, tag >>> 3); t.objects++;
    }
  }
}

/** Reads a row; `pooled` copies values into the row's own buffer when it is big enough. */
function decodeRow(r: Reader, end: number, row: PRow, pooled: boolean, t: Tally): void {
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === 10) {
      const stop = r.length() + r.pos;
      while (r.pos < stop) row.lengths.push(zigzag(r));
    } else if (tag === 8) {
      row.lengths.push(zigzag(r));
    } else if (tag === 18) {
      const n = r.length();
      const start = r.pos;
      r.pos = start + n;
      if (!pooled || row.values.length < n) {
        row.values = new Uint8Array(pooled ? Math.max(n, 2 * row.values.length) : n);
        t.objects++;
      }
      const dst = row.values;
      const src = r.buf;
      if (n <= 64) {
        // Short values: a loop, since set() needs a view of the source (an object).
        for (let i = 0; i < n; i++) dst[i] = src[start + i]!;
      } else {
        dst.set(src.subarray(start, start + n));
        t.objects++;
      }
      row.size = n;
    } else {
      r.skip(tag & 7, tag >>> 3);
      t.objects++;
    }
  }
}

/** Decodes into `m` (fresh, or reset from the pool); `pooled` reuses its rows and fields. */
export function decodeResponse(bytes: Uint8Array, m: PResponse, pooled: boolean, t: Tally): PResponse {
  const r = new Reader(bytes);
  t.objects += 2;
  let nFields = 0;
  let nRows = 0;
  while (!r.done) {
    const tag = r.uint32();
    switch (tag) {
      case 10: {
        const stop = r.length() + r.pos;
        let f = pooled ? m.fields[nFields] : undefined;
        if (!f) {
          f = { name: "", type: 0, table: "", columnLength: 0, flags: 0 };
          t.objects++;
          m.fields[nFields] = f;
        } else {
          f.name = ""; f.type = 0; f.table = ""; f.columnLength = 0; f.flags = 0;
        }
        nFields++;
        r.len = stop;
        decodeField(r, stop, f, t);
        r.len = bytes.length;
        break;
      }
      case 18: {
        const stop = r.length() + r.pos;
        let row = pooled ? m.rows[nRows] : undefined;
        if (!row) {
          row = { lengths: [], values: EMPTY, size: 0 };
          t.objects += 2;
          m.rows[nRows] = row;
        } else {
          row.lengths.length = 0;
          row.size = 0;
        }
        nRows++;
        r.len = stop;
        decodeRow(r, stop, row, pooled, t);
        r.len = bytes.length;
        break;
      }
      case 26: m.gtid = readString(r, t); break;
      case 32: m.throttled = r.bool(); break;
      default: r.skip(tag & 7, tag >>> 3); t.objects++;
    }
  }
  // Reset: keep the pooled objects beyond this message's count for next time, but hide them.
  m.fields.length = nFields;
  m.rows.length = nRows;
  return m;
}

function freshResponse(t: Tally): PResponse {
  t.objects += 3;
  return { fields: [], rows: [], gtid: "", throttled: false };
}

/** The consumer: touches every row. */
function consume(m: PResponse): number {
  let sum = 0;
  for (const row of m.rows) {
    for (let i = 0; i < row.lengths.length; i++) sum += row.lengths[i]!;
    const v = row.values;
    for (let i = 0; i < row.size; i++) sum += v[i]!;
  }
  return sum + m.fields.length;
}

/** A response as plain JSON, to compare implementations. */
export function responseJson(m: PResponse): string {
  const hex = (b: Uint8Array, n: number) => toHex(b.subarray(0, n), "");
  return JSON.stringify({ ...m, rows: m.rows.map((r) => ({ lengths: r.lengths, values: hex(r.values, r.size) })) });
}

const CASES = ["rows:100", "rows:1000"] as const;
const IMPLS = ["fresh", "pooled"] as const;

function prepare(caseName: string, impl: string): PreparedCase {
  if (!(CASES as readonly string[]).includes(caseName)) throw new Error(`pool suite has no case "${caseName}"`);
  if (!(IMPLS as readonly string[]).includes(impl)) throw new Error(`pool suite has no implementation "${impl}"`);
  const { rowsResponse } = benchSchema();
  const bytes = toBinary(rowsResponse, make(rowsResponse, rowsResponseInit(Number(caseName.split(":")[1]))));
  const tally: Tally = { objects: 0 };
  const pooled = impl === "pooled";
  /** The pool: messages handed back after use (vtprotobuf uses a sync.Pool). */
  const pool: PResponse[] = [];
  const once = (): { m: PResponse; sum: number } => {
    const m = pooled ? (pool.pop() ?? freshResponse(tally)) : freshResponse(tally);
    decodeResponse(bytes, m, pooled, tally);
    const sum = consume(m);
    if (pooled) pool.push(m);
    return { m, sum };
  };
  const run = () => once().sum;
  // Steady state: the pool is warm after the first decode; count one operation after it.
  run();
  tally.objects = 0;
  run();
  const objectsPerOp = tally.objects;
  return { run, output: () => responseJson(once().m), bytes: bytes.length, objectsPerOp };
}

export const poolSuite: Suite = {
  name: "pool",
  description: "decode a RowsResponse (100 or 1000 rows) into fresh objects vs into pooled objects reset for reuse; the consumer touches every row",
  cases: CASES,
  impls: IMPLS,
  baseline: "fresh",
  claim: {
    text:
      "Vicent Marti (\"A new Protocol Buffers generator for Go\", PlanetScale) saw Vitess's row-stream unmarshalling drop from 4.15 to 0.63 CPU seconds " +
      "once vtprotobuf's generated code took messages from a memory pool instead of allocating them",
    source: VTPROTOBUF,
    figures: [{ kind: "speedup", before: "fresh", after: "pooled", value: 4.15 / 0.63, detail: "4.15 -> 0.63 CPU seconds unmarshalling" }],
  },
  prepare,
};
