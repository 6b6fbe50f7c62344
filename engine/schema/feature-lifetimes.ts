/**
 * protoc 36's feature lifetimes: every feature and option an element sets is checked against its
 * `feature_support` (descriptor.proto's FieldOptions.FeatureSupport, on the field and on enum
 * values): one introduced in a later edition than the file's, or removed by the file's edition,
 * is an error; a deprecated one a warning (printed for the files named on the command line only).
 * Features set on an element are checked first, then its other options, element by element in
 * protoc's order; the words are protoc's. Run last, once the file has no other error.
 */
import { isFieldSet } from "@bufbuild/protobuf";
import type { DescMessage } from "@bufbuild/protobuf";
import type { DescriptorProto, EnumDescriptorProto, FieldDescriptorProto, FieldOptions_FeatureSupport, FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import {
  FeatureSetSchema,
  FieldDescriptorProto_Label as Label,
  FieldDescriptorProto_Type as Type,
  FieldOptions_FeatureSupportSchema,
} from "@bufbuild/protobuf/wkt";
import { Reader } from "../wire/reader.ts";
import { WireType } from "../wire/wire-type.ts";
import { fileEdition } from "./features.ts";
import type { FileBuilder } from "./linker.ts";
import { join } from "./names.ts";
import { OPTIONS_SCHEMAS } from "./options.ts";
import { wellKnownFile } from "./wkt.ts";

/** Editions as protoc prints them. */
export function editionName(edition: number): string {
  const names: Record<number, string> = { 900: "LEGACY", 998: "PROTO2", 999: "PROTO3", 9999: "UNSTABLE", 0x7fffffff: "MAX" };
  return names[edition] ?? String(edition - 1000 + 2023);
}

interface Results {
  errors: string[];
  warnings: string[];
}

interface BuiltinValue {
  number: number;
  fullName: string;
  support?: FieldOptions_FeatureSupport;
}

/** descriptor.proto v36's fields and enum values, by full name: where their feature_support is. */
let builtin: { fields: Map<string, FieldDescriptorProto>; values: Map<string, BuiltinValue[]> } | undefined;
function builtins() {
  if (builtin) return builtin;
  const fields = new Map<string, FieldDescriptorProto>();
  const values = new Map<string, BuiltinValue[]>();
  const file = wellKnownFile("google/protobuf/descriptor.proto")!;
  const enums = (list: EnumDescriptorProto[], scope: string) => {
    for (const e of list) {
      const full = join(scope, e.name);
      // protoc names an enum value by its C++-scoped full name: the enum's scope, then the value.
      values.set(full, e.value.map((v) => ({ number: v.number, fullName: join(scope, v.name), support: v.options?.featureSupport })));
    }
  };
  const messages = (list: DescriptorProto[], scope: string) => {
    for (const m of list) {
      const full = join(scope, m.name);
      for (const f of m.field) fields.set(`${full}.${f.name}`, f);
      messages(m.nestedType, full);
      enums(m.enumType, full);
    }
  };
  messages(file.messageType, file.package);
  enums(file.enumType, file.package);
  return (builtin = { fields, values });
}

function single(edition: number, fullName: string, support: FieldOptions_FeatureSupport | undefined, results: Results): void {
  if (!support) return;
  if (edition < support.editionIntroduced) {
    results.errors.push(`${fullName} wasn't introduced until edition ${editionName(support.editionIntroduced)} and can't be used in edition ${editionName(edition)}`);
  }
  const has = (k: "editionRemoved" | "editionDeprecated" | "removalError") => isFieldSet(support, FieldOptions_FeatureSupportSchema.field[k]);
  if (has("editionRemoved") && edition >= support.editionRemoved) {
    results.errors.push(`${fullName} has been removed in edition ${editionName(support.editionRemoved)}${has("removalError") ? `: ${support.removalError}` : ""}`);
  } else if (has("editionDeprecated") && edition >= support.editionDeprecated) {
    results.warnings.push(`${fullName} has been deprecated in edition ${editionName(support.editionDeprecated)}: ${support.deprecationWarning}`);
  }
}

/** A field of a message as walked: its descriptor proto, full name and message type, if any. */
interface Walked {
  proto: FieldDescriptorProto;
  fullName: string;
}

/** The options messages, and FeatureSet which they hold, by full name. */
const SCHEMAS: Record<string, DescMessage> = Object.fromEntries(
  [...Object.values(OPTIONS_SCHEMAS), FeatureSetSchema].map((s) => [s.typeName, s]),
);

/**
 * protoc's ValidateFeatureLifetimesImpl over a message given as protobuf-es object (known fields)
 * plus unknown fields (extensions), in field-number order.
 */
function walkObject(b: FileBuilder, edition: number, typeName: string, value: Record<string, unknown>, skip: string | undefined, results: Results): void {
  const schema = SCHEMAS[typeName];
  const entries: { no: number; run: () => void }[] = [];
  if (schema) {
    for (const field of schema.fields) {
      if (field.name === skip || !isFieldSet(value as never, field)) continue;
      const proto = builtins().fields.get(`${typeName}.${field.name}`);
      if (!proto) continue;
      const v = value[field.localName];
      entries.push({
        no: field.number,
        run: () => visitValue(b, edition, { proto, fullName: `${typeName}.${field.name}` }, v, results),
      });
    }
  }
  const unknown = (value.$unknown ?? []) as { no: number; wireType: number; data: Uint8Array }[];
  for (const u of unknown) {
    entries.push({ no: u.no, run: () => visitUnknown(b, edition, typeName, u.no, u.wireType, u.data, true, results) });
  }
  entries.sort((x, y) => x.no - y.no);
  for (const e of entries) e.run();
}

function visitValue(b: FileBuilder, edition: number, field: Walked, value: unknown, results: Results): void {
  const values = Array.isArray(value) ? value : [value];
  if (field.proto.type === Type.MESSAGE || field.proto.type === Type.GROUP) {
    for (const v of values) walkObject(b, edition, field.proto.typeName.replace(/^\./, ""), v as Record<string, unknown>, undefined, results);
  } else if (field.proto.type === Type.ENUM) {
    for (const v of values) enumValue(b, edition, field.proto.typeName.replace(/^\./, ""), v as number, results);
  }
  single(edition, field.fullName, field.proto.options?.featureSupport, results);
}

function enumValue(b: FileBuilder, edition: number, enumName: string, number: number, results: Results): void {
  const known = builtins().values.get(enumName);
  if (known) {
    const v = known.find((x) => x.number === number);
    if (v) single(edition, v.fullName, v.support, results);
    return;
  }
  const sym = b.pool.find(enumName);
  if (sym?.kind !== "enum") return;
  const v = sym.proto.value.find((x) => x.number === number);
  const scope = enumName.slice(0, Math.max(0, enumName.lastIndexOf(".")));
  if (v) single(edition, join(scope, v.name), v.options?.featureSupport, results);
}

/** A field protobuf-es kept unknown (an extension): found in the pool, its payload read by its type. */
function visitUnknown(b: FileBuilder, edition: number, typeName: string, no: number, wireType: number, data: Uint8Array, prefixed: boolean, results: Results): void {
  const ext = b.pool.extensions.get(`${typeName}#${no}`);
  let proto: FieldDescriptorProto | undefined;
  let fullName: string;
  if (ext?.kind === "field") {
    proto = ext.proto;
    fullName = ext.fullName;
  } else {
    const sym = b.pool.find(typeName);
    proto = sym?.kind === "message" ? sym.proto.field.find((f) => f.number === no) : undefined;
    fullName = `${typeName}.${proto?.name ?? no}`;
  }
  if (!proto) return;
  if ((proto.type === Type.MESSAGE || proto.type === Type.GROUP) && wireType === WireType.LEN) {
    const body = prefixed ? new Reader(data).bytes() : data;
    walkBytes(b, edition, proto.typeName.replace(/^\./, ""), body, results);
  } else if (proto.type === Type.ENUM && wireType === WireType.Varint) {
    enumValue(b, edition, proto.typeName.replace(/^\./, ""), new Reader(data).int32(), results);
  }
  single(edition, fullName, proto.options?.featureSupport, results);
}

/** The fields of a message given as bytes, in number order (as a parsed message lists them). */
function walkBytes(b: FileBuilder, edition: number, typeName: string, bytes: Uint8Array, results: Results): void {
  const seen: { no: number; wt: number; data: Uint8Array }[] = [];
  try {
    const r = new Reader(bytes);
    while (!r.done) {
      const [no, wt] = r.tag();
      seen.push({ no, wt, data: wt === WireType.LEN ? r.bytes() : r.skip(wt, no) });
    }
  } catch {
    return;
  }
  const byNumber = new Map<number, (typeof seen)[number]>();
  for (const s of seen) if (!byNumber.has(s.no)) byNumber.set(s.no, s);
  const sym = b.pool.find(typeName);
  const repeated = (no: number) => sym?.kind === "message" && sym.proto.field.find((f) => f.number === no)?.label === Label.REPEATED;
  for (const no of [...byNumber.keys()].sort((x, y) => x - y)) {
    const items = repeated(no) ? seen.filter((s) => s.no === no) : [byNumber.get(no)!];
    for (const s of items) visitUnknown(b, edition, typeName, no, s.wt, s.data, false, results);
  }
}

const OPTIONS_TYPE: Record<string, string> = {
  file: "google.protobuf.FileOptions",
  message: "google.protobuf.MessageOptions",
  field: "google.protobuf.FieldOptions",
  oneof: "google.protobuf.OneofOptions",
  enum: "google.protobuf.EnumOptions",
  enumValue: "google.protobuf.EnumValueOptions",
  service: "google.protobuf.ServiceOptions",
  method: "google.protobuf.MethodOptions",
  extensionRange: "google.protobuf.ExtensionRangeOptions",
};

export function validateFeatureLifetimes(b: FileBuilder, warnings: boolean): void {
  const proto: FileDescriptorProto = b.file.proto;
  const edition = fileEdition(proto);
  const visit = (element: object, kind: keyof typeof OPTIONS_TYPE, options: Record<string, unknown> | undefined) => {
    if (!options) return;
    // Like protoc: the features the element sets, then its other options, each reported apart.
    const report = (results: Results) => {
      for (const e of results.errors) b.error(element, "NAME", e, "protoc/feature-lifetime");
      if (warnings) for (const w of results.warnings) b.warning(element, "NAME", w, "protoc/feature-lifetime");
    };
    const features = options.features as Record<string, unknown> | undefined;
    if (features) {
      const results: Results = { errors: [], warnings: [] };
      walkObject(b, edition, "google.protobuf.FeatureSet", features, undefined, results);
      report(results);
    }
    const results: Results = { errors: [], warnings: [] };
    walkObject(b, edition, OPTIONS_TYPE[kind]!, options, "features", results);
    report(results);
  };
  const visitEnum = (e: EnumDescriptorProto) => {
    visit(e, "enum", e.options as never);
    for (const v of e.value) visit(v, "enumValue", v.options as never);
  };
  const visitMessage = (m: DescriptorProto) => {
    visit(m, "message", m.options as never);
    m.enumType.forEach(visitEnum);
    for (const o of m.oneofDecl) visit(o, "oneof", o.options as never);
    for (const f of m.field) visit(f, "field", f.options as never);
    m.nestedType.forEach(visitMessage);
    for (const f of m.extension) visit(f, "field", f.options as never);
    for (const r of m.extensionRange) visit(r, "extensionRange", r.options as never);
  };
  visit(proto, "file", proto.options as never);
  proto.messageType.forEach(visitMessage);
  proto.enumType.forEach(visitEnum);
  for (const f of proto.extension) visit(f, "field", f.options as never);
  for (const s of proto.service) {
    visit(s, "service", s.options as never);
    for (const m of s.method) visit(m, "method", m.options as never);
  }
}
