/**
 * buf's breaking rules comparing each field with its previous version: the same number in the
 * same message, or for extensions the same number of the same extended message. Type, wire and
 * JSON compatibility, cardinality, name, json_name, default, oneof, and the options and features
 * that change generated code (jstype, C++ string type, UTF-8 validation).
 */
import {
  ALL_FOUR,
  at,
  FILE_PACKAGE,
  FILE_PACKAGE_WIRE_JSON,
  fieldAt,
  fieldDefaultAt,
  fieldFeatureAt,
  fieldOptionAt,
  fieldPartAt,
  firstOf,
  messagePairs,
  once,
  q,
  WIRE_JSON_ONLY,
  WIRE_ONLY,
  type BreakingContext,
  type BreakingRule,
} from "./breaking-context.ts";
import { EDITION_2024 } from "../schema/features.ts";
import { cardinality, fieldKind, isSet, kindName, T, type Cardinality, type Fld, type Side } from "./breaking-model.ts";
import { describeField } from "./breaking-rules-types.ts";
import { canHaveDefault, defaultsEqual, fieldDefault, isZeroDefault } from "./field-default.ts";

/** Each field of the previous version with its current version (made once per run). */
function fieldPairs(ctx: BreakingContext): [Fld, Fld][] {
  return once(ctx, "fields", () => {
    const out: [Fld, Fld][] = [];
    for (const [cur, prev] of messagePairs(ctx)) {
      const now = cur.fieldsByNumber();
      for (const [number, f] of prev.fieldsByNumber()) {
        const c = now.get(number);
        if (c !== undefined) out.push([c, f]);
      }
    }
    const now = extensionsByExtendee(ctx.current);
    for (const [extendee, numbers] of extensionsByExtendee(ctx.against)) {
      const current = now.get(extendee);
      if (current === undefined) continue;
      for (const [number, f] of numbers) {
        const c = current.get(number);
        if (c !== undefined) out.push([c, f]);
      }
    }
    return out;
  });
}

/** extendee -> number -> extension, over every file of a side. */
function extensionsByExtendee(side: Side): Map<string, Map<number, Fld>> {
  const out = new Map<string, Map<number, Fld>>();
  for (const file of side.files) {
    for (const e of file.allExtensions) {
      let numbers = out.get(e.extendee);
      if (numbers === undefined) out.set(e.extendee, (numbers = new Map()));
      if (!numbers.has(e.number)) numbers.set(e.number, e);
    }
  }
  return out;
}

/** A rule over field pairs. */
function fieldRule(id: string, categories: BreakingRule["categories"], purpose: string, check: (ctx: BreakingContext, cur: Fld, prev: Fld, id: string) => void): BreakingRule {
  return {
    id,
    categories,
    purpose,
    check(ctx) {
      for (const [cur, prev] of fieldPairs(ctx)) check(ctx, cur, prev, id);
    },
  };
}

/** Fields of map entries (generated) are not compared by the cardinality and C++ rules. */
const inMapEntry = (f: Fld): boolean => !f.isExtension && f.message?.isMapEntry === true;

// ------------------------------------------------------------------ cardinality

function cardinalityRule(id: string, categories: BreakingRule["categories"], purpose: string, group: (c: Cardinality) => number | Cardinality): BreakingRule {
  return fieldRule(id, categories, purpose, (ctx, cur, prev) => {
    if (inMapEntry(prev) && inMapEntry(cur)) return;
    const before = cardinality(prev);
    const after = cardinality(cur);
    if (group(before) === group(after)) return;
    ctx.report(id, { loc: fieldAt(cur), path: cur.file.path }, { loc: fieldAt(prev) }, `${describeField(cur)} changed cardinality from ${q(before)} to ${q(after)}.`);
  });
}

const WIRE_CARDINALITY: Record<Cardinality, number> = {
  "optional with explicit presence": 1,
  "optional with implicit presence": 1,
  required: 2,
  repeated: 3,
  map: 3,
};
/** Maps and repeated fields share a wire format but not a JSON one. */
const WIRE_JSON_CARDINALITY: Record<Cardinality, number> = { ...WIRE_CARDINALITY, map: 4 };

// ------------------------------------------------------------------ types

const WIRE_NOTE = "See https://developers.google.com/protocol-buffers/docs/proto3#updating for wire compatibility rules.";
const BYTES_TO_STRING_NOTE =
  "Note that while string and bytes are compatible if the data is valid UTF-8, there is no way to enforce that a bytes field is UTF-8, so these fields may be incompatible.";
const WIRE_JSON_NOTE =
  "See https://developers.google.com/protocol-buffers/docs/proto3#updating for wire compatibility rules and https://developers.google.com/protocol-buffers/docs/proto3#json for JSON compatibility rules.";

/** Kinds that read each other's bytes (proto3 "Updating a message type"), by kind. */
const WIRE_GROUPS: Record<number, number> = {
  [T.INT32]: 1, [T.INT64]: 1, [T.UINT32]: 1, [T.UINT64]: 1, [T.BOOL]: 1,
  [T.SINT32]: 2, [T.SINT64]: 2,
  [T.STRING]: 3, [T.BYTES]: 4,
  [T.FIXED32]: 5, [T.SFIXED32]: 5, [T.FIXED64]: 6, [T.SFIXED64]: 6,
  [T.DOUBLE]: 7, [T.FLOAT]: 8, [T.GROUP]: 9, [T.MESSAGE]: 10, [T.ENUM]: 11,
};

/** Kinds compatible both on the wire and in JSON. */
const WIRE_JSON_GROUPS: Record<number, number> = {
  [T.INT32]: 1, [T.UINT32]: 1, [T.INT64]: 2, [T.UINT64]: 2,
  [T.FIXED32]: 3, [T.SFIXED32]: 3, [T.FIXED64]: 4, [T.SFIXED64]: 4,
  [T.BOOL]: 5, [T.SINT32]: 6, [T.SINT64]: 7, [T.STRING]: 8, [T.BYTES]: 9,
  [T.DOUBLE]: 10, [T.FLOAT]: 11, [T.GROUP]: 12, [T.MESSAGE]: 13, [T.ENUM]: 14,
};

const namedKind = (kind: number): boolean => kind === T.MESSAGE || kind === T.ENUM || kind === T.GROUP;

/** "changed type from "int32" to "int64"", at the type (or type name) of each version. */
function reportKindChange(ctx: BreakingContext, id: string, cur: Fld, prev: Fld, notes: string[] = []): void {
  const extra = notes.join(" ").trim();
  ctx.report(
    id,
    { loc: fieldPartAt(cur, namedKind(fieldKind(cur)) ? 6 : 5), path: cur.file.path },
    { loc: fieldPartAt(prev, namedKind(fieldKind(prev)) ? 6 : 5) },
    `${describeField(cur)} changed type from ${q(kindName(prev))} to ${q(kindName(cur))}.${extra === "" ? "" : ` ${extra}`}`,
  );
}

/** "changed type from "pkg.A" to "pkg.B"", at the type names. */
function reportTypeNameChange(ctx: BreakingContext, id: string, cur: Fld, prev: Fld): void {
  ctx.report(
    id,
    { loc: fieldPartAt(cur, 6), path: cur.file.path },
    { loc: fieldPartAt(prev, 6) },
    `${describeField(cur)} changed type from ${q(prev.typeName)} to ${q(cur.typeName)}.`,
  );
}

/**
 * An enum field moved to another enum type stays wire compatible when the new enum has the same
 * short name and every old value (name and number).
 */
function checkEnumTypeChange(ctx: BreakingContext, id: string, cur: Fld, prev: Fld): void {
  const before = ctx.against.enums.get(prev.typeName);
  const after = ctx.current.enums.get(cur.typeName);
  if (before === undefined || after === undefined) return;
  const numbers = new Map<string, number>();
  for (const v of after.values) if (!numbers.has(v.name)) numbers.set(v.name, v.number);
  const subset = before.values.every((v) => numbers.get(v.name) === v.number);
  if (before.name !== after.name || !subset) reportTypeNameChange(ctx, id, cur, prev);
}

const fieldSameType = fieldRule("FIELD_SAME_TYPE", FILE_PACKAGE, "Checks that fields have the same types in a given message.", (ctx, cur, prev, id) => {
  if (fieldKind(prev) !== fieldKind(cur)) reportKindChange(ctx, id, cur, prev);
  else if (namedKind(cur.proto.type) && prev.typeName !== cur.typeName) reportTypeNameChange(ctx, id, cur, prev);
});

const fieldWireCompatibleType = fieldRule(
  "FIELD_WIRE_COMPATIBLE_TYPE",
  WIRE_ONLY,
  "Checks that fields have wire-compatible types in a given message.",
  (ctx, cur, prev, id) => {
    const before = fieldKind(prev);
    const after = fieldKind(cur);
    if (WIRE_GROUPS[before] !== WIRE_GROUPS[after]) {
      if (before === T.STRING && after === T.BYTES) return;
      reportKindChange(ctx, id, cur, prev, before === T.BYTES && after === T.STRING ? [WIRE_NOTE, BYTES_TO_STRING_NOTE] : [WIRE_NOTE]);
    } else if (prev.typeName !== cur.typeName) {
      if (cur.proto.type === T.ENUM) checkEnumTypeChange(ctx, id, cur, prev);
      else if (cur.proto.type === T.GROUP || cur.proto.type === T.MESSAGE) reportTypeNameChange(ctx, id, cur, prev);
    }
  },
);

const fieldWireJsonCompatibleType = fieldRule(
  "FIELD_WIRE_JSON_COMPATIBLE_TYPE",
  WIRE_JSON_ONLY,
  "Checks that fields have wire and JSON compatible types in a given message.",
  (ctx, cur, prev, id) => {
    const after = fieldKind(cur);
    if (WIRE_JSON_GROUPS[fieldKind(prev)] !== WIRE_JSON_GROUPS[after]) reportKindChange(ctx, id, cur, prev, [WIRE_JSON_NOTE]);
    else if (prev.typeName !== cur.typeName) {
      if (after === T.ENUM) checkEnumTypeChange(ctx, id, cur, prev);
      else if (after === T.GROUP || after === T.MESSAGE) reportTypeNameChange(ctx, id, cur, prev);
    }
  },
);

// ------------------------------------------------------------------ generated-code options and features

const UTF8_VALIDATION: Record<number, string> = { 0: "UTF8_VALIDATION_UNKNOWN", 2: "VERIFY", 3: "NONE" };
const VERIFY = 2;

const fieldSameUtf8Validation = fieldRule(
  "FIELD_SAME_UTF8_VALIDATION",
  FILE_PACKAGE,
  "Checks that string fields have the same UTF8 validation mode.",
  (ctx, cur, prev, id) => {
    if (fieldKind(prev) !== T.STRING || fieldKind(cur) !== T.STRING) return;
    const before = prev.features().utf8Validation;
    const after = cur.features().utf8Validation;
    if (before === after) return;
    ctx.report(
      id,
      { loc: firstOf(fieldFeatureAt(cur, 4), fieldAt(cur)), path: cur.file.path },
      { loc: firstOf(fieldFeatureAt(prev, 4), fieldAt(prev)) },
      `${describeField(cur)} changed UTF8 validation from ${UTF8_VALIDATION[before] ?? before} to ${UTF8_VALIDATION[after] ?? after}.`,
    );
  },
);

/**
 * Java's UTF-8 checking: java_string_check_utf8 = true means VERIFY (outside editions, or when the
 * file sets it), else (pb.java).utf8_validation = VERIFY does; otherwise the field's utf8_validation.
 */
function javaUtf8Validation(f: Fld): number {
  const standard = f.features().utf8Validation;
  const options = f.file.proto.options;
  if (f.file.syntax !== "editions" || isSet(options, "javaStringCheckUtf8")) return options?.javaStringCheckUtf8 === true ? VERIFY : standard;
  return f.features().javaUtf8Validation === VERIFY ? VERIFY : standard;
}

/** (pb.java) is FeatureSet extension 1001; its utf8_validation is field 2. */
const JAVA_UTF8_FEATURE = [1001, 2];
/** (pb.cpp) is FeatureSet extension 1000; its string_type is field 2. */
const CPP_STRING_TYPE_FEATURE = [1000, 2];

const fieldSameJavaUtf8Validation = fieldRule(
  "FIELD_SAME_JAVA_UTF8_VALIDATION",
  FILE_PACKAGE,
  "Checks that fields have the same Java string UTF8 validation, based on java_string_check_utf8 file option or (pb.java).utf8_validation feature.",
  (ctx, cur, prev, id) => {
    if (fieldKind(prev) !== T.STRING || fieldKind(cur) !== T.STRING) return;
    const before = javaUtf8Validation(prev);
    const after = javaUtf8Validation(cur);
    if (before === after) return;
    ctx.report(
      id,
      { loc: firstOf(at(cur.file, [8, 27]), fieldFeatureAt(cur, ...JAVA_UTF8_FEATURE), fieldAt(cur)), path: cur.file.path },
      { loc: firstOf(at(prev.file, [8, 27]), fieldFeatureAt(prev, ...JAVA_UTF8_FEATURE), fieldAt(prev)) },
      `${describeField(cur)} changed Java string UTF8 validation from ${q(UTF8_VALIDATION[before] ?? String(before))} to ${q(UTF8_VALIDATION[after] ?? String(after))}.`,
    );
  },
);

const CPP_STRING_TYPES: Record<number, string> = { 0: "STRING_TYPE_UNKNOWN", 1: "VIEW", 2: "CORD", 3: "STRING" };
const CPP_STRING = 3;
const CPP_CORD = 2;

/** The C++ string type: the ctype option where it still counts, else (pb.cpp).string_type. */
function cppStringType(f: Fld): { type: number; piece: boolean } {
  const options = f.proto.options;
  if (!(f.file.syntax === "editions" && f.file.proto.edition >= EDITION_2024) && isSet(options, "ctype")) {
    switch (options!.ctype) {
      case 1:
        return { type: CPP_CORD, piece: false };
      case 2:
        return { type: CPP_STRING, piece: true };
      case 0:
        return { type: CPP_STRING, piece: false };
      default:
        if (f.file.syntax !== "editions") return { type: CPP_STRING, piece: false };
    }
  }
  return { type: f.features().cppStringType, piece: false };
}

const fieldSameCppStringType = fieldRule(
  "FIELD_SAME_CPP_STRING_TYPE",
  FILE_PACKAGE,
  "Checks that fields have the same C++ string type, based on ctype field option or (pb.cpp).string_type feature.",
  (ctx, cur, prev, id) => {
    if (inMapEntry(prev) && inMapEntry(cur)) return;
    const stringy = (f: Fld) => fieldKind(f) === T.STRING || fieldKind(f) === T.BYTES;
    if (!stringy(prev) || !stringy(cur)) return;
    const before = cppStringType(prev);
    const after = cppStringType(cur);
    if (before.type === after.type && before.piece === after.piece) return;
    // Moving from STRING_PIECE to STRING is fine.
    if (before.piece && after.type === CPP_STRING) return;
    const name = (t: { type: number; piece: boolean }) => (t.piece ? "STRING_PIECE" : (CPP_STRING_TYPES[t.type] ?? String(t.type)));
    ctx.report(
      id,
      { loc: firstOf(fieldOptionAt(cur, 1), fieldFeatureAt(cur, ...CPP_STRING_TYPE_FEATURE), fieldAt(cur)), path: cur.file.path },
      { loc: firstOf(fieldOptionAt(prev, 1), fieldFeatureAt(prev, ...CPP_STRING_TYPE_FEATURE), fieldAt(prev)) },
      `${describeField(cur)} changed C++ string type from ${q(name(before))} to ${q(name(after))}.`,
    );
  },
);

const JS_TYPES: Record<number, string> = { 0: "JS_NORMAL", 1: "JS_STRING", 2: "JS_NUMBER" };
const is64BitInteger = (type: number): boolean => type === T.INT64 || type === T.SINT64 || type === T.UINT64 || type === T.FIXED64 || type === T.SFIXED64;

const fieldSameJstype = fieldRule("FIELD_SAME_JSTYPE", FILE_PACKAGE, "Checks that fields have the same value for the jstype option.", (ctx, cur, prev, id) => {
  if (!is64BitInteger(prev.proto.type) || !is64BitInteger(cur.proto.type)) return;
  const before = prev.proto.options?.jstype ?? 0;
  const after = cur.proto.options?.jstype ?? 0;
  if (before === after) return;
  ctx.report(
    id,
    { loc: firstOf(fieldOptionAt(cur, 6), fieldAt(cur)), path: cur.file.path },
    { loc: firstOf(fieldOptionAt(prev, 6), fieldAt(prev)) },
    `${describeField(cur)} changed option "jstype" from ${q(JS_TYPES[before] ?? String(before))} to ${q(JS_TYPES[after] ?? String(after))}.`,
  );
});

// ------------------------------------------------------------------ names, defaults, oneofs

const fieldSameJsonName = fieldRule("FIELD_SAME_JSON_NAME", FILE_PACKAGE_WIRE_JSON, "Checks that fields have the same value for the json_name option.", (ctx, cur, prev, id) => {
  // Extensions cannot set json_name.
  if (prev.isExtension || prev.proto.jsonName === cur.proto.jsonName) return;
  ctx.report(
    id,
    { loc: firstOf(at(cur.file, [...cur.path, 10]), fieldAt(cur)), path: cur.file.path },
    { loc: firstOf(at(prev.file, [...prev.path, 10]), fieldAt(prev)) },
    `${describeField(cur)} changed option "json_name" from ${q(prev.proto.jsonName)} to ${q(cur.proto.jsonName)}.`,
  );
});

const fieldSameName = fieldRule("FIELD_SAME_NAME", FILE_PACKAGE_WIRE_JSON, "Checks that fields have the same names in a given message.", (ctx, cur, prev, id) => {
  const before = prev.isExtension ? prev.fullName : prev.name;
  const after = prev.isExtension ? cur.fullName : cur.name;
  if (before === after) return;
  ctx.report(id, { loc: fieldPartAt(cur, 1), path: cur.file.path }, { loc: fieldPartAt(prev, 1) }, `${describeField(cur, "")} changed name from ${q(before)} to ${q(after)}.`);
});

const fieldSameDefault = fieldRule(
  "FIELD_SAME_DEFAULT",
  ALL_FOUR,
  "Checks that fields have the same default value, if a default is specified.",
  (ctx, cur, prev, id) => {
    if (!canHaveDefault(prev) || !canHaveDefault(cur)) return;
    const before = fieldDefault(prev);
    const after = fieldDefault(cur);
    if (before === undefined || after === undefined) return;
    if (isZeroDefault(before) && isZeroDefault(after)) return;
    if (defaultsEqual(before, after)) return;
    ctx.report(
      id,
      { loc: firstOf(fieldDefaultAt(cur), fieldAt(cur)), path: cur.file.path },
      { loc: firstOf(fieldDefaultAt(prev), fieldAt(prev)) },
      `${describeField(cur)} changed default value from ${before.printable} to ${after.printable}.`,
    );
  },
);

const fieldSameOneof = fieldRule("FIELD_SAME_ONEOF", ALL_FOUR, "Checks that fields have the same oneofs in a given message.", (ctx, cur, prev, id) => {
  if (prev.isExtension) return;
  // proto3 `optional` fields sit in synthetic oneofs: presence rules see those, this one does not.
  const before = prev.oneof?.synthetic === false ? prev.oneof : undefined;
  const after = cur.oneof?.synthetic === false ? cur.oneof : undefined;
  if (before === undefined && after === undefined) return;
  const where = { loc: fieldAt(cur), path: cur.file.path };
  const was = { loc: fieldAt(prev) };
  if (before !== undefined && after !== undefined) {
    // buf's message has a stray "q" here ("%sq moved"), kept as buf prints it.
    if (before.name !== after.name) ctx.report(id, where, was, `${describeField(cur)}q moved from oneof ${q(before.name)} to oneof ${q(after.name)}.`);
    return;
  }
  const [from, to] = after !== undefined ? ["outside", "inside"] : ["inside", "outside"];
  ctx.report(id, where, was, `${describeField(cur)} moved from ${from} to ${to} a oneof.`);
});

export const fieldRules: BreakingRule[] = [
  cardinalityRule("FIELD_SAME_CARDINALITY", FILE_PACKAGE, "Checks that fields have the same cardinalities in a given message.", (c) => c),
  fieldSameCppStringType,
  fieldSameDefault,
  fieldSameJavaUtf8Validation,
  fieldSameJsonName,
  fieldSameJstype,
  fieldSameName,
  fieldSameOneof,
  fieldSameType,
  fieldSameUtf8Validation,
  cardinalityRule("FIELD_WIRE_COMPATIBLE_CARDINALITY", WIRE_ONLY, "Checks that fields have wire-compatible cardinalities in a given message.", (c) => WIRE_CARDINALITY[c]),
  fieldWireCompatibleType,
  cardinalityRule(
    "FIELD_WIRE_JSON_COMPATIBLE_CARDINALITY",
    WIRE_JSON_ONLY,
    "Checks that fields have wire and JSON compatible cardinalities in a given message.",
    (c) => WIRE_JSON_CARDINALITY[c],
  ),
  fieldWireJsonCompatibleType,
];
