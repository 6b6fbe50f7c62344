/**
 * The `enum-names` suite: what an enum value's name costs once it travels. The same 1000 traffic
 * signals (an enum and a number each) decoded and encoded by @bufbuild/protobuf as binary (enum
 * values as varints), as ProtoJSON with the values' names (the default: "STOPLIGHT_RED"), and as
 * ProtoJSON with numbers (`enumAsInteger`). The binary never carries a name, which is why a rename
 * keeps binary data readable and breaks JSON readers. Every implementation must come back to the
 * same message: the outputs compared are its binary encoding.
 */
import { fromBinary, fromJsonString, toBinary, toJsonString, create, type DescMessage } from "@bufbuild/protobuf";
import type { PreparedCase, Suite } from "../types.ts";
import { compiledMessage } from "./compiled.ts";

/** The schema: a Stoplight enum whose values carry their prefix (the enum lesson's fix). */
export const ENUM_NAMES_PROTO = `syntax = "proto3";
package wirelab.enums;

enum Stoplight {
  STOPLIGHT_UNSPECIFIED = 0;
  STOPLIGHT_RED = 1;
  STOPLIGHT_YELLOW = 2;
  STOPLIGHT_GREEN = 3;
}

message Signal {
  Stoplight light = 1;
  uint32 junction = 2;
}

message Signals {
  repeated Signal signals = 1;
}
`;

const COUNT = 1000;
const IMPLS = ["binary", "json", "json-numbers"] as const;

const signalsType = (): DescMessage => compiledMessage("enums.proto", ENUM_NAMES_PROTO, "wirelab.enums.Signals");

/** 1000 signals cycling through the three colours (never the zero value, which JSON would omit). */
function signals(type: DescMessage) {
  return create(type, { signals: Array.from({ length: COUNT }, (_, i) => ({ light: 1 + (i % 3), junction: 1000 + i * 7 })) } as never);
}

function prepare(caseName: string, impl: string): PreparedCase {
  if (caseName !== "decode" && caseName !== "encode") throw new Error(`enum-names suite has no case "${caseName}"`);
  if (!(IMPLS as readonly string[]).includes(impl)) throw new Error(`enum-names suite has no implementation "${impl}"`);
  const type = signalsType();
  const message = signals(type);
  const binary = toBinary(type, message);
  const asJson = toJsonString(type, message, { enumAsInteger: impl === "json-numbers" });
  const encode = impl === "binary" ? () => toBinary(type, message) : () => toJsonString(type, message, { enumAsInteger: impl === "json-numbers" });
  const decode = impl === "binary" ? () => fromBinary(type, binary) : () => fromJsonString(type, asJson);
  const bytes = impl === "binary" ? binary.length : new TextEncoder().encode(asJson).length;
  if (caseName === "encode") {
    return {
      run: encode,
      output: () => {
        const out = encode();
        return toBinary(type, typeof out === "string" ? fromJsonString(type, out) : fromBinary(type, out));
      },
      bytes,
    };
  }
  return { run: decode, output: () => toBinary(type, decode()), bytes };
}

export const enumNamesSuite: Suite = {
  name: "enum-names",
  description:
    "1000 signals (an enum and a number each) decoded and encoded by @bufbuild/protobuf as binary (enum numbers), as ProtoJSON with the values' names, and as ProtoJSON with numbers (ops/s; the bytes column is each form's size)",
  cases: ["decode", "encode"],
  impls: IMPLS,
  baseline: "json",
  prepare,
};
