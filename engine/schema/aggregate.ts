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
import { enumValueNumber, messageFields, writeInteger, type OptionField } from "./options.ts";
import { Tokenizer } from "./tokenizer.ts";

const MAX_DEPTH = 64;

class AggregateError extends Error {}

type Value = { kind: "scalar"; negative: boolean; token: { type: string; text: string }; strings?: Uint8Array } | { kind: "message"; bytes: Uint8Array };

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
      } else list.push(readScalar(input));
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
    if (isPacked(field.proto, type.syntax)) writePacked(builder, w, field.proto, list);
    else writeField(builder, w, field, list);
  }
  return w.finish();
}

function readScalar(input: Tokenizer): Value {
  let negative = false;
  if (input.current.text === "-") {
    negative = true;
    input.next();
  }
  const t = input.current;
  if (t.type === "string") {
    const parts: Uint8Array[] = [];
    while (input.current.type === "string") {
      parts.push(decodeStringLiteral(input.current.text));
      input.next();
    }
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    return { kind: "scalar", negative, token: { type: "string", text: t.text }, strings: all };
  }
  if (t.type === "end") throw new AggregateError("Unexpected end of input.");
  input.next();
  return { kind: "scalar", negative, token: { type: t.type, text: t.text } };
}

/** Whether a repeated field is written packed: [packed = true], or proto3/editions by default. */
function isPacked(f: FieldDescriptorProto, syntax: "proto2" | "proto3" | "editions"): boolean {
  if (f.label !== Label.REPEATED) return false;
  if (f.type === Type.STRING || f.type === Type.BYTES || f.type === Type.MESSAGE || f.type === Type.GROUP) return false;
  const explicit = f.options?.packed;
  if (f.options && isFieldSet(f.options, FieldOptionsSchema.field.packed)) return explicit === true;
  return syntax !== "proto2";
}

/** Writes the values of a packed field as one length-delimited run of their payloads. */
function writePacked(builder: FileBuilder, w: ByteWriter, f: FieldDescriptorProto, list: Value[]): void {
  const payload = new ByteWriter();
  for (const v of list) {
    if (v.kind !== "scalar") continue;
    const one = new ByteWriter();
    writeScalar(builder, one, f, v);
    payload.raw(stripTag(one.finish()));
  }
  w.tag(f.number, 2).bytes(payload.finish());
}

/** Drops the leading tag varint of an encoded field. */
function stripTag(bytes: Uint8Array): Uint8Array {
  let i = 0;
  while (i < bytes.length && (bytes[i]! & 0x80) !== 0) i++;
  return bytes.subarray(i + 1);
}

function writeField(builder: FileBuilder, w: ByteWriter, field: OptionField, list: Value[]): void {
  const f = field.proto;
  for (const v of list) {
    if (v.kind === "message") {
      if (f.type === Type.GROUP) w.tag(f.number, 3).raw(v.bytes).tag(f.number, 4);
      else w.tag(f.number, 2).bytes(v.bytes);
      continue;
    }
    writeScalar(builder, w, f, v);
  }
}

function writeScalar(builder: FileBuilder, w: ByteWriter, f: FieldDescriptorProto, v: Extract<Value, { kind: "scalar" }>): void {
  const { token, negative } = v;
  const bad = () => new AggregateError(`Invalid value for field "${f.name}": ${negative ? "-" : ""}${token.text}`);
  switch (f.type) {
    case Type.STRING:
    case Type.BYTES:
      if (!v.strings || negative) throw bad();
      w.tag(f.number, 2).bytes(v.strings);
      return;
    case Type.BOOL: {
      const t = token.text;
      if (t === "true" || t === "True" || t === "t" || t === "1") w.tag(f.number, 0).varint(1n);
      else if (t === "false" || t === "False" || t === "f" || t === "0") w.tag(f.number, 0).varint(0n);
      else throw bad();
      return;
    }
    case Type.FLOAT:
    case Type.DOUBLE: {
      let x: number;
      const t = token.text.toLowerCase();
      if (token.type === "integer") x = Number(parseInteger(token.text, 18446744073709551615n) ?? NaN);
      else if (token.type === "float") x = Number(token.text.replace(/[fF]$/, ""));
      else if (t === "inf" || t === "infinity") x = Infinity;
      else if (t === "nan") x = NaN;
      else throw bad();
      if (negative) x = -x;
      if (f.type === Type.FLOAT) w.tag(f.number, 5).float(x);
      else w.tag(f.number, 1).double(x);
      return;
    }
    case Type.ENUM: {
      const enumName = f.typeName.replace(/^\./, "");
      let n: number | undefined;
      if (token.type === "integer") {
        const parsed = parseInteger(token.text, 2147483648n);
        n = parsed === undefined ? undefined : Number(negative ? -parsed : parsed);
      } else if (token.type === "identifier" && !negative) n = enumValueNumber(builder, enumName, token.text);
      if (n === undefined) throw new AggregateError(`Unknown enumeration value of "${token.text}" for field "${f.name}".`);
      w.tag(f.number, 0).varint(BigInt.asUintN(64, BigInt(n)));
      return;
    }
    default: {
      if (token.type !== "integer") throw bad();
      const parsed = parseInteger(token.text, 18446744073709551615n);
      if (parsed === undefined) throw bad();
      const value = negative ? -parsed : parsed;
      const unsigned = f.type === Type.UINT32 || f.type === Type.UINT64 || f.type === Type.FIXED32 || f.type === Type.FIXED64;
      if (unsigned && negative) throw bad();
      writeInteger(w, f.type, f.number, value);
    }
  }
}
