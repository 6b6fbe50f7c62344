/**
 * Live figures for the wire-core lessons (presence, merging, unknown fields, maps and oneofs):
 * what a text-format message encodes to against an example schema, and what a reader with that
 * schema (@bufbuild/protobuf's fromBinary, the same reader the benchmarks run) makes of bytes
 * written as protoscope: one field's value, or the whole message as ProtoJSON. Each runs the
 * engine; lessons/index.ts puts them in the course's table.
 */
import { fromBinary, toBinary, toJson, type DescMessage, type JsonValue } from "@bufbuild/protobuf";
import { assemble } from "../protoscope/index.ts";
import { encodeTextFormat } from "../schema/textformat/index.ts";
import { lineup } from "../decode/lineup.ts";
import { exampleMessage } from "./figures-memory.ts";
import type { Figure, FigureEnv } from "./figures.ts";
import { encodeVarint64, zigzagDecode64 } from "../wire/varint.ts";
import { hexBytes, readFields } from "./wire-fields.ts";

function textBytes(env: FigureEnv, proto: string | undefined, type: string | undefined, text: string | undefined): Uint8Array {
  const message = exampleMessage(env, proto, type);
  const r = encodeTextFormat((text ?? "").replace(/\\n/g, "\n"), message);
  const err = r.diagnostics.find((d) => d.severity === "error");
  if (err) throw new Error(`the text does not encode as ${type}: ${err.message}`);
  return r.bytes;
}

/** Protoscope written in the marker, or an examples/ file's when the argument names one. */
function protoscopeBytes(text: string | undefined, env: FigureEnv): Uint8Array {
  const source = text !== undefined && /^examples\/\S+\.protoscope$/.test(text) ? env.examples[text] : (text ?? "").replace(/\\n/g, "\n");
  if (source === undefined) throw new Error(`no such example file: ${text}`);
  const r = assemble(source);
  const err = r.diagnostics.find((d) => d.severity === "error");
  if (err) throw new Error(`protoscope does not assemble: ${err.message}`);
  return r.bytes;
}

/** What a reader with the schema reads from the bytes, as ProtoJSON (unset fields left out). */
function readJson(message: DescMessage, bytes: Uint8Array): JsonValue {
  return toJson(message, fromBinary(message, bytes));
}

/** A ProtoJSON value printed compactly, with a space after each separator, for prose. */
function compact(value: JsonValue | undefined): string {
  return JSON.stringify(value ?? null)
    .replace(/,(?=["{[\d-]|true|false|null)/g, ", ")
    .replace(/":/g, '": ');
}

export const WIRE_FIGURES: Readonly<Record<string, Figure>> = {
  "text-hex": {
    usage: 'examples/PATH.proto TYPE "TEXT": the bytes a text-format message encodes to (\\n for a new line); "(none)" when there are none',
    compute: ([proto, type, text], env) => {
      const bytes = textBytes(env, proto, type, text);
      return bytes.length === 0 ? "(none)" : hexBytes(bytes);
    },
  },
  "text-size": {
    usage: 'examples/PATH.proto TYPE "TEXT": how many bytes a text-format message encodes to',
    compute: ([proto, type, text], env) => String(textBytes(env, proto, type, text).length),
  },
  "read-field": {
    usage:
      'examples/PATH.proto TYPE "PROTOSCOPE"|examples/PATH.protoscope FIELD[.FIELD...]: the ProtoJSON value a reader with the schema reads for FIELD (its default when absent); a dotted path reads inside submessages, and MAP.KEY a map\'s value for a key',
    compute: ([proto, type, text, path], env) => {
      let message = exampleMessage(env, proto, type);
      let read: unknown = fromBinary(message, protoscopeBytes(text, env));
      let value: JsonValue | undefined;
      const names = (path ?? "").split(".");
      for (const [i, name] of names.entries()) {
        const f = message.fields.find((x) => x.name === name);
        if (!f) throw new Error(`${message.typeName} has no field ${name}`);
        if (f.fieldKind === "map" && i === names.length - 2) {
          // `scores.ann`: the value the map holds for the key "ann" after the read.
          const json = toJson(message, read as never) as Record<string, Record<string, JsonValue>>;
          value = json[f.jsonName]?.[names[i + 1]!];
          if (value === undefined) return "none";
          break;
        }
        // ProtoJSON leaves out an unset field with explicit presence; the message's property then
        // gives what a reader's accessor returns: the field's default (proto2 `[default = ...]`).
        const json = toJson(message, read as never, { alwaysEmitImplicit: true }) as Record<string, JsonValue>;
        value = json[f.jsonName] ?? (read as Record<string, JsonValue>)[f.localName];
        const inner = f.oneof ? (read as Record<string, { case?: string; value?: unknown }>)[f.oneof.localName] : undefined;
        read = inner ? (inner.case === f.localName ? inner.value : undefined) : (read as Record<string, unknown>)[f.localName];
        if (f.fieldKind === "message") {
          message = f.message;
          read ??= fromBinary(message, new Uint8Array(0));
        }
      }
      return typeof value === "string" ? value : compact(value);
    },
  },
  "read-oneof": {
    usage: 'examples/PATH.proto TYPE "PROTOSCOPE"|examples/PATH.protoscope ONEOF: which member of the oneof a reader with the schema ends up with ("none" when none)',
    compute: ([proto, type, text, oneof], env) => {
      const message = exampleMessage(env, proto, type);
      const o = message.oneofs.find((x) => x.name === oneof);
      if (!o) throw new Error(`${type} has no oneof ${oneof}`);
      const read = fromBinary(message, protoscopeBytes(text, env)) as unknown as Record<string, { case?: string }>;
      const member = o.fields.find((f) => f.localName === read[o.localName]?.case);
      return member ? member.name : "none";
    },
  },
  "tag-size": {
    usage: "FIELD: how many bytes the tag of field number FIELD takes (a varint of FIELD << 3 | wire type)",
    compute: ([field]) => {
      if (field === undefined || !/^\d+$/.test(field)) throw new Error(`the field number must be a positive integer, got ${field ?? "nothing"}`);
      return String(encodeVarint64(BigInt(field) << 3n).length);
    },
  },
  unzigzag: {
    usage: "N: what a sint32/sint64 reader reads from the varint N (zigzag undone)",
    compute: ([n]) => {
      if (n === undefined || !/^\d+$/.test(n)) throw new Error(`the varint must be a non-negative integer, got ${n ?? "nothing"}`);
      return String(zigzagDecode64(BigInt(n)));
    },
  },
  float32: {
    usage: "HEX: the four bytes (little-endian, as on the wire) read as a float",
    compute: ([hex]) => {
      const digits = (hex ?? "").replace(/\s+/g, "");
      if (!/^[0-9a-fA-F]{8}$/.test(digits)) throw new Error(`a float is four bytes, got "${hex ?? ""}"`);
      const bytes = new Uint8Array(digits.match(/../g)!.map((x) => parseInt(x, 16)));
      return String(new DataView(bytes.buffer).getFloat32(0, true));
    },
  },
  fixed32: {
    usage: "HEX: the four bytes (little-endian, as on the wire) read as a fixed32",
    compute: ([hex]) => {
      const digits = (hex ?? "").replace(/\s+/g, "");
      if (!/^[0-9a-fA-F]{8}$/.test(digits)) throw new Error(`a fixed32 is four bytes, got "${hex ?? ""}"`);
      const bytes = new Uint8Array(digits.match(/../g)!.map((x) => parseInt(x, 16)));
      return String(new DataView(bytes.buffer).getUint32(0, true));
    },
  },
  "tag-max": {
    usage: "BYTES: the largest field number whose tag fits in BYTES bytes",
    compute: ([n]) => {
      if (n === undefined || !/^[1-5]$/.test(n)) throw new Error(`the tag size is 1 to 5 bytes, got ${n ?? "nothing"}`);
      const max = ((1n << BigInt(7 * Number(n))) - 1n) >> 3n;
      return String(max > 536870911n ? 536870911n : max);
    },
  },
  "roundtrip-size": {
    usage:
      'examples/PATH.proto TYPE "PROTOSCOPE"|examples/PATH.protoscope [drop]: bytes @bufbuild/protobuf writes after reading the bytes with the schema and changing nothing; "drop" reads with readUnknownFields off',
    compute: ([proto, type, text, drop], env) => {
      const message = exampleMessage(env, proto, type);
      const read = fromBinary(message, protoscopeBytes(text, env), { readUnknownFields: drop !== "drop" });
      return String(toBinary(message, read).length);
    },
  },
  "unknown-numbers": {
    usage: 'examples/PATH.proto TYPE "PROTOSCOPE"|examples/PATH.protoscope: the field numbers of the top-level records the schema does not declare, in order',
    compute: ([proto, type, text], env) => {
      const message = exampleMessage(env, proto, type);
      const known = new Set(message.fields.map((f) => f.number));
      const unknown = readFields(protoscopeBytes(text, env)).fields.filter((f) => !known.has(f.field)).map((f) => f.field);
      return unknown.length === 0 ? "none" : unknown.join(", ");
    },
  },
  "lineup-count": {
    usage: 'examples/PATH.proto TYPE "PROTOSCOPE"|examples/PATH.protoscope: how many of the line-up\'s three decoders (the engine by protoc\'s rules, @bufbuild/protobuf, protobufjs) read the bytes without throwing',
    compute: ([proto, type, text], env) => {
      const message = exampleMessage(env, proto, type);
      const result = lineup(message, protoscopeBytes(text, env), { [proto!]: env.examples[proto!]! });
      return String(result.decoders.filter((d) => d.ok).length);
    },
  },
  "lineup-threw": {
    usage: 'examples/PATH.proto TYPE "PROTOSCOPE"|examples/PATH.protoscope: the decoders of the line-up that throw, by name ("none")',
    compute: ([proto, type, text], env) => {
      const message = exampleMessage(env, proto, type);
      const threw = lineup(message, protoscopeBytes(text, env), { [proto!]: env.examples[proto!]! }).decoders.filter((d) => !d.ok);
      return threw.length === 0 ? "none" : threw.map((d) => d.name).join(" and ");
    },
  },
  "read-json": {
    usage: 'examples/PATH.proto TYPE "PROTOSCOPE"|examples/PATH.protoscope: the whole message a reader with the schema reads, as ProtoJSON',
    compute: ([proto, type, text], env) => compact(readJson(exampleMessage(env, proto, type), protoscopeBytes(text, env))),
  },
};

