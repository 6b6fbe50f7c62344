/**
 * The `maps` suite: a map and a list of entry messages are the same bytes; the difference is the
 * reader's. 200 string -> int32 entries decoded by @bufbuild/protobuf into `map<string, int32>`
 * (`map`: a key-value object) or into `repeated Entry` (`repeated-entry`: one message per entry),
 * and encoded back from each. Both must hold the same entries (the output compared is the sorted
 * list of key=value pairs).
 */
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import type { PreparedCase, Suite } from "../types.ts";
import { compiledMessages } from "./compiled.ts";

export const MAPS_PROTO = `syntax = "proto3";
package wirelab.maps;

message AsMap {
  map<string, int32> scores = 1;
}

message AsList {
  message Entry {
    string key = 1;
    int32 value = 2;
  }
  repeated Entry scores = 1;
}
`;

const CASES = ["decode", "encode"] as const;
const IMPLS = ["repeated-entry", "map"] as const;
const ENTRIES = 200;

const types = () => compiledMessages("maps.proto", MAPS_PROTO, { map: "wirelab.maps.AsMap", list: "wirelab.maps.AsList" });

const key = (i: number) => `player-${(i * 7919) % 100003}`;
// Never 0: a map writer writes a zero value inside its entry, a list entry with implicit presence leaves it out.
const value = (i: number) => 1 + ((i * 37) % 1000);

function pairs(impl: string, read: unknown): string {
  const out =
    impl === "map"
      ? Object.entries((read as { scores: Record<string, number> }).scores).map(([k, v]) => `${k}=${v}`)
      : (read as { scores: { key: string; value: number }[] }).scores.map((e) => `${e.key}=${e.value}`);
  return out.sort().join("\n");
}

function prepare(caseName: string, impl: string): PreparedCase {
  if (!(CASES as readonly string[]).includes(caseName)) throw new Error(`maps suite has no case "${caseName}"`);
  if (!(IMPLS as readonly string[]).includes(impl)) throw new Error(`maps suite has no implementation "${impl}"`);
  const { map, list } = types();
  const type = impl === "map" ? map : list;
  const message =
    impl === "map"
      ? create(map, { scores: Object.fromEntries(Array.from({ length: ENTRIES }, (_, i) => [key(i), value(i)])) } as never)
      : create(list, { scores: Array.from({ length: ENTRIES }, (_, i) => ({ key: key(i), value: value(i) })) } as never);
  const bytes = toBinary(type, message);
  if (caseName === "decode") return { run: () => fromBinary(type, bytes), output: () => pairs(impl, fromBinary(type, bytes)), bytes: bytes.length };
  return { run: () => toBinary(type, message), output: () => pairs(impl, fromBinary(type, toBinary(type, message))), bytes: bytes.length };
}

export const mapsSuite: Suite = {
  name: "maps",
  description: "200 string -> int32 entries decoded and encoded by @bufbuild/protobuf as map<string, int32> vs repeated Entry (the same bytes on the wire)",
  cases: CASES,
  impls: IMPLS,
  baseline: "repeated-entry",
  prepare,
};
