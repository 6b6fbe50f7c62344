/**
 * Random `.proto` schemas. `valid: true` builds schemas that compile (unique names and numbers,
 * proto3's zero enum values, only what each syntax allows), for the targets that need a schema to
 * encode or decode with; `valid: false` draws names, numbers and labels from small pools so that
 * collisions, reserved clashes and misplaced labels are common, for the compiler's own target.
 */
import fc from "fast-check";

export type Syntax = "proto2" | "proto3" | "2023" | "2024";

const SCALARS = ["int32", "int64", "uint32", "uint64", "sint32", "sint64", "fixed32", "fixed64", "sfixed32", "sfixed64", "bool", "float", "double", "string", "bytes"] as const;
const MAP_KEYS = ["int32", "int64", "uint32", "uint64", "sint32", "sint64", "fixed32", "fixed64", "sfixed32", "sfixed64", "bool", "string"] as const;

interface Field {
  label: "" | "optional" | "repeated" | "required";
  type: string;
  name: string;
  number: number;
  options: string[];
  /** A proto2 group: its body is this message. */
  group?: Message;
}

interface Message {
  name: string;
  fields: Field[];
  oneofs: { name: string; fields: Field[] }[];
  maps: { key: string; value: string; name: string; number: number }[];
  nested: Message[];
  enums: Enum[];
  reserved: string[];
  extensions: boolean;
}

interface Enum {
  name: string;
  values: { name: string; number: number }[];
  alias: boolean;
}

export interface GeneratedSchema {
  syntax: Syntax;
  text: string;
  /** Fully-qualified names of the top-level messages. */
  messages: string[];
}

const PKG = "fz";

/** Picks with fast-check's bias toward small and edge values. */
const fieldNumber = (valid: boolean) =>
  valid
    ? fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 20 }) }, { weight: 1, arbitrary: fc.constantFrom(127, 128, 2047, 2048, 16383, 16384, 536870911, 18999, 20000) })
    : fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 6 }) }, { weight: 1, arbitrary: fc.constantFrom(0, -1, 19000, 19999, 536870911, 536870912, 4294967296) });

const NAMES = ["a", "b", "foo_bar", "fooBar", "FooBar", "value", "id", "name", "x1", "_y", "kind", "data"];
const TYPE_NAMES = ["Inner", "Leaf", "Node", "Item", "Thing"];
const ENUM_NAMES = ["Color", "Kind", "State"];
const VALUE_NAMES = ["UNSPECIFIED", "RED", "GREEN", "BLUE", "ONE", "TWO", "COLOR_RED", "KIND_ONE", "STATE_ON"];

interface Ctx {
  syntax: Syntax;
  valid: boolean;
  /** Message and enum names a field may refer to (relative to the package). */
  types: string[];
  enums: string[];
}

/** lower_snake_case, as edition 2024's naming style wants field names. */
function snake(name: string): string {
  return name.replace(/^_+/, "").replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

function arbEnum(ctx: Ctx, name: string): fc.Arbitrary<Enum> {
  return fc
    .tuple(fc.array(fc.tuple(fc.constantFrom(...VALUE_NAMES), fc.integer({ min: -3, max: 5 })), { minLength: 1, maxLength: 5 }), fc.boolean())
    .map(([values, alias]) => {
      let vs = values.map(([n, v]) => ({ name: n, number: v }));
      if (ctx.valid) {
        // Unique names, scoped by the enum's own prefix (C++ scoping puts values beside the enum).
        const prefix = name.toUpperCase();
        const seen = new Set<number>();
        vs = vs.filter((v) => !seen.has(v.number) && (seen.add(v.number), true)).map((v, i) => ({ name: `${prefix}_${v.name}_V${i}`, number: v.number }));
        // The first value is zero in proto3 and open enums; make it so everywhere.
        vs.unshift({ name: `${prefix}_ZERO`, number: 0 });
        vs = vs.filter((v, i) => i === 0 || v.number !== 0);
        alias = false;
      }
      return { name, values: vs, alias };
    });
}

function scalarOrRef(ctx: Ctx): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...SCALARS) },
    { weight: ctx.types.length > 0 ? 2 : 0, arbitrary: ctx.types.length > 0 ? fc.constantFrom(...ctx.types) : fc.constant("int32") },
    { weight: ctx.enums.length > 0 ? 2 : 0, arbitrary: ctx.enums.length > 0 ? fc.constantFrom(...ctx.enums) : fc.constant("int32") },
    { weight: ctx.valid ? 0 : 1, arbitrary: fc.constantFrom("Missing", "google.protobuf.Timestamp", ".fz.Inner", "group", "map<string,int32>") },
  );
}

function labelFor(ctx: Ctx): fc.Arbitrary<Field["label"]> {
  if (!ctx.valid) return fc.constantFrom("", "optional", "repeated", "required");
  switch (ctx.syntax) {
    case "proto2":
      return fc.constantFrom("optional", "repeated", "required", "optional");
    case "proto3":
      return fc.constantFrom("", "optional", "repeated", "");
    default:
      return fc.constantFrom("", "repeated", "");
  }
}

function fieldOptions(ctx: Ctx, label: Field["label"], type: string): fc.Arbitrary<string[]> {
  const isScalar = (SCALARS as readonly string[]).includes(type);
  const packable = isScalar && type !== "string" && type !== "bytes";
  const opts: fc.Arbitrary<string>[] = [fc.constant("deprecated = true"), fc.constant('json_name = "jn"')];
  if (!ctx.valid) opts.push(fc.constantFrom("packed = true", "default = 5", 'default = "x"', "lazy = true", "features.field_presence = IMPLICIT", "ctype = CORD", "(unknown) = 1"));
  else if (label === "repeated" && packable && (ctx.syntax === "proto2" || ctx.syntax === "proto3")) opts.push(fc.constantFrom("packed = true", "packed = false"));
  else if (label === "repeated" && packable) opts.push(fc.constant("features.repeated_field_encoding = EXPANDED"));
  else if (label === "" && isScalar && (ctx.syntax === "2023" || ctx.syntax === "2024")) opts.push(fc.constant("features.field_presence = IMPLICIT"));
  else if (label === "optional" && ctx.syntax === "proto2" && packable && type !== "bool") opts.push(fc.constant(`default = ${type.startsWith("u") || type.startsWith("fixed") ? "7" : "-7"}`));
  return fc.array(fc.oneof(...opts), { maxLength: ctx.valid ? 1 : 2 }).map((o) => (ctx.valid ? o.filter((x) => !x.startsWith("json_name")) : o));
}

function arbFields(ctx: Ctx, max: number): fc.Arbitrary<Field[]> {
  return fc
    .array(
      fc.tuple(labelFor(ctx), scalarOrRef(ctx), fc.constantFrom(...NAMES), fieldNumber(ctx.valid)).chain(([label, type, name, number]) =>
        fieldOptions(ctx, label, type).map((options) => ({ label, type, name, number, options }) as Field),
      ),
      { maxLength: max },
    )
    .map((fields) => {
      if (!ctx.valid) return fields;
      return fields.map((f, i) => {
        // Proto3 and editions: an enum of a closed proto2 enum cannot appear; all enums here are the file's own.
        const implicit = f.options.includes("features.field_presence = IMPLICIT");
        const enumType = ctx.enums.includes(f.type);
        return { ...f, name: `${snake(f.name)}_n${i}`, options: implicit && (enumType || ctx.types.includes(f.type)) ? [] : f.options };
      });
    });
}

function arbMessage(ctx: Ctx, name: string, depth: number): fc.Arbitrary<Message> {
  const nestedCtx = ctx;
  return fc
    .record({
      fields: arbFields(ctx, 6),
      oneof: fc.option(arbFields({ ...ctx }, 3), { freq: 3 }),
      maps: fc.array(fc.tuple(fc.constantFrom(...MAP_KEYS), scalarOrRef(ctx), fieldNumber(ctx.valid)), { maxLength: 2 }),
      nested: depth > 0 ? fc.array(arbMessage(nestedCtx, "Sub", depth - 1), { maxLength: 1 }) : fc.constant<Message[]>([]),
      enums: fc.array(arbEnum(ctx, "Mode"), { maxLength: 1 }),
      reserved: fc.array(fc.constantFrom("reserved 100 to 110;", 'reserved "gone";', "reserved 3;", "reserved gone_name;"), { maxLength: ctx.valid ? 0 : 2 }),
      extensions: fc.boolean(),
      group: ctx.syntax === "proto2" && depth > 0 ? fc.option(arbMessage({ ...ctx, types: [], enums: [] }, "G", 0), { freq: 4 }) : fc.constant(null),
    })
    .map(({ fields, oneof, maps, nested, enums, reserved, extensions, group }) => {
      const oneofs = oneof && oneof.length > 0 ? [{ name: "choice", fields: oneof.map((f) => ({ ...f, label: "" as const, options: f.options.filter((o) => o.startsWith("deprecated")) })) }] : [];
      let m: Message = {
        name,
        fields,
        oneofs,
        maps: maps.map(([key, value, number], i) => ({ key, value, number, name: `m${i}` })),
        nested,
        enums,
        reserved,
        extensions: extensions && (ctx.syntax !== "proto3" || !ctx.valid),
      };
      if (group) m.fields = [...m.fields, { label: "optional", type: "group", name: "Grp", number: 0, options: [], group: group }];
      if (ctx.valid) m = renumber(m, ctx);
      return m;
    });
}

/** Gives every field of a message (oneof members and maps included) its own number and name. */
function renumber(m: Message, ctx: Ctx): Message {
  let next = 1;
  const used = new Set<number>();
  const number = (want: number) => {
    let n = want >= 1 && want <= 536870911 && !(want >= 19000 && want <= 19999) && !used.has(want) && !(m.extensions && want >= 1000 && want <= 1100) ? want : 0;
    while (n === 0 || used.has(n)) n = next++;
    used.add(n);
    return n;
  };
  const fields = m.fields.map((f, i) => {
    const base = { ...f, number: number(f.number), name: f.group ? "Grp" : `${snake(f.name.replace(/_n\d+$/, ""))}_n${i}` };
    // Labels proto3 and editions forbid on message and enum fields stay as generated (all allowed).
    if (ctx.syntax !== "proto2" && base.label === "required") base.label = "";
    return base;
  });
  const oneofs = m.oneofs.map((o) => ({ ...o, fields: o.fields.map((f, i) => ({ ...f, number: number(f.number), name: `o_n${i}`, options: f.options.filter((x) => !x.startsWith("features.") && !x.startsWith("default") && !x.startsWith("packed")) })) }));
  const maps = m.maps.map((x, i) => ({ ...x, number: number(x.number), name: `m_n${i}` }));
  return { ...m, fields, oneofs, maps };
}

function printField(f: Field, indent: string, syntax: Syntax): string {
  const opts = f.options.length > 0 ? ` [${f.options.join(", ")}]` : "";
  if (f.group) return `${indent}${f.label} group ${f.name} = ${f.number}${opts} {\n${printBody(f.group, indent + "  ", syntax)}${indent}}\n`;
  const label = f.label === "" ? "" : `${f.label} `;
  return `${indent}${label}${f.type} ${f.name} = ${f.number}${opts};\n`;
}

function printBody(m: Message, indent: string, syntax: Syntax): string {
  let out = "";
  for (const e of m.enums) out += printEnum(e, indent);
  for (const n of m.nested) out += `${indent}message ${n.name} {\n${printBody(n, indent + "  ", syntax)}${indent}}\n`;
  for (const f of m.fields) out += printField(f, indent, syntax);
  for (const o of m.oneofs) out += `${indent}oneof ${o.name} {\n${o.fields.map((f) => printField(f, indent + "  ", syntax)).join("")}${indent}}\n`;
  for (const x of m.maps) out += `${indent}map<${x.key}, ${x.value}> ${x.name} = ${x.number};\n`;
  for (const r of m.reserved) out += `${indent}${r}\n`;
  if (m.extensions) out += `${indent}extensions 1000 to 1100;\n`;
  return out;
}

function printEnum(e: Enum, indent: string): string {
  const alias = e.alias ? `${indent}  option allow_alias = true;\n` : "";
  return `${indent}enum ${e.name} {\n${alias}${e.values.map((v) => `${indent}  ${v.name} = ${v.number};\n`).join("")}${indent}}\n`;
}

export function arbSchema(valid: boolean, syntaxes: readonly Syntax[] = ["proto2", "proto3", "2023", "2024"]): fc.Arbitrary<GeneratedSchema> {
  return fc
    .tuple(fc.constantFrom(...syntaxes), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 2 }), fc.boolean())
    .chain(([syntax, messageCount, enumCount, service]) => {
      const names = TYPE_NAMES.slice(0, messageCount);
      const enumNames = ENUM_NAMES.slice(0, enumCount);
      const ctx: Ctx = { syntax, valid, types: names, enums: enumNames };
      const messages = fc.tuple(...names.map((n) => arbMessage(ctx, valid ? n : n, 2)));
      const enums = enumCount > 0 ? fc.tuple(...enumNames.map((n) => arbEnum(ctx, n))) : fc.constant([] as Enum[]);
      const stray = valid ? fc.constant([] as string[]) : fc.array(fc.constantFrom("message Inner {}", "enum Color { RED = 0; }", "option java_package = 1;", 'import "missing.proto";', "extend Inner { optional int32 e = 1000; }", "message X { int32 a = 1; int32 b = 1; }", "}", "syntax = \"proto3\";"), { maxLength: 2 });
      return fc.tuple(fc.constant(syntax), messages, enums, fc.constant(service), stray);
    })
    .map(([syntax, messages, enums, service, stray]) => {
      const head = syntax === "proto2" || syntax === "proto3" ? `syntax = "${syntax}";\n` : `edition = "${syntax}";\n`;
      let text = `${head}package ${PKG};\n\n`;
      for (const e of enums) text += printEnum(e, "");
      for (const m of messages) text += `message ${m.name} {\n${printBody(m, "  ", syntax)}}\n`;
      if (service && messages.length > 0) text += `service Svc {\n  rpc Call(${messages[0]!.name}) returns (${messages[messages.length - 1]!.name});\n}\n`;
      for (const s of stray) text += s + "\n";
      return { syntax, text, messages: messages.map((m) => `${PKG}.${m.name}`) };
    });
}
