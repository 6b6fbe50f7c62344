/**
 * What protoc's parser adds to a descriptor beyond the text: map entry messages, synthetic
 * oneofs for proto3 `optional`, and the real end of `to max` ranges.
 */
import { clone, create } from "@bufbuild/protobuf";
import type {
  DescriptorProto,
  FieldDescriptorProto,
} from "@bufbuild/protobuf/wkt";
import {
  DescriptorProtoSchema,
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FieldDescriptorProtoSchema,
  FieldOptionsSchema,
  MessageOptionsSchema,
  OneofDescriptorProtoSchema,
  UninterpretedOptionSchema,
} from "@bufbuild/protobuf/wkt";
import { MAX_FIELD_NUMBER, MAX_RANGE_SENTINEL } from "./parser-base.ts";

// Fields declared inside a oneof block (the map check needs to know before oneof_index is final).
const oneofFields = new WeakSet<FieldDescriptorProto>();

/** Notes that a field was declared inside a oneof block (map fields are not allowed there). */
export function markInOneof(field: FieldDescriptorProto): void {
  oneofFields.add(field);
}

export function isInOneof(field: FieldDescriptorProto): boolean {
  return oneofFields.has(field);
}

/** proto3 `optional` fields get a synthetic oneof named `_name` (prefixed with X until unique). */
export function addSyntheticOneofs(message: DescriptorProto): void {
  const names = new Set<string>();
  for (const f of message.field) names.add(f.name);
  for (const o of message.oneofDecl) names.add(o.name);
  for (const f of message.field) {
    if (!f.proto3Optional) continue;
    let name = f.name;
    if (name === "" || name[0] !== "_") name = "_" + name;
    while (names.has(name)) name = "X" + name;
    names.add(name);
    f.oneofIndex = message.oneofDecl.length;
    message.oneofDecl.push(create(OneofDescriptorProtoSchema, { name }));
  }
}

export function adjustMaxRanges(message: DescriptorProto): void {
  const isMessageSet = (message.options?.uninterpretedOption ?? []).some(
    (o) => o.name.length === 1 && o.name[0]!.namePart === "message_set_wire_format" && o.identifierValue === "true",
  );
  const max = isMessageSet ? 2147483647 : MAX_FIELD_NUMBER + 1;
  for (const r of message.extensionRange) if (r.end === MAX_RANGE_SENTINEL) r.end = max;
  for (const r of message.reservedRange) if (r.end === MAX_RANGE_SENTINEL) r.end = max;
}

/** The map entry name protoc generates: `foo_bar` becomes `FooBarEntry`. */
export function mapEntryName(fieldName: string): string {
  let out = "";
  let capNext = true;
  for (const c of fieldName) {
    if (c === "_") capNext = true;
    else if (capNext) {
      out += c >= "a" && c <= "z" ? c.toUpperCase() : c;
      capNext = false;
    } else out += c;
  }
  return out + "Entry";
}

export type MapTypes = { key: FieldDescriptorProto_Type | string; value: FieldDescriptorProto_Type | string };

export function generateMapEntry(map: MapTypes, field: FieldDescriptorProto, messages: DescriptorProto[]): DescriptorProto {
  const entryName = mapEntryName(field.name);
  field.typeName = entryName;
  const entry = create(DescriptorProtoSchema, { name: entryName, options: create(MessageOptionsSchema, { mapEntry: true }) });
  messages.push(entry);
  const make = (name: string, number: number, t: FieldDescriptorProto_Type | string) => {
    const f = create(FieldDescriptorProtoSchema, { name, number, label: FieldDescriptorProto_Label.OPTIONAL });
    if (typeof t === "string") f.typeName = t;
    else f.type = t;
    entry.field.push(f);
    return f;
  };
  const key = make("key", 1, map.key);
  const value = make("value", 2, map.value);
  for (const o of field.options?.uninterpretedOption ?? []) {
    if (o.name.length === 1 && o.name[0]!.namePart === "enforce_utf8" && !o.name[0]!.isExtension) {
      for (const f of [key, value]) {
        if (f.type === FieldDescriptorProto_Type.STRING) {
          f.options ??= create(FieldOptionsSchema);
          f.options.uninterpretedOption.push(clone(UninterpretedOptionSchema, o));
        }
      }
    }
  }
  return entry;
}
