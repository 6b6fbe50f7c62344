/**
 * Edition 2024's naming style (protoc 36's ValidateNamingStyle, on while the resolved feature
 * `enforce_naming_style` is STYLE2024): packages, fields and oneofs lower_snake_case, messages,
 * enums, services and methods TitleCase, enum values UPPER_SNAKE_CASE, in protoc's words. Run
 * once the file has no other error, element by element in protoc's order.
 */
import { isFieldSet } from "@bufbuild/protobuf";
import type { DescriptorProto, EnumDescriptorProto } from "@bufbuild/protobuf/wkt";
import { FieldDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import type { Features } from "./features.ts";
import { NAMING_STYLE, editionDefaults, fileEdition, mergeFeatures } from "./features.ts";
import type { FileBuilder } from "./linker.ts";

const OPT_OUT = " (features.enforce_naming_style = STYLE_LEGACY can be used to opt out of this check)";

const isAlpha = (c: string) => (c >= "a" && c <= "z") || (c >= "A" && c <= "Z");
const isDigit = (c: string) => c >= "0" && c <= "9";

function badUnderscores(name: string): boolean {
  if (name === "") return false;
  if (name.startsWith("_") || name.endsWith("_")) return true;
  for (let i = 1; i < name.length; i++) if (name[i - 1] === "_" && !isAlpha(name[i]!)) return true;
  return false;
}

/** What is wrong with `name` as TitleCase, or undefined. */
export function titleCaseProblem(name: string): string | undefined {
  if (name === "") return "is empty";
  for (const c of name) if (!isAlpha(c) && !isDigit(c)) return "should be TitleCase";
  if (!(name[0]! >= "A" && name[0]! <= "Z")) return "should begin with a capital letter";
  return undefined;
}

/** What is wrong with `name` as lower_snake_case (dots allowed, for packages), or undefined. */
export function lowerSnakeProblem(name: string): string | undefined {
  if (name === "") return "is empty";
  for (const c of name) if (!((c >= "a" && c <= "z") || isDigit(c) || c === "_" || c === ".")) return "should be lower_snake_case";
  if (!(name[0]! >= "a" && name[0]! <= "z")) return "should begin with a lower case letter";
  if (badUnderscores(name)) return "contains style violating underscores";
  return undefined;
}

/** What is wrong with `name` as UPPER_SNAKE_CASE, or undefined. */
export function upperSnakeProblem(name: string): string | undefined {
  if (name === "") return "is empty";
  for (const c of name) if (!((c >= "A" && c <= "Z") || isDigit(c) || c === "_")) return "should be UPPER_SNAKE_CASE";
  if (!(name[0]! >= "A" && name[0]! <= "Z")) return "should begin with an upper case letter";
  if (badUnderscores(name)) return "contains style violating underscores";
  return undefined;
}

export function validateNamingStyle(b: FileBuilder): void {
  const proto = b.file.proto;
  const on = (f: Features) => f.enforceNamingStyle === NAMING_STYLE.STYLE2024;
  const check = (element: object, what: string, name: string, problem: string | undefined) => {
    if (problem !== undefined) b.error(element, "NAME", `${what} name ${name} ${problem}${OPT_OUT}`, "protoc/naming-style");
  };
  const file = mergeFeatures(editionDefaults(fileEdition(proto)), proto.options?.features);
  if (on(file) && b.file.package !== "") check(proto, "Package", b.file.package, lowerSnakeProblem(b.file.package));
  const visitEnum = (e: EnumDescriptorProto, parent: Features) => {
    const features = mergeFeatures(parent, e.options?.features);
    if (on(features)) check(e, "Enum", e.name, titleCaseProblem(e.name));
    for (const v of e.value) if (on(mergeFeatures(features, v.options?.features))) check(v, "Enum value", v.name, upperSnakeProblem(v.name));
  };
  const visitMessage = (m: DescriptorProto, parent: Features) => {
    const features = mergeFeatures(parent, m.options?.features);
    if (on(features)) check(m, "Message", m.name, titleCaseProblem(m.name));
    for (const e of m.enumType) visitEnum(e, features);
    for (const o of m.oneofDecl) if (on(mergeFeatures(features, o.options?.features))) check(o, "Oneof", o.name, lowerSnakeProblem(o.name));
    for (const f of m.field) {
      const oneof = isFieldSet(f, FieldDescriptorProtoSchema.field.oneofIndex) ? m.oneofDecl[f.oneofIndex] : undefined;
      if (on(mergeFeatures(mergeFeatures(features, oneof?.options?.features), f.options?.features))) check(f, "Field", f.name, lowerSnakeProblem(f.name));
    }
    for (const n of m.nestedType) visitMessage(n, features);
    for (const f of m.extension) if (on(mergeFeatures(features, f.options?.features))) check(f, "Field", f.name, lowerSnakeProblem(f.name));
  };
  for (const m of proto.messageType) visitMessage(m, file);
  for (const e of proto.enumType) visitEnum(e, file);
  for (const f of proto.extension) if (on(mergeFeatures(file, f.options?.features))) check(f, "Field", f.name, lowerSnakeProblem(f.name));
  for (const s of proto.service) {
    const features = mergeFeatures(file, s.options?.features);
    if (on(features)) check(s, "Service", s.name, titleCaseProblem(s.name));
    for (const m of s.method) if (on(mergeFeatures(features, m.options?.features))) check(m, "Method", m.name, titleCaseProblem(m.name));
  }
}
