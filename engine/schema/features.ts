/**
 * Editions features, resolved as protoc 36 resolves them: each edition's defaults (the
 * `edition_defaults` of descriptor.proto's FeatureSet), then the features set on the file, and on
 * each enclosing element down to the one asked about. proto2 and proto3 files resolve too, from
 * their legacy editions, with what their syntax says (a `required` label, a group, `[packed]`,
 * proto3's `optional`) read as the features it stands for.
 */
import { isFieldSet } from "@bufbuild/protobuf";
import type { FeatureSet, FieldDescriptorProto, FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import { FeatureSetSchema, FieldOptionsSchema, FieldDescriptorProto_Label as Label, FieldDescriptorProto_Type as Type } from "@bufbuild/protobuf/wkt";

export const EDITION_PROTO2 = 998;
export const EDITION_PROTO3 = 999;
export const EDITION_2023 = 1000;
export const EDITION_2024 = 1001;

/** The editions this compiler (like protoc 36) accepts in `edition = "..."`. */
export const SUPPORTED_EDITIONS: Record<string, number> = { "2023": EDITION_2023, "2024": EDITION_2024 };

/** FeatureSet's enum values, as numbers (descriptor.proto). */
export const PRESENCE = { EXPLICIT: 1, IMPLICIT: 2, LEGACY_REQUIRED: 3 } as const;
export const ENUM_TYPE = { OPEN: 1, CLOSED: 2 } as const;
export const REPEATED_ENCODING = { PACKED: 1, EXPANDED: 2 } as const;
export const UTF8 = { VERIFY: 2, NONE: 3 } as const;
export const MESSAGE_ENCODING = { LENGTH_PREFIXED: 1, DELIMITED: 2 } as const;
export const JSON_FORMAT = { ALLOW: 1, LEGACY_BEST_EFFORT: 2 } as const;
export const NAMING_STYLE = { STYLE2024: 1, STYLE_LEGACY: 2 } as const;
export const VISIBILITY = { EXPORT_ALL: 1, EXPORT_TOP_LEVEL: 2, LOCAL_ALL: 3, STRICT: 4 } as const;

export interface Features {
  fieldPresence: number;
  enumType: number;
  repeatedFieldEncoding: number;
  utf8Validation: number;
  messageEncoding: number;
  jsonFormat: number;
  enforceNamingStyle: number;
  defaultSymbolVisibility: number;
}

const KEYS = [
  "fieldPresence",
  "enumType",
  "repeatedFieldEncoding",
  "utf8Validation",
  "messageEncoding",
  "jsonFormat",
  "enforceNamingStyle",
  "defaultSymbolVisibility",
] as const;

/** The edition a file is in: proto2 and proto3 count as the legacy editions protoc gives them. */
export function fileEdition(file: FileDescriptorProto): number {
  if (file.syntax === "editions") return file.edition;
  return file.syntax === "proto3" ? EDITION_PROTO3 : EDITION_PROTO2;
}

/** The defaults every element of a file in `edition` starts from. */
export function editionDefaults(edition: number): Features {
  const proto2 = edition <= EDITION_PROTO2;
  const from2024 = edition >= EDITION_2024;
  return {
    fieldPresence: edition === EDITION_PROTO3 ? PRESENCE.IMPLICIT : PRESENCE.EXPLICIT,
    enumType: proto2 ? ENUM_TYPE.CLOSED : ENUM_TYPE.OPEN,
    repeatedFieldEncoding: proto2 ? REPEATED_ENCODING.EXPANDED : REPEATED_ENCODING.PACKED,
    utf8Validation: proto2 ? UTF8.NONE : UTF8.VERIFY,
    messageEncoding: MESSAGE_ENCODING.LENGTH_PREFIXED,
    jsonFormat: proto2 ? JSON_FORMAT.LEGACY_BEST_EFFORT : JSON_FORMAT.ALLOW,
    enforceNamingStyle: from2024 ? NAMING_STYLE.STYLE2024 : NAMING_STYLE.STYLE_LEGACY,
    defaultSymbolVisibility: from2024 ? VISIBILITY.EXPORT_TOP_LEVEL : VISIBILITY.EXPORT_ALL,
  };
}

/** Whether `key` is explicitly set (to a known, nonzero value) in an element's own features. */
export function hasFeature(own: FeatureSet | undefined, key: (typeof KEYS)[number]): boolean {
  return own !== undefined && isFieldSet(own, FeatureSetSchema.field[key]) && own[key] !== 0;
}

/** An element's features: its parent's, overridden by the ones it sets itself. */
export function mergeFeatures(parent: Features, own: FeatureSet | undefined): Features {
  if (own === undefined) return parent;
  const out = { ...parent };
  for (const key of KEYS) if (hasFeature(own, key)) out[key] = own[key] as number;
  return out;
}

/**
 * A proto2 or proto3 field's features as protoc infers them from its syntax (InferLegacyProtoFeatures):
 * `required` is LEGACY_REQUIRED presence, a group is DELIMITED, `[packed = true]` in proto2 is PACKED
 * and `[packed = false]` in proto3 EXPANDED, proto3's `optional` is EXPLICIT presence.
 */
export function legacyFieldFeatures(field: FieldDescriptorProto, edition: number, parent: Features): Features {
  if (edition >= EDITION_2023) return parent;
  const out = { ...parent };
  if (field.label === Label.REQUIRED) out.fieldPresence = PRESENCE.LEGACY_REQUIRED;
  if (field.type === Type.GROUP) out.messageEncoding = MESSAGE_ENCODING.DELIMITED;
  const packedWritten = field.options !== undefined && isFieldSet(field.options, FieldOptionsSchema.field.packed);
  if (packedWritten && edition === EDITION_PROTO2 && field.options!.packed) out.repeatedFieldEncoding = REPEATED_ENCODING.PACKED;
  if (packedWritten && edition === EDITION_PROTO3 && !field.options!.packed) out.repeatedFieldEncoding = REPEATED_ENCODING.EXPANDED;
  if (field.proto3Optional) out.fieldPresence = PRESENCE.EXPLICIT;
  return out;
}
