/**
 * Walks a FileDescriptorProto the way buf's lint visits it, yielding each element with its
 * SourceCodeInfo path (so a rule can point where buf points) and its full name.
 *
 * Paths use descriptor.proto's field numbers: in a file message_type = 4, enum_type = 5,
 * service = 6, extension = 7; in a message field = 2, nested_type = 3, enum_type = 4,
 * extension = 6, oneof_decl = 8; enum value = 2; method = 2. Walks use an explicit stack,
 * never recursion, so deep nesting cannot overflow.
 */
import { isFieldSet } from "@bufbuild/protobuf";
import { FieldDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import type { DescriptorProto, EnumDescriptorProto, EnumValueDescriptorProto, FieldDescriptorProto, FileDescriptorProto, MethodDescriptorProto, OneofDescriptorProto, ServiceDescriptorProto } from "@bufbuild/protobuf/wkt";

export interface MessageEntry {
  message: DescriptorProto;
  path: number[];
  fullName: string;
  isMapEntry: boolean;
}
export interface EnumEntry {
  enum: EnumDescriptorProto;
  path: number[];
  fullName: string;
}
export interface EnumValueEntry {
  value: EnumValueDescriptorProto;
  path: number[];
  parent: EnumEntry;
  index: number;
}
export interface FieldEntry {
  field: FieldDescriptorProto;
  path: number[];
  /** The message the field is declared in, undefined for file-level extensions. */
  parent: MessageEntry | undefined;
}
export interface OneofEntry {
  oneof: OneofDescriptorProto;
  path: number[];
  parent: MessageEntry;
  index: number;
}
export interface ServiceEntry {
  service: ServiceDescriptorProto;
  path: number[];
}
export interface MethodEntry {
  method: MethodDescriptorProto;
  path: number[];
  service: ServiceEntry;
}

const join = (scope: string, name: string) => (scope === "" ? name : `${scope}.${name}`);

/** Every message, nested ones included, parents before children. */
export function messages(file: FileDescriptorProto): MessageEntry[] {
  const out: MessageEntry[] = [];
  const stack: { message: DescriptorProto; path: number[]; scope: string }[] = [];
  file.messageType.forEach((m, i) => stack.push({ message: m, path: [4, i], scope: file.package }));
  stack.reverse();
  while (stack.length > 0) {
    const { message, path, scope } = stack.pop()!;
    const fullName = join(scope, message.name);
    out.push({ message, path, fullName, isMapEntry: message.options?.mapEntry === true });
    for (let i = message.nestedType.length - 1; i >= 0; i--) {
      stack.push({ message: message.nestedType[i]!, path: [...path, 3, i], scope: fullName });
    }
  }
  return out;
}

export function enums(file: FileDescriptorProto, all = messages(file)): EnumEntry[] {
  const out: EnumEntry[] = file.enumType.map((e, i) => ({ enum: e, path: [5, i], fullName: join(file.package, e.name) }));
  for (const m of all) {
    m.message.enumType.forEach((e, i) => out.push({ enum: e, path: [...m.path, 4, i], fullName: join(m.fullName, e.name) }));
  }
  return out;
}

export function enumValues(entries: EnumEntry[]): EnumValueEntry[] {
  const out: EnumValueEntry[] = [];
  for (const parent of entries) {
    parent.enum.value.forEach((value, index) => out.push({ value, path: [...parent.path, 2, index], parent, index }));
  }
  return out;
}

/** Message fields, message-scoped extensions and file-level extensions (buf's "fields"). */
export function fields(file: FileDescriptorProto, all = messages(file)): FieldEntry[] {
  const out: FieldEntry[] = [];
  for (const m of all) {
    m.message.field.forEach((field, i) => out.push({ field, path: [...m.path, 2, i], parent: m }));
    m.message.extension.forEach((field, i) => out.push({ field, path: [...m.path, 6, i], parent: m }));
  }
  file.extension.forEach((field, i) => out.push({ field, path: [7, i], parent: undefined }));
  return out;
}

export function oneofs(all: MessageEntry[]): OneofEntry[] {
  const out: OneofEntry[] = [];
  for (const m of all) {
    m.message.oneofDecl.forEach((oneof, index) => out.push({ oneof, path: [...m.path, 8, index], parent: m, index }));
  }
  return out;
}

/**
 * Whether a oneof is the synthetic one protoc makes for a proto3 `optional` field (its only
 * member is that field; oneof_index is proto2-optional, so its presence is checked). buf judges
 * and documents only real oneofs.
 */
export function isSyntheticOneof(o: OneofEntry): boolean {
  const members = o.parent.message.field.filter((fd) => isFieldSet(fd, FieldDescriptorProtoSchema.field.oneofIndex) && fd.oneofIndex === o.index);
  return members.length === 1 && members[0]!.proto3Optional;
}

export function services(file: FileDescriptorProto): ServiceEntry[] {
  return file.service.map((service, i) => ({ service, path: [6, i] }));
}

export function methods(file: FileDescriptorProto): MethodEntry[] {
  const out: MethodEntry[] = [];
  for (const s of services(file)) {
    s.service.method.forEach((method, j) => out.push({ method, path: [...s.path, 2, j], service: s }));
  }
  return out;
}

/** A type name as buf prints it: without protoc's leading dot. */
export const typeName = (name: string): string => (name.startsWith(".") ? name.slice(1) : name);
