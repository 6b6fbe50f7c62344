/**
 * Checks for `read` exercises: the learner says what given bytes mean, and the checks compare it
 * with the engine's own decode of the same bytes (wire-fields.ts without a schema, the annotation
 * tree with one). Answers are read in any reasonable notation (read-answers.ts). A failure says
 * which line is wrong and why, in terms of how the bytes are read, never the right value.
 */
import { Attempt } from "./attempt.ts";
import { check, fail, pass, wireTypeName } from "./check-helpers.ts";
import { answerLines, readFieldLine, readInteger, readString, type FieldLine } from "./read-answers.ts";
import { hexBytes, printableText, readFields, type WireField } from "./wire-fields.ts";
import type { Check } from "./types.ts";

const ORDINAL = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
const nth = (i: number) => ORDINAL[i] ?? `${i + 1}th`;

/** The readings a value may be given as: a varint as unsigned or signed 64-bit; fixed widths as unsigned, signed or floating point. */
function numberReadings(f: WireField): bigint[] {
  if (f.wireType === 0) return [f.varint!, BigInt.asIntN(64, f.varint!)];
  const view = new DataView(f.value.buffer, f.value.byteOffset, f.value.byteLength);
  if (f.wireType === 5 && f.value.length === 4) return [BigInt(view.getUint32(0, true)), BigInt(view.getInt32(0, true))];
  if (f.wireType === 1 && f.value.length === 8) return [view.getBigUint64(0, true), view.getBigInt64(0, true)];
  return [];
}

function floatReading(f: WireField): number | undefined {
  const view = new DataView(f.value.buffer, f.value.byteOffset, f.value.byteLength);
  if (f.wireType === 5 && f.value.length === 4) return view.getFloat32(0, true);
  if (f.wireType === 1 && f.value.length === 8) return view.getFloat64(0, true);
  return undefined;
}

/** Whether `written` is a valid reading of the field's value (numbers in any notation, strings with or without quotes, bytes in hex). */
export function valueMatches(f: WireField, written: string): boolean {
  const w = written.trim();
  if (w === "") return false;
  if (f.wireType === 2) {
    const text = printableText(f.value);
    if (text !== undefined && readString(w) === text) return true;
    const digits = w.replace(/^0x/i, "").replace(/[\s`]/g, "").toLowerCase();
    return digits === hexBytes(f.value).replace(/\s/g, "") && digits.length > 0;
  }
  const n = readInteger(w);
  if (n !== undefined && numberReadings(f).includes(n)) return true;
  const float = floatReading(f);
  return float !== undefined && /^[+-]?\d*\.?\d+(e[+-]?\d+)?$/i.test(w) && Math.abs(Number(w) - float) <= Math.abs(float) * 1e-6 + 1e-9;
}

/**
 * Grades a schemaless reading: one line per top-level field of `bytesFile` (or, with `inside`,
 * of the message in that top-level field's LEN payload), in order, as `field NUMBER: WIRE-TYPE
 * VALUE`. Four checks: one line per field, the field numbers, the wire types, the values.
 */
export function fieldReadingChecks(answerFile: string, bytesFile: string, options: { inside?: number } = {}): Check[] {
  const payload = (a: Attempt): Uint8Array => {
    const bytes = a.bytes(bytesFile);
    if (options.inside === undefined) return bytes;
    const outer = readFields(bytes).fields.find((f) => f.field === options.inside && f.wireType === 2);
    return outer?.value ?? new Uint8Array(0);
  };
  const parse = (a: Attempt) => {
    const fields = readFields(payload(a)).fields;
    const lines = answerLines(a.text(answerFile)).map(readFieldLine);
    return { fields, lines };
  };
  const lineOf = (l: FieldLine) => `${answerFile}:${l.line}`;
  return [
    check("one-line-per-field", (a) => {
      const { fields, lines } = parse(a);
      if (lines.length === 0) return fail(`${answerFile} has no answer yet: write one line per field of ${bytesFile}, in order`);
      const unread = lines.find((l) => l.field === undefined);
      if (unread) return fail(`${lineOf(unread)}: cannot find a field number at the start of \`${unread.value}\`; write \`field NUMBER: WIRE-TYPE VALUE\``);
      if (lines.length < fields.length) return fail(`${answerFile} has ${lines.length} line${lines.length === 1 ? "" : "s"}, but the bytes hold more fields: every tag starts one, and after a value the next byte is the next tag`);
      if (lines.length > fields.length) return fail(`${answerFile} has ${lines.length} lines, more than the bytes have fields: count where each value ends (a varint's last byte is the one below 0x80; a LEN value is as long as its length says)`);
      return pass(`one line for each of the ${fields.length} fields`);
    }),
    check("field-numbers", (a) => {
      const { fields, lines } = parse(a);
      for (const [i, f] of fields.entries()) {
        const l = lines[i];
        if (!l || l.field === undefined) return fail(`the ${nth(i)} field has no line yet`);
        if (l.field !== BigInt(f.field)) {
          return fail(`${lineOf(l)}: the ${nth(i)} tag (${hexBytes(payload(a).subarray(f.start, f.start + 1))}) does not hold field ${l.field}: a tag is field_number << 3 | wire_type, so shift its value right by three bits`);
        }
      }
      return pass("every field number is right");
    }),
    check("wire-types", (a) => {
      const { fields, lines } = parse(a);
      for (const [i, f] of fields.entries()) {
        const l = lines[i];
        if (!l || l.wireType === undefined) return fail(`${l ? lineOf(l) : answerFile}: say the ${nth(i)} field's wire type (VARINT, I64, LEN, I32, or its number)`);
        if (l.wireType !== f.wireType) return fail(`${lineOf(l)}: field ${f.field} is not ${wireTypeName(l.wireType)}: the wire type is the tag's low three bits`);
      }
      return pass("every wire type is right");
    }),
    check("values", (a) => {
      const { fields, lines } = parse(a);
      for (const [i, f] of fields.entries()) {
        const l = lines[i];
        if (!l) return fail(`the ${nth(i)} field has no line yet`);
        if (l.value === "") return fail(`${lineOf(l)}: field ${f.field} has no value yet`);
        if (!valueMatches(f, l.value)) {
          const why =
            f.wireType === 0
              ? "a varint puts its low seven bits first: add each byte's low seven bits, shifted 7 more places each time"
              : f.wireType === 2
                ? "a LEN value is the bytes after its length (the varint after the tag): as text, or as hex"
                : "a fixed-width value is little-endian: its first byte is the lowest";
          return fail(`${lineOf(l)}: \`${l.value}\` is not what field ${f.field}'s bytes (${hexBytes(f.value, 12)}) read: ${why}`);
        }
      }
      return pass("every value is right");
    }),
  ];
}

/** Whether a written value is the engine's reading: the same number, the same text, or an enum value's name or number. */
function sameReading(written: string, engine: string): "same" | "number-for-name" | "other" {
  const enumValue = /^([A-Za-z_]\w*) \((-?\d+)\)$/.exec(engine);
  if (enumValue) {
    // The value's name, with or without its enum's prefix (`STOPLIGHT_GREEN` or `green`). Its
    // number is what the bytes carry; a reader with the schema sees the name.
    const w = written.trim().toUpperCase();
    const name = enumValue[1]!.toUpperCase();
    if (w === name || (w !== "" && name.endsWith(`_${w}`))) return "same";
    return readInteger(written) === BigInt(enumValue[2]!) ? "number-for-name" : "other";
  }
  const a = readInteger(written);
  const b = readInteger(engine);
  if (a !== undefined && b !== undefined) return a === b ? "same" : "other";
  return readString(written) === engine || written.trim().toLowerCase() === engine.toLowerCase() ? "same" : "other";
}

/**
 * Grades a reading with a schema: one line `NAME: VALUE` per field the schema names, compared
 * with the engine's decode of `bytesFile` as `typeName` (the annotation tree's values). `names`
 * are the fields asked about, in the order the start file lists them.
 */
export function namedValueChecks(answerFile: string, bytesFile: string, typeName: string, names: readonly string[]): Check[] {
  const decoded = (a: Attempt) => {
    const nodes = a.run(bytesFile, typeName).annotations;
    const values = new Map<string, string>();
    for (const n of nodes) if (n.name !== undefined && n.value !== undefined && !values.has(n.name)) values.set(n.name, n.value);
    return values;
  };
  const given = (a: Attempt) => {
    const out = new Map<string, { line: number; value: string }>();
    for (const l of answerLines(a.text(answerFile))) {
      const m = /^([A-Za-z_][\w.]*)\s*[:=]\s*(.*)$/.exec(l.text);
      if (m) out.set(m[1]!, { line: l.line, value: m[2]!.trim() });
    }
    return out;
  };
  return [
    check("values", (a) => {
      const values = decoded(a);
      const answers = given(a);
      for (const name of names) {
        const said = answers.get(name);
        if (!said || said.value === "") return fail(`${answerFile} has no value for ${name} yet: write \`${name}: VALUE\``);
        const engine = values.get(name);
        const reading = engine === undefined ? "other" : sameReading(said.value, engine);
        if (reading === "number-for-name") return fail(`${answerFile}:${said.line}: ${said.value} is the number the bytes carry for ${name}; the schema names that number: write the name a reader with the schema sees`);
        if (reading !== "same") return fail(`${answerFile}:${said.line}: ${name} is not \`${said.value}\` for a reader with the schema: read the field's bytes the way its declared type says`);
      }
      return pass(`every value reads as the schema says (${names.join(", ")})`);
    }),
  ];
}
