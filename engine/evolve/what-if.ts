/**
 * "What if": one change to one field of a schema, made as a text edit of the `.proto` source
 * (so the result is a schema a learner could have typed, and buf and the reader judge it like any
 * other): a new type, packed ↔ expanded, singular ↔ repeated, into a oneof, a deletion (with or
 * without `reserved`), a rename. Positions come from the parser's source locations.
 */
import { parseProto } from "../schema/parser.ts";
import type { SourceLocation } from "../schema/locations.ts";
import { isFieldSet } from "@bufbuild/protobuf";
import { FieldDescriptorProtoSchema, type DescriptorProto, type FieldDescriptorProto } from "@bufbuild/protobuf/wkt";
import { fieldTypeKeyword } from "../wire/wire-type.ts";

export type WhatIfChange =
  | { kind: "type"; to: string }
  | { kind: "packing" }
  | { kind: "cardinality" }
  | { kind: "oneof" }
  | { kind: "delete"; reserve: "none" | "number" | "number-and-name" }
  | { kind: "rename"; to: string };

export interface WhatIfOption {
  change: WhatIfChange;
  /** What the menu says: "int32 → sint32", "delete, reserve 3". */
  label: string;
}

export interface WhatIfTarget {
  /** Where the field is declared. */
  file: string;
  /** The message's full name without package ("Outer.Inner" for a nested one) and the field's number. */
  message: string;
  field: number;
}

const INTEGERS = ["int32", "int64", "uint32", "uint64", "sint32", "sint64", "fixed32", "fixed64", "sfixed32", "sfixed64", "bool"];
/** The types a change to an integer offers first (the issue's classic three), then the rest. */
const FIRST_TARGETS = ["sint32", "int64", "fixed32"];

interface Found {
  /** A scalar type (written as a keyword: the parser records a `type` location, no `type_name`). */
  scalar: boolean;
  syntax: "proto2" | "proto3" | "editions";
  message: DescriptorProto;
  field: FieldDescriptorProto;
  at: (suffix: number[]) => SourceLocation | undefined;
  text: string;
}

/** A parsed file with its locations by path, parsed once for every field of a menu. */
interface Indexed {
  text: string;
  parsed: ReturnType<typeof parseProto>;
  byPath: Map<string, SourceLocation>;
}

let last: { text: string; name: string; index: Indexed } | undefined;

function indexOf(text: string, name: string): Indexed {
  if (last && last.text === text && last.name === name) return last.index;
  const parsed = parseProto(name, text);
  const index = { text, parsed, byPath: new Map(parsed.locations.filter((l) => l.end !== undefined).map((l) => [l.path.join(","), l])) };
  last = { text, name, index };
  return index;
}

function find(text: string, name: string, target: WhatIfTarget): Found | undefined {
  const { parsed, byPath } = indexOf(text, name);
  const proto = parsed.proto;
  let list = proto.messageType;
  let path: number[] = [];
  let message: DescriptorProto | undefined;
  for (const part of target.message.split(".")) {
    const index = list.findIndex((m) => m.name === part);
    if (index < 0) return undefined;
    path = path.length === 0 ? [4, index] : [...path, 3, index];
    message = list[index]!;
    list = message.nestedType;
  }
  if (!message) return undefined;
  const index = message.field.findIndex((f) => f.number === target.field);
  if (index < 0) return undefined;
  const fieldPath = [...path, 2, index];
  const syntax = proto.syntax === "editions" ? "editions" : proto.syntax === "proto3" ? "proto3" : "proto2";
  const at = (suffix: number[]) => byPath.get([...fieldPath, ...suffix].join(","));
  return { scalar: at([5]) !== undefined && at([6]) === undefined, syntax, message, field: message.field[index]!, at, text };
}

const packable = (found: Found) => found.scalar && found.field.type !== 9 && found.field.type !== 12;
/** A map field: repeated, of the nested entry type the parser made for it (its type name is not resolved yet). */
const isMapField = (found: Found) => {
  const f = found.field;
  if (f.label !== 3 || f.typeName === "") return false;
  return found.message.nestedType.some((m) => m.options?.mapEntry === true && (f.typeName === m.name || f.typeName.endsWith(`.${m.name}`)));
};

/** The changes that make sense for the field (none when it cannot be found). */
export function whatIfOptions(text: string, target: WhatIfTarget): WhatIfOption[] {
  const found = find(text, target.file, target);
  if (!found || isMapField(found)) return [];
  const f = found.field;
  const out: WhatIfOption[] = [];
  const group = isFieldSet(f, FieldDescriptorProtoSchema.field.type) && f.type === 10;
  // A default value belongs to its type: a new type would need a new default (protoc refuses many).
  const hasDefault = isFieldSet(f, FieldDescriptorProtoSchema.field.defaultValue);
  const typeName = found.scalar && !hasDefault ? fieldTypeKeyword(f.type ?? 0) : undefined;
  if (typeName !== undefined) {
    const family = INTEGERS.includes(typeName) ? INTEGERS : typeName === "float" || typeName === "double" ? ["float", "double"] : ["string", "bytes"];
    const targets = [...FIRST_TARGETS.filter((t) => family.includes(t)), ...family.filter((t) => !FIRST_TARGETS.includes(t))].filter((t) => t !== typeName);
    for (const to of targets) out.push({ change: { kind: "type", to }, label: `${typeName} → ${to}` });
  }
  const repeated = f.label === 3;
  // proto3's `optional` makes a synthetic oneof: the field is still not in a oneof of its own.
  const inOneof = isFieldSet(f, FieldDescriptorProtoSchema.field.oneofIndex) && f.proto3Optional !== true;
  const bracket = found.at([8]);
  const bracketText = bracket ? found.text.slice(bracket.start.offset, bracket.end!.offset) : "";
  const onlyPacking = !bracket || (/^\[\s*(packed|features\.repeated_field_encoding)\s*=\s*\w+\s*\]$/.test(bracketText));
  if (repeated && packable(found) && onlyPacking) out.push({ change: { kind: "packing" }, label: "packed ↔ expanded" });
  if (!inOneof && onlyPacking && !group) {
    out.push({ change: { kind: "cardinality" }, label: repeated ? "repeated → singular" : "singular → repeated" });
  }
  if (!repeated && !inOneof && !group) out.push({ change: { kind: "oneof" }, label: "into a oneof" });
  out.push({ change: { kind: "delete", reserve: "none" }, label: "delete" });
  // `reserved` is a statement of the message, not of a oneof: offered outside oneofs only.
  if (!inOneof) {
    out.push({ change: { kind: "delete", reserve: "number" }, label: `delete, reserve ${f.number}` });
    out.push({ change: { kind: "delete", reserve: "number-and-name" }, label: `delete, reserve ${f.number} and ${found.syntax === "editions" ? f.name : `"${f.name}"`}` });
  }
  // A group's name is its type's name too (it must start with a capital): not renamed here.
  if (!group) out.push({ change: { kind: "rename", to: `${f.name}_renamed` }, label: `rename to ${f.name}_renamed` });
  return out;
}

interface Edit {
  from: number;
  to: number;
  insert: string;
}

function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.from - a.from)) out = out.slice(0, e.from) + e.insert + out.slice(e.to);
  return out;
}

/** The source with the change made, or why it cannot be made. */
export function applyWhatIf(text: string, target: WhatIfTarget, change: WhatIfChange): { text: string } | { error: string } {
  const found = find(text, target.file, target);
  if (!found) return { error: `no field ${target.field} in message ${target.message} of ${target.file}` };
  const f = found.field;
  const whole = found.at([])!;
  const start = whole.start.offset;
  const end = whole.end!.offset;
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const label = found.at([4]);
  const bracket = found.at([8]);
  const edits: Edit[] = [];
  switch (change.kind) {
    case "type": {
      const type = found.at([5]);
      if (!type || !found.scalar) return { error: "only a scalar field's type can be changed here" };
      edits.push({ from: type.start.offset, to: type.end!.offset, insert: change.to });
      break;
    }
    case "rename": {
      const name = found.at([1])!;
      edits.push({ from: name.start.offset, to: name.end!.offset, insert: change.to });
      break;
    }
    case "packing": {
      const defaultPacked = found.syntax !== "proto2";
      const packedNow = bracket ? /=\s*(true|PACKED)\s*\]$/.test(text.slice(bracket.start.offset, bracket.end!.offset)) : defaultPacked;
      const wanted = !packedNow;
      if (bracket) {
        // Back to the default: drop the bracket and the space before it.
        let from = bracket.start.offset;
        while (from > 0 && (text[from - 1] === " " || text[from - 1] === "\t")) from--;
        edits.push({ from, to: bracket.end!.offset, insert: "" });
        if (wanted !== defaultPacked) return { error: "unexpected packing option" };
      } else {
        const number = found.at([3])!;
        const option = found.syntax === "editions" ? `features.repeated_field_encoding = ${wanted ? "PACKED" : "EXPANDED"}` : `packed = ${wanted}`;
        edits.push({ from: number.end!.offset, to: number.end!.offset, insert: ` [${option}]` });
      }
      break;
    }
    case "cardinality": {
      const typeStart = (found.at([5]) ?? found.at([6]))!.start.offset;
      if (f.label === 3) {
        edits.push({ from: label!.start.offset, to: typeStart, insert: found.syntax === "proto2" ? "optional " : "" });
        if (bracket) {
          let from = bracket.start.offset;
          while (from > 0 && (text[from - 1] === " " || text[from - 1] === "\t")) from--;
          edits.push({ from, to: bracket.end!.offset, insert: "" });
        }
      } else {
        edits.push({ from: label ? label.start.offset : typeStart, to: typeStart, insert: "repeated " });
      }
      break;
    }
    case "oneof": {
      // A oneof member has no label (proto2's optional, proto3's optional go).
      const typeStart = (found.at([5]) ?? found.at([6]))!.start.offset;
      const body = text.slice(typeStart, end);
      const replacement = `oneof ${f.name}_choice {\n${indent}  ${body}\n${indent}}`;
      edits.push({ from: start, to: end, insert: replacement });
      break;
    }
    case "delete": {
      const name = found.syntax === "editions" ? f.name : `"${f.name}"`;
      const reserved = change.reserve === "none" ? "" : change.reserve === "number" ? `reserved ${f.number};` : `reserved ${f.number};\n${indent}reserved ${name};`;
      if (reserved) edits.push({ from: start, to: end, insert: reserved });
      else {
        // The whole line when the field is alone on it.
        const lineEnd = text.indexOf("\n", end);
        const rest = text.slice(end, lineEnd < 0 ? text.length : lineEnd);
        const alone = text.slice(lineStart, start).trim() === "" && rest.trim() === "";
        if (alone) edits.push({ from: lineStart, to: lineEnd < 0 ? text.length : lineEnd + 1, insert: "" });
        else edits.push({ from: start, to: end, insert: "" });
      }
      break;
    }
  }
  return { text: applyEdits(text, edits) };
}
