/**
 * The `merging` suite: what a reader pays to merge. The same final Profile decoded by
 * @bufbuild/protobuf from bytes written once (`one-message`) or from a stack of patches appended
 * one after another (`patches`): every patch repeats the score (replaced each time) and the
 * address (merged each time), and the tags and badges are spread across the patches (appended).
 * Both must read back the same message (the output compared is its ProtoJSON).
 */
import { create, fromBinary, toBinary, toJsonString, type DescMessage } from "@bufbuild/protobuf";
import { concatBytes } from "../../wire/bytes.ts";
import type { PreparedCase, Suite } from "../types.ts";
import { compiledMessage } from "./compiled.ts";

export const MERGING_PROTO = `syntax = "proto3";
package wirelab.merging;

message Profile {
  string name = 1;
  int32 score = 2;
  repeated string tags = 3;
  Address address = 4;
  oneof contact {
    string email = 5;
    string phone = 6;
  }
  repeated int32 badges = 7;
}

message Address {
  string city = 1;
  string street = 2;
}
`;

const CASES = ["decode:8-patches", "decode:32-patches"] as const;
const IMPLS = ["one-message", "patches"] as const;
const TAGS = 64;
const BADGES = 256;

const profileType = (): DescMessage => compiledMessage("merging.proto", MERGING_PROTO, "wirelab.merging.Profile");

const tag = (i: number) => `tag-${i}`;
const badge = (i: number) => 100 + i * 37;
const CITIES = ["Oslo", "Bergen", "Trondheim", "Stavanger"];

/** Patch `i` of `n`: a score, an address change, its share of the tags and badges; the first names the profile. */
function patchInit(i: number, n: number): Record<string, unknown> {
  const share = (total: number) => Array.from({ length: total / n }, (_, j) => i * (total / n) + j);
  return {
    ...(i === 0 ? { name: "Ann Berg", email: "ann@example.com" } : {}),
    ...(i === n - 1 ? { phone: "+47 555 0100" } : {}),
    score: 10 + i,
    tags: share(TAGS).map(tag),
    badges: share(BADGES).map(badge),
    address: i % 2 === 0 ? { city: CITIES[i % CITIES.length] } : { street: `Storgata ${i}` },
  };
}

/** The message all the patches of `n` add up to, written once. */
function finalInit(n: number): Record<string, unknown> {
  const lastCity = [...Array(n).keys()].filter((i) => i % 2 === 0).pop()!;
  const lastStreet = [...Array(n).keys()].filter((i) => i % 2 === 1).pop()!;
  return {
    name: "Ann Berg",
    phone: "+47 555 0100",
    score: 10 + n - 1,
    tags: Array.from({ length: TAGS }, (_, i) => tag(i)),
    badges: Array.from({ length: BADGES }, (_, i) => badge(i)),
    address: { city: CITIES[lastCity % CITIES.length], street: `Storgata ${lastStreet}` },
  };
}

function withContact(type: DescMessage, init: Record<string, unknown>) {
  const { email, phone, ...rest } = init;
  const contact = phone !== undefined ? { case: "phone", value: phone } : email !== undefined ? { case: "email", value: email } : undefined;
  return create(type, { ...rest, ...(contact ? { contact } : {}) } as never);
}

function prepare(caseName: string, impl: string): PreparedCase {
  if (!(CASES as readonly string[]).includes(caseName)) throw new Error(`merging suite has no case "${caseName}"`);
  if (!(IMPLS as readonly string[]).includes(impl)) throw new Error(`merging suite has no implementation "${impl}"`);
  const n = Number(/(\d+)-patches/.exec(caseName)![1]);
  const type = profileType();
  const bytes =
    impl === "one-message"
      ? toBinary(type, withContact(type, finalInit(n)))
      : concatBytes(Array.from({ length: n }, (_, i) => toBinary(type, withContact(type, patchInit(i, n)))));
  return { run: () => fromBinary(type, bytes), output: () => toJsonString(type, fromBinary(type, bytes)), bytes: bytes.length };
}

export const mergingSuite: Suite = {
  name: "merging",
  description:
    "decode one Profile written once vs written as 8 or 32 appended patches (scores replaced, addresses merged, tags and badges appended), with @bufbuild/protobuf",
  cases: CASES,
  impls: IMPLS,
  baseline: "one-message",
  prepare,
};
