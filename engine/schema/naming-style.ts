/**
 * Edition 2024's naming style (protoc 36's ValidateNamingStyle, on while the resolved feature
 * `enforce_naming_style` is STYLE2024 or STYLE2026): packages, fields and oneofs
 * lower_snake_case, messages, enums, services and methods TitleCase, enum values
 * UPPER_SNAKE_CASE, and under STYLE2026 no field or oneof named like another one's accessor, in
 * protoc's words. Run once the file has no other error, element by element in protoc's order.
 */
import { isFieldSet } from "@bufbuild/protobuf";
import type { DescriptorProto, EnumDescriptorProto } from "@bufbuild/protobuf/wkt";
import { FieldDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import type { Features } from "./features.ts";
import { NAMING_STYLE, editionDefaults, fileEdition, mergeFeatures } from "./features.ts";
import type { FileBuilder } from "./linker.ts";

const OPT_OUT = " (features.enforce_naming_style = STYLE_LEGACY can be used to opt out of this check)";
const COLLISIONS_OPT_OUT = " (features.enforce_naming_style = STYLE2024 can be used to opt out of this check)";
const STYLE2026 = 3;

/** protoc's IsStyleOrGreater: the enum's numbers are not in style order (STYLE_LEGACY is 2). */
function styleAtLeast(style: number, wanted: number): boolean {
  return style >= wanted && style !== NAMING_STYLE.STYLE_LEGACY;
}

/**
 * STYLE2026's extra rule for fields and oneofs: a name must not be another member's name with
 * has_/get_/set_/clear_ before it or _value after it, nor be `descriptor`.
 */
function collisionProblem(name: string, message: DescriptorProto | undefined): string | undefined {
  if (message) {
    const taken = (n: string) => message.field.some((f) => f.name === n) || message.oneofDecl.some((o) => o.name === n);
    for (const prefix of ["has_", "get_", "set_", "clear_"]) {
      if (name.startsWith(prefix) && taken(name.slice(prefix.length))) {
        return `should not begin with ${prefix} if a field named ${name.slice(prefix.length)} exists. This can cause collisions in generated code.`;
      }
    }
    if (name.endsWith("_value") && taken(name.slice(0, -"_value".length))) {
      return `should not end with _value if a field named ${name.slice(0, -"_value".length)} exists. This can cause collisions in generated code.`;
    }
  }
  if (name === "descriptor") return "should not be named descriptor. This can cause collisions in generated code.";
  return undefined;
}

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
  const on = (f: Features) => styleAtLeast(f.enforceNamingStyle, NAMING_STYLE.STYLE2024);
  const check = (element: object, what: string, name: string, problem: string | undefined) => {
    if (problem !== undefined) b.error(element, "NAME", `${what} name ${name} ${problem}${OPT_OUT}`, "protoc/naming-style");
  };
  /** A field or oneof: its style, then (STYLE2026) its collisions, each reported. */
  const member = (element: object, what: string, name: string, features: Features, message: DescriptorProto | undefined) => {
    if (!on(features)) return;
    check(element, what, name, lowerSnakeProblem(name));
    if (styleAtLeast(features.enforceNamingStyle, STYLE2026)) {
      const problem = collisionProblem(name, message);
      if (problem !== undefined) b.error(element, "NAME", `${what} name ${name} ${problem}${COLLISIONS_OPT_OUT}`, "protoc/naming-style");
    }
  };
  const file = mergeFeatures(editionDefaults(fileEdition(proto)), proto.options?.features);
  const extendee = (name: string) => {
    const sym = b.pool.find(name.replace(/^\./, ""));
    return sym?.kind === "message" ? sym.proto : undefined;
  };
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
    for (const o of m.oneofDecl) member(o, "Oneof", o.name, mergeFeatures(features, o.options?.features), m);
    for (const f of m.field) {
      const oneof = isFieldSet(f, FieldDescriptorProtoSchema.field.oneofIndex) ? m.oneofDecl[f.oneofIndex] : undefined;
      member(f, "Field", f.name, mergeFeatures(mergeFeatures(features, oneof?.options?.features), f.options?.features), m);
    }
    for (const n of m.nestedType) visitMessage(n, features);
    // An extension's containing type is the message it extends: protoc looks for collisions there.
    for (const f of m.extension) member(f, "Field", f.name, mergeFeatures(features, f.options?.features), extendee(f.extendee));
  };
  for (const m of proto.messageType) visitMessage(m, file);
  for (const e of proto.enumType) visitEnum(e, file);
  for (const f of proto.extension) member(f, "Field", f.name, mergeFeatures(file, f.options?.features), extendee(f.extendee));
  for (const s of proto.service) {
    const features = mergeFeatures(file, s.options?.features);
    if (on(features)) check(s, "Service", s.name, titleCaseProblem(s.name));
    for (const m of s.method) if (on(mergeFeatures(features, m.options?.features))) check(m, "Method", m.name, titleCaseProblem(m.name));
  }
}
