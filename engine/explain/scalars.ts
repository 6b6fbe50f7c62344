/**
 * Explanations of the fixed-size pieces of the wire format: tags, varints (with zigzag and two's
 * complement), and fixed32/fixed64 values (with every reading and the float's bit fields).
 */
import { isGraphic } from "../annotate/heuristics.ts";
import { readings } from "../protoscope/readings.ts";
import { zigzagDecode64, zigzagEncode64 } from "../wire/varint.ts";
import { FieldType, fieldTypeKeyword, MAX_FIELD_NUMBER, wireTypeNames } from "../wire/wire-type.ts";
import type { ByteRow, ExplainSection, Fact } from "./types.ts";
import { bits8, hex2, overlongWarning, readVarintParts, varintFacts, varintLength, type VarintParts } from "./varint.ts";

const TWO_64 = 1n << 64n;
const TWO_63 = 1n << 63n;
/** Field numbers protobuf reserves for its own implementation (protoc refuses to declare them). */
export const RESERVED_FIRST = 19000;
export const RESERVED_LAST = 19999;

/** What follows a tag of each wire type, in words. */
const WIRE_TYPE_MEANING: readonly string[] = [
  "the value is one varint (int32, int64, uint32, uint64, sint32, sint64, bool, enum)",
  "the value is 8 bytes, little-endian (fixed64, sfixed64, double)",
  "a varint length follows, then that many bytes (string, bytes, a message, a packed repeated field)",
  "a group starts: fields follow until the end-group tag with the same field number",
  "the group opened by the start-group tag with the same field number ends here",
  "the value is 4 bytes, little-endian (fixed32, sfixed32, float)",
];

export function wireTypeName(wireType: number): string {
  return wireTypeNames[wireType] ?? "invalid";
}

export function section(heading: string, rows: ByteRow[] = [], facts: Fact[] = [], sentences: string[] = []): ExplainSection {
  return { heading, rows, facts, sentences };
}

export interface TagParts {
  varint: VarintParts;
  fieldNumber: bigint;
  wireType: number;
}

export function readTag(bytes: Uint8Array, start: number, end: number): TagParts {
  const varint = readVarintParts(bytes, start, end);
  return { varint, fieldNumber: varint.value >> 3n, wireType: Number(varint.value & 7n) };
}

/** "1", "1 (name)". */
export function fieldLabel(fieldNumber: bigint, name: string | undefined): string {
  return name !== undefined ? `${fieldNumber} (${name})` : `${fieldNumber}`;
}

export interface TagExplanation {
  title: string;
  section: ExplainSection;
  warnings: string[];
  tag: TagParts;
}

/** A tag: its varint, `field_number << 3 | wire_type`, the wire type's meaning, the field's name. */
export function explainTag(bytes: Uint8Array, start: number, end: number, name: string | undefined, type: string | undefined): TagExplanation {
  const tag = readTag(bytes, start, end);
  const { varint, fieldNumber, wireType } = tag;
  const value = varint.value;
  const wtName = wireTypeName(wireType);
  const wtBits = wireType.toString(2).padStart(3, "0");
  const facts: Fact[] = [
    ...varintFacts(varint),
    { label: "tag in binary: field number bits, then 3 wire-type bits", value: `${fieldNumber.toString(2)} ${wtBits}` },
    { label: "field_number = tag >> 3", value: `${value} >> 3 = ${fieldNumber}` },
    { label: "wire_type = tag & 7", value: `${value} & 7 = ${wireType} (${wtName})` },
    { label: "check: field_number << 3 | wire_type", value: `${fieldNumber} << 3 | ${wireType} = ${fieldNumber << 3n} + ${wireType} = ${value}` },
  ];
  if (name !== undefined) facts.push({ label: "field in the schema", value: type !== undefined ? `${name} (${type})` : name });
  const sentences = [
    "Every field starts with a tag: a varint whose low 3 bits are the wire type and whose other bits are the field number.",
    wireType < WIRE_TYPE_MEANING.length
      ? `Wire type ${wireType} (${wtName}): ${WIRE_TYPE_MEANING[wireType]}.`
      : `Wire type ${wireType} does not exist (only 0 to 5 do): a parser stops here.`,
  ];
  if (name === undefined) sentences.push("No schema names this field here: a schema maps field numbers to names; the bytes carry only the number.");
  const warnings: string[] = [];
  const overlong = overlongWarning(varint, "tag");
  if (overlong) warnings.push(overlong);
  if (fieldNumber === 0n) {
    warnings.push("Field number 0 is not valid: protoc never writes it, and parsers reject the message.");
  } else if (fieldNumber > BigInt(MAX_FIELD_NUMBER)) {
    warnings.push(
      `Field number ${fieldNumber} is above ${MAX_FIELD_NUMBER} (2^29 − 1), the largest protobuf allows. ` +
        "The bytes decode here (Wirelab and protoscope read a tag as a 64-bit varint), but protoc never writes them: " +
        "the limit keeps field_number << 3 | wire_type within 32 bits, and protobuf's own parsers reject a larger tag.",
    );
  } else if (fieldNumber >= BigInt(RESERVED_FIRST) && fieldNumber <= BigInt(RESERVED_LAST)) {
    warnings.push(
      `Field number ${fieldNumber} is in 19000–19999, the range protobuf reserves for its implementation. ` +
        "The bytes decode (as an unknown field), but protoc never writes them: it refuses to compile a .proto that declares such a field.",
    );
  }
  const title = `Tag: field ${fieldLabel(fieldNumber, name)}, wire type ${wireType} (${wtName})`;
  return { title, section: section("Tag", varint.rows, facts, sentences), warnings, tag };
}

/** The scalar types whose values are varints, and how they read one. */
const UNSIGNED = new Set(["uint32", "uint64"]);
const ZIGZAG = new Set(["sint32", "sint64"]);
const SCALARS = new Set(
  Object.values(FieldType)
    .filter((t) => t !== FieldType.GROUP && t !== FieldType.MESSAGE && t !== FieldType.ENUM)
    .map(fieldTypeKeyword),
);

/** Whether a schema type names an enum (a varint field whose type is not a scalar). */
function isEnumType(type: string | undefined): boolean {
  return type !== undefined && !SCALARS.has(type);
}

export interface ScalarExplanation {
  title: string;
  sections: ExplainSection[];
  warnings: string[];
}

/** Zigzag's inverse on the low `width` bits of `n`, as a signed number. */
function unzigzag(n: bigint, width: 32 | 64): bigint {
  return zigzagDecode64(BigInt.asUintN(width, n));
}

/** Zigzag of a signed value of `width` bits. */
function zigzag(v: bigint, width: 32 | 64): bigint {
  return BigInt.asUintN(width, zigzagEncode64(BigInt.asIntN(width, v)));
}

/**
 * A varint value. `kind` is the annotation's ("zigzag" when the bytes were written as zigzag);
 * `type` the schema's, when known; `reading` the annotation's own reading (enum names).
 */
export function explainVarint(
  bytes: Uint8Array,
  start: number,
  end: number,
  kind: string,
  type: string | undefined,
  reading: string | undefined,
): ScalarExplanation {
  const parts = readVarintParts(bytes, start, end);
  const n = parts.value;
  const sections: ExplainSection[] = [
    section("Varint", parts.rows, [...varintFacts(parts), { label: "unsigned value", value: `${n}` }], [
      "A varint stores a number 7 bits a byte, lowest bits first. The top bit of each byte (the continuation bit) is 1 while more bytes follow and 0 on the last.",
    ]),
  ];
  const warnings: string[] = [];
  const overlong = overlongWarning(parts, "varint");
  if (overlong) warnings.push(overlong);

  let title: string;
  const zig = kind === "zigzag" || ZIGZAG.has(type ?? "");
  if (zig) {
    const width: 32 | 64 = type === "sint32" ? 32 : 64;
    const v = unzigzag(n, width);
    const back = zigzag(v, width);
    const shift = width - 1;
    const label = type ?? `sint${width}`;
    sections.push(
      section(
        "Zigzag",
        [],
        [
          { label: "n, the varint's value", value: `${n}` },
          { label: "undo zigzag: (n >>> 1) ^ −(n & 1)", value: `(${n} >>> 1) ^ −(${n} & 1) = ${BigInt.asUintN(width, n) >> 1n} ^ ${-(n & 1n)} = ${v}` },
          { label: `how it was written: (v << 1) ^ (v >> ${shift})`, value: `(${v} << 1) ^ (${v} >> ${shift}) = ${v << 1n} ^ ${v >> BigInt(shift)} = ${back}` },
          { label: `${label} value`, value: `${v}` },
        ],
        [
          `${label} is zigzag-encoded: signed values are interleaved so that small magnitudes stay small (0, −1, 1, −2, 2 become 0, 1, 2, 3, 4). An even n means n / 2, an odd n means −(n + 1) / 2.`,
          v < 0n
            ? `As a plain int64, ${v} would take ${varintLength(BigInt.asUintN(64, v))} bytes; zigzag makes it ${varintLength(back)}.`
            : `A positive value costs one bit more than as a plain varint: ${v} takes ${varintLength(back)} byte${varintLength(back) === 1 ? "" : "s"} here, ${varintLength(v)} as int64.`,
        ],
      ),
    );
    title = `${label} (zigzag): ${v}`;
  } else if (type === "bool") {
    const value = n === 0n ? "false" : "true";
    sections.push(
      section("bool", [], [{ label: "bool value", value }], [
        n <= 1n
          ? "A bool is a varint: 0 is false, 1 is true."
          : `A bool is a varint: 0 is false, 1 is true; protoc writes only those, and a parser reads any other value (here ${n}) as true.`,
      ]),
    );
    title = `bool: ${value}`;
  } else if (UNSIGNED.has(type ?? "")) {
    const low = BigInt.asUintN(32, n);
    const value = type === "uint32" ? low : n;
    const sentences = ["An unsigned integer is the varint's value as it is."];
    if (type === "uint32" && low !== n) sentences.push(`The value needs more than 32 bits: a uint32 reader keeps the low 32 bits, ${low}.`);
    sections.push(section(type!, [], [{ label: `${type} value`, value: `${value}` }], sentences));
    title = `${type}: ${value}`;
  } else {
    // int32, int64, an enum, or no schema: a two's-complement signed reading.
    const isInt32 = type === "int32" || isEnumType(type);
    const signed64 = BigInt.asIntN(64, n);
    const value = isInt32 ? BigInt.asIntN(32, n) : signed64;
    const label = type === undefined ? "int64" : isEnumType(type) ? `enum ${type}` : type;
    const facts: Fact[] = [];
    const sentences: string[] = [];
    if (n >= TWO_63) {
      facts.push({ label: "as a signed 64-bit number: n − 2^64", value: `${n} − ${TWO_64} = ${signed64}` });
      const zz = zigzag(isInt32 ? BigInt.asIntN(32, n) : signed64, isInt32 ? 32 : 64);
      sentences.push(
        isInt32
          ? `A negative ${isEnumType(type) ? "enum value" : "int32"} is sign-extended to 64 bits before it is written, so all its top bits are 1 and the varint needs all ten bytes (nine carry 63 bits, the tenth the last one).`
          : "A negative int64 is written as its 64-bit two's complement: the top bit is 1, so the varint needs all ten bytes (nine carry 63 bits, the tenth the last one).",
        `As ${isInt32 ? "sint32" : "sint64"} (zigzag) the same ${value} would be ${zz} and take ${varintLength(zz)} byte${varintLength(zz) === 1 ? "" : "s"}.`,
      );
    } else {
      sentences.push("A non-negative signed integer is the varint's value as it is.");
    }
    if (isInt32 && BigInt.asIntN(64, BigInt.asIntN(32, n)) !== signed64) {
      sentences.push(`The value does not fit in 32 bits: an int32 reader keeps the low 32 bits, ${value}. protoc never writes such an int32.`);
    }
    if (isEnumType(type) && reading !== undefined) facts.push({ label: "enum value", value: reading });
    facts.push({ label: `${label} value`, value: `${value}` });
    sections.push(section(label, [], facts, sentences));
    if (type === undefined) sections.push(readingsSection(bytes, start, end, 0));
    title = isEnumType(type) && reading !== undefined ? `enum ${type}: ${reading}` : type === undefined ? `Varint: ${value}` : `${label}: ${value}`;
  }
  return { title, sections, warnings };
}

/** Every reading of the bytes, valid ones as facts, the others in sentences saying why not. */
export function readingsSection(bytes: Uint8Array, start: number, end: number, wireType: number): ExplainSection {
  const facts: Fact[] = [];
  const sentences: string[] = ["The bytes alone do not say which type wrote them (the schema does): these are every reading that fits."];
  for (const r of readings(bytes, start, end, wireType)) {
    if (r.valid) facts.push({ label: r.kind, value: clipText(r.kind === "string" ? quoteText(r.value) : r.value) });
    else {
      const at = r.errorAt !== undefined && (r.kind === "string" || r.kind === "message" || r.kind === "packed-varint") ? ` (at byte ${r.errorAt})` : "";
      sentences.push(`Not ${r.kind}: ${r.reason ?? "does not fit"}${at}.`);
    }
  }
  return section("Readings", [], facts, sentences);
}

/** Text in quotes with what cannot print escaped: "a\\nb". */
export function quoteText(text: string): string {
  let out = "";
  for (const ch of text) out += escapeCodePoint(ch.codePointAt(0)!);
  return `"${out}"`;
}

/** A code point as it shows inside quotes: itself when it prints, else an escape. */
export function escapeCodePoint(cp: number): string {
  switch (cp) {
    case 0x0a:
      return "\\n";
    case 0x0d:
      return "\\r";
    case 0x09:
      return "\\t";
    case 0x22:
      return '\\"';
    case 0x5c:
      return "\\\\";
  }
  return cp === 0x20 || isGraphic(cp) ? String.fromCodePoint(cp) : `\\u{${cp.toString(16)}}`;
}

export const MAX_FACT = 160;
export function clipText(text: string): string {
  return text.length > MAX_FACT ? text.slice(0, MAX_FACT) + "…" : text;
}

/** The types a fixed-width value may have been written as. */
const FIXED_TYPES = new Set(["fixed32", "sfixed32", "float", "fixed64", "sfixed64", "double"]);

/** A fixed32 or fixed64 value: its bytes little-endian, every reading, and a float's bit fields. */
export function explainFixed(bytes: Uint8Array, start: number, kind: string, width: 4 | 8, type: string | undefined): ScalarExplanation {
  const rows: ByteRow[] = [];
  let bits = 0n;
  for (let i = 0; i < width; i++) {
    const b = bytes[start + i]!;
    bits |= BigInt(b) << BigInt(8 * i);
    const note = i === 0 ? `bits 0–7 (the lowest)` : i === width - 1 ? `bits ${8 * i}–${8 * i + 7} (the highest)` : `bits ${8 * i}–${8 * i + 7}`;
    rows.push({ offset: start + i, hex: hex2(b), bits: bits8(b), note });
  }
  const reversed = rows.map((r) => r.hex).reverse().join("");
  const wireType = width === 4 ? 5 : 1;
  const sections: ExplainSection[] = [
    section(
      "Little-endian",
      rows,
      [
        { label: "the bytes, last first", value: `0x${reversed}` },
        { label: `as ${width * 8} bits`, value: groupBits(bits.toString(2).padStart(width * 8, "0")) },
      ],
      [`A ${width === 4 ? "fixed32" : "fixed64"} value is ${width} bytes, least significant first (little-endian): reading them backwards gives the number.`],
    ),
  ];
  const schemaType = type !== undefined && FIXED_TYPES.has(type) ? type : undefined;
  const asFloat = schemaType === "float" || schemaType === "double" || (schemaType === undefined && (kind === "float" || kind === "double"));
  if (asFloat) sections.push(floatSection(bits, width));
  const r = readingsSection(bytes, start, start + width, wireType);
  if (schemaType !== undefined) r.sentences[0] = `The schema says ${schemaType}; the same bytes read every way a ${width === 4 ? "fixed32" : "fixed64"} can:`;
  sections.push(r);
  const shownType = schemaType ?? (asFloat ? (width === 4 ? "float" : "double") : width === 4 ? "fixed32" : "fixed64");
  const value = r.facts.find((f) => f.label === shownType)?.value ?? "";
  return { title: `${shownType}: ${value}`, sections, warnings: [] };
}

function groupBits(bits: string): string {
  return bits.replace(/(.{8})(?=.)/g, "$1 ");
}

/** IEEE 754: sign, exponent, fraction, and how they make the value. */
function floatSection(bits: bigint, width: 4 | 8): ExplainSection {
  const expBits = width === 4 ? 8 : 11;
  const fracBits = width === 4 ? 23 : 52;
  const bias = width === 4 ? 127 : 1023;
  const sign = Number(bits >> BigInt(expBits + fracBits));
  const exp = Number((bits >> BigInt(fracBits)) & ((1n << BigInt(expBits)) - 1n));
  const frac = bits & ((1n << BigInt(fracBits)) - 1n);
  const fracValue = Number(frac) / 2 ** fracBits; // exact: at most 52 bits
  const facts: Fact[] = [
    { label: "sign bit", value: `${sign} (${sign ? "negative" : "positive"})` },
    { label: `exponent (${expBits} bits)`, value: `${exp.toString(2).padStart(expBits, "0")} = ${exp}` },
    { label: `fraction (${fracBits} bits)`, value: `${frac.toString(2).padStart(fracBits, "0")} = ${fracValue}` },
  ];
  const s = sign ? "−" : "+";
  let sentence: string;
  if (exp === (1 << expBits) - 1) {
    sentence = frac === 0n ? `All exponent bits set and a zero fraction: ${s}infinity.` : "All exponent bits set and a non-zero fraction: NaN (not a number).";
  } else if (exp === 0) {
    sentence =
      frac === 0n
        ? `Exponent and fraction all zero: ${sign ? "−0" : "0"}.`
        : `Exponent 0 means a subnormal number: ${s}${fracValue} × 2^${1 - bias}.`;
  } else {
    const value = (sign ? -1 : 1) * (1 + fracValue) * 2 ** (exp - bias);
    facts.push({ label: `value: ${s}(1 + fraction) × 2^(exponent − ${bias})`, value: `${s}${1 + fracValue} × 2^${exp - bias} = ${width === 4 ? Math.fround(value) : value}` });
    sentence = `A ${width === 4 ? "float" : "double"} is a sign bit, an ${expBits}-bit exponent biased by ${bias}, and a ${fracBits}-bit fraction after an implicit leading 1.`;
  }
  return section(width === 4 ? "float (IEEE 754 single)" : "double (IEEE 754 double)", [], facts, [sentence]);
}
