/**
 * The checks protoc runs after options are interpreted, and only when the file had no error so
 * far (so a proto3 enum starting at 1 is reported only once the names in the file are clean):
 * packed/lazy/jstype use, map entries, enum aliases, extension range limits, and proto3's rules.
 */
import { isFieldSet } from "@bufbuild/protobuf";
import type { DescriptorProto, EnumDescriptorProto, FieldDescriptorProto, FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import {
  FieldDescriptorProto_Label as Label,
  FieldDescriptorProto_Type as Type,
  FieldDescriptorProtoSchema,
  FieldOptions_JSType,
  FileOptions_OptimizeMode,
} from "@bufbuild/protobuf/wkt";
import type { FileBuilder } from "./linker.ts";
import { join, toJsonName } from "./linker.ts";
import { MAX_FIELD_NUMBER, mapEntryName } from "./parser.ts";

const PROTO3_EXTENDEES = new Set(
  ["File", "Message", "Field", "Enum", "EnumValue", "Service", "Method", "Oneof", "ExtensionRange"].map((n) => `google.protobuf.${n}Options`),
);

export function validateInterpreted(b: FileBuilder): void {
  const proto = b.file.proto;
  const pkg = b.file.package;
  for (const m of proto.messageType) validateMessage(b, m, pkg);
  for (const e of proto.enumType) validateEnum(b, e, pkg);
  for (const s of proto.service) {
    const o = proto.options;
    if (isLite(proto) && (o?.ccGenericServices || o?.javaGenericServices)) {
      b.error(
        s,
        "NAME",
        "Files with optimize_for = LITE_RUNTIME cannot define services unless you set both options cc_generic_services and java_generic_services to false.",
        "protoc/lite",
      );
    }
  }
  for (const f of proto.extension) validateField(b, f, pkg, null);
  if (!isLite(proto)) {
    for (const dep of b.file.deps) {
      if (isLite(dep.proto)) {
        b.importError(
          dep.name,
          `Files that do not use optimize_for = LITE_RUNTIME cannot import files which do use this option.  This file is not lite, but it imports "${dep.name}" which is.`,
          "protoc/lite",
        );
        break;
      }
    }
  }
  if (b.file.syntax === "proto3") {
    for (const f of proto.extension) validateProto3Field(b, f, null);
    for (const m of proto.messageType) validateProto3Message(b, m, pkg);
    for (const e of proto.enumType) validateProto3Enum(b, e);
  }
}

function isLite(file: FileDescriptorProto): boolean {
  return file.options?.optimizeFor === FileOptions_OptimizeMode.LITE_RUNTIME;
}

function target(b: FileBuilder, f: FieldDescriptorProto) {
  return b.pool.find(f.typeName.replace(/^\./, ""));
}

function validateMessage(b: FileBuilder, m: DescriptorProto, scope: string): void {
  const full = join(scope, m.name);
  for (const f of m.field) validateField(b, f, full, m);
  for (const n of m.nestedType) validateMessage(b, n, full);
  for (const e of m.enumType) validateEnum(b, e, full);
  for (const f of m.extension) validateField(b, f, full, null);
  const max = m.options?.messageSetWireFormat ? 2147483647 : MAX_FIELD_NUMBER;
  for (const r of m.extensionRange) {
    if (r.end > max + 1) b.error(r, "NUMBER", `Extension numbers cannot be greater than ${max}.`, "protoc/invalid-number");
  }
}

function isPrimitive(t: Type): boolean {
  return t !== Type.STRING && t !== Type.BYTES && t !== Type.MESSAGE && t !== Type.GROUP;
}

function validateField(b: FileBuilder, f: FieldDescriptorProto, scope: string, containing: DescriptorProto | null): void {
  const isExtension = isFieldSet(f, FieldDescriptorProtoSchema.field.extendee);
  const o = f.options;
  if (o && (o.lazy || o.unverifiedLazy) && f.type !== Type.MESSAGE) {
    b.error(f, "TYPE", "[lazy = true] can only be specified for submessage fields.", "protoc/bad-option");
  }
  if (o?.packed && !(f.label === Label.REPEATED && isPrimitive(f.type))) {
    b.error(f, "TYPE", "[packed = true] can only be specified for repeated primitive fields.", "protoc/bad-option");
  }
  const owner = isExtension ? b.pool.find(f.extendee.replace(/^\./, "")) : undefined;
  const ownerMessage = owner?.kind === "message" ? owner.proto : containing;
  if (ownerMessage?.options?.messageSetWireFormat) {
    if (isExtension) {
      if (f.label !== Label.OPTIONAL || f.type !== Type.MESSAGE) {
        b.error(f, "TYPE", "Extensions of MessageSets must be optional messages.", "protoc/message-set");
      }
    } else b.error(f, "NAME", "MessageSets cannot have fields, only extensions.", "protoc/message-set");
  }
  if (f.type === Type.MESSAGE) {
    const t = target(b, f);
    if (t?.kind === "message" && t.proto.options?.mapEntry) {
      if (!validateMapEntry(b, f, scope, containing, t.proto, t.fullName)) {
        b.error(f, "TYPE", "map_entry should not be set explicitly. Use map<KeyType, ValueType> instead.", "protoc/map-entry");
      }
    }
  }
  const jstype = o?.jstype ?? FieldOptions_JSType.JS_NORMAL;
  if (jstype !== FieldOptions_JSType.JS_NORMAL) {
    const is64 = [Type.INT64, Type.UINT64, Type.SINT64, Type.FIXED64, Type.SFIXED64].includes(f.type);
    // protoc accepts every jstype on 64-bit fields
    if (!is64) b.error(f, "TYPE", "jstype is only allowed on int64, uint64, sint64, fixed64 or sfixed64 fields.", "protoc/bad-option");
  }
  if (isExtension && isLite(b.file.proto) && owner && !isLite(owner.file.proto)) {
    b.error(
      f,
      "EXTENDEE",
      "Extensions to non-lite types can only be declared in non-lite files.  Note that you cannot extend a non-lite type to contain a lite type, but the reverse is allowed.",
      "protoc/lite",
    );
  }
  if (isExtension && isFieldSet(f, FieldDescriptorProtoSchema.field.jsonName) && f.jsonName !== toJsonName(f.name)) {
    b.error(f, "OPTION_NAME", "option json_name is not allowed on extension fields.", "protoc/json-name");
  }
}

function validateMapEntry(
  b: FileBuilder,
  f: FieldDescriptorProto,
  scope: string,
  containing: DescriptorProto | null,
  entry: DescriptorProto,
  entryFull: string,
): boolean {
  const entryParent = entryFull.slice(0, entryFull.lastIndexOf("."));
  if (
    entry.extension.length !== 0 ||
    f.label !== Label.REPEATED ||
    entry.extensionRange.length !== 0 ||
    entry.nestedType.length !== 0 ||
    entry.enumType.length !== 0 ||
    entry.field.length !== 2 ||
    entry.name !== mapEntryName(f.name) ||
    containing === null ||
    entryParent !== scope
  ) {
    return false;
  }
  const key = entry.field.find((x) => x.number === 1) ?? entry.field[0]!;
  const value = entry.field.find((x) => x.number === 2) ?? entry.field[1]!;
  if (key.label !== Label.OPTIONAL || key.number !== 1 || key.name !== "key") return false;
  if (value.label !== Label.OPTIONAL || value.number !== 2 || value.name !== "value") return false;
  switch (key.type) {
    case Type.ENUM:
      b.error(f, "TYPE", "Key in map fields cannot be enum types.", "protoc/map-key");
      break;
    case Type.FLOAT:
    case Type.DOUBLE:
    case Type.MESSAGE:
    case Type.GROUP:
    case Type.BYTES:
      b.error(f, "TYPE", "Key in map fields cannot be float/double, bytes or message types.", "protoc/map-key");
      break;
    default:
      break;
  }
  if (value.type === Type.ENUM) {
    const e = target(b, value);
    if (e?.kind === "enum" && (e.proto.value[0]?.number ?? 0) !== 0) {
      b.error(f, "TYPE", "Enum value in map must define 0 as the first value.", "protoc/map-enum-zero");
    }
  }
  return true;
}

function validateEnum(b: FileBuilder, e: EnumDescriptorProto, scope: string): void {
  if (e.options?.allowAlias) return;
  const used = new Map<number, string>();
  for (const v of e.value) {
    const full = join(scope, v.name);
    const prev = used.get(v.number);
    if (prev !== undefined) {
      b.error(
        v,
        "NUMBER",
        `"${full}" uses the same enum value as "${prev}". If this is intended, set 'option allow_alias = true;' to the enum definition.`,
        "protoc/enum-duplicate-number",
      );
    } else used.set(v.number, full);
  }
}

function validateProto3Message(b: FileBuilder, m: DescriptorProto, scope: string): void {
  const full = join(scope, m.name);
  for (const n of m.nestedType) validateProto3Message(b, n, full);
  for (const e of m.enumType) validateProto3Enum(b, e);
  for (const f of m.field) validateProto3Field(b, f, full);
  for (const f of m.extension) validateProto3Field(b, f, full);
  if (m.extensionRange.length > 0) {
    b.error(m.extensionRange[0]!, "NUMBER", "Extension ranges are not allowed in proto3.", "protoc/proto3");
  }
  if (m.options?.messageSetWireFormat) b.error(m, "NAME", "MessageSet is not supported in proto3.", "protoc/proto3");
  const byJson = new Map<string, string>();
  for (const f of m.field) {
    const lower = f.name.replace(/_/g, "").toLowerCase();
    const prev = byJson.get(lower);
    if (prev !== undefined) {
      b.error(
        f,
        "NAME",
        `The JSON camel-case name of field "${f.name}" conflicts with field "${prev}". This is not allowed in proto3.`,
        "protoc/json-conflict",
      );
    } else byJson.set(lower, f.name);
  }
}

function validateProto3Field(b: FileBuilder, f: FieldDescriptorProto, messageFull: string | null): void {
  const isExtension = isFieldSet(f, FieldDescriptorProtoSchema.field.extendee);
  if (isExtension && !PROTO3_EXTENDEES.has(f.extendee.replace(/^\./, ""))) {
    b.error(f, "EXTENDEE", "Extensions in proto3 are only allowed for defining options.", "protoc/proto3");
  }
  if (f.label === Label.REQUIRED) b.error(f, "TYPE", "Required fields are not allowed in proto3.", "protoc/proto3");
  if (isFieldSet(f, FieldDescriptorProtoSchema.field.defaultValue)) {
    b.error(f, "DEFAULT_VALUE", "Explicit default values are not allowed in proto3.", "protoc/proto3");
  }
  if (f.type === Type.ENUM) {
    const e = target(b, f);
    if (e?.kind === "enum") {
      const syntax = e.file.syntax;
      if (syntax !== "proto3") {
        const owner = isExtension ? f.extendee.replace(/^\./, "") : messageFull;
        b.error(
          f,
          "TYPE",
          `Enum type "${e.fullName}" is not a proto3 enum, but is used in "${owner}" which is a proto3 message type.`,
          "protoc/proto3",
        );
      }
    }
  }
  if (f.type === Type.GROUP) b.error(f, "TYPE", "Groups are not supported in proto3 syntax.", "protoc/proto3");
}

function validateProto3Enum(b: FileBuilder, e: EnumDescriptorProto): void {
  const first = e.value[0];
  if (first && first.number !== 0) b.error(first, "NUMBER", "The first enum value must be zero in proto3.", "protoc/proto3-enum-zero");
}
