/**
 * The error cases shared by errors.test.ts (codes and spans) and differential.test.ts (protoc's
 * wording). Test support only.
 */

/**
 * One error case: the text, the type, the expected code and message (protoc's words), and where
 * the span must be: `at` is the text it must cover, `nth` picks among repeats (default: last).
 */
export interface ErrorCase {
  name: string;
  corpus?: "proto2" | "proto3";
  type?: string;
  text: string;
  code: string;
  message: string;
  at: string;
  nth?: number;
}

export const ERROR_CASES: ErrorCase[] = [
  {
    name: "unknown field",
    text: "f_int32: 1\nnope: 2",
    code: "textformat/unknown-field",
    message: 'Message type "wl.p3.Scalars" has no field named "nope".',
    at: "nope",
  },
  {
    name: "unknown field in a nested message",
    type: "wl.p3.Shape",
    text: "center { x: 1 z: 2 }",
    code: "textformat/unknown-field",
    message: 'Message type "wl.p3.Point" has no field named "z".',
    at: "z",
  },
  {
    name: "bad enum name",
    text: "f_color: PURPLE",
    code: "textformat/unknown-enum-value",
    message: 'Unknown enumeration value of "PURPLE" for field "f_color".',
    at: "PURPLE",
  },
  {
    name: "unknown number of a closed (proto2) enum",
    corpus: "proto2",
    type: "wl.p2.Record",
    text: "id: 1 level: -7",
    code: "textformat/unknown-enum-value",
    message: 'Unknown enumeration value of "-7" for field "level".',
    at: "-7",
  },
  {
    name: "int32 above its range",
    text: "f_int32: 2147483648",
    code: "textformat/integer-out-of-range",
    message: "Integer out of range (2147483648)",
    at: "2147483648",
  },
  {
    name: "int32 below its range (the span includes the sign)",
    text: "f_int32: -2147483649",
    code: "textformat/integer-out-of-range",
    message: "Integer out of range (2147483649)",
    at: "-2147483649",
  },
  {
    name: "uint64 above its range",
    text: "f_uint64: 18446744073709551616",
    code: "textformat/integer-out-of-range",
    message: "Integer out of range (18446744073709551616)",
    at: "18446744073709551616",
  },
  {
    name: "int64 above its range in hex",
    text: "f_int64: 0x8000000000000000",
    code: "textformat/integer-out-of-range",
    message: "Integer out of range (0x8000000000000000)",
    at: "0x8000000000000000",
  },
  {
    name: "negative unsigned",
    text: "f_uint32: -1",
    code: "textformat/invalid-value",
    message: "Expected integer, got: -",
    at: "-",
  },
  {
    name: "float for an integer",
    text: "f_int32: 1.5",
    code: "textformat/invalid-value",
    message: "Expected integer, got: 1.5",
    at: "1.5",
  },
  {
    name: "hex for a double",
    text: "f_double: 0x10",
    code: "textformat/invalid-value",
    message: "Expect a decimal number, got: 0x10",
    at: "0x10",
  },
  {
    name: "word for a double",
    text: "f_double: big",
    code: "textformat/invalid-value",
    message: "Expected double, got: big",
    at: "big",
  },
  {
    name: "bool out of range",
    text: "f_bool: 2",
    code: "textformat/integer-out-of-range",
    message: "Integer out of range (2)",
    at: "2",
  },
  {
    name: "bad bool word",
    text: "f_bool: yes",
    code: "textformat/invalid-value",
    message: 'Invalid value for boolean field "f_bool". Value: "yes".',
    at: "yes",
  },
  {
    name: "number for a string",
    text: "f_string: 5",
    code: "textformat/invalid-value",
    message: "Expected string, got: 5",
    at: "5",
  },
  {
    name: "unterminated string",
    text: 'f_int32: 1 f_string: "abc',
    code: "textformat/unterminated-string",
    message: "Unexpected end of string.",
    at: '"abc',
  },
  {
    name: "string across a line break",
    text: 'f_string: "ab\ncd"',
    code: "textformat/unterminated-string",
    message: "String literals cannot cross line boundaries.",
    at: '"ab',
  },
  {
    name: "invalid escape",
    text: 'f_string: "a\\qb"',
    code: "textformat/invalid-escape",
    message: "Invalid escape sequence in string literal.",
    at: "\\q",
  },
  {
    name: "short \\u escape",
    text: 'f_string: "\\u12"',
    code: "textformat/invalid-escape",
    message: "Expected four hex digits for \\u escape sequence.",
    at: "\\u12",
  },
  {
    name: "missing value at the end",
    text: "f_int32:",
    code: "textformat/invalid-value",
    message: "Expected integer, got: ",
    at: "",
  },
  {
    name: "missing colon before a scalar",
    text: "f_int32 5",
    code: "textformat/expected-token",
    message: 'Expected ":", found "5".',
    at: "5",
  },
  {
    name: "list on a singular message field",
    type: "wl.p3.Shape",
    text: "center [{}]",
    code: "textformat/expected-token",
    message: 'Expected "{", found "[".',
    at: "[",
  },
  {
    name: "list without commas",
    type: "wl.p3.Repeated",
    text: "r_int32: [1 2]",
    code: "textformat/expected-token",
    message: 'Expected ",", found "2".',
    at: "2",
  },
  {
    name: "unclosed message",
    type: "wl.p3.Shape",
    text: "center { x: 1",
    code: "textformat/expected-token",
    message: "Expected identifier, got: ",
    at: "",
  },
  {
    name: "mismatched closing bracket",
    type: "wl.p3.Shape",
    text: "center { x: 1 >",
    code: "textformat/expected-token",
    message: 'Expected "}", found ">".',
    at: ">",
  },
  {
    name: "stray closing brace",
    text: "}",
    code: "textformat/expected-token",
    message: "Expected identifier, got: }",
    at: "}",
  },
  {
    name: "singular field twice",
    text: "f_int32: 1 f_int32: 2",
    code: "textformat/duplicate-field",
    message: 'Non-repeated field "f_int32" is specified multiple times.',
    at: "f_int32",
  },
  {
    name: "two members of a oneof",
    type: "wl.p3.Shape",
    text: 'radius: 0\nnote: "x"',
    code: "textformat/oneof-conflict",
    message: 'Field "note" is specified along with field "radius", another member of oneof "kind".',
    at: "note",
  },
  {
    name: "octal with 8",
    text: "f_int32: 08",
    code: "textformat/invalid-number",
    message: "Numbers starting with leading zero must be in octal.",
    at: "08",
  },
  {
    name: "0x without digits",
    text: "f_int32: 0x",
    code: "textformat/invalid-number",
    message: '"0x" must be followed by hex digits.',
    at: "0x",
  },
  {
    name: "number glued to a word",
    text: "f_int32: 1abc",
    code: "textformat/invalid-number",
    message: "Need space between number and identifier.",
    at: "1a",
  },
  {
    name: "exponent without digits",
    text: "f_double: 1.5e",
    code: "textformat/invalid-number",
    message: '"e" must be followed by exponent.',
    at: "1.5e",
  },
  {
    name: "control character",
    text: "f_int32: 1 \u0001",
    code: "textformat/invalid-character",
    message: "Invalid control characters encountered in text.",
    at: "\u0001",
  },
  {
    name: "unknown extension",
    corpus: "proto2",
    type: "wl.p2.Record",
    text: "id: 1 [wl.p2.nope]: 1",
    code: "textformat/unknown-extension",
    message: 'Extension "wl.p2.nope" is not defined or is not an extension of "wl.p2.Record".',
    at: "wl.p2.nope",
  },
  {
    name: "group named by its field name",
    corpus: "proto2",
    type: "wl.p2.Record",
    text: "id: 1 header { }",
    code: "textformat/unknown-field",
    message: 'Message type "wl.p2.Record" has no field named "header".',
    at: "header",
  },
];
