/**
 * What option interpretation and aggregate values both read: the fields of an options message (or
 * of any message in the pool), enum value numbers, and integers in their wire form. Shared by
 * options.ts and aggregate.ts (which call each other's parsers) so neither imports the other's.
 */
import { createRegistry } from "@bufbuild/protobuf";
import { FieldDescriptorProto_Type as Type, file_google_protobuf_descriptor, type DescriptorProto, type FieldDescriptorProto } from "@bufbuild/protobuf/wkt";
import { zigzagEncode64 } from "../wire/varint.ts";
import type { ByteWriter } from "./byte-writer.ts";
import type { FileBuilder } from "./linker.ts";

const builtin = createRegistry(file_google_protobuf_descriptor);

/** A field as option interpretation needs it: its descriptor and the message that contains it. */
export interface OptionField {
  proto: FieldDescriptorProto;
  fullName: string;
  /** Full name of the message the field belongs to (the extendee for extensions). */
  containing: string;
}

/** A message type's fields, from the workspace pool or from the descriptor.proto built in. */
export function messageFields(
  builder: FileBuilder,
  fullName: string,
): { fields: OptionField[]; proto: DescriptorProto; syntax: "proto2" | "proto3" | "editions" } | undefined {
  const sym = builder.pool.find(fullName);
  let proto: DescriptorProto | undefined;
  let syntax: "proto2" | "proto3" | "editions" = "proto2";
  if (sym?.kind === "message") {
    proto = sym.proto;
    syntax = sym.file.syntax;
  } else proto = builtin.getMessage(fullName)?.proto;
  if (!proto) return undefined;
  return { proto, syntax, fields: proto.field.map((f) => ({ proto: f, fullName: fullName + "." + f.name, containing: fullName })) };
}

/** Resolves an enum value name for an enum-typed option or aggregate field; its number or undefined. */
export function enumValueNumber(builder: FileBuilder, enumFullName: string, valueName: string): number | undefined {
  const sym = builder.pool.find(enumFullName);
  if (sym?.kind === "enum") {
    const scope = enumFullName.slice(0, enumFullName.length - sym.proto.name.length);
    const value = builder.pool.find(scope + valueName);
    if (value?.kind === "enumValue" && value.enumFullName === enumFullName) return value.proto.number;
    return undefined;
  }
  const e = builtin.getEnum(enumFullName);
  return e?.values.find((v) => v.name === valueName)?.number;
}

/** Encodes an integer of any integral field type as its wire form. */
export function writeInteger(w: ByteWriter, type: Type, n: number, v: bigint): void {
  switch (type) {
    case Type.SINT32:
    case Type.SINT64:
      w.tag(n, 0).varint(zigzagEncode64(v));
      return;
    case Type.SFIXED32:
    case Type.FIXED32:
      w.tag(n, 5).fixed32(Number(BigInt.asUintN(32, v)));
      return;
    case Type.SFIXED64:
    case Type.FIXED64:
      w.tag(n, 1).fixed64(BigInt.asUintN(64, v));
      return;
    default:
      w.tag(n, 0).varint(BigInt.asUintN(64, v));
  }
}
