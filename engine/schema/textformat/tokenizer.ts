/**
 * The text-format tokenizer: splits a text-format message into identifiers, numbers, strings and
 * one-character symbols, with the offsets of every token. It follows protoc's `io::Tokenizer` as
 * the text-format parser configures it (`#` comments, a float may end in `f`, strings may use
 * either quote), and reports the same problems with the same words, so that an error here reads
 * like the one `protoc --encode` would print.
 *
 * It is lazy: the parser asks for one token at a time, so the first problem found is the first
 * problem in the text.
 */

import type { DiagnosticCode } from "../../diagnostics.ts";
import { appendUtf8, rawByteOf } from "./unescape.ts";

export type TokenType = "identifier" | "integer" | "float" | "string" | "symbol" | "urlchars" | "end";

export interface Token {
  type: TokenType;
  /** The token's text exactly as written (strings keep their quotes and escapes). */
  text: string;
  /** Offset of the first character (UTF-16 units). */
  from: number;
  /** Offset just past the last character. */
  to: number;
}

/** A problem found while reading tokens; the parser turns it into a Diagnostic. */
export interface TokenError {
  code: DiagnosticCode;
  message: string;
  from: number;
  to: number;
  /** Where protoc's tokenizer reports it: the character it stopped at. */
  at: number;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isOctal = (c: number) => c >= 48 && c <= 55;
const isHex = (c: number) => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
/** protoc's `Letter`: ASCII letters and the underscore. */
const isLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isWhitespace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12;
/** protoc 36's kUrlChar: what a type URL or name between brackets is read as. */
const isUrlChar = (c: number) => isLetter(c) || isDigit(c) || "-.~!$&()*+,;=%/".includes(String.fromCharCode(c));
/** Characters after a backslash that stand for themselves or a control character. */
const SIMPLE_ESCAPES = "abfnrtv\\?'\"";

export class Tokenizer {
  private pos = 0;
  /** The first problem found, if any; the parser stops at it. */
  error: TokenError | undefined = undefined;
  /** The token the parser is looking at. */
  current: Token;
  /** The token before the one being read (undefined while reading the first). */
  private previous: Token | undefined = undefined;

  /**
   * protoc 36's URL-chars mode, for what stands between `[` and `]`: tokens read while it is on are
   * runs of URL characters ("urlchars") or one-character symbols. Like protoc's, it applies to
   * the tokens read after it is switched (the next `next()`).
   */
  urlMode = false;

  constructor(private readonly text: string) {
    this.current = this.read();
  }

  /** Moves to the next token and returns the one just passed. */
  next(): Token {
    const passed = this.current;
    this.previous = passed;
    this.current = this.read();
    return passed;
  }

  private fail(code: DiagnosticCode, message: string, from: number, to: number, at = from): void {
    this.error ??= { code, message, from, to, at };
  }

  private read(): Token {
    const text = this.text;
    // Skip whitespace and `#` comments.
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (isWhitespace(c)) this.pos++;
      else if (c === 35) {
        while (this.pos < text.length && text.charCodeAt(this.pos) !== 10) this.pos++;
      } else break;
    }
    const from = this.pos;
    if (from >= text.length) return { type: "end", text: "", from, to: from };
    const c = text.charCodeAt(from);
    let type: TokenType;
    if (this.urlMode && isUrlChar(c)) {
      while (this.pos < text.length && isUrlChar(text.charCodeAt(this.pos))) this.pos++;
      type = "urlchars";
    } else if (this.urlMode) {
      type = this.readSymbol(from, c);
    } else if (isLetter(c)) {
      this.pos++;
      while (this.pos < text.length) {
        const d = text.charCodeAt(this.pos);
        if (!isLetter(d) && !isDigit(d)) break;
        this.pos++;
      }
      type = "identifier";
    } else if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(from + 1)))) {
      if (c === 46 && this.previous?.type === "identifier" && this.previous.to === from) {
        // "blah.123" is not a field path; protoc asks for a space.
        this.fail("textformat/invalid-number", "Need space between identifier and decimal point.", from, from + 2);
      }
      type = this.readNumber(from);
    } else if (c === 34 || c === 39) {
      this.readString(from, c);
      type = "string";
    } else {
      type = this.readSymbol(from, c);
    }
    return { type, text: text.slice(from, this.pos), from, to: this.pos };
  }

  private readSymbol(from: number, c: number): TokenType {
    const text = this.text;
    {
      if (c < 32 || c === 127) {
        this.fail("textformat/invalid-character", "Invalid control characters encountered in text.", from, from + 1);
      } else if (c > 127) {
        // protoc reads bytes and names the first byte of the character's UTF-8 form.
        const firstByte: number[] = [];
        const cp = text.codePointAt(from)!;
        const raw = rawByteOf(cp);
        if (raw !== undefined) firstByte.push(raw);
        else appendUtf8(firstByte, cp >= 0xd800 && cp <= 0xdfff ? 0xfffd : cp);
        this.fail("textformat/invalid-character", `Interpreting non ascii codepoint ${firstByte[0]}.`, from, from + 1);
      }
      // A symbol is one character (one code point, so a non-ASCII one is not split).
      this.pos += c >= 0xd800 && c <= 0xdbff && from + 1 < text.length ? 2 : 1;
    }
    return "symbol";
  }

  private readNumber(from: number): TokenType {
    const text = this.text;
    const at = (i: number) => text.charCodeAt(i);
    const startedWithZero = at(from) === 48;
    const startedWithDot = at(from) === 46;
    let p = from + 1;
    let isFloat = false;
    // protoc reports a number's error at the character where it stopped reading it.
    const numberError = (message: string, at = p) => this.fail("textformat/invalid-number", message, from, p, at);
    if (startedWithZero && (at(p) === 120 || at(p) === 88)) {
      p++;
      if (!isHex(at(p))) {
        numberError('"0x" must be followed by hex digits.');
      }
      while (isHex(at(p))) p++;
    } else if (startedWithZero && isDigit(at(p))) {
      while (isOctal(at(p))) p++;
      if (isDigit(at(p))) {
        const bad = p;
        while (isDigit(at(p))) p++;
        numberError("Numbers starting with leading zero must be in octal.", bad);
      }
    } else {
      if (startedWithDot) {
        isFloat = true;
        while (isDigit(at(p))) p++;
      } else {
        while (isDigit(at(p))) p++;
        if (at(p) === 46) {
          isFloat = true;
          p++;
          while (isDigit(at(p))) p++;
        }
      }
      if (at(p) === 101 || at(p) === 69) {
        isFloat = true;
        p++;
        if (at(p) === 45 || at(p) === 43) p++;
        if (!isDigit(at(p))) numberError('"e" must be followed by exponent.');
        while (isDigit(at(p))) p++;
      }
      if (at(p) === 102 || at(p) === 70) {
        isFloat = true;
        p++;
      }
    }
    if (isLetter(at(p))) {
      this.fail("textformat/invalid-number", "Need space between number and identifier.", from, p + 1, p);
    } else if (at(p) === 46) {
      numberError(
        isFloat
          ? "Already saw decimal point or exponent; can't have another one."
          : "Hex and octal numbers must be integers.",
      );
    }
    this.pos = p;
    return isFloat ? "float" : "integer";
  }

  private readString(from: number, quote: number): void {
    const text = this.text;
    let p = from + 1;
    const escapeError = (message: string, escapeStart: number) =>
      this.fail("textformat/invalid-escape", message, escapeStart, Math.max(p, escapeStart + 1), p);
    while (true) {
      if (p >= text.length) {
        this.fail("textformat/unterminated-string", "Unexpected end of string.", from, p, p);
        break;
      }
      const c = text.charCodeAt(p);
      if (c === 10) {
        this.fail("textformat/unterminated-string", "Multiline strings are not allowed. Did you miss a \"?.", from, p, p);
        break;
      }
      if (c === quote) {
        p++;
        break;
      }
      if (c !== 92) {
        p++;
        continue;
      }
      // An escape sequence: check its shape here; its meaning is worked out by unescape().
      const escapeStart = p;
      p++;
      const e = text.charCodeAt(p);
      if (p < text.length && SIMPLE_ESCAPES.includes(text[p]!)) {
        p++;
      } else if (isOctal(e)) {
        p++;
      } else if (e === 120) {
        p++;
        if (isHex(text.charCodeAt(p))) p++;
        else escapeError("Expected hex digits for escape sequence.", escapeStart);
      } else if (e === 117) {
        p++;
        let n = 0;
        while (n < 4 && isHex(text.charCodeAt(p))) {
          p++;
          n++;
        }
        if (n < 4) escapeError("Expected four hex digits for \\u escape sequence.", escapeStart);
      } else if (e === 85) {
        p++;
        // Eight hex digits, and only up to 0010ffff: "00", then "0" or "1", then five more.
        let ok = text[p] === "0" && text[p + 1] === "0" && (text[p + 2] === "0" || text[p + 2] === "1");
        if (ok) {
          p += 3;
          for (let n = 0; n < 5 && ok; n++) {
            if (isHex(text.charCodeAt(p))) p++;
            else ok = false;
          }
        }
        if (!ok) escapeError("Expected eight hex digits up to 10ffff for \\U escape sequence", escapeStart);
      } else {
        this.fail("textformat/invalid-escape", "Invalid escape sequence in string literal.", escapeStart, Math.min(p + 1, text.length), p);
      }
    }
    this.pos = p;
  }
}
