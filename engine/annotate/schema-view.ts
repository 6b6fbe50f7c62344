/**
 * A small view of a message schema, made from @bufbuild/protobuf's `DescMessage`, with exactly
 * what schema-aided decoding asks: for a field number, the field's name, its kind (in
 * protoreflect's terms: int32, sint64, enum, message, group, ...), and its message or enum.
 * Map fields appear as repeated messages of a synthesized entry type (key = 1, value = 2), which
 * is how they travel on the wire.
 */
import type { DescEnum, DescField, DescMessage } from "@bufbuild/protobuf";
import { FieldType, fieldTypeKeyword } from "../wire/wire-type.ts";

export type FieldKind =
  | "double"
  | "float"
  | "int64"
  | "uint64"
  | "int32"
  | "fixed64"
  | "fixed32"
  | "bool"
  | "string"
  | "bytes"
  | "uint32"
  | "sfixed32"
  | "sfixed64"
  | "sint32"
  | "sint64"
  | "enum"
  | "message"
  | "group";

/** Scalar kinds by `ScalarType` number (descriptor.proto's FieldDescriptorProto.Type): its keyword. */
const SCALAR_KINDS: Record<number, FieldKind> = Object.fromEntries(
  Object.values(FieldType)
    .filter((t) => t !== FieldType.GROUP && t !== FieldType.MESSAGE && t !== FieldType.ENUM)
    .map((t) => [t, fieldTypeKeyword(t) as FieldKind]),
);

export interface SchemaEnum {
  typeName: string;
  /** Value name by number (the first declared name wins for aliases). */
  names: Map<number, string>;
}

export interface SchemaField {
  name: string;
  number: number;
  kind: FieldKind;
  repeated: boolean;
  /** Whether this is a map field (its elements are entry messages). */
  map: boolean;
  /** The type as a reader would write it: "int32", "pkg.Msg", "pkg.Enum". */
  typeName: string;
  message?: SchemaMessage;
  enum?: SchemaEnum;
}

export interface SchemaMessage {
  typeName: string;
  /** The field with this number, if declared (extensions are not included, as in protoscope). */
  field(number: number): SchemaField | undefined;
}

const messages = new WeakMap<DescMessage, SchemaMessage>();
const enums = new WeakMap<DescEnum, SchemaEnum>();

function enumView(desc: DescEnum): SchemaEnum {
  let view = enums.get(desc);
  if (!view) {
    const names = new Map<number, string>();
    for (const value of desc.values) if (!names.has(value.number)) names.set(value.number, value.name);
    view = { typeName: desc.typeName, names };
    enums.set(desc, view);
  }
  return view;
}

function pascal(name: string): string {
  return name
    .split("_")
    .map((part) => (part ? part[0]!.toUpperCase() + part.slice(1) : ""))
    .join("");
}

class Message implements SchemaMessage {
  private byNumber: Map<number, SchemaField> | undefined;
  constructor(
    readonly typeName: string,
    private readonly build: () => SchemaField[],
  ) {}

  field(number: number): SchemaField | undefined {
    if (!this.byNumber) {
      this.byNumber = new Map();
      for (const f of this.build()) this.byNumber.set(f.number, f);
    }
    return this.byNumber.get(number);
  }
}

function valueField(
  name: string,
  number: number,
  kind: "scalar" | "enum" | "message",
  scalar: number | undefined,
  enumDesc: DescEnum | undefined,
  message: DescMessage | undefined,
  delimited: boolean,
  repeated: boolean,
): SchemaField {
  if (kind === "enum" && enumDesc) {
    return { name, number, kind: "enum", repeated, map: false, typeName: enumDesc.typeName, enum: enumView(enumDesc) };
  }
  if (kind === "message" && message) {
    return {
      name,
      number,
      kind: delimited ? "group" : "message",
      repeated,
      map: false,
      typeName: message.typeName,
      message: schemaOf(message),
    };
  }
  const k = SCALAR_KINDS[scalar ?? 0] ?? "bytes";
  return { name, number, kind: k, repeated, map: false, typeName: k };
}

function fieldView(owner: DescMessage, f: DescField): SchemaField {
  switch (f.fieldKind) {
    case "scalar":
      return valueField(f.name, f.number, "scalar", f.scalar, undefined, undefined, false, false);
    case "enum":
      return valueField(f.name, f.number, "enum", undefined, f.enum, undefined, false, false);
    case "message":
      return valueField(f.name, f.number, "message", undefined, undefined, f.message, f.delimitedEncoding, false);
    case "list":
      return valueField(f.name, f.number, f.listKind, f.scalar, f.enum, f.message, f.listKind === "message" && f.delimitedEncoding, true);
    case "map": {
      const entryName = `${owner.typeName}.${pascal(f.name)}Entry`;
      const key = valueField("key", 1, "scalar", f.mapKey, undefined, undefined, false, false);
      const value = valueField("value", 2, f.mapKind, f.scalar, f.enum, f.message, false, false);
      const entry = new Message(entryName, () => [key, value]);
      return { name: f.name, number: f.number, kind: "message", repeated: true, map: true, typeName: entryName, message: entry };
    }
  }
}

/** The schema view of a message type (cached per descriptor; recursive types are fine). */
export function schemaOf(desc: DescMessage): SchemaMessage {
  let view = messages.get(desc);
  if (!view) {
    view = new Message(desc.typeName, () => desc.fields.map((f) => fieldView(desc, f)));
    messages.set(desc, view);
  }
  return view;
}
