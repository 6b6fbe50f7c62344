/**
 * Name-case conversions exactly as buf's lint rules apply them, so that our "such as ..."
 * suggestions and the ENUM_VALUE_PREFIX prefix are character-for-character buf's.
 *
 * Learned from buf's string utilities (rewritten here, not copied):
 * - snake case trims delimiters at both ends, turns each delimiter into "_", collapses runs of
 *   "_", and starts a new word before an upper-case letter when the previous output character
 *   is not "_" and either the next character is lower case (not upper, not a digit, not a
 *   delimiter: the "P" → "_S" in "HTTPStatus") or the previous input character is lower case
 *   (the "r" → "_B" in "fooBar"). Digits never start a word: "Foo2Bar" → "FOO2_BAR".
 * - PascalCase drops delimiters, upper-cases the first letter and every letter after a
 *   delimiter, keeps upper-case letters and lower-cases the rest: "HTTP_status" → "HTTPStatus".
 *
 * Protobuf identifiers are ASCII, so we compare ASCII classes; anything else passes through.
 */

const isDelimiter = (c: string): boolean =>
  c === "." || c === "-" || c === "_" || c === " " || c === "\t" || c === "\n" || c === "\r";
const isUpper = (c: string | undefined): boolean => c !== undefined && c >= "A" && c <= "Z";
const isLower = (c: string | undefined): boolean => c !== undefined && c >= "a" && c <= "z";
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";

function trimDelimiters(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isDelimiter(s[start]!)) start++;
  while (end > start && isDelimiter(s[end - 1]!)) end--;
  return s.slice(start, end);
}

/** Inserts "_" at word boundaries without changing case (buf's shared snake-case step). */
function toSnakeWords(input: string): string {
  const s = trimDelimiters(input);
  let out = "";
  for (let i = 0; i < s.length; i++) {
    let c = s[i]!;
    if (isDelimiter(c)) c = "_";
    if (i === 0) {
      out += c;
      continue;
    }
    const next = s[i + 1];
    const lastOut = out[out.length - 1];
    const nextStartsNoWord = next !== undefined && !isUpper(next) && !isDigit(next) && !isDelimiter(next);
    if (isUpper(c) && lastOut !== "_" && (nextStartsNoWord || isLower(s[i - 1]))) {
      out += "_" + c;
    } else if (!(c === "_" && lastOut === "_")) {
      out += c;
    }
  }
  return out;
}

/** buf's lower_snake_case: "fooBar" → "foo_bar", "HTTPStatus" → "http_status". */
export function toLowerSnakeCase(s: string): string {
  return toSnakeWords(s).toLowerCase();
}

/** buf's UPPER_SNAKE_CASE: "HTTPStatus" → "HTTP_STATUS", "Stoplight" → "STOPLIGHT". */
export function toUpperSnakeCase(s: string): string {
  return toSnakeWords(s).toUpperCase();
}

/** buf's PascalCase: "foo_bar" → "FooBar", "get_thing" → "GetThing", "FOO" stays "FOO". */
export function toPascalCase(s: string): string {
  const trimmed = s.trim();
  let out = "";
  let previous = "";
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed[i]!;
    if (!isDelimiter(c)) {
      out += i === 0 || isDelimiter(previous) || isUpper(c) ? c.toUpperCase() : c.toLowerCase();
    }
    previous = c;
  }
  return out;
}

/** The prefix ENUM_VALUE_PREFIX asks for: the enum's name in UPPER_SNAKE_CASE plus "_". */
export function enumValuePrefix(enumName: string): string {
  return toUpperSnakeCase(enumName) + "_";
}
