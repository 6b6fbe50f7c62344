/**
 * The `unknown` suite: what unknown fields cost a reader. The same bytes of a v2 User decoded by
 * @bufbuild/protobuf with the v2 schema (`known`: every field declared) or with the v1 schema
 * (`unknown`: two fields declared, the other six kept as raw unknown fields); `roundtrip` also
 * writes the message back. Both must write back the same bytes (the output compared), which is
 * the point: a v1 reader that keeps unknown fields passes a v2 message on intact.
 */
import { create, fromBinary, toBinary, type DescMessage } from "@bufbuild/protobuf";
import type { PreparedCase, Suite } from "../types.ts";
import { compiledMessage } from "./compiled.ts";

export const UNKNOWN_V1_PROTO = `syntax = "proto3";
package wirelab.unknown;

message User {
  string name = 1;
  int32 id = 2;
}
`;

export const UNKNOWN_V2_PROTO = `syntax = "proto3";
package wirelab.unknown;

message User {
  string name = 1;
  int32 id = 2;
  string email = 3;
  bool verified = 4;
  float score = 5;
  repeated string tags = 6;
  Address address = 7;
  int64 created_ms = 8;
}

message Address {
  string city = 1;
  string street = 2;
  string postcode = 3;
}
`;

const CASES = ["decode", "roundtrip"] as const;
const IMPLS = ["known", "unknown"] as const;

const userType = (proto: string): DescMessage => compiledMessage("user.proto", proto, "wirelab.unknown.User");

/** The v2 User's bytes, written by @bufbuild/protobuf with the v2 schema. */
function v2Bytes(): Uint8Array {
  const v2 = userType(UNKNOWN_V2_PROTO);
  return toBinary(
    v2,
    create(v2, {
      name: "Ann Berg",
      id: 42,
      email: "ann@example.com",
      verified: true,
      score: 4.5,
      tags: ["beta", "early", "nordic", "admin"],
      address: { city: "Oslo", street: "Storgata 1", postcode: "0155" },
      createdMs: 1734307200123n,
    } as never),
  );
}

function prepare(caseName: string, impl: string): PreparedCase {
  if (!(CASES as readonly string[]).includes(caseName)) throw new Error(`unknown suite has no case "${caseName}"`);
  if (!(IMPLS as readonly string[]).includes(impl)) throw new Error(`unknown suite has no implementation "${impl}"`);
  const type = userType(impl === "known" ? UNKNOWN_V2_PROTO : UNKNOWN_V1_PROTO);
  const bytes = v2Bytes();
  const output = () => toBinary(type, fromBinary(type, bytes));
  if (caseName === "decode") return { run: () => fromBinary(type, bytes), output, bytes: bytes.length };
  return { run: () => toBinary(type, fromBinary(type, bytes)), output, bytes: bytes.length };
}

export const unknownSuite: Suite = {
  name: "unknown",
  description:
    "decode (and write back) a v2 User with the v2 schema, every field known, vs the v1 schema, six of eight fields kept as unknown, with @bufbuild/protobuf",
  cases: CASES,
  impls: IMPLS,
  baseline: "known",
  prepare,
};
