/**
 * The protoscope lexer: splits source text into tokens with their character ranges.
 *
 * Two ways in. The assembler drives a `Scanner` one token at a time: the scanner keeps the
 * current token's kind and range in its own fields, so the hot loop creates no object per token.
 * Editors call `tokenize(text)` and get an array of `Token`s, comments included, for highlighting;
 * it never throws (what cannot be lexed becomes an "invalid" token).
 *
 * The rules are protoscope's: whitespace is space, tab, CR and LF; `#` starts a comment to the
 * end of the line; a "symbol" (number, tag, float, keyword, long-form) runs up to the next
 * whitespace or one of `{ } [ ] \` " # !`. Deliberate difference: a byte-order mark (U+FEFF) at
 * the very start is skipped, where protoscope calls it an unrecognized symbol.
 */
import type { TextPosition } from "../diagnostics.ts";
import type { Highlight, HighlightClass, Highlights } from "../highlight/types.ts";
import { AssembleError, AssembleErrorCode } from "./errors.ts";
import { newSymbolValue, parseSymbol, SymbolKind } from "./token-values.ts";

/** Token kinds the Scanner reports (small integers, so the assembler can switch on them cheaply). */
export const TokenKind = {
  EOF: 0,
  /** A `"..."` string; the range includes both quotes. */
  String: 1,
  /** A backtick hex literal; the range includes both backticks. */
  Hex: 2,
  OpenBrace: 3,
  CloseBrace: 4,
  /** `!{` */
  OpenGroup: 5,
  /** Any other word: number, tag, float, keyword or long-form; classified by token-values.ts. */
  Symbol: 6,
  /** Only from tokenize(): a `#` comment, to the end of its line (newline excluded). */
  Comment: 7,
} as const;

export type TokenKind = (typeof TokenKind)[keyof typeof TokenKind];

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const HASH = 0x23;
const QUOTE = 0x22;
const BACKTICK = 0x60;
const BANG = 0x21;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const BACKSLASH = 0x5c;
const BOM = 0xfeff;

/** Characters that end a symbol (besides the end of input): 1 at their code. */
export const symbolEnd = new Uint8Array(128);
for (const c of " \t\r\n{}[]`\"#!") symbolEnd[c.charCodeAt(0)] = 1;

/** Walks the text token by token; the current token is `kind`, `start`, `end`. */
export class Scanner {
  /** Next character to read. */
  pos = 0;
  kind: TokenKind = TokenKind.EOF;
  start = 0;
  end = 0;

  constructor(
    readonly text: string,
    /** Report comments as tokens instead of skipping them (tokenize() does). */
    private readonly keepComments = false,
  ) {
    if (text.charCodeAt(0) === BOM) this.pos = 1;
  }

  /** Reads the next token. Throws AssembleError for a string or hex literal left open, or a lone `!`. */
  next(): TokenKind {
    const text = this.text;
    const n = text.length;
    let p = this.pos;
    for (;;) {
      if (p >= n) {
        this.start = this.end = this.pos = n;
        return (this.kind = TokenKind.EOF);
      }
      const c = text.charCodeAt(p);
      if (c === SPACE || c === LF || c === TAB || c === CR) {
        p++;
        continue;
      }
      if (c === HASH) {
        const start = p;
        const nl = text.indexOf("\n", p);
        p = nl < 0 ? n : nl;
        if (this.keepComments) return this.token(TokenKind.Comment, start, p);
        continue;
      }
      break;
    }
    const c = text.charCodeAt(p);
    switch (c) {
      case OPEN:
        return this.token(TokenKind.OpenBrace, p, p + 1);
      case CLOSE:
        return this.token(TokenKind.CloseBrace, p, p + 1);
      case BANG:
        if (text.charCodeAt(p + 1) !== OPEN) {
          this.pos = p + 1;
          throw new AssembleError(AssembleErrorCode.bangWithoutBrace, p, p + 1, "expected { after ! (a group is written !{ ... })", p + 1);
        }
        return this.token(TokenKind.OpenGroup, p, p + 2);
      case QUOTE:
        return this.token(TokenKind.String, p, stringEnd(text, p));
      case BACKTICK: {
        const close = text.indexOf("`", p + 1);
        if (close < 0) {
          this.pos = n;
          throw new AssembleError(AssembleErrorCode.unterminatedHex, p, n, "unmatched ` (a hex literal is never closed)", p + 1);
        }
        return this.token(TokenKind.Hex, p, close + 1);
      }
    }
    let q = p + 1;
    while (q < n) {
      const d = text.charCodeAt(q);
      if (d < 128 && symbolEnd[d] === 1) break;
      q++;
    }
    return this.token(TokenKind.Symbol, p, q);
  }

  private token(kind: TokenKind, start: number, end: number): TokenKind {
    this.start = start;
    this.end = end;
    this.pos = end;
    return (this.kind = kind);
  }
}

/**
 * The offset just past the closing quote of the string opening at `open`. A backslash always
 * takes the next character with it, so `\"` does not close the string (escapes themselves are
 * checked when the string is decoded).
 */
function stringEnd(text: string, open: number): number {
  const n = text.length;
  let p = open + 1;
  for (;;) {
    const quote = text.indexOf('"', p);
    if (quote < 0) break;
    // Count the backslashes right before the quote: an odd number escapes it.
    let slashes = 0;
    let b = quote - 1;
    while (b > open && text.charCodeAt(b) === BACKSLASH) {
      slashes++;
      b--;
    }
    if ((slashes & 1) === 0) return quote + 1;
    p = quote + 1;
  }
  throw new AssembleError(AssembleErrorCode.unterminatedString, open, n, 'unmatched " (a string is never closed)', open + 1);
}

/** What an editor colours a token as. */
export type TokenClass =
  | "string"
  | "hex"
  | "number"
  | "float"
  | "tag"
  | "keyword"
  | "long-form"
  | "brace"
  | "group"
  | "comment"
  | "invalid";

export interface Token {
  kind: TokenClass;
  /** Character range [from, to) in the text. */
  from: number;
  to: number;
  /** The same range as positions: offset, 1-based line and column (UTF-16 units). */
  start: TextPosition;
  end: TextPosition;
}

/**
 * Splits text into tokens for highlighting, comments included. Never throws: an unclosed string
 * or hex literal runs to the end of the text as an "invalid" token, a lone `!` is "invalid".
 * A word's class is what the assembler reads it as (token-values.ts's parseSymbol, the one
 * grammar): a word it refuses, out-of-range numbers included, is "invalid".
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  // Line bookkeeping moves forward only, so positions cost O(length of text) in all.
  let cursor = 0;
  let line = 1;
  let lineStart = 0;
  const position = (offset: number): TextPosition => {
    for (; cursor < offset; cursor++) {
      if (text.charCodeAt(cursor) === LF) {
        line++;
        lineStart = cursor + 1;
      }
    }
    return { offset, line, column: offset - lineStart + 1 };
  };
  scanTokens(text, (kind, from, to, open) => {
    const start = position(from);
    // A literal left open is an error where the whole text is read.
    tokens.push({ kind: open ? "invalid" : kind, from, to, start, end: position(to) });
  });
  return tokens;
}

/**
 * Reads every token of the text with the assembler's scanner, comments included, and never
 * throws: a word it refuses or a lone `!` is "invalid"; a string or hex literal left open runs to
 * the end of the text, reported with `open` (and returned).
 */
function scanTokens(text: string, emit: (kind: TokenClass, from: number, to: number, open?: "string" | "hex") => void): "string" | "hex" | undefined {
  const scanner = new Scanner(text, true);
  for (;;) {
    let kind: TokenKind;
    try {
      kind = scanner.next();
    } catch (e) {
      if (!(e instanceof AssembleError)) throw e;
      const open = e.code === AssembleErrorCode.unterminatedString ? "string" : e.code === AssembleErrorCode.unterminatedHex ? "hex" : undefined;
      if (open !== undefined) {
        emit(open, e.from, text.length, open);
        return open;
      }
      emit("invalid", e.from, e.to);
      continue;
    }
    if (kind === TokenKind.EOF) return undefined;
    emit(classOf(kind, text, scanner.start, scanner.end), scanner.start, scanner.end);
  }
}

function classOf(kind: TokenKind, text: string, start: number, end: number): TokenClass {
  switch (kind) {
    case TokenKind.String:
      return "string";
    case TokenKind.Hex:
      return "hex";
    case TokenKind.OpenBrace:
    case TokenKind.CloseBrace:
      return "brace";
    case TokenKind.OpenGroup:
      return "group";
    case TokenKind.Comment:
      return "comment";
  }
  try {
    parseSymbol(text, start, end, symbol);
  } catch (e) {
    if (e instanceof AssembleError) return "invalid";
    throw e;
  }
  switch (symbol.kind) {
    case SymbolKind.Integer:
      return symbol.isTag ? "tag" : "number";
    case SymbolKind.Float:
      return "float";
    case SymbolKind.Bool:
      return "keyword";
    default:
      return "long-form";
  }
}

/** Scratch for classOf (read before the next parse). */
const symbol = /* @__PURE__ */ newSymbolValue();

const HIGHLIGHT: Record<TokenClass, HighlightClass> = {
  string: "string",
  hex: "string",
  number: "number",
  float: "number",
  tag: "tag",
  keyword: "keyword",
  "long-form": "keyword",
  brace: "delimiter",
  group: "keyword",
  comment: "comment",
  invalid: "invalid",
};

/**
 * What an editor colours in protoscope text: the assembler's own scanner and symbol reader. A
 * string or hex literal still open at the end is reported as `open`, so a line-by-line editor
 * can carry it over.
 */
export function highlightProtoscope(text: string): Highlights {
  const tokens: Highlight[] = [];
  const open = scanTokens(text, (kind, from, to) => void tokens.push({ kind: HIGHLIGHT[kind], from, to }));
  return open ? { tokens, open } : { tokens };
}
