/**
 * The well-known types (`import "google/protobuf/timestamp.proto"`, ...). Their descriptors come
 * from @bufbuild/protobuf, which ships each one as a FileDescriptorProto, so no .proto text of
 * theirs is copied into this project; descriptor.proto's is protoc 36.2's build of it
 * (scripts/gen-wkt-descriptor.mjs). They enter the symbol pool already linked.
 */
import * as wkt from "@bufbuild/protobuf/wkt";
import type { DescFile } from "@bufbuild/protobuf";
import { fromBinary } from "@bufbuild/protobuf";
import { base64Decode } from "@bufbuild/protobuf/wire";
import type { DescriptorProto, EnumDescriptorProto, FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import { FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import { DESCRIPTOR_PROTO_V36 } from "./wkt-descriptor-v36.ts";
import { join } from "./names.ts";
import type { PoolFile, SymbolPool } from "./symbol-pool.ts";

const byName = new Map<string, DescFile>();
for (const [key, value] of Object.entries(wkt)) {
  if (!key.startsWith("file_")) continue;
  const file = value as DescFile;
  if (file && typeof file === "object" && "proto" in file && file.proto) byName.set(file.proto.name, file);
}

let descriptorV36: FileDescriptorProto | undefined;

/**
 * The descriptor of a well-known .proto file by import path, if @bufbuild/protobuf ships it;
 * descriptor.proto as protoc 36.2 builds it (options and reserved ranges included: its checks
 * read the options), decoded on first use.
 */
export function wellKnownFile(name: string): FileDescriptorProto | undefined {
  if (name === "google/protobuf/descriptor.proto") {
    return (descriptorV36 ??= fromBinary(FileDescriptorProtoSchema, base64Decode(DESCRIPTOR_PROTO_V36)));
  }
  return byName.get(name)?.proto;
}

/** Adds an already linked file (a well-known type) to the pool with all its symbols. */
export function addLinkedFile(pool: SymbolPool, proto: FileDescriptorProto, deps: PoolFile[]): PoolFile {
  const syntax = proto.syntax === "proto3" ? "proto3" : proto.syntax === "editions" ? "editions" : "proto2";
  const file: PoolFile = {
    name: proto.name,
    proto,
    package: proto.package,
    syntax,
    deps,
    publicDeps: proto.publicDependency.map((i) => deps[i]).filter((d): d is PoolFile => d !== undefined),
  };
  pool.addFile(file);
  if (proto.package !== "") {
    const parts = proto.package.split(".");
    for (let i = 1; i <= parts.length; i++) {
      const name = parts.slice(0, i).join(".");
      if (!pool.find(name)) pool.add({ kind: "package", fullName: name, file });
    }
  }
  const addEnum = (e: EnumDescriptorProto, scope: string) => {
    const full = join(scope, e.name);
    pool.add({ kind: "enum", fullName: full, file, proto: e });
    for (const v of e.value) pool.add({ kind: "enumValue", fullName: join(scope, v.name), file, proto: v, enumFullName: full });
  };
  const addExtension = (f: wkt.FieldDescriptorProto, scope: string) => {
    const full = join(scope, f.name);
    const entry = { kind: "field" as const, fullName: full, file, proto: f, isExtension: true, parentFullName: scope };
    pool.add(entry);
    pool.addExtension(`${f.extendee.replace(/^\./, "")}#${f.number}`, entry);
  };
  const addMessage = (m: DescriptorProto, scope: string) => {
    const full = join(scope, m.name);
    pool.add({ kind: "message", fullName: full, file, proto: m });
    for (const f of m.field) pool.add({ kind: "field", fullName: join(full, f.name), file, proto: f, isExtension: false, parentFullName: full });
    for (const o of m.oneofDecl) pool.add({ kind: "oneof", fullName: join(full, o.name), file, proto: o });
    for (const e of m.enumType) addEnum(e, full);
    for (const n of m.nestedType) addMessage(n, full);
    for (const f of m.extension) addExtension(f, full);
  };
  for (const m of proto.messageType) addMessage(m, proto.package);
  for (const e of proto.enumType) addEnum(e, proto.package);
  for (const f of proto.extension) addExtension(f, proto.package);
  for (const s of proto.service) {
    const full = join(proto.package, s.name);
    pool.add({ kind: "service", fullName: full, file, proto: s });
    for (const m of s.method) pool.add({ kind: "method", fullName: join(full, m.name), file, proto: m });
  }
  return file;
}
