/**
 * Option interpretation, the way protoc's OptionInterpreter does it: every `option a.(b).c = v`
 * is resolved against the options message (google.protobuf.FieldOptions, ...) and encoded as
 * wire-format bytes; the bytes of all options of one element are then decoded into the options
 * message, so standard options become fields and custom options (extensions) stay unknown fields,
 * exactly like a protoc-built descriptor. SourceCodeInfo paths of interpreted options are
 * rewritten from `[..., 999, i]` to the option's field path, as protoc does.
 */
import { fromBinary, toBinary, type DescMessage } from "@bufbuild/protobuf";
import type { UninterpretedOption } from "@bufbuild/protobuf/wkt";
import {
  EnumOptionsSchema,
  EnumValueOptionsSchema,
  ExtensionRangeOptionsSchema,
  FieldDescriptorProto_Label as Label,
  FieldDescriptorProto_Type as Type,
  FieldOptionsSchema,
  FileOptionsSchema,
  MessageOptionsSchema,
  MethodOptionsSchema,
  OneofOptionsSchema,
  ServiceOptionsSchema,
} from "@bufbuild/protobuf/wkt";
import { isFieldSet } from "@bufbuild/protobuf";
import { UninterpretedOptionSchema } from "@bufbuild/protobuf/wkt";
import type { FileBuilder } from "./linker.ts";
import { ByteWriter } from "./byte-writer.ts";
import { parseAggregate } from "./aggregate.ts";
import { enumValueNumber, messageFields, writeInteger, type OptionField } from "./option-fields.ts";
import { canonicalCustomOptions } from "./option-canonical.ts";

export type OptionsKind = "file" | "message" | "field" | "oneof" | "enum" | "enumValue" | "service" | "method" | "extensionRange";

export interface OptionsToInterpret {
  /** The element whose `options` these are. */
  owner: { options?: unknown };
  /** The scope custom option names are resolved from (protoc's name_scope). */
  nameScope: string;
  elementName: string;
  options: { uninterpretedOption: UninterpretedOption[] };
  /** The SourceCodeInfo path of the options field of the element. */
  path: number[];
  kind: OptionsKind;
}

/** The options message of each kind of element: google.protobuf.FileOptions, MessageOptions, ... */
export const OPTIONS_SCHEMAS: Record<OptionsKind, DescMessage> = {
  file: FileOptionsSchema,
  message: MessageOptionsSchema,
  field: FieldOptionsSchema,
  oneof: OneofOptionsSchema,
  enum: EnumOptionsSchema,
  enumValue: EnumValueOptionsSchema,
  service: ServiceOptionsSchema,
  method: MethodOptionsSchema,
  extensionRange: ExtensionRangeOptionsSchema,
};

class OptionError extends Error {
  constructor(
    readonly kind: "OPTION_NAME" | "OPTION_VALUE",
    message: string,
  ) {
    super(message);
  }
}

export function interpretOptions(builder: FileBuilder): void {
  const interpretedPaths = new Map<string, number[]>();
  for (const item of builder.optionsToInterpret) {
    const originals = item.options.uninterpretedOption;
    if (originals.length === 0) continue;
    item.options.uninterpretedOption = [];
    // Like protoc: what was already set (e.g. map_entry) first, then the interpreted options.
    const writer = new ByteWriter().raw(toBinary(OPTIONS_SCHEMAS[item.kind], item.options as never));
    const setNumbers: number[] = [];
    const repeatedCounts = new Map<string, number>();
    let failed = false;
    for (let i = 0; i < originals.length; i++) {
      const option = originals[i]!;
      try {
        const dest = interpretOne(builder, item, option, writer, setNumbers, repeatedCounts);
        interpretedPaths.set([...item.path, 999, i].join(","), dest);
      } catch (e) {
        if (!(e instanceof OptionError)) throw e;
        builder.error(option, e.kind, e.message, "protoc/option");
        failed = true;
        break;
      }
    }
    if (failed) continue;
    const decoded = fromBinary(OPTIONS_SCHEMAS[item.kind], writer.finish());
    if (decoded.$unknown) decoded.$unknown = canonicalCustomOptions(builder.pool, OPTIONS_SCHEMAS[item.kind].typeName, decoded.$unknown);
    const target = item.options as Record<string, unknown>;
    for (const key of Object.keys(target)) if (key !== "$typeName") delete target[key];
    Object.assign(target, decoded);
  }
  if (interpretedPaths.size > 0) updateSourceCodeInfo(builder, interpretedPaths);
}

function interpretOne(
  builder: FileBuilder,
  item: OptionsToInterpret,
  option: UninterpretedOption,
  writer: ByteWriter,
  setNumbers: number[],
  repeatedCounts: Map<string, number>,
): number[] {
  if (option.name.length === 0) throw new OptionError("OPTION_NAME", "Option must have a name.");
  if (option.name[0]!.namePart === "uninterpreted_option") {
    throw new OptionError("OPTION_NAME", 'Option must not use reserved name "uninterpreted_option".');
  }
  const optionsTypeName = OPTIONS_SCHEMAS[item.kind].typeName;
  // protoc looks the options message up in the pool first (which counts as using its import).
  builder.findSymbolNotEnforcingDeps(optionsTypeName);
  let descriptor = optionsTypeName;
  let field: OptionField | undefined;
  const intermediates: OptionField[] = [];
  let debugName = "";
  const dest = [...item.path];
  for (let i = 0; i < option.name.length; i++) {
    builder.undefineResolvedName = "";
    const part = option.name[i]!;
    if (debugName.length > 0) debugName += ".";
    if (part.isExtension) {
      debugName += "(" + part.namePart + ")";
      const sym = builder.lookupSymbol(part.namePart, item.nameScope);
      field =
        sym?.kind === "field"
          ? { proto: sym.proto, fullName: sym.fullName, containing: sym.isExtension ? sym.proto.extendee.replace(/^\./, "") : sym.parentFullName }
          : undefined;
    } else {
      debugName += part.namePart;
      field = messageFields(builder, descriptor)?.fields.find((f) => f.proto.name === part.namePart);
    }
    if (!field) {
      if (builder.undefineResolvedName !== "") {
        throw new OptionError(
          "OPTION_NAME",
          `Option "${debugName}" is resolved to "(${builder.undefineResolvedName})", which is not defined. The innermost scope is searched first in name resolution. Consider using a leading '.'(i.e., "(.${debugName.slice(1)}") to start from the outermost scope.`,
        );
      }
      throw new OptionError("OPTION_NAME", `Option "${debugName}" unknown. Ensure that your proto definition file imports the proto which defines the option (i.e. via import option after edition 2024).`);
    }
    if (field.containing !== descriptor) {
      throw new OptionError("OPTION_NAME", `Option field "${debugName}" is not a field or extension of message "${shortName(descriptor)}".`);
    }
    dest.push(field.proto.number);
    if (i < option.name.length - 1) {
      const t = field.proto.type;
      if (t !== Type.MESSAGE && t !== Type.GROUP) throw new OptionError("OPTION_NAME", `Option "${debugName}" is an atomic type, not a message.`);
      if (field.proto.label === Label.REPEATED) {
        throw new OptionError(
          "OPTION_NAME",
          `Option field "${debugName}" is a repeated message. Repeated message options must be initialized using an aggregate value.`,
        );
      }
      intermediates.push(field);
      descriptor = field.proto.typeName.replace(/^\./, "");
    }
  }
  const innermost = field!;
  const repeated = innermost.proto.label === Label.REPEATED;
  if (!repeated && intermediates.length === 0 && setNumbers.includes(innermost.proto.number)) {
    throw new OptionError("OPTION_NAME", `Option "${debugName}" was already set.`);
  }
  let value = new ByteWriter();
  setOptionValue(builder, innermost, option, value);
  for (let i = intermediates.length - 1; i >= 0; i--) {
    const f = intermediates[i]!;
    const outer = new ByteWriter();
    if (f.proto.type === Type.GROUP) {
      outer.tag(f.proto.number, 3).raw(value.finish()).tag(f.proto.number, 4);
    } else {
      outer.tag(f.proto.number, 2).bytes(value.finish());
    }
    value = outer;
  }
  const top = intermediates[0] ?? innermost;
  setNumbers.push(top.proto.number);
  writer.raw(value.finish());
  if (repeated) {
    const key = dest.join(",");
    const index = repeatedCounts.get(key) ?? 0;
    repeatedCounts.set(key, index + 1);
    dest.push(index);
  }
  return dest;
}

function shortName(fullName: string): string {
  return fullName.slice(fullName.lastIndexOf(".") + 1);
}

const has = (o: UninterpretedOption, name: "positiveIntValue" | "negativeIntValue" | "doubleValue" | "identifierValue" | "stringValue" | "aggregateValue") =>
  isFieldSet(o, UninterpretedOptionSchema.field[name]);

/** An integer option type as protoc checks it: the name its messages use, and its range. */
interface IntegerType {
  name: string;
  min: bigint;
  max: bigint;
}
const INT32: IntegerType = { name: "int32", min: -2147483648n, max: 2147483647n };
const INT64: IntegerType = { name: "int64", min: -9223372036854775808n, max: 9223372036854775807n };
const UINT32: IntegerType = { name: "uint32", min: 0n, max: 4294967295n };
const UINT64: IntegerType = { name: "uint64", min: 0n, max: 18446744073709551615n };
/** Each integer field type; protoc names sint32 and sfixed32 "int32", fixed32 "uint32", and so on. */
const INTEGER_TYPES: ReadonlyMap<Type, IntegerType> = new Map([
  [Type.INT32, INT32],
  [Type.SINT32, INT32],
  [Type.SFIXED32, INT32],
  [Type.INT64, INT64],
  [Type.SINT64, INT64],
  [Type.SFIXED64, INT64],
  [Type.UINT32, UINT32],
  [Type.FIXED32, UINT32],
  [Type.UINT64, UINT64],
  [Type.FIXED64, UINT64],
]);

/**
 * An integer option's value, with protoc's errors: a positive value above the type's maximum, a
 * negative one for a signed type below its minimum, or no integer (or a negative one for an
 * unsigned type). The checks protoc leaves out cannot fail: a uint64 positive_int_value and an
 * int64 negative_int_value always fit.
 */
function integerValue(o: UninterpretedOption, { name, min, max }: IntegerType, full: string): bigint {
  const outOfRange = () => new OptionError("OPTION_VALUE", `Value out of range, ${min} to ${max}, for ${name} option "${full}".`);
  if (has(o, "positiveIntValue")) {
    if (o.positiveIntValue > max) throw outOfRange();
    return o.positiveIntValue;
  }
  if (min < 0n && has(o, "negativeIntValue")) {
    if (o.negativeIntValue < min) throw outOfRange();
    return o.negativeIntValue;
  }
  throw new OptionError("OPTION_VALUE", `Value must be integer, from ${min} to ${max}, for ${name} option "${full}".`);
}

function setOptionValue(builder: FileBuilder, field: OptionField, o: UninterpretedOption, w: ByteWriter): void {
  const f = field.proto;
  const n = f.number;
  const full = field.fullName;
  const valueError = (m: string) => new OptionError("OPTION_VALUE", m);
  const integer = INTEGER_TYPES.get(f.type);
  if (integer !== undefined) {
    writeInteger(w, f.type, n, integerValue(o, integer, full));
    return;
  }
  switch (f.type) {
    case Type.FLOAT:
    case Type.DOUBLE: {
      let v: number;
      if (has(o, "doubleValue")) v = o.doubleValue;
      else if (has(o, "positiveIntValue")) v = Number(o.positiveIntValue);
      else if (has(o, "negativeIntValue")) v = Number(o.negativeIntValue);
      else if (o.identifierValue === "inf") v = Infinity;
      else if (o.identifierValue === "nan") v = NaN;
      else throw valueError(`Value must be number for ${f.type === Type.FLOAT ? "float" : "double"} option "${full}".`);
      if (f.type === Type.FLOAT) w.tag(n, 5).float(v);
      else w.tag(n, 1).double(v);
      return;
    }
    case Type.BOOL:
      if (!has(o, "identifierValue")) throw valueError(`Value must be identifier for boolean option "${full}".`);
      if (o.identifierValue === "true") w.tag(n, 0).varint(1n);
      else if (o.identifierValue === "false") w.tag(n, 0).varint(0n);
      else throw valueError(`Value must be "true" or "false" for boolean option "${full}".`);
      return;
    case Type.ENUM: {
      if (!has(o, "identifierValue")) throw valueError(`Value must be identifier for enum-valued option "${full}".`);
      const enumName = f.typeName.replace(/^\./, "");
      const sym = builder.pool.find(enumName);
      if (sym?.kind === "enum") {
        const scope = enumName.slice(0, enumName.length - sym.proto.name.length);
        const candidate = builder.findSymbolNotEnforcingDeps(scope + o.identifierValue);
        if (candidate?.kind === "enumValue" && candidate.enumFullName !== enumName) {
          throw valueError(
            `Enum type "${enumName}" has no value named "${o.identifierValue}" for option "${full}". This appears to be a value from a sibling type.`,
          );
        }
      }
      const number = enumValueNumber(builder, enumName, o.identifierValue);
      if (number === undefined) throw valueError(`Enum type "${enumName}" has no value named "${o.identifierValue}" for option "${full}".`);
      w.tag(n, 0).varint(BigInt.asUintN(64, BigInt(number)));
      return;
    }
    case Type.STRING:
    case Type.BYTES:
      if (!has(o, "stringValue")) throw valueError(`Value must be quoted string for string option "${full}".`);
      w.tag(n, 2).bytes(o.stringValue);
      return;
    case Type.MESSAGE:
    case Type.GROUP: {
      if (!has(o, "aggregateValue")) {
        throw valueError(
          `Option "${full}" is a message. To set the entire message, use syntax like "${f.name} = { <proto text format> }". To set fields within it, use syntax like "${f.name}.foo = value".`,
        );
      }
      const typeName = f.typeName.replace(/^\./, "");
      const result = parseAggregate(builder, typeName, o.aggregateValue);
      if (typeof result === "string") throw valueError(`Error while parsing option value for "${f.name}": ${result}`);
      if (f.type === Type.GROUP) w.tag(n, 3).raw(result).tag(n, 4);
      else w.tag(n, 2).bytes(result);
      return;
    }
  }
}

function updateSourceCodeInfo(builder: FileBuilder, paths: Map<string, number[]>): void {
  const locs = builder.parsed.locations;
  const out: typeof locs = [];
  let matched: number[] | undefined;
  for (const loc of locs) {
    if (matched) {
      const m = matched;
      if (loc.path.length >= m.length && m.every((p, i) => loc.path[i] === p)) continue;
      matched = undefined;
    }
    const dest = paths.get(loc.path.join(","));
    if (!dest) {
      out.push(loc);
      continue;
    }
    matched = loc.path;
    out.push({ ...loc, path: dest });
  }
  locs.length = 0;
  locs.push(...out);
}

/** FeatureSet's fields that descriptor.proto marks `retention = RETENTION_SOURCE`. */
const SOURCE_FEATURES = ["enforceNamingStyle", "defaultSymbolVisibility", "enforceProtoLimits"] as const;
const SOURCE_FEATURE_NUMBERS = [7, 8, 9];

/**
 * What protoc 36 writes: options marked `retention = RETENTION_SOURCE` (extension declarations and
 * verification, three features, and custom options declared so) are left out of the descriptor,
 * and so are their SourceCodeInfo locations. Run after validation, which still sees them.
 */
export function stripSourceRetention(builder: FileBuilder): void {
  const dropped: number[][] = [];
  const emptied: OptionsToInterpret[] = [];
  for (const item of builder.optionsToInterpret) {
    const options = item.options as Record<string, unknown> & { $unknown?: { no: number }[]; features?: Record<string, unknown> };
    const base = item.path;
    const before = dropped.length;
    if (item.kind === "extensionRange") {
      if (isFieldSet(options as never, ExtensionRangeOptionsSchema.field.declaration) && (options.declaration as unknown[]).length > 0) {
        options.declaration = [];
        dropped.push([...base, 2]);
      }
      if (isFieldSet(options as never, ExtensionRangeOptionsSchema.field.verification)) {
        delete options.verification;
        dropped.push([...base, 3]);
      }
    }
    const features = options.features;
    // `features` is field 50 of FileOptions, 12 of MessageOptions, 21 of FieldOptions, ...
    const featuresField = OPTIONS_SCHEMAS[item.kind].fields.find((f) => f.name === "features")!.number;
    if (features) {
      SOURCE_FEATURES.forEach((key, i) => {
        if (features[key] !== undefined && features[key] !== 0) {
          delete features[key];
          dropped.push([...base, featuresField, SOURCE_FEATURE_NUMBERS[i]!]);
        }
      });
    }
    if (options.$unknown?.length) {
      const optionsType = OPTIONS_SCHEMAS[item.kind].typeName;
      const keep = options.$unknown.filter((u) => {
        const ext = builder.pool.extensions.get(`${optionsType}#${u.no}`);
        const source = ext?.kind === "field" && ext.proto.options?.retention === 2;
        if (source) dropped.push([...base, u.no]);
        return !source;
      });
      options.$unknown = keep;
    }
    if (dropped.length > before && isEmptyOptions(options)) {
      emptied.push(item);
      dropped.push(base);
    }
  }
  // Options left with nothing in them are not written at all.
  for (const item of emptied) removeOptions(item);
  if (dropped.length === 0) return;
  const locations = builder.parsed.locations;
  const startsWith = (path: readonly number[], prefix: number[]) => prefix.length <= path.length && prefix.every((n, i) => path[i] === n);
  for (let i = locations.length - 1; i >= 0; i--) {
    if (dropped.some((p) => startsWith(locations[i]!.path, p))) locations.splice(i, 1);
  }
}

function isEmptyOptions(options: Record<string, unknown>): boolean {
  for (const [key, value] of Object.entries(options)) {
    if (key === "$typeName") continue;
    if (key === "$unknown") {
      if ((value as unknown[]).length > 0) return false;
      continue;
    }
    if (Array.isArray(value) ? value.length > 0 : value !== undefined) return false;
  }
  return true;
}

/** Unsets the options field of the element that owns `item.options`. */
function removeOptions(item: OptionsToInterpret): void {
  if (item.owner.options === item.options) item.owner.options = undefined;
}
