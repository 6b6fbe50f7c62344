/**
 * Aggregate option values: `option (my.opt) = { name: "x" list: [1, 2] sub { n: 1 } };`.
 * protoc parses the text between the braces as a text-format message of the option's type and
 * serializes it (fields in field-number order); this does the same over the workspace's types.
 * Returns the serialized bytes, or an error message in protoc's words where we know them.
 */
import type { FieldDescriptorProto } from "@bufbuild/protobuf/wkt";
import { isFieldSet } from "@bufbuild/protobuf";
import { FieldDescriptorProto_Label as Label, FieldDescriptorProto_Type as Type, FieldOptionsSchema } from "@bufbuild/protobuf/wkt";
import type { FileBuilder } from "./linker.ts";
import { ByteWriter } from "./byte-writer.ts";
import { decodeStringLiteral, parseInteger } from "./literals.ts";
import { enumValueNumber, messageFields, writeInteger, type OptionField } from "./option-fields.ts";
import { Tokenizer } from "./tokenizer.ts";
import { concatBytes } from "../wire/bytes.ts";

const MAX_DEPTH = 64;

class AggregateError extends Error {}

/** A parsed value: a scalar already encoded as a whole field (tag included), or a message's bytes. */
type Value = { kind: "scalar"; encoded: Uint8Array } | { kind: "message"; bytes: Uint8Array };

export function parseAggregate(builder: FileBuilder, typeName: string, text: string): Uint8Array | string {
  const errors: string[] = [];
  const input = new Tokenizer(text, (_l, _c, _o, message) => errors.push(message));
  input.next();
  try {
    const bytes = parseMessage(builder, input, typeName, undefined, 0);
    if (errors.length > 0) return errors.join("; ");
    return bytes;
  } catch (e) {
    if (e instanceof AggregateError) return [...errors, e.message].join("; ");
    throw e;
  }
}

function parseMessage(builder: FileBuilder, input: Tokenizer, typeName: string, close: string | undefined, depth: number): Uint8Array {
  if (depth > MAX_DEPTH) throw new AggregateError("Message is too deep");
  const type = messageFields(builder, typeName);
  if (!type) throw new AggregateError(`Unknown message type "${typeName}".`);
  const values = new Map<OptionField, Value[]>();
  while (true) {
    const t = input.current;
    if (t.type === "end") {
      if (close !== undefined) throw new AggregateError(`Expected "${close}".`);
      break;
    }
    if (close !== undefined && t.text === close) {
      input.next();
      break;
    }
    let field: OptionField | undefined;
    if (t.text === "[") {
      input.next();
      let name = "";
      while (input.current.type !== "end" && (input.current.text as string) !== "]") {
        name += input.current.text;
        input.next();
      }
      input.next();
      const sym = builder.lookupSymbol(name, typeName);
      if (sym?.kind === "field" && sym.isExtension && sym.proto.extendee.replace(/^\./, "") === typeName) {
        field = { proto: sym.proto, fullName: sym.fullName, containing: typeName };
      }
      if (!field) throw new AggregateError(`Extension "${name}" is not defined or is not an extension of "${typeName}".`);
    } else if (t.type === "identifier") {
      field =
        type.fields.find((f) => f.proto.name === t.text) ??
        type.fields.find((f) => f.proto.type === Type.GROUP && f.proto.typeName.endsWith("." + t.text));
      if (!field) throw new AggregateError(`Message type "${typeName}" has no field named "${t.text}".`);
      input.next();
    } else {
      throw new AggregateError(`Expected identifier, got: ${t.text}`);
    }
    const isMessage = field.proto.type === Type.MESSAGE || field.proto.type === Type.GROUP;
    const hadColon = input.current.text === ":";
    if (hadColon) input.next();
    else if (!isMessage) throw new AggregateError(`Expected ":", found "${input.current.text}".`);
    const list = values.get(field) ?? [];
    values.set(field, list);
    const readOne = () => {
      if (isMessage) {
        const open = input.current.text;
        if (open !== "{" && open !== "<") throw new AggregateError(`Expected "{", found "${open}".`);
        input.next();
        list.push({ kind: "message", bytes: parseMessage(builder, input, field!.proto.typeName.replace(/^\./, ""), open === "{" ? "}" : ">", depth + 1) });
      } else list.push({ kind: "scalar", encoded: readScalar(builder, input, field!.proto) });
    };
    if (input.current.text === "[" && hadColon) {
      input.next();
      if ((input.current.text as string) !== "]") {
        while (true) {
          readOne();
          if ((input.current.text as string) === ",") {
            input.next();
            continue;
          }
          break;
        }
      }
      if ((input.current.text as string) !== "]") throw new AggregateError(`Expected "]", found "${input.current.text}".`);
      input.next();
    } else readOne();
    if (field.proto.label !== Label.REPEATED && list.length > 1) {
      throw new AggregateError(`Non-repeated field "${field.proto.name}" is specified multiple times.`);
    }
    if (input.current.text === ";" || input.current.text === ",") input.next();
  }
  const w = new ByteWriter();
  const sorted = [...values.entries()].sort((a, b) => a[0].proto.number - b[0].proto.number);
  for (const [field, list] of sorted) {
    if (isPacked(field.proto, type.syntax)) writePacked(w, field.proto, list);
    else writeField(w, field, list);
  }
  return w.finish();
}

/** Reads one scalar value for field `f` the way protoc's text-format parser does, and encodes it. */
function readScalar(builder: FileBuilder, input: Tokenizer, f: FieldDescriptorProto): Uint8Array {
  const w = new ByteWriter();
  const got = () => input.current.text;
  switch (f.type) {
    case Type.STRING:
    case Type.BYTES: {
      if (input.current.type !== "string") throw new AggregateError(`Expected string, got: ${got()}`);
      const parts: Uint8Array[] = [];
      while (input.current.type === "string") {
        parts.push(decodeStringLiteral(input.current.text));
        input.next();
      }
      w.tag(f.number, 2).bytes(concatBytes(parts));
      break;
    }
    case Type.BOOL: {
      if (input.current.type === "integer") {
        const v = parseInteger(got(), 1n);
        if (v === undefined) throw new AggregateError(`Integer out of range (${got()})`);
        input.next();
        w.tag(f.number, 0).varint(v);
        break;
      }
      if (input.current.type !== "identifier") throw new AggregateError(`Expected identifier, got: ${got()}`);
      const t = got();
      input.next();
      if (t === "true" || t === "True" || t === "t") w.tag(f.number, 0).varint(1n);
      else if (t === "false" || t === "False" || t === "f") w.tag(f.number, 0).varint(0n);
      else throw new AggregateError(`Invalid value for boolean field "${f.name}". Value: "${t}".`);
      break;
    }
    case Type.FLOAT:
    case Type.DOUBLE: {
      const negative = input.current.text === "-";
      if (negative) input.next();
      const t = input.current;
      let x: number;
      if (t.type === "integer") x = Number(parseInteger(t.text, 18446744073709551615n) ?? NaN);
      else if (t.type === "float") x = Number(t.text.replace(/[fF]$/, ""));
      else if (t.type === "identifier" && ["inf", "infinity"].includes(t.text.toLowerCase())) x = Infinity;
      else if (t.type === "identifier" && t.text.toLowerCase() === "nan") x = NaN;
      else throw new AggregateError(`Expected double, got: ${t.text}`);
      input.next();
      if (negative) x = -x;
      if (f.type === Type.FLOAT) w.tag(f.number, 5).float(x);
      else w.tag(f.number, 1).double(x);
      break;
    }
    case Type.ENUM: {
      const enumName = f.typeName.replace(/^\./, "");
      let n: number | undefined;
      let shown: string;
      if (input.current.type === "identifier") {
        shown = got();
        input.next();
        n = enumValueNumber(builder, enumName, shown);
      } else if (input.current.text === "-" || input.current.type === "integer") {
        const v = readInteger(input, true, 2147483647n);
        shown = v.toString();
        n = Number(v);
      } else throw new AggregateError(`Expected integer or identifier, got: ${got()}`);
      if (n === undefined) throw new AggregateError(`Unknown enumeration value of "${shown}" for field "${f.name}".`);
      w.tag(f.number, 0).varint(BigInt.asUintN(64, BigInt(n)));
      break;
    }
    default: {
      const signed = f.type === Type.INT32 || f.type === Type.INT64 || f.type === Type.SINT32 || f.type === Type.SINT64 || f.type === Type.SFIXED32 || f.type === Type.SFIXED64;
      const wide = f.type === Type.INT64 || f.type === Type.SINT64 || f.type === Type.SFIXED64 || f.type === Type.UINT64 || f.type === Type.FIXED64;
      const max = signed ? (wide ? 9223372036854775807n : 2147483647n) : wide ? 18446744073709551615n : 4294967295n;
      writeInteger(w, f.type, f.number, readInteger(input, signed, max));
    }
  }
  return w.finish();
}

/** protoc's ConsumeSignedInteger / ConsumeUnsignedInteger. */
function readInteger(input: Tokenizer, signed: boolean, max: bigint): bigint {
  let negative = false;
  if (signed && input.current.text === "-") {
    negative = true;
    input.next();
  }
  const t = input.current;
  if (t.type !== "integer") throw new AggregateError(`Expected integer, got: ${t.text}`);
  const v = parseInteger(t.text, negative ? max + 1n : max);
  if (v === undefined) throw new AggregateError(`Integer out of range (${t.text})`);
  input.next();
  return negative ? -v : v;
}

/** Whether a repeated field is written packed: [packed = true], or proto3/editions by default. */
function isPacked(f: FieldDescriptorProto, syntax: "proto2" | "proto3" | "editions"): boolean {
  if (f.label !== Label.REPEATED) return false;
  if (f.type === Type.STRING || f.type === Type.BYTES || f.type === Type.MESSAGE || f.type === Type.GROUP) return false;
  if (f.options && isFieldSet(f.options, FieldOptionsSchema.field.packed)) return f.options.packed === true;
  return syntax !== "proto2";
}

/** Writes the values of a packed field as one length-delimited run of their payloads. */
function writePacked(w: ByteWriter, f: FieldDescriptorProto, list: Value[]): void {
  const payload = new ByteWriter();
  for (const v of list) if (v.kind === "scalar") payload.raw(stripTag(v.encoded));
  w.tag(f.number, 2).bytes(payload.finish());
}

/** Drops the leading tag varint of an encoded field. */
function stripTag(bytes: Uint8Array): Uint8Array {
  let i = 0;
  while (i < bytes.length && (bytes[i]! & 0x80) !== 0) i++;
  return bytes.subarray(i + 1);
}

function writeField(w: ByteWriter, field: OptionField, list: Value[]): void {
  const f = field.proto;
  for (const v of list) {
    if (v.kind === "scalar") w.raw(v.encoded);
    else if (f.type === Type.GROUP) w.tag(f.number, 3).raw(v.bytes).tag(f.number, 4);
    else w.tag(f.number, 2).bytes(v.bytes);
  }
}
