/**
 * The checks protoc 36 runs after options are interpreted (its ValidateOptions), and only when the
 * file had no error so far, element by element in its order (the file, then each message with its
 * enums, fields, nested messages and extensions, then the file's enums, extensions and services):
 * editions features, the file's lite and proto3 rules, JSON name conflicts, open enums, enum
 * aliases, packed/lazy/jstype use, map entries and extension range limits.
 */
import { isFieldSet } from "@bufbuild/protobuf";
import type { DescriptorProto, EnumDescriptorProto, EnumValueDescriptorProto, FieldDescriptorProto, FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import {
  FieldDescriptorProto_Label as Label,
  FieldDescriptorProto_Type as Type,
  FieldDescriptorProtoSchema,
  FieldOptionsSchema,
  FieldOptions_JSType,
  FileOptions_OptimizeMode,
} from "@bufbuild/protobuf/wkt";
import type { FeatureSet } from "@bufbuild/protobuf/wkt";
import type { Features } from "./features.ts";
import {
  EDITION_2023,
  EDITION_2024,
  EDITION_PROTO2,
  EDITION_PROTO3,
  ENUM_TYPE,
  JSON_FORMAT,
  PRESENCE,
  REPEATED_ENCODING,
  editionDefaults,
  fileEdition,
  hasFeature,
  legacyFieldFeatures,
  mergeFeatures,
} from "./features.ts";
import type { FileBuilder } from "./linker.ts";
import { join, toJsonName } from "./names.ts";
import type { PoolFile } from "./symbol-pool.ts";
import { MAX_FIELD_NUMBER, mapEntryName } from "./parser.ts";

const PROTO3_EXTENDEES = new Set(
  ["File", "Message", "Field", "Enum", "EnumValue", "Service", "Method", "Oneof", "ExtensionRange"].map((n) => `google.protobuf.${n}Options`),
);

interface Ctx {
  b: FileBuilder;
  edition: number;
  lite: boolean;
}

export function validateInterpreted(b: FileBuilder): void {
  const proto = b.file.proto;
  const pkg = b.file.package;
  const edition = fileEdition(proto);
  const ctx: Ctx = { b, edition, lite: isLite(proto) };
  const features = mergeFeatures(editionDefaults(edition), proto.options?.features);
  validateFile(ctx, features);
  for (const m of proto.messageType) visitMessage(ctx, m, pkg, features);
  for (const e of proto.enumType) visitEnum(ctx, e, pkg, features);
  for (const f of proto.extension) validateField(ctx, f, pkg, null, features);
  for (const s of proto.service) {
    const o = proto.options;
    if (ctx.lite && (o?.ccGenericServices || o?.javaGenericServices)) {
      b.error(
        s,
        "NAME",
        "Files with optimize_for = LITE_RUNTIME cannot define services unless you set both options cc_generic_services and java_generic_services to false.",
        "protoc/lite",
      );
    }
  }
}

function validateFile(ctx: Ctx, features: Features): void {
  const { b } = ctx;
  const proto = b.file.proto;
  if (ctx.edition >= EDITION_2023) {
    if (features.fieldPresence === PRESENCE.LEGACY_REQUIRED) b.error(proto, "EDITIONS", "Required presence can't be specified by default.", "protoc/editions");
    if (proto.options?.javaStringCheckUtf8) {
      b.error(
        proto,
        "EDITIONS",
        "File option java_string_check_utf8 is not allowed under editions. Use the (pb.java).utf8_validation feature to control this behavior.",
        "protoc/editions",
      );
    }
  }
  if (!ctx.lite) {
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
  if (ctx.edition === EDITION_PROTO3) {
    for (const f of proto.extension) validateProto3Field(b, f, null);
    for (const m of proto.messageType) validateProto3Message(b, m, b.file.package);
  }
}

function isLite(file: FileDescriptorProto): boolean {
  return file.options?.optimizeFor === FileOptions_OptimizeMode.LITE_RUNTIME;
}

function target(b: FileBuilder, f: FieldDescriptorProto) {
  return b.pool.find(f.typeName.replace(/^\./, ""));
}

function visitMessage(ctx: Ctx, m: DescriptorProto, scope: string, parent: Features): void {
  const { b } = ctx;
  const full = join(scope, m.name);
  const features = mergeFeatures(parent, m.options?.features);
  if (!m.options?.deprecatedLegacyJsonFieldConflicts) {
    checkJsonNames(b, m, features, false);
    checkJsonNames(b, m, features, true);
  }
  const max = m.options?.messageSetWireFormat ? 2147483647 : MAX_FIELD_NUMBER;
  for (const r of m.extensionRange) {
    if (r.end > max + 1) b.error(m, "NUMBER", `Extension numbers cannot be greater than ${max}.`, "protoc/invalid-number");
  }
  for (const e of m.enumType) visitEnum(ctx, e, full, features);
  for (const f of m.field) {
    const oneof = isFieldSet(f, FieldDescriptorProtoSchema.field.oneofIndex) ? m.oneofDecl[f.oneofIndex] : undefined;
    validateField(ctx, f, full, m, mergeFeatures(features, oneof?.options?.features));
  }
  for (const n of m.nestedType) visitMessage(ctx, n, full, features);
  for (const f of m.extension) validateField(ctx, f, full, null, features);
}

/** protoc 36's CheckFieldJsonNameUniqueness, once by default JSON names and once with json_name. */
function checkJsonNames(b: FileBuilder, m: DescriptorProto, features: Features, useCustom: boolean): void {
  const seen = new Map<string, { field: FieldDescriptorProto; name: string; custom: boolean }>();
  for (const field of m.field) {
    const defaultName = toJsonName(field.name);
    const custom = useCustom && isFieldSet(field, FieldDescriptorProtoSchema.field.jsonName) && field.jsonName !== defaultName;
    const name = custom ? field.jsonName : defaultName;
    if (custom && name.startsWith("[") && name.endsWith("]")) {
      b.error(
        field,
        "NAME",
        `The custom JSON name of field "${field.name}" ("${name}") is invalid: JSON names may not start with '[' and end with ']'.`,
        "protoc/json-name",
      );
      continue;
    }
    const match = seen.get(name);
    if (!match) {
      seen.set(name, { field, name, custom });
      continue;
    }
    if (useCustom && !custom && !match.custom) continue;
    const suffix = name !== match.name ? ` ("${match.name}")` : "";
    const message = `The ${custom ? "custom" : "default"} JSON name of field "${field.name}" ("${name}") conflicts with the ${match.custom ? "custom" : "default"} JSON name of field "${match.field.name}"${suffix}.`;
    if (features.jsonFormat === JSON_FORMAT.LEGACY_BEST_EFFORT && (!custom || !match.custom)) b.warning(field, "NAME", message, "protoc/json-conflict");
    else b.error(field, "NAME", message, "protoc/json-conflict");
  }
}

function visitEnum(ctx: Ctx, e: EnumDescriptorProto, scope: string, parent: Features): void {
  const { b } = ctx;
  const features = mergeFeatures(parent, e.options?.features);
  checkEnumValuePrefixes(ctx, e);
  const first = e.value[0];
  if (features.enumType === ENUM_TYPE.OPEN && first && first.number !== 0) {
    b.error(first, "NUMBER", "The first enum value must be zero for open enums.", "protoc/open-enum-zero");
  }
  if (e.options?.allowAlias) return;
  const used = new Map<number, string>();
  for (const v of e.value) {
    const full = join(scope, v.name);
    const prev = used.get(v.number);
    if (prev === undefined) {
      used.set(v.number, full);
      continue;
    }
    const numbers = new Set(e.value.map((x) => x.number));
    let next = v.number + 1;
    while (numbers.has(next)) next++;
    const hint = next < 2147483647 ? ` The next available enum value is ${next}.` : "";
    b.error(
      v,
      "NUMBER",
      `"${full}" uses the same enum value as "${prev}". If this is intended, set 'option allow_alias = true;' to the enum definition.${hint}`,
      "protoc/enum-duplicate-number",
    );
  }
}

/**
 * protoc's CheckEnumValueUniqueness: values must stay distinct once the enum's name is stripped
 * as a prefix and case is ignored (an error in every syntax since protoc 36; a warning only for a
 * proto2 enum that sets deprecated_legacy_json_field_conflicts).
 */
function checkEnumValuePrefixes(ctx: Ctx, e: EnumDescriptorProto): void {
  const prefix = e.name.replace(/_/g, "").toLowerCase();
  const strip = (name: string) => {
    // PrefixRemover: drop the enum name (case-insensitive, ignoring underscores) and a following "_".
    let i = 0;
    let j = 0;
    while (i < name.length && j < prefix.length) {
      if (name[i] === "_") {
        i++;
        continue;
      }
      if (name[i]!.toLowerCase() !== prefix[j]) return name;
      i++;
      j++;
    }
    if (j < prefix.length) return name;
    while (i < name.length && name[i] === "_") i++;
    return i === name.length ? name : name.slice(i);
  };
  const pascal = (s: string) => {
    let out = "";
    let next = true;
    for (const c of s) {
      if (c === "_") next = true;
      else if (next) {
        out += c.toUpperCase();
        next = false;
      } else out += c.toLowerCase();
    }
    return out;
  };
  const seen = new Map<string, EnumValueDescriptorProto>();
  for (const v of e.value) {
    const key = pascal(strip(v.name));
    const prev = seen.get(key);
    if (!prev) {
      seen.set(key, v);
      continue;
    }
    if (prev.name === v.name || prev.number === v.number) continue;
    const message = `Enum name ${v.name} has the same name as ${prev.name} if you ignore case and strip out the enum name prefix (if any). (If you are using allow_alias, please assign the same number to each enum value name.)`;
    if (e.options?.deprecatedLegacyJsonFieldConflicts && ctx.edition === EDITION_PROTO2) ctx.b.warning(v, "NAME", message, "protoc/enum-case-clash");
    else ctx.b.error(v, "NAME", message, "protoc/enum-case-clash");
  }
}

function isPrimitive(t: Type): boolean {
  return t !== Type.STRING && t !== Type.BYTES && t !== Type.MESSAGE && t !== Type.GROUP;
}

/** Whether an enum (found in the pool) is closed, from its file's edition and features. */
export function enumIsClosed(file: PoolFile, fullName: string): boolean {
  const rel = file.package === "" ? fullName : fullName.slice(file.package.length + 1);
  const parts = rel.split(".");
  let features = mergeFeatures(editionDefaults(fileEdition(file.proto)), file.proto.options?.features);
  let messages = file.proto.messageType;
  let enums = file.proto.enumType;
  for (const part of parts.slice(0, -1)) {
    const m = messages.find((x) => x.name === part);
    if (!m) break;
    features = mergeFeatures(features, m.options?.features);
    messages = m.nestedType;
    enums = m.enumType;
  }
  const e = enums.find((x) => x.name === parts[parts.length - 1]);
  return mergeFeatures(features, e?.options?.features).enumType === ENUM_TYPE.CLOSED;
}

function validateField(ctx: Ctx, f: FieldDescriptorProto, scope: string, containing: DescriptorProto | null, parent: Features): void {
  const { b } = ctx;
  const isExtension = isFieldSet(f, FieldDescriptorProtoSchema.field.extendee);
  const o = f.options;
  const own = o?.features;
  const features = legacyFieldFeatures(f, ctx.edition, mergeFeatures(parent, own));
  const t = f.type === Type.MESSAGE || f.type === Type.ENUM || f.type === Type.GROUP ? target(b, f) : undefined;
  if (ctx.edition >= EDITION_2023) validateFieldFeatures(ctx, f, isExtension, containing, own, features, t);
  if (ctx.edition >= EDITION_2024 && o && isFieldSet(o, FieldOptionsSchema.field.ctype)) {
    b.error(f, "TYPE", "ctype option is not allowed under edition 2024 and beyond. Use the feature string_type = VIEW|CORD|STRING|... instead.", "protoc/editions");
  }
  if (o && (o.lazy || o.unverifiedLazy)) {
    if (f.type !== Type.MESSAGE) b.error(f, "TYPE", "[lazy = true] can only be specified for submessage fields.", "protoc/bad-option");
    if (o.unverifiedLazy && isExtension) b.error(f, "TYPE", "Extensions cannot be marked as unverified_lazy.", "protoc/bad-option");
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
  if (isExtension && ctx.lite && owner && !isLite(owner.file.proto)) {
    b.error(
      f,
      "EXTENDEE",
      "Extensions to non-lite types can only be declared in non-lite files.  Note that you cannot extend a non-lite type to contain a lite type, but the reverse is allowed.",
      "protoc/lite",
    );
  }
  const mapEntry = (f.type === Type.MESSAGE || f.type === Type.GROUP) && t?.kind === "message" && t.proto.options?.mapEntry === true;
  if (f.type === Type.GROUP && mapEntry) {
    b.error(f, "TYPE", "Groups cannot be map entries. Use a regular message field with map<KeyType, ValueType> syntax instead.", "protoc/map-entry");
  }
  if (f.type === Type.MESSAGE && mapEntry && t?.kind === "message") {
    const entryParent = t.fullName.slice(0, t.fullName.lastIndexOf("."));
    if (f.label !== Label.REPEATED || t.proto.name !== mapEntryName(f.name) || containing === null || entryParent !== scope) {
      let message = `${t.fullName} is a synthetic MapEntry message type, which is not allowed to be used as a field type.`;
      const container = b.pool.find(entryParent);
      if (container?.kind === "message") {
        const alter = b.lookupSymbol(t.proto.name, entryParent.includes(".") ? entryParent.slice(0, entryParent.lastIndexOf(".")) : "");
        if (alter && alter.fullName !== t.fullName && (alter.kind === "message" || alter.kind === "enum")) message += ` Maybe you meant ".${alter.fullName}"?`;
      }
      b.error(f, "TYPE", message, "protoc/map-entry");
    }
    if (!validateMapEntry(b, f, scope, containing, t.proto, t.fullName)) {
      b.error(f, "TYPE", "map_entry should not be set explicitly. Use map<KeyType, ValueType> instead.", "protoc/map-entry");
    }
  }
  const jstype = o?.jstype ?? FieldOptions_JSType.JS_NORMAL;
  if (jstype !== FieldOptions_JSType.JS_NORMAL) {
    const is64 = [Type.INT64, Type.UINT64, Type.SINT64, Type.FIXED64, Type.SFIXED64].includes(f.type);
    // JS_STRING and JS_NUMBER, the only other values, are both fine on 64-bit fields.
    if (!is64) b.error(f, "TYPE", "jstype is only allowed on int64, uint64, sint64, fixed64 or sfixed64 fields.", "protoc/bad-option");
  }
  if (isExtension && isFieldSet(f, FieldDescriptorProtoSchema.field.jsonName) && f.jsonName !== toJsonName(f.name)) {
    b.error(f, "OPTION_NAME", "option json_name is not allowed on extension fields.", "protoc/json-name");
  }
  if (f.jsonName.includes("\0")) b.error(f, "OPTION_NAME", "json_name cannot have embedded null characters.", "protoc/json-name");
}

/** protoc 36's ValidateFieldFeatures (editions files only). */
function validateFieldFeatures(
  ctx: Ctx,
  f: FieldDescriptorProto,
  isExtension: boolean,
  containing: DescriptorProto | null,
  own: FeatureSet | undefined,
  features: Features,
  t: ReturnType<typeof target>,
): void {
  const { b } = ctx;
  const repeated = f.label === Label.REPEATED;
  const inOneof = isFieldSet(f, FieldDescriptorProtoSchema.field.oneofIndex);
  const isMessage = f.type === Type.MESSAGE || f.type === Type.GROUP;
  if (f.label === Label.REQUIRED) {
    b.error(f, "NAME", "Required label is not allowed under editions.  Use the feature field_presence = LEGACY_REQUIRED to control this behavior.", "protoc/editions");
  }
  if (f.type === Type.GROUP) {
    b.error(f, "NAME", "Group types are not allowed under editions.  Use the feature message_encoding = DELIMITED to control this behavior.", "protoc/editions");
  }
  if (f.options && isFieldSet(f.options, FieldOptionsSchema.field.packed)) {
    b.error(f, "NAME", "Field option packed is not allowed under editions.  Use the repeated_field_encoding feature to control this behavior.", "protoc/editions");
  }
  const hasPresence = !repeated && (isMessage || isExtension || inOneof || features.fieldPresence !== PRESENCE.IMPLICIT);
  if (!repeated && !hasPresence) {
    if (isFieldSet(f, FieldDescriptorProtoSchema.field.defaultValue)) b.error(f, "NAME", "Implicit presence fields can't specify defaults.", "protoc/editions");
    if (f.type === Type.ENUM && t?.kind === "enum" && enumIsClosed(t.file, t.fullName)) {
      b.error(f, "NAME", "Implicit presence enum fields must always be open.", "protoc/editions");
    }
  }
  const required = !repeated && features.fieldPresence === PRESENCE.LEGACY_REQUIRED;
  if (isExtension && required) b.error(f, "NAME", "Extensions can't be required.", "protoc/editions");
  if (containing?.options?.mapEntry) return;
  if (hasFeature(own, "fieldPresence")) {
    if (inOneof) b.error(f, "NAME", "Oneof fields can't specify field presence.", "protoc/editions");
    else if (repeated) b.error(f, "NAME", "Repeated fields can't specify field presence.", "protoc/editions");
    else if (isExtension && own!.fieldPresence !== PRESENCE.LEGACY_REQUIRED) b.error(f, "NAME", "Extensions can't specify field presence.", "protoc/editions");
    else if (isMessage && own!.fieldPresence === PRESENCE.IMPLICIT) b.error(f, "NAME", "Message fields can't specify implicit presence.", "protoc/editions");
  }
  if (!repeated && hasFeature(own, "repeatedFieldEncoding")) {
    b.error(f, "NAME", "Only repeated fields can specify repeated field encoding.", "protoc/editions");
  }
  const mapTarget = f.type === Type.MESSAGE && t?.kind === "message" && t.proto.options?.mapEntry === true ? t.proto : undefined;
  const stringMap = mapTarget !== undefined && mapTarget.field.some((x) => x.type === Type.STRING);
  if (f.type !== Type.STRING && !stringMap && hasFeature(own, "utf8Validation")) {
    b.error(f, "NAME", "Only string fields can specify utf8 validation.", "protoc/editions");
  }
  const packable = repeated && isPrimitive(f.type);
  if (!packable && own?.repeatedFieldEncoding === REPEATED_ENCODING.PACKED) {
    b.error(f, "NAME", "Only repeated primitive fields can specify PACKED repeated field encoding.", "protoc/editions");
  }
  if ((!isMessage || mapTarget !== undefined) && hasFeature(own, "messageEncoding")) {
    b.error(f, "NAME", "Only message fields can specify message encoding.", "protoc/editions");
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

function validateProto3Message(b: FileBuilder, m: DescriptorProto, scope: string): void {
  const full = join(scope, m.name);
  for (const n of m.nestedType) validateProto3Message(b, n, full);
  for (const f of m.field) validateProto3Field(b, f, full);
  for (const f of m.extension) validateProto3Field(b, f, full);
  if (m.extensionRange.length > 0) {
    b.error(m.extensionRange[0]!, "NUMBER", "Extension ranges are not allowed in proto3.", "protoc/proto3");
  }
  if (m.options?.messageSetWireFormat) b.error(m, "NAME", "MessageSet is not supported in proto3.", "protoc/proto3");
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
    if (e?.kind === "enum" && enumIsClosed(e.file, e.fullName)) {
      const owner = isExtension ? f.extendee.replace(/^\./, "") : messageFull;
      b.error(f, "TYPE", `Enum type "${e.fullName}" is not an open enum, but is used in "${owner}" which is a proto3 message type.`, "protoc/proto3");
    }
  }
  if (f.type === Type.GROUP) b.error(f, "TYPE", "Groups are not supported in proto3 syntax.", "protoc/proto3");
}
