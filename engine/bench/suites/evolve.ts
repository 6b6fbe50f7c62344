/**
 * The `evolve` suite: what keeping a v1 writer's fields costs a v2 reader. A batch of 200 stored
 * rows written with v1 of an Order schema is read by @bufbuild/protobuf with v2, which deleted
 * four of v1's eight fields (their numbers reserved). `kept`: the reader keeps the four as unknown
 * fields (the default, so a v2 service forwards rows intact); `dropped`: it is told not to
 * (`readUnknownFields: false`). `roundtrip` also writes each row back: only `kept` writes what it
 * read.
 */
import { create, fromBinary, toBinary, toJsonString, type DescMessage } from "@bufbuild/protobuf";
import type { PreparedCase, Suite } from "../types.ts";
import { compiledMessage } from "./compiled.ts";

export const EVOLVE_V1_PROTO = `syntax = "proto3";
package wirelab.evolve;

message Order {
  uint64 id = 1;
  string customer = 2;
  int64 total_cents = 3;
  repeated string items = 4;
  string coupon = 5;
  string gift_note = 6;
  int32 legacy_flags = 7;
  bytes audit = 8;
}
`;

export const EVOLVE_V2_PROTO = `syntax = "proto3";
package wirelab.evolve;

message Order {
  reserved 5 to 8;
  uint64 id = 1;
  string customer = 2;
  int64 total_cents = 3;
  repeated string items = 4;
}
`;

const CASES = ["decode", "roundtrip"] as const;
const IMPLS = ["kept", "dropped"] as const;
const ROWS = 200;

const orderType = (proto: string): DescMessage => compiledMessage("order.proto", proto, "wirelab.evolve.Order");

/** The stored rows, written with v1 (every field set, deterministic). */
export function storedRows(): Uint8Array[] {
  const v1 = orderType(EVOLVE_V1_PROTO);
  const rows: Uint8Array[] = [];
  for (let i = 0; i < ROWS; i++) {
    rows.push(
      toBinary(
        v1,
        create(v1, {
          id: BigInt(100000 + i),
          customer: `customer-${i % 37}`,
          totalCents: BigInt(1999 + 17 * i),
          items: ["sku-1", `sku-${i % 11}`, "sku-42"],
          coupon: i % 3 === 0 ? "SPRING" : "",
          giftNote: i % 5 === 0 ? "Happy birthday, from all of us" : "",
          legacyFlags: i % 7,
          audit: new Uint8Array(24).map((_, k) => (i * 31 + k) & 0xff),
        } as never),
      ),
    );
  }
  return rows;
}

/** Rows as one length-delimited stream (each row after its varint length). */
export function delimited(rows: readonly Uint8Array[]): Uint8Array {
  const parts: number[] = [];
  for (const r of rows) {
    let n = r.length;
    while (n >= 0x80) {
      parts.push((n & 0x7f) | 0x80);
      n >>>= 7;
    }
    parts.push(n);
    for (const b of r) parts.push(b);
  }
  return Uint8Array.from(parts);
}

/** The rows as a v2 reader that keeps (or drops) unknown fields writes them back, length-delimited. */
export function writtenBack(impl: "kept" | "dropped"): Uint8Array {
  const v2 = orderType(EVOLVE_V2_PROTO);
  return delimited(storedRows().map((r) => toBinary(v2, fromBinary(v2, r, { readUnknownFields: impl === "kept" }))));
}

function prepare(caseName: string, impl: string): PreparedCase {
  if (!(CASES as readonly string[]).includes(caseName)) throw new Error(`evolve suite has no case "${caseName}"`);
  if (!(IMPLS as readonly string[]).includes(impl)) throw new Error(`evolve suite has no implementation "${impl}"`);
  const v2 = orderType(EVOLVE_V2_PROTO);
  const rows = storedRows();
  const options = { readUnknownFields: impl === "kept" };
  const bytes = rows.reduce((n, r) => n + r.length, 0);
  // Output: what both readers must agree on, the fields v2 knows (as JSON); what each writes back
  // differs by design (writtenBack, tested beside the suite).
  const output = () => rows.map((r) => toJsonString(v2, fromBinary(v2, r, options))).join("\n");
  if (caseName === "decode") return { run: () => rows.map((r) => fromBinary(v2, r, options)), output, bytes };
  return { run: () => rows.map((r) => toBinary(v2, fromBinary(v2, r, options))), output, bytes };
}

export const evolveSuite: Suite = {
  name: "evolve",
  description: "read 200 rows written with v1 of a schema with v2 (four of eight fields deleted), keeping the deleted fields as unknown vs dropping them, and write them back, with @bufbuild/protobuf",
  cases: CASES,
  impls: IMPLS,
  baseline: "kept",
  prepare,
};
