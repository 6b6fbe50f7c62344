/**
 * The `utf8` suite: what a reader pays to refuse malformed text. The same 200 short texts decoded
 * by @bufbuild/protobuf from a proto3 `repeated string` (each one checked as UTF-8 and turned into
 * a JavaScript string: invalid bytes make the decode throw) or a `repeated bytes` (each one a view
 * of the input, never checked). Both must hold the same bytes (the output compared is their hex).
 */
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import type { PreparedCase, Suite } from "../types.ts";
import { compiledMessages } from "./compiled.ts";
import { toHex } from "../../wire/hex.ts";

export const UTF8_PROTO = `syntax = "proto3";
package wirelab.utf8;

message Texts {
  repeated string texts = 1;
}

message Blobs {
  repeated bytes texts = 1;
}
`;

const CASES = ["ascii", "mixed"] as const;
const IMPLS = ["bytes", "string"] as const;
const COUNT = 200;

const types = () => compiledMessages("utf8.proto", UTF8_PROTO, { texts: "wirelab.utf8.Texts", blobs: "wirelab.utf8.Blobs" });

const sample = (caseName: string, i: number) => (caseName === "ascii" ? `sensor-${i}-kitchen-temperature` : `Sensor ${i}: Küche, Temperatur ${i % 40} °C ✓`);

function hexAll(list: Uint8Array[]): string {
  return list.map((b) => toHex(b, "")).join("\n");
}

function prepare(caseName: string, impl: string): PreparedCase {
  if (!(CASES as readonly string[]).includes(caseName)) throw new Error(`utf8 suite has no case "${caseName}"`);
  if (!(IMPLS as readonly string[]).includes(impl)) throw new Error(`utf8 suite has no implementation "${impl}"`);
  const { texts, blobs } = types();
  const strings = Array.from({ length: COUNT }, (_, i) => sample(caseName, i));
  // The same bytes on the wire either way: a string field is a LEN record of its UTF-8.
  const bytes = toBinary(texts, create(texts, { texts: strings } as never));
  const enc = new TextEncoder();
  if (impl === "string") {
    return {
      run: () => fromBinary(texts, bytes),
      output: () => hexAll((fromBinary(texts, bytes) as unknown as { texts: string[] }).texts.map((t) => enc.encode(t))),
      bytes: bytes.length,
    };
  }
  return {
    run: () => fromBinary(blobs, bytes),
    output: () => hexAll((fromBinary(blobs, bytes) as unknown as { texts: Uint8Array[] }).texts),
    bytes: bytes.length,
  };
}

export const utf8Suite: Suite = {
  name: "utf8",
  description: "200 short texts decoded by @bufbuild/protobuf as repeated string (checked as UTF-8, made into strings) vs repeated bytes (views, unchecked); ASCII or mixed text",
  cases: CASES,
  impls: IMPLS,
  baseline: "bytes",
  prepare,
};
