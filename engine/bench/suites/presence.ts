/**
 * The `presence` suite: what presence costs a writer and a reader. Two proto3 messages with the
 * same twelve scalars, one with implicit presence (plain fields) and one with explicit presence
 * (`optional`), encoded and decoded by @bufbuild/protobuf. In `zeros` every field holds its zero
 * value, set: the implicit message writes nothing, the explicit one writes a tag and a zero per
 * field. In `values` every field holds a non-zero value, so both write the same bytes and only the
 * bookkeeping differs. Every implementation must come back to the same values (the output
 * compared is the values read back, field by field).
 */
import { create, fromBinary, toBinary, type DescMessage, type Message } from "@bufbuild/protobuf";
import type { PreparedCase, Suite } from "../types.ts";
import { compiledMessage } from "./compiled.ts";

const FIELDS = `
  int32 count = 1;
  int64 total = 2;
  uint32 flags = 3;
  bool enabled = 4;
  string label = 5;
  double ratio = 6;
  sint32 delta = 7;
  fixed32 crc = 8;
  bytes token = 9;
  float weight = 10;
  uint64 id = 11;
  bool archived = 12;
`;

export const PRESENCE_PROTO = `syntax = "proto3";
package wirelab.presence;

message Implicit {${FIELDS}}

message Explicit {${FIELDS.replace(/^ {2}(?=\w)/gm, "  optional ")}}
`;

const CASES = ["encode:zeros", "decode:zeros", "encode:values", "decode:values"] as const;
const IMPLS = ["explicit", "implicit"] as const;

const messageType = (impl: string): DescMessage =>
  compiledMessage("presence.proto", PRESENCE_PROTO, impl === "implicit" ? "wirelab.presence.Implicit" : "wirelab.presence.Explicit");

function init(values: boolean): Record<string, unknown> {
  if (!values) return { count: 0, total: 0n, flags: 0, enabled: false, label: "", ratio: 0, delta: 0, crc: 0, token: new Uint8Array(0), weight: 0, id: 0n, archived: false };
  return {
    count: 42,
    total: 1234567890123n,
    flags: 0x2a,
    enabled: true,
    label: "speaker",
    ratio: 0.75,
    delta: -3,
    crc: 0xdeadbeef,
    token: new Uint8Array([1, 2, 3, 4]),
    weight: 1.5,
    id: 9007199254740993n,
    archived: true,
  };
}

/** The values a reader gets, field by field, whatever the presence. */
function values(type: DescMessage, m: Message): string {
  const r = m as unknown as Record<string, unknown>;
  return type.fields.map((f) => `${f.name}=${String(r[f.localName] instanceof Uint8Array ? [...(r[f.localName] as Uint8Array)] : r[f.localName])}`).join(" ");
}

function prepare(caseName: string, impl: string): PreparedCase {
  if (!(CASES as readonly string[]).includes(caseName)) throw new Error(`presence suite has no case "${caseName}"`);
  if (!(IMPLS as readonly string[]).includes(impl)) throw new Error(`presence suite has no implementation "${impl}"`);
  const [op, data] = caseName.split(":") as ["encode" | "decode", "zeros" | "values"];
  const type = messageType(impl);
  const message = create(type, init(data === "values") as never);
  const encoded = toBinary(type, message);
  const size = encoded.length > 0 ? { bytes: encoded.length } : {};
  if (op === "encode") return { run: () => toBinary(type, message), output: () => values(type, fromBinary(type, toBinary(type, message))), ...size };
  return { run: () => fromBinary(type, encoded), output: () => values(type, fromBinary(type, encoded)), ...size };
}

export const presenceSuite: Suite = {
  name: "presence",
  description:
    "twelve proto3 scalars with implicit presence vs explicit (optional), all zero or all non-zero, encoded and decoded by @bufbuild/protobuf",
  cases: CASES,
  impls: IMPLS,
  baseline: "explicit",
  prepare,
};
