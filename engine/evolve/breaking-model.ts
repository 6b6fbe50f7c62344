/**
 * One side of a breaking-change comparison: a FileDescriptorSet indexed the way buf's checks look
 * things up (files by path, messages, enums and services by full name, extensions by extendee and
 * number, elements by package and nested name), with each element's SourceCodeInfo path and its
 * resolved features (edition defaults, then file, message, oneof and element settings).
 *
 * Built once per side, in one walk; features and source locations are computed only when a rule
 * asks (locations only when a finding is reported), so a large clean comparison never pays for
 * them.
 */
import type {
  DescriptorProto,
  EnumDescriptorProto,
  EnumValueDescriptorProto,
  FeatureSet,
  FieldDescriptorProto,
  FileDescriptorProto,
  FileDescriptorSet,
  MethodDescriptorProto,
  OneofDescriptorProto,
  ServiceDescriptorProto,
} from "@bufbuild/protobuf/wkt";
import type { Features as CoreFeatures } from "../schema/features.ts";
import { readVarint } from "../wire/varint.ts";
import { FieldType, fieldTypeKeyword } from "../wire/wire-type.ts";
import { EDITION_2024, EDITION_PROTO2, EDITION_PROTO3, editionDefaults as coreDefaults, mergeFeatures } from "../schema/features.ts";

/** protobuf-es keeps explicitly set proto2 fields as own properties; unset ones read defaults. */
export const isSet = (o: object | undefined, key: string): boolean => o !== undefined && Object.prototype.hasOwnProperty.call(o, key);

export type Syntax = "proto2" | "proto3" | "editions";

// FieldDescriptorProto.Type and .Label numbers.
export const T = {
  DOUBLE: 1, FLOAT: 2, INT64: 3, UINT64: 4, INT32: 5, FIXED64: 6, FIXED32: 7, BOOL: 8, STRING: 9,
  GROUP: 10, MESSAGE: 11, BYTES: 12, UINT32: 13, ENUM: 14, SFIXED32: 15, SFIXED64: 16, SINT32: 17, SINT64: 18,
} as const;
export const LABEL_REQUIRED = 2;
export const LABEL_REPEATED = 3;

/** The protoreflect kind names (Go's Kind.String()), by FieldDescriptorProto.Type. */
export const KIND_NAMES: Readonly<Record<number, string>> = Object.fromEntries(Object.values(FieldType).map((t) => [t, fieldTypeKeyword(t)!]));

/**
 * Resolved feature values, as descriptor.proto's enum numbers: the core ones resolved by the
 * schema compiler's rules (engine/schema/features.ts), plus the two language features buf reads.
 */
export interface Features extends CoreFeatures {
  /** (pb.cpp).string_type, CppFeatures.StringType: VIEW 1, CORD 2, STRING 3. */
  cppStringType: number;
  /** (pb.java).utf8_validation, JavaFeatures.Utf8Validation: DEFAULT 1, VERIFY 2. */
  javaUtf8Validation: number;
}

/** The defaults each syntax or edition starts from (descriptor.proto's edition defaults). */
function editionDefaults(syntax: Syntax, edition: number): Features {
  const resolved = syntax === "editions" ? edition : syntax === "proto3" ? EDITION_PROTO3 : EDITION_PROTO2;
  return { ...coreDefaults(resolved), cppStringType: resolved >= EDITION_2024 ? 1 : 3, javaUtf8Validation: 1 };
}

/** Field numbers of the language features' extensions of FeatureSet and of the fields read. */
const CPP_FEATURES = 1000;
const CPP_STRING_TYPE = 2;
const JAVA_FEATURES = 1001;
const JAVA_UTF8_VALIDATION = 2;

/** Reads a varint at `pos`; returns [its low 32 bits, the next position] (values here are small enums; a broken one ends the bytes). */
function readVarint32(data: Uint8Array, pos: number): [number, number] {
  const [value, next] = readVarint(data, pos);
  return [Number(BigInt.asUintN(32, value)), next < 0 ? data.length : next];
}

/** The value of varint field `field` inside a language-features message's bytes, last one wins. */
function varintField(data: Uint8Array, field: number): number | undefined {
  let found: number | undefined;
  let pos = 0;
  while (pos < data.length) {
    let tag: number;
    [tag, pos] = readVarint32(data, pos);
    const wire = tag & 7;
    if (wire === 0) {
      let v: number;
      [v, pos] = readVarint32(data, pos);
      if (tag >>> 3 === field) found = v;
    } else if (wire === 2) {
      let len: number;
      [len, pos] = readVarint32(data, pos);
      pos += len;
    } else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else break;
  }
  return found;
}

/** Applies the features set on one element over its parent's resolved ones. */
function applyFeatures(parent: Features, own: FeatureSet | undefined): Features {
  if (own === undefined) return parent;
  const out: Features = { ...parent, ...mergeFeatures(parent, own) };
  for (const u of own.$unknown ?? []) {
    if (u.wireType !== 2 || (u.no !== CPP_FEATURES && u.no !== JAVA_FEATURES)) continue;
    // protobuf-es keeps a length-delimited unknown field with its length prefix.
    const [length, start] = readVarint32(u.data, 0);
    const message = u.data.subarray(start, start + length);
    if (u.no === CPP_FEATURES) {
      const v = varintField(message, CPP_STRING_TYPE);
      if (v !== undefined && v !== 0) out.cppStringType = v;
    } else {
      const v = varintField(message, JAVA_UTF8_VALIDATION);
      if (v !== undefined && v !== 0) out.javaUtf8Validation = v;
    }
  }
  return out;
}

/** A place in a file: a SourceCodeInfo path, present in the file's locations. */
export interface Loc {
  file: SideFile;
  path: readonly number[];
  /** A field default's location, which buf reports from the `default` keyword on. */
  defaultOption?: boolean;
}

export interface Side {
  files: SideFile[];
  byPath: Map<string, SideFile>;
  messages: Map<string, Msg>;
  enums: Map<string, Enm>;
  services: Map<string, Svc>;
  /** Source text per file path, when known (exact columns). */
  sources: Record<string, string> | undefined;
}

const join = (scope: string, name: string): string => (scope === "" ? name : `${scope}.${name}`);
const trimDot = (name: string): string => (name.startsWith(".") ? name.slice(1) : name);

/**
 * A map key for a SourceCodeInfo path: a character per number (two, after a marker, for the few
 * numbers past 0xD000, such as custom option field numbers), cheaper than join(",").
 */
function pathKey(path: readonly number[]): string {
  let key = "";
  for (const n of path) key += n >= 0 && n < 0xd000 ? String.fromCharCode(n) : `\ud000${String.fromCharCode(n >>> 16, n & 0xffff)}`;
  return key;
}

/**
 * An element's SourceCodeInfo path, made on first use from its parent's path and its own two
 * numbers (a set of googleapis' size has hundreds of thousands of elements, and only the few
 * that findings point at ever need theirs).
 */
abstract class Element {
  private cachedPath: number[] | undefined;

  constructor(
    private readonly base: { readonly path: readonly number[] } | undefined,
    private readonly field: number,
    private readonly index: number,
  ) {}

  get path(): number[] {
    return (this.cachedPath ??= this.base === undefined ? [this.field, this.index] : [...this.base.path, this.field, this.index]);
  }
}

export class SideFile {
  readonly path: string;
  readonly package: string;
  readonly syntax: Syntax;
  readonly messages: Msg[] = [];
  readonly enums: Enm[] = [];
  readonly services: Svc[] = [];
  /** Every message of the file, nested ones included, parents first. */
  readonly allMessages: Msg[] = [];
  /** Every enum of the file, nested ones included. */
  readonly allEnums: Enm[] = [];
  /** Every extension of the file, those declared in messages included. */
  readonly allExtensions: Fld[] = [];
  private resolved: Features | undefined;
  private locations: Map<string, number[]> | undefined;

  constructor(
    readonly side: Side,
    readonly proto: FileDescriptorProto,
    /** Whether the file belongs to the module (not an import). */
    readonly inModule: boolean,
  ) {
    this.path = proto.name;
    this.package = proto.package;
    this.syntax = proto.syntax === "proto3" ? "proto3" : proto.syntax === "editions" ? "editions" : "proto2";
  }

  features(): Features {
    return (this.resolved ??= applyFeatures(editionDefaults(this.syntax, this.proto.edition), this.proto.options?.features));
  }

  /** The SourceCodeInfo span of `path` when the file records one (the first one recorded). */
  span(path: readonly number[]): number[] | undefined {
    if (this.locations === undefined) {
      this.locations = new Map();
      for (const loc of this.proto.sourceCodeInfo?.location ?? []) {
        const key = pathKey(loc.path);
        if (!this.locations.has(key)) this.locations.set(key, loc.span);
      }
    }
    return this.locations.get(pathKey(path));
  }

  /** Every recorded location path, in order (for buf's fuzzy option lookups). */
  locationPaths(): readonly (readonly number[])[] {
    return (this.proto.sourceCodeInfo?.location ?? []).map((l) => l.path);
  }
}

/**
 * What messages and enums share: each is declared at the top of its file or nested in a message
 * (`field`: the descriptor field of the one or the other that holds it), is named within the
 * package by that nesting, and inherits its features from where it is declared.
 */
abstract class NestedType extends Element {
  abstract readonly proto: { readonly options?: { readonly features?: FeatureSet } };
  readonly name: string;
  /** The name within the package: "Outer.Inner". */
  readonly nestedName: string;
  readonly fullName: string;
  private resolved: Features | undefined;

  constructor(
    readonly file: SideFile,
    name: string,
    readonly parent: Msg | undefined,
    field: number,
    index: number,
  ) {
    super(parent, field, index);
    this.name = name;
    this.nestedName = parent === undefined ? name : `${parent.nestedName}.${name}`;
    this.fullName = join(file.package, this.nestedName);
  }

  features(): Features {
    return (this.resolved ??= applyFeatures((this.parent ?? this.file).features(), this.proto.options?.features));
  }
}

export class Msg extends NestedType {
  readonly kind = "message";
  readonly isMapEntry: boolean;
  readonly fields: Fld[] = [];
  readonly extensions: Fld[] = [];
  readonly oneofs: Oneof[] = [];
  readonly nestedMessages: Msg[] = [];
  readonly nestedEnums: Enm[] = [];
  private numbers: Map<number, Fld> | undefined;

  constructor(
    file: SideFile,
    readonly proto: DescriptorProto,
    parent: Msg | undefined,
    index: number,
  ) {
    super(file, proto.name, parent, parent === undefined ? 4 : 3, index);
    this.isMapEntry = proto.options?.mapEntry === true;
  }

  /** The message's fields (not extensions) by number, the first of each number. */
  fieldsByNumber(): Map<number, Fld> {
    if (this.numbers === undefined) {
      this.numbers = new Map();
      for (const f of this.fields) if (!this.numbers.has(f.number)) this.numbers.set(f.number, f);
    }
    return this.numbers;
  }
}

export class Oneof extends Element {
  readonly name: string;
  /** A proto3 `optional` field's oneof. */
  synthetic = false;
  private resolved: Features | undefined;

  constructor(
    readonly proto: OneofDescriptorProto,
    readonly message: Msg,
    index: number,
  ) {
    super(message, 8, index);
    this.name = proto.name;
  }

  features(): Features {
    return (this.resolved ??= applyFeatures(this.message.features(), this.proto.options?.features));
  }
}

export class Fld extends Element {
  readonly kind = "field";
  readonly name: string;
  readonly number: number;
  readonly oneof: Oneof | undefined;
  /** Extendee and type name without the leading dot. */
  readonly extendee: string;
  readonly typeName: string;
  private resolved: Features | undefined;

  constructor(
    readonly file: SideFile,
    readonly proto: FieldDescriptorProto,
    /** The message declaring the field (for extensions: the message they are declared in, if any). */
    readonly message: Msg | undefined,
    readonly isExtension: boolean,
    index: number,
  ) {
    super(message, message === undefined ? 7 : isExtension ? 6 : 2, index);
    this.name = proto.name;
    this.number = proto.number;
    this.oneof = message !== undefined && isSet(proto, "oneofIndex") ? message.oneofs[proto.oneofIndex] : undefined;
    this.extendee = trimDot(proto.extendee);
    this.typeName = trimDot(proto.typeName);
  }

  /** The name within the package: "Msg.field", or an extension's "Scope.ext". */
  get nestedName(): string {
    return this.message === undefined ? this.name : `${this.message.nestedName}.${this.name}`;
  }

  get fullName(): string {
    return join(this.file.package, this.nestedName);
  }

  features(): Features {
    return (this.resolved ??= applyFeatures((this.oneof ?? this.message ?? this.file).features(), this.proto.options?.features));
  }
}

export class Enm extends NestedType {
  readonly kind = "enum";
  readonly values: Val[] = [];
  private numbers: Map<number, Map<string, Val>> | undefined;

  constructor(
    file: SideFile,
    readonly proto: EnumDescriptorProto,
    parent: Msg | undefined,
    index: number,
  ) {
    super(file, proto.name, parent, parent === undefined ? 5 : 4, index);
    proto.value.forEach((v, i) => this.values.push(new Val(v, this, i)));
  }

  /** number -> name -> value, in declaration order. */
  valuesByNumber(): Map<number, Map<string, Val>> {
    if (this.numbers === undefined) {
      this.numbers = new Map();
      for (const v of this.values) {
        let names = this.numbers.get(v.number);
        if (names === undefined) this.numbers.set(v.number, (names = new Map()));
        if (!names.has(v.name)) names.set(v.name, v);
      }
    }
    return this.numbers;
  }
}

export class Val extends Element {
  readonly name: string;
  readonly number: number;

  constructor(
    readonly proto: EnumValueDescriptorProto,
    readonly enum_: Enm,
    index: number,
  ) {
    super(enum_, 2, index);
    this.name = proto.name;
    this.number = proto.number;
  }
}

export class Svc extends Element {
  readonly name: string;
  readonly fullName: string;
  readonly methods: Mth[] = [];

  constructor(
    readonly file: SideFile,
    readonly proto: ServiceDescriptorProto,
    index: number,
  ) {
    super(undefined, 6, index);
    this.name = proto.name;
    this.fullName = join(file.package, proto.name);
    proto.method.forEach((m, j) => this.methods.push(new Mth(m, this, j)));
  }
}

export class Mth extends Element {
  readonly name: string;
  readonly inputType: string;
  readonly outputType: string;

  constructor(
    readonly proto: MethodDescriptorProto,
    readonly service: Svc,
    index: number,
  ) {
    super(service, 2, index);
    this.name = proto.name;
    this.inputType = trimDot(proto.inputType);
    this.outputType = trimDot(proto.outputType);
  }
}

/** Indexes one side of the comparison. `inModule` says which files are the module's. */
export function buildSide(set: FileDescriptorSet, inModule: (path: string) => boolean, sources?: Record<string, string>): Side {
  const side: Side = { files: [], byPath: new Map(), messages: new Map(), enums: new Map(), services: new Map(), sources };
  for (const proto of set.file) {
    if (side.byPath.has(proto.name)) continue;
    const file = buildFile(side, proto, inModule(proto.name));
    side.files.push(file);
    side.byPath.set(file.path, file);
    for (const m of file.allMessages) if (!side.messages.has(m.fullName)) side.messages.set(m.fullName, m);
    for (const e of file.allEnums) if (!side.enums.has(e.fullName)) side.enums.set(e.fullName, e);
    for (const s of file.services) if (!side.services.has(s.fullName)) side.services.set(s.fullName, s);
  }
  return side;
}

function buildFile(side: Side, proto: FileDescriptorProto, inModule: boolean): SideFile {
  const file = new SideFile(side, proto, inModule);
  // Messages, depth first with an explicit stack (parents before children, in declaration order).
  const stack: { m: DescriptorProto; index: number; parent: Msg | undefined }[] = [];
  for (let i = proto.messageType.length - 1; i >= 0; i--) stack.push({ m: proto.messageType[i]!, index: i, parent: undefined });
  while (stack.length > 0) {
    const { m, index, parent } = stack.pop()!;
    const msg = new Msg(file, m, parent, index);
    (parent?.nestedMessages ?? file.messages).push(msg);
    file.allMessages.push(msg);
    m.oneofDecl.forEach((o, i) => msg.oneofs.push(new Oneof(o, msg, i)));
    m.field.forEach((f, i) => {
      const field = new Fld(file, f, msg, false, i);
      if (field.oneof !== undefined && f.proto3Optional) field.oneof.synthetic = true;
      msg.fields.push(field);
    });
    m.extension.forEach((f, i) => {
      const ext = new Fld(file, f, msg, true, i);
      msg.extensions.push(ext);
      file.allExtensions.push(ext);
    });
    m.enumType.forEach((e, i) => {
      const enm = new Enm(file, e, msg, i);
      msg.nestedEnums.push(enm);
      file.allEnums.push(enm);
    });
    for (let i = m.nestedType.length - 1; i >= 0; i--) stack.push({ m: m.nestedType[i]!, index: i, parent: msg });
  }
  proto.enumType.forEach((e, i) => {
    const enm = new Enm(file, e, undefined, i);
    file.enums.push(enm);
    file.allEnums.push(enm);
  });
  proto.extension.forEach((f, i) => file.allExtensions.push(new Fld(file, f, undefined, true, i)));
  proto.service.forEach((s, i) => file.services.push(new Svc(file, s, i)));
  return file;
}

// ------------------------------------------------------------------ field semantics (protoreflect's)

/** The message type a field refers to, looked up on its own side. */
export const fieldMessage = (f: Fld): Msg | undefined => (f.proto.type === T.MESSAGE || f.proto.type === T.GROUP ? f.file.side.messages.get(f.typeName) : undefined);

/** Whether the field is a map: repeated, of a map entry message. */
export function isMap(f: Fld): boolean {
  return f.proto.label === LABEL_REPEATED && f.proto.type === T.MESSAGE && fieldMessage(f)?.isMapEntry === true;
}

/**
 * The field's kind as protoreflect reports it (a FieldDescriptorProto.Type number): a message
 * field whose resolved message_encoding is DELIMITED is a group, except map fields and the fields
 * of map entries, which are always length-prefixed.
 */
export function fieldKind(f: Fld): number {
  const type = f.proto.type;
  if (type !== T.MESSAGE || f.file.syntax !== "editions") return type;
  if (f.message?.isMapEntry === true || isMap(f)) return type;
  return f.features().messageEncoding === 2 ? T.GROUP : type;
}

/** Go's `descriptor.Kind().String()`, with delimited messages outside proto2 named for what they are. */
export function kindName(f: Fld): string {
  const kind = fieldKind(f);
  if (kind === T.GROUP && f.file.syntax !== "proto2") return "message (delimited encoding)";
  return KIND_NAMES[kind] ?? String(kind);
}

export type Cardinality = "optional with explicit presence" | "optional with implicit presence" | "required" | "repeated" | "map";

/** buf's cardinality of a field: repeated, map, required, or optional with or without presence. */
export function cardinality(f: Fld): Cardinality {
  if (f.proto.label === LABEL_REPEATED) return isMap(f) ? "map" : "repeated";
  if (f.proto.label === LABEL_REQUIRED) return "required";
  const editions = f.file.syntax === "editions";
  if (editions && f.features().fieldPresence === 3) return "required";
  let presence: boolean;
  if (f.isExtension || f.proto.type === T.MESSAGE || f.proto.type === T.GROUP || f.oneof !== undefined) presence = true;
  else if (f.file.syntax === "proto2") presence = true;
  else if (f.file.syntax === "proto3") presence = false;
  else presence = f.features().fieldPresence !== 2;
  return presence ? "optional with explicit presence" : "optional with implicit presence";
}

/** Whether an enum is closed (proto2, or enum_type = CLOSED). */
export const isClosedEnum = (e: Enm): boolean => e.features().enumType === 2;
