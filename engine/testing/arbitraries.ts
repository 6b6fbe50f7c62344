/**
 * Generators shared by the property tests and the fuzz runner (test support only): protoscope
 * programs from its grammar (mostly valid, some deliberately broken) and bytes shaped like
 * protobuf (so the interesting paths run), possibly damaged.
 */
import fc from "fast-check";
import { encodeVarint64 } from "../wire/varint.ts";

const pick = <T,>(...values: T[]) => fc.constantFrom(...values);

const digits = (min: number, max: number) => fc.string({ unit: pick(..."0123456789"), minLength: min, maxLength: max });
const hexDigits = (min: number, max: number) =>
  fc.string({ unit: pick(..."0123456789abcdefABCDEF"), minLength: min, maxLength: max });

const edgeIntegers = pick(
  "0", "1", "127", "128", "255", "16383", "16384", "2147483647", "2147483648", "4294967295", "4294967296",
  "9007199254740991", "9007199254740993", "9223372036854775807", "9223372036854775808",
  "18446744073709551615", "18446744073709551616", "0x7fffffff", "0xffffffff", "0x100000000",
  "0xffffffffffffffff", "0x10000000000000000", "00017", "0x0000000000000000001",
);
const magnitude = fc.oneof(
  { weight: 3, arbitrary: digits(1, 6) },
  { weight: 1, arbitrary: digits(7, 21) },
  { weight: 1, arbitrary: hexDigits(1, 17).map((h) => "0x" + h) },
  { weight: 2, arbitrary: edgeIntegers },
);
const sign = fc.oneof({ weight: 3, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constant("-") });
const integer = fc
  .tuple(sign, magnitude, pick("", "", "", "z", "i32", "i64"))
  .map(([s, m, suffix]) => s + m + suffix);

const wireType = fc.oneof(
  { weight: 6, arbitrary: fc.constant("") },
  { weight: 3, arbitrary: pick("VARINT", "I64", "LEN", "SGROUP", "EGROUP", "I32") },
  { weight: 2, arbitrary: pick("0", "1", "2", "3", "4", "5", "6", "7", "05") },
  { weight: 1, arbitrary: pick("8", "0x2", "LENGTH", "_", "99999999999999999999") },
);
const fieldNumber = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 40 }).map(String) },
  { weight: 1, arbitrary: pick("-1", "-2", "0x1f", "536870911", "2305843009213693951", "2305843009213693952", "3z", "-5z", "7i32") },
);
const tag = fc.tuple(fieldNumber, wireType).map(([n, t]) => `${n}:${t}`);

const exponent = fc.oneof(
  { weight: 3, arbitrary: fc.constant("") },
  { weight: 2, arbitrary: fc.tuple(pick("e", "E"), sign, digits(1, 3)).map(([e, s, d]) => e + s + d) },
);
const decimalFloat = fc
  .tuple(sign, digits(1, 12), digits(1, 25), exponent, pick("", "", "i32", "i64"))
  .map(([s, i, f, e, w]) => `${s}${i}.${f}${e}${w}`);
const hexFloat = fc
  .tuple(sign, hexDigits(1, 16), hexDigits(1, 16), fc.oneof(fc.constant(""), fc.tuple(pick("p", "P"), sign, digits(1, 4)).map((x) => x.join(""))), pick("", "i32", "i64"))
  .map(([s, i, f, p, w]) => `${s}0x${i}.${f}${p}${w}`);
const float = fc.oneof(decimalFloat, hexFloat, pick("inf32", "-inf32", "inf64", "-inf64"));

const stringChar = fc.oneof(
  { weight: 10, arbitrary: pick(..."abcxyz 019#{}!:`'") },
  { weight: 2, arbitrary: pick("é", "日", "😀", "\n", "\t") },
  { weight: 4, arbitrary: pick("\\n", '\\"', "\\\\", "\\x00", "\\xff", "\\x7F", "\\0", "\\12", "\\377", "\\1234", "\\08") },
  { weight: 1, arbitrary: pick("\\400", "\\q", "\\u0041", "\\x4", "\\xg0") },
);
const quoted = fc.array(stringChar, { maxLength: 12 }).map((cs) => `"${cs.join("")}"`);
const hexLiteral = fc.oneof(
  { weight: 8, arbitrary: fc.array(hexDigits(2, 2), { maxLength: 8 }).map((bs) => "`" + bs.join("") + "`") },
  { weight: 1, arbitrary: pick("`abc`", "`0g`", "`00 11`") },
);

const scalar = fc.oneof(
  { weight: 6, arbitrary: integer },
  { weight: 3, arbitrary: float },
  { weight: 2, arbitrary: quoted },
  { weight: 1, arbitrary: hexLiteral },
  { weight: 1, arbitrary: pick("true", "false") },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 12 }).map((n) => `long-form:${n}`) },
  { weight: 1, arbitrary: pick("hello", "1e5", "+1", ".5", "!", "}", "{", "!{", "#comment\n", "1::", "[") },
);

/** What separates tokens: any of protoscope's four whitespace characters, or a comment. */
const separator = fc.oneof(
  { weight: 6, arbitrary: fc.constant(" ") },
  { weight: 2, arbitrary: pick("\n", "\t", "\r\n", "  \t") },
  { weight: 1, arbitrary: pick(" # a comment { } \"\n", "#\n") },
);

/** A protoscope program: fields, scalars, groups, messages and long forms, with separators and comments. */
export const protoscopeProgram: fc.Arbitrary<string> = fc.letrec<{ items: string[]; item: string }>((tie) => ({
  item: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 8, arbitrary: fc.tuple(tag, scalar).map(([t, v]) => `${t} ${v}`) },
    { weight: 4, arbitrary: scalar },
    { weight: 2, arbitrary: fc.tuple(tag, tie("items")).map(([t, body]) => `${t} {${body.join(" ")}}`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 0, max: 30 }), tie("items"), pick("", "", "long-form:2 "))
        .map(([n, body, lf]) => `${n}: !{${body.join(" ")} ${lf}}`),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 0, max: 11 }), tie("items")).map(([n, body]) => `long-form:${n} {${body.join("\n")}}`),
    },
  ),
  items: fc.array(fc.tuple(tie("item"), separator), { maxLength: 6 }).map((pairs) => pairs.map(([item, sep]) => item + sep)),
})).items.map((items) => items.join(""));

/** Bytes shaped like protobuf (so the interesting paths run), possibly damaged. */
const fieldBytes: fc.Arbitrary<number[]> = fc.letrec<{ message: number[]; field: number[] }>((tie) => ({
  field: fc.oneof(
    fc.tuple(fc.integer({ min: 1, max: 40 }), fc.bigInt({ min: 0n, max: (1n << 64n) - 1n })).map(([n, v]) => [...varint(BigInt(n) << 3n), ...varint(v)]),
    fc.tuple(fc.integer({ min: 1, max: 40 }), fc.uint8Array({ minLength: 8, maxLength: 8 })).map(([n, b]) => [...varint(BigInt((n << 3) | 1)), ...b]),
    fc.tuple(fc.integer({ min: 1, max: 40 }), fc.uint8Array({ minLength: 4, maxLength: 4 })).map(([n, b]) => [...varint(BigInt((n << 3) | 5)), ...b]),
    fc.tuple(fc.integer({ min: 1, max: 40 }), fc.string({ maxLength: 30, unit: "grapheme" })).map(([n, s]) => {
      const text = [...new TextEncoder().encode(s)];
      return [...varint(BigInt((n << 3) | 2)), ...varint(BigInt(text.length)), ...text];
    }),
    fc.tuple(fc.integer({ min: 1, max: 40 }), tie("message")).map(([n, m]) => [...varint(BigInt((n << 3) | 2)), ...varint(BigInt(m.length)), ...m]),
    fc.tuple(fc.integer({ min: 1, max: 40 }), tie("message"), fc.integer({ min: 0, max: 2 })).map(([n, m, end]) => [
      ...varint(BigInt((n << 3) | 3)),
      ...m,
      ...(end === 0 ? [] : varint(BigInt(((end === 1 ? n : n + 1) << 3) | 4))),
    ]),
  ),
  message: fc.array(tie("field"), { maxLength: 4, depthIdentifier: "message" }).map((fields) => fields.flat()),
})).message;

export const protobufish: fc.Arbitrary<Uint8Array> = fc
  .tuple(fieldBytes, fc.integer({ min: 0, max: 3 }), fc.nat(), fc.integer({ min: 0, max: 255 }))
  .map(([bytes, damage, at, value]) => {
    if (bytes.length > 0 && damage === 1) bytes[at % bytes.length] = value; // a byte changed
    if (bytes.length > 0 && damage === 2) bytes.length = at % bytes.length; // the tail cut
    return Uint8Array.from(bytes);
  });

const varint = (v: bigint): number[] => [...encodeVarint64(v)];

