/**
 * What the text-format parser and encoder need to know about a field, in one flat shape.
 *
 * `@bufbuild/protobuf` describes a field in several shapes (scalar, enum, message, list, map,
 * extension), and a map's entry message has no `DescMessage` of its own there. Both the parser
 * and the encoder would otherwise repeat that case analysis; instead they read a `FieldInfo`,
 * and map entries become a small synthetic message with a `key` and a `value` field, which is
 * exactly how protoc treats them in text format and on the wire.
 */
import { ScalarType } from "@bufbuild/protobuf";
import type { DescEnum, DescExtension, DescField, DescMessage } from "@bufbuild/protobuf";
import { FeatureSet_FieldPresence } from "@bufbuild/protobuf/wkt";
import { EDITION_PROTO2, EDITION_PROTO3 } from "../features.ts";

export interface FieldInfo {
  /** The field's name in the .proto file. */
  name: string;
  /** Full name for extensions (`pkg.ext`), the name otherwise: what error messages call it. */
  displayName: string;
  number: number;
  /** What the value is; `scalar` is set when kind is "scalar". */
  kind: "scalar" | "enum" | "message";
  scalar: ScalarType | undefined;
  enum: DescEnum | undefined;
  /** The value's message type, for message, group and map fields (for maps: the entry). */
  message: (() => MessageInfo) | undefined;
  repeated: boolean;
  /** Repeated scalars written as one length-delimited run. */
  packed: boolean;
  /** Message written between start-group and end-group tags (proto2 groups, DELIMITED). */
  delimited: boolean;
  /** Proto2 `group`, or an editions DELIMITED field shaped like one: text names it by its type. */
  groupLike: boolean;
  isMap: boolean;
  /** Explicit presence: a value equal to the default is still written. */
  explicitPresence: boolean;
  required: boolean;
  oneof: { name: string; index: number } | undefined;
  isExtension: boolean;
  /** Whether a number that names no value of a closed enum is rejected (protoc does, for proto2). */
  closedEnum: boolean;
  /** Whether a string value must be valid UTF-8 (proto3, editions default); protoc warns if not. */
  utf8Validation: boolean;
  /**
   * Set on the synthetic `value` field of an expanded google.protobuf.Any: a bytes field whose
   * content is written as the packed message (the same bytes), so it gets annotated as one.
   */
  anyValue: boolean;
  /** Type as people write it: "int32", "pkg.Msg", "pkg.Color". */
  typeName: string;
  /** The descriptor, when there is one (map keys and values have none). */
  desc: DescField | DescExtension | undefined;
}

export interface MessageInfo {
  /** Full name, e.g. "pkg.Msg"; for map entries the entry's name, e.g. "pkg.Msg.TagsEntry". */
  typeName: string;
  fields: FieldInfo[];
  desc: DescMessage | undefined;
  isMapEntry: boolean;
  /** Whether this message's file is an editions file (2023 or later). */
  editions: boolean;
}

const SCALAR_NAMES: Record<ScalarType, string> = {
  [ScalarType.DOUBLE]: "double",
  [ScalarType.FLOAT]: "float",
  [ScalarType.INT64]: "int64",
  [ScalarType.UINT64]: "uint64",
  [ScalarType.INT32]: "int32",
  [ScalarType.FIXED64]: "fixed64",
  [ScalarType.FIXED32]: "fixed32",
  [ScalarType.BOOL]: "bool",
  [ScalarType.STRING]: "string",
  [ScalarType.BYTES]: "bytes",
  [ScalarType.UINT32]: "uint32",
  [ScalarType.SFIXED32]: "sfixed32",
  [ScalarType.SFIXED64]: "sfixed64",
  [ScalarType.SINT32]: "sint32",
  [ScalarType.SINT64]: "sint64",
};

export function scalarName(t: ScalarType): string {
  return SCALAR_NAMES[t];
}

const cache = new WeakMap<DescMessage, MessageInfo>();

/** The MessageInfo of a message type (cached per descriptor). */
export function messageInfo(desc: DescMessage): MessageInfo {
  let info = cache.get(desc);
  if (!info) {
    info = {
      typeName: desc.typeName,
      fields: [],
      desc,
      isMapEntry: false,
      editions: desc.file.edition > EDITION_PROTO3,
    };
    // Fill after caching, so recursive message types find the entry under construction.
    cache.set(desc, info);
    for (const f of desc.fields) info.fields.push(fieldInfo(f));
  }
  return info;
}

/** The FieldInfo of a field or an extension. */
export function fieldInfo(f: DescField | DescExtension): FieldInfo {
  const parentFile = f.kind === "extension" ? f.extendee.file : f.parent.file;
  const base = {
    name: f.name,
    displayName: f.kind === "extension" ? f.typeName : f.name,
    number: f.number,
    explicitPresence: f.presence !== FeatureSet_FieldPresence.IMPLICIT,
    required: f.presence === FeatureSet_FieldPresence.LEGACY_REQUIRED,
    oneof: f.oneof ? { name: f.oneof.name, index: f.oneof.parent.oneofs.indexOf(f.oneof) } : undefined,
    isExtension: f.kind === "extension",
    desc: f,
    repeated: false,
    packed: false,
    delimited: false,
    groupLike: false,
    isMap: false,
    closedEnum: false,
    utf8Validation: f.utf8Validation,
    anyValue: false,
  };
  const enumRules = (e: DescEnum) => ({
    kind: "enum" as const,
    scalar: undefined,
    enum: e,
    message: undefined,
    typeName: e.typeName,
    // protoc 3.21 accepts unknown numbers only where the message's file is proto3 (open enums).
    closedEnum: !e.open || parentFile.edition === EDITION_PROTO2,
  });
  const messageRules = (m: DescMessage, delimited: boolean) => ({
    kind: "message" as const,
    scalar: undefined,
    enum: undefined,
    message: () => messageInfo(m),
    typeName: m.typeName,
    delimited,
    groupLike: delimited && isGroupLike(f, m),
  });
  const scalarRules = (s: ScalarType) => ({
    kind: "scalar" as const,
    scalar: s,
    enum: undefined,
    message: undefined,
    typeName: scalarName(s),
  });
  switch (f.fieldKind) {
    case "scalar":
      return { ...base, ...scalarRules(f.scalar) };
    case "enum":
      return { ...base, ...enumRules(f.enum) };
    case "message":
      return { ...base, ...messageRules(f.message, f.delimitedEncoding) };
    case "list": {
      const list = { ...base, repeated: true, packed: f.packed, explicitPresence: false };
      if (f.listKind === "scalar") return { ...list, ...scalarRules(f.scalar) };
      if (f.listKind === "enum") return { ...list, ...enumRules(f.enum) };
      return { ...list, ...messageRules(f.message, f.delimitedEncoding) };
    }
    case "map": {
      const entryName = f.proto.typeName.replace(/^\./, "");
      const key: FieldInfo = {
        ...base,
        ...scalarRules(f.mapKey),
        name: "key",
        displayName: "key",
        number: 1,
        oneof: undefined,
        isExtension: false,
        desc: undefined,
        // Always written, but in proto3 a zero key or value may be given again (protoc's
        // has-field test then sees nothing set); elsewhere giving one twice is an error.
        explicitPresence: parentFile.edition !== EDITION_PROTO3,
      };
      let value: FieldInfo;
      const valueBase = { ...key, name: "value", displayName: "value", number: 2 };
      if (f.mapKind === "scalar") value = { ...valueBase, ...scalarRules(f.scalar) };
      else if (f.mapKind === "enum") value = { ...valueBase, ...enumRules(f.enum) };
      else value = { ...valueBase, ...messageRules(f.message, false) };
      const entry: MessageInfo = {
        typeName: entryName,
        fields: [key, value],
        desc: undefined,
        isMapEntry: true,
        editions: parentFile.edition > EDITION_PROTO3,
      };
      return {
        ...base,
        kind: "message",
        scalar: undefined,
        enum: undefined,
        message: () => entry,
        typeName: entryName,
        repeated: true,
        isMap: true,
        explicitPresence: false,
      };
    }
  }
}

/**
 * Whether a delimited field looks like a proto2 group: its type is a message declared beside it
 * whose lower-cased name is the field's name. Text format then names it by the type's name.
 */
function isGroupLike(f: DescField | DescExtension, m: DescMessage): boolean {
  const file = f.kind === "extension" ? f.file : f.parent.file;
  if (file.edition === EDITION_PROTO2) return f.proto.type === 10; // TYPE_GROUP
  return m.name.toLowerCase() === f.name && m.file === file && m.parent === f.parent;
}
