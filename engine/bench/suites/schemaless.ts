/**
 * The `schemaless` suite: what reading without a schema costs, and what a schema buys. The same
 * ~0.8 KB LogEntry read with no schema by a record walker (`walk`: tags and lengths only, every
 * record found, and every LEN payload that parses to its end as records walked too, as a detective
 * tries each payload as a message) and decoded by @bufbuild/protobuf with its schema (`decode`:
 * every value built). The output compared is the set of top-level field numbers each finds. The
 * walker reports a payload that is not records by returning -1, never by throwing: an exception per
 * string would cost more than the walk.
 */
import { fromBinary, isFieldSet, toBinary } from "@bufbuild/protobuf";
import { readFields } from "../../lessons/wire-fields.ts";
import type { PreparedCase, Suite } from "../types.ts";
import { benchSchema, logEntryInit, make } from "./bench-data.ts";

const CASES = ["log-entry"] as const;
const IMPLS = ["decode", "walk"] as const;

/** The varint at `at` as [value, next offset], or undefined when it runs past `end` or past 10 bytes. */
function varint(b: Uint8Array, at: number, end: number): [number, number] | undefined {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 10 && at < end; i++) {
    const byte = b[at++]!;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return [value, at];
    scale *= 128;
  }
  return undefined;
}

/**
 * Counts the records in b[start, end), walking into every LEN payload that is records itself;
 * -1 when the range is not a run of records (a bad tag, a value past the end, a group).
 */
function walk(b: Uint8Array, start = 0, end = b.length): number {
  let records = 0;
  let at = start;
  while (at < end) {
    const tag = varint(b, at, end);
    if (!tag || tag[0] < 8) return -1;
    at = tag[1];
    const wireType = tag[0] % 8;
    if (wireType === 0) {
      const v = varint(b, at, end);
      if (!v) return -1;
      at = v[1];
    } else if (wireType === 1 || wireType === 5) {
      at += wireType === 1 ? 8 : 4;
      if (at > end) return -1;
    } else if (wireType === 2) {
      const len = varint(b, at, end);
      if (!len || len[1] + len[0] > end) return -1;
      const inner = len[0] > 0 ? walk(b, len[1], len[1] + len[0]) : -1;
      if (inner > 0) records += inner;
      at = len[1] + len[0];
    } else return -1;
    records++;
  }
  return records;
}

function prepare(caseName: string, impl: string): PreparedCase {
  if (!(CASES as readonly string[]).includes(caseName)) throw new Error(`schemaless suite has no case "${caseName}"`);
  if (!(IMPLS as readonly string[]).includes(impl)) throw new Error(`schemaless suite has no implementation "${impl}"`);
  const { logEntry } = benchSchema();
  const bytes = toBinary(logEntry, make(logEntry, logEntryInit()));
  if (impl === "walk") {
    return {
      run: () => walk(bytes),
      output: () => [...new Set(readFields(bytes).fields.map((f) => f.field))].sort((x, y) => x - y).join(","),
      bytes: bytes.length,
    };
  }
  return {
    run: () => fromBinary(logEntry, bytes),
    output: () => {
      const m = fromBinary(logEntry, bytes);
      return logEntry.fields
        .filter((f) => isFieldSet(m, f))
        .map((f) => f.number)
        .sort((x, y) => x - y)
        .join(",");
    },
    bytes: bytes.length,
  };
}

export const schemalessSuite: Suite = {
  name: "schemaless",
  description: "a ~0.8 KB LogEntry walked without a schema (tags and lengths, every payload tried as records) vs decoded with one by @bufbuild/protobuf",
  cases: CASES,
  impls: IMPLS,
  baseline: "decode",
  prepare,
};
