/**
 * The `schemaless` suite: what reading without a schema costs, and what a schema buys. The same
 * ~0.8 KB LogEntry read by the engine's wire walker with no schema (`walk`: tags and lengths,
 * every record found, nested payloads that parse as messages walked too) and decoded by
 * @bufbuild/protobuf with its schema (`decode`: every value built). The output compared is the
 * set of top-level field numbers each finds.
 */
import { fromBinary, isFieldSet, toBinary } from "@bufbuild/protobuf";
import { readFields, type WireFields } from "../../lessons/wire-fields.ts";
import type { PreparedCase, Suite } from "../types.ts";
import { benchSchema, logEntryInit, make } from "./bench-data.ts";

const CASES = ["log-entry"] as const;
const IMPLS = ["decode", "walk"] as const;

/** Walks every record, and into every LEN payload that reads as records to its end; counts them. */
function walk(bytes: Uint8Array): number {
  const top: WireFields = readFields(bytes);
  let records = top.fields.length;
  for (const f of top.fields) {
    if (f.wireType !== 2 || f.value.length === 0) continue;
    const inner = readFields(f.value);
    if (!inner.error) records += walk(f.value);
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
  description: "a ~0.8 KB LogEntry walked without a schema (the engine's wire reader: tags, lengths, nested records) vs decoded with one by @bufbuild/protobuf",
  cases: CASES,
  impls: IMPLS,
  baseline: "decode",
  prepare,
};
