/**
 * Cross-linking, protoc's second pass over a file: every type name, extendee and method type is
 * resolved with protoc's scoping rules and rewritten to its full name (".pkg.Msg"), field types
 * are filled in, enum defaults checked, oneofs checked for order and emptiness, and duplicate
 * field and extension numbers found, all with protoc's words and positions.
 */
import { isFieldSet } from "@bufbuild/protobuf";
import type { DescriptorProto, FieldDescriptorProto, MethodDescriptorProto } from "@bufbuild/protobuf/wkt";
import { FieldDescriptorProto_Label as Label, FieldDescriptorProto_Type as Type, FieldDescriptorProtoSchema, SymbolVisibility } from "@bufbuild/protobuf/wkt";
import { VISIBILITY } from "./features.ts";
import type { FileBuilder } from "./linker.ts";
import { join } from "./names.ts";
import { MAX_FIELD_NUMBER } from "./parser-base.ts";
import type { SymbolEntry } from "./symbol-pool.ts";

// ---------------------------------------------------------------- cross-linking

export function crossLinkFile(b: FileBuilder): void {
  const proto = b.file.proto;
  for (const m of proto.messageType) crossLinkMessage(b, m);
  for (const f of proto.extension) crossLinkField(b, f, null);
  for (const s of proto.service) for (const m of s.method) crossLinkMethod(b, m);
}

export function crossLinkMessage(b: FileBuilder, m: DescriptorProto): void {
  if (!b.truncated.has(m)) for (const n of m.nestedType) crossLinkMessage(b, n);
  for (const f of m.field) crossLinkField(b, f, m);
  for (const f of m.extension) crossLinkField(b, f, null);
  const counts = new Array<number>(m.oneofDecl.length).fill(0);
  m.field.forEach((f, i) => {
    if (!isFieldSet(f, FieldDescriptorProtoSchema.field.oneofIndex)) return;
    const index = f.oneofIndex;
    if (index < 0 || index >= m.oneofDecl.length) return;
    const prev = m.field[i - 1];
    if (counts[index]! > 0 && (!prev || !isFieldSet(prev, FieldDescriptorProtoSchema.field.oneofIndex) || prev.oneofIndex !== index)) {
      b.error(
        prev!,
        "TYPE",
        `Fields in the same oneof must be defined consecutively. "${prev!.name}" cannot be defined before the completion of the "${m.oneofDecl[index]!.name}" oneof definition.`,
        "protoc/oneof-not-consecutive",
      );
    }
    counts[index]!++;
  });
  m.oneofDecl.forEach((o, i) => {
    if (counts[i] === 0) b.error(o, "NAME", "Oneof must have at least one field.", "protoc/empty-oneof");
  });
}

export function crossLinkField(b: FileBuilder, f: FieldDescriptorProto, containing: DescriptorProto | null): void {
  const full = b.fullNames.get(f)!;
  let extendeeFull: string | undefined;
  if (isFieldSet(f, FieldDescriptorProtoSchema.field.extendee)) {
    const extendee = b.lookupSymbol(f.extendee, full);
    if (!extendee) {
      b.notDefined(f, "EXTENDEE", f.extendee);
      return;
    }
    if (extendee.kind !== "message") {
      b.error(f, "EXTENDEE", `"${f.extendee}" is not a message type.`, "protoc/not-a-message");
      return;
    }
    const hidden = notVisible(b, extendee, "target of extend");
    if (hidden) {
      b.error(f, "EXTENDEE", hidden, "protoc/not-visible");
      return;
    }
    extendeeFull = extendee.fullName;
    f.extendee = "." + extendee.fullName;
    const ranges = extendee.proto.extensionRange;
    if (!ranges.some((r) => r.start <= f.number && f.number < r.end)) {
      b.error(f, "NUMBER", `"${extendee.fullName}" does not declare ${f.number} as an extension number.`, "protoc/not-extension-number");
    }
  }
  const inOneof = isFieldSet(f, FieldDescriptorProtoSchema.field.oneofIndex) && containing !== null;
  if (inOneof && f.label !== Label.OPTIONAL) {
    b.error(f, "NAME", "Fields of oneofs must themselves have label LABEL_OPTIONAL.", "protoc/oneof-label");
  }
  const hasType = isFieldSet(f, FieldDescriptorProtoSchema.field.type);
  if (isFieldSet(f, FieldDescriptorProtoSchema.field.typeName)) {
    const written = f.typeName;
    const type = b.lookupSymbol(written, full, true);
    if (!type) {
      b.notDefined(f, "TYPE", written);
      return;
    }
    const hidden = notVisible(b, type);
    if (hidden) {
      b.error(f, "TYPE", hidden, "protoc/not-visible");
      return;
    }
    if (!hasType) {
      if (type.kind === "message") f.type = Type.MESSAGE;
      else if (type.kind === "enum") f.type = Type.ENUM;
      else {
        b.error(f, "TYPE", `"${written}" is not a type.`, "protoc/not-a-type");
        return;
      }
    }
    if (f.type === Type.MESSAGE || f.type === Type.GROUP) {
      if (type.kind !== "message") {
        b.error(f, "TYPE", `"${written}" is not a message type.`, "protoc/not-a-message");
        return;
      }
      f.typeName = "." + type.fullName;
      if (isFieldSet(f, FieldDescriptorProtoSchema.field.defaultValue)) {
        b.error(f, "DEFAULT_VALUE", "Messages can't have default values.", "protoc/message-default");
      }
    } else if (f.type === Type.ENUM) {
      if (type.kind !== "enum") {
        b.error(f, "TYPE", `"${written}" is not an enum type.`, "protoc/not-an-enum");
        return;
      }
      f.typeName = "." + type.fullName;
      if (isFieldSet(f, FieldDescriptorProtoSchema.field.defaultValue)) {
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(f.defaultValue)) {
          b.error(f, "DEFAULT_VALUE", "Default value for an enum field must be an identifier.", "protoc/bad-default");
        } else {
          const scope = type.fullName;
          const value = lookupSymbolNoDeps(b, f.defaultValue, scope);
          if (!value || value.kind !== "enumValue" || value.enumFullName !== type.fullName) {
            b.error(f, "DEFAULT_VALUE", `Enum type "${type.fullName}" has no value named "${f.defaultValue}".`, "protoc/bad-default");
          }
        }
      }
    } else {
      b.error(f, "TYPE", "Field with primitive type has type_name.", "protoc/bad-type");
    }
  } else if (hasType && (f.type === Type.MESSAGE || f.type === Type.ENUM || f.type === Type.GROUP)) {
    b.error(f, "TYPE", "Field with message or enum type missing type_name.", "protoc/bad-type");
  }
  // Duplicate numbers, found the way protoc's tables find them: the leading run of fields
  // numbered 1, 2, 3, ... is indexed by position (so a field there owns its number even when
  // its type failed to resolve); other numbers go into a map as each field links.
  const owner = extendeeFull ?? (containing ? b.fullNames.get(containing)! : undefined);
  if (owner === undefined) return;
  const isExtension = extendeeFull !== undefined;
  const ownerMessage = extendeeFull !== undefined ? b.pool.find(extendeeFull) : undefined;
  const ownerFields = ownerMessage?.kind === "message" ? ownerMessage.proto.field : containing!.field;
  const limit = sequentialLimit(ownerFields);
  let conflict: { fullName: string; name: string } | undefined;
  if (f.number >= 1 && f.number <= limit) {
    const holder = ownerFields[f.number - 1]!;
    if (isExtension || holder !== f) conflict = { fullName: join(owner, holder.name), name: holder.name };
  } else {
    let byNumber = b.fieldsByNumber.get(owner);
    if (!byNumber) b.fieldsByNumber.set(owner, (byNumber = new Map()));
    const existing = byNumber.get(f.number);
    if (existing && existing.kind === "field") conflict = { fullName: existing.fullName, name: existing.proto.name };
    else {
      const entry: SymbolEntry = { kind: "field", fullName: full, file: b.file, proto: f, isExtension, parentFullName: owner };
      byNumber.set(f.number, entry);
      if (isExtension) b.pool.addExtension(`${owner}#${f.number}`, entry);
    }
  }
  if (conflict) {
    if (isExtension) {
      b.error(f, "NUMBER", `Extension number ${f.number} has already been used in "${owner}" by extension "${conflict.fullName}".`, "protoc/duplicate-number");
    } else {
      b.error(f, "NUMBER", `Field number ${f.number} has already been used in "${owner}" by field "${conflict.name}". ${nextAvailable(containing!)}.`, "protoc/duplicate-number");
    }
  }
}

/**
 * protoc 36's hint after a duplicate field number: the lowest number from 1 up that no field,
 * extension range or reserved range of the message takes (walking the taken spans in order).
 */
function nextAvailable(m: DescriptorProto): string {
  const used: [number, number][] = [
    ...m.field.map((f): [number, number] => [f.number, f.number]),
    ...m.extensionRange.map((r): [number, number] => [r.start, r.end - 1]),
    ...m.reservedRange.map((r): [number, number] => [r.start, r.end - 1]),
  ]
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    // A set of pairs in protoc: equal spans count once.
    .filter((r, i, all) => i === 0 || r[0] !== all[i - 1]![0] || r[1] !== all[i - 1]![1]);
  let proposed = 1;
  for (const [start, end] of used) {
    // Like protoc, stop at the first span that does not cover the proposal.
    if (start <= proposed && proposed <= end) proposed = end + 1;
    else break;
  }
  return proposed <= MAX_FIELD_NUMBER ? `Next available field number is ${proposed}` : "There are no available field numbers";
}

const VISIBILITY_NAMES: Record<number, string> = { 1: "EXPORT_ALL", 2: "EXPORT_TOP_LEVEL", 3: "LOCAL_ALL", 4: "STRICT" };

/**
 * protoc 36's symbol visibility (edition 2024): a message or enum of another file is usable only if
 * exported, by `export` or by its file's default_symbol_visibility (EXPORT_TOP_LEVEL: top-level
 * types are, nested ones are not). protoc's error when it is not, or undefined.
 */
function notVisible(b: FileBuilder, sym: SymbolEntry, usage = ""): string | undefined {
  if ((sym.kind !== "message" && sym.kind !== "enum") || sym.file === b.file) return undefined;
  const keyword = sym.proto.visibility;
  const defaults = sym.file.defaultVisibility ?? VISIBILITY.EXPORT_ALL;
  let exported: boolean;
  if (keyword !== SymbolVisibility.VISIBILITY_UNSET) exported = keyword === SymbolVisibility.VISIBILITY_EXPORT;
  else if (defaults === VISIBILITY.EXPORT_ALL) exported = true;
  else if (defaults === VISIBILITY.EXPORT_TOP_LEVEL) exported = b.pool.find(sym.fullName.slice(0, Math.max(0, sym.fullName.lastIndexOf("."))))?.kind !== "message";
  else exported = false;
  if (exported) return undefined;
  const reason =
    keyword === SymbolVisibility.VISIBILITY_LOCAL
      ? "It is explicitly marked 'local'"
      : `It defaulted to local from file-level 'option features.default_symbol_visibility = '${VISIBILITY_NAMES[defaults] ?? defaults}';`;
  return `Symbol "${sym.fullName}", defined in "${sym.file.name}" ${usage} is not visible from "${b.file.name}". ${reason} and cannot be accessed outside its own file`;
}

/** LookupSymbolNoPlaceholder without the import check (protoc does the same for enum defaults). */
export function lookupSymbolNoDeps(b: FileBuilder, name: string, relativeTo: string): SymbolEntry | undefined {
  return b.lookupSymbol(name, relativeTo);
}

export function crossLinkMethod(b: FileBuilder, m: MethodDescriptorProto): void {
  const full = b.fullNames.get(m)!;
  for (const side of ["input", "output"] as const) {
    const written = side === "input" ? m.inputType : m.outputType;
    const kind = side === "input" ? "INPUT_TYPE" : "OUTPUT_TYPE";
    const type = b.lookupSymbol(written, full);
    if (!type) b.notDefined(m, kind, written);
    else if (type.kind !== "message") b.error(m, kind, `"${written}" is not a message type.`, "protoc/not-a-message");
    else if (notVisible(b, type)) b.error(m, kind, notVisible(b, type)!, "protoc/not-visible");
    else if (side === "input") m.inputType = "." + type.fullName;
    else m.outputType = "." + type.fullName;
  }
}


/** protoc's sequential_field_limit_: how many leading fields are numbered 1, 2, 3, ... */
/**
 * The length of the leading run of fields numbered 1, 2, 3, ... (at most 65535), once per list of
 * fields: every field of the message asks, and counting again for each made a message of 40 000
 * fields take 8 s to link (quadratic; found by npm run fuzz:scaling).
 */
const sequentialLimits = new WeakMap<readonly FieldDescriptorProto[], { length: number; limit: number }>();
function sequentialLimit(fields: readonly FieldDescriptorProto[]): number {
  const known = sequentialLimits.get(fields);
  if (known && known.length === fields.length) return known.limit;
  let i = 0;
  while (i < fields.length && i < 65535 && fields[i]!.number === i + 1) i++;
  sequentialLimits.set(fields, { length: fields.length, limit: i });
  return i;
}
