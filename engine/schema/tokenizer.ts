/**
 * The .proto tokenizer. It follows protoc's tokenizer closely because its positions are part of
 * the contract: error columns and SourceCodeInfo spans must be the ones protoc prints.
 *
 * Positions: `line` and `column` are 0-based like protoc's internals; a tab advances the column to
 * the next multiple of 8, and every UTF-8 byte of a non-ASCII character counts as one column
 * (protoc reads bytes). `offset`/`endOffset` are plain UTF-16 offsets into the text, for editors.
 *
 * Comments are collected the way protoc does it in `nextWithComments`: a comment on the same line
 * as the previous token trails it, a comment block directly above the next token leads it, and
 * blocks separated by blank lines are "detached".
 */

export type TokenType = "start" | "end" | "identifier" | "integer" | "float" | "string" | "symbol";

export interface Token {
  type: TokenType;
  text: string;
  line: number;
  column: number;
  endColumn: number;
  offset: number;
  endOffset: number;
}

/** Receives tokenizer errors at protoc's 0-based line and column. */
export type ErrorSink = (line: number, column: number, offset: number, message: string) => void;

/** The comments found between two tokens, split the way protoc attaches them. */
export interface CommentGroups {
  trailing: string;
  detached: string[];
  leading: string;
  /** Whether a leading comment block exists (it may be empty text, e.g. `/ * * /`). */
  hasLeading: boolean;
}

const TAB_WIDTH = 8;
const EOF = -1;

const isWhitespace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13 || c === 11 || c === 12;
const isWhitespaceNoNewline = (c: number) => c === 32 || c === 9 || c === 13 || c === 11 || c === 12;
const isUnprintable = (c: number) => c >= 0 && c < 32;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isOctal = (c: number) => c >= 48 && c <= 55;
const isHex = (c: number) => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
const isLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isAlphanumeric = (c: number) => isLetter(c) || isDigit(c);
const isEscape = (c: number) => "abfnrtv\\?'\"".includes(String.fromCharCode(c));

function utf8Bytes(codePoint: number): number[] {
  return Array.from(new TextEncoder().encode(String.fromCodePoint(codePoint)));
}

/** Columns a UTF-16 code unit occupies when protoc counts UTF-8 bytes. */
function byteWidth(code: number): number {
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code < 0xdc00) return 4; // head surrogate: the whole 4-byte sequence
  if (code >= 0xdc00 && code < 0xe000) return 0; // trail surrogate: already counted
  return 3;
}

export class Tokenizer {
  current: Token;
  previous: Token;
  private pos = 0;
  private ch: number;
  private line = 0;
  private column = 0;
  private tokenStart = 0;
  /** The bytes after the first of a non-ASCII character, each still to be read as a token. */
  private pendingBytes: number[] = [];

  constructor(
    private readonly text: string,
    private readonly onError: ErrorSink,
  ) {
    this.ch = text.length > 0 ? text.charCodeAt(0) : EOF;
    this.current = { type: "start", text: "", line: 0, column: 0, endColumn: 0, offset: 0, endOffset: 0 };
    this.previous = this.current;
  }

  private error(message: string, line = this.line, column = this.column): void {
    this.onError(line, column, this.pos, message);
  }

  private nextChar(): void {
    if (this.ch === 10) {
      this.line++;
      this.column = 0;
    } else if (this.ch === 9) {
      this.column += TAB_WIDTH - (this.column % TAB_WIDTH);
    } else if (this.ch !== EOF) {
      this.column += byteWidth(this.ch);
    }
    this.pos++;
    this.ch = this.pos < this.text.length ? this.text.charCodeAt(this.pos) : EOF;
    if (this.pos > this.text.length) this.pos = this.text.length;
  }

  private tryConsume(c: number): boolean {
    if (this.ch === c) {
      this.nextChar();
      return true;
    }
    return false;
  }

  private tryConsumeOne(test: (c: number) => boolean): boolean {
    if (this.ch !== EOF && test(this.ch)) {
      this.nextChar();
      return true;
    }
    return false;
  }

  private consumeZeroOrMore(test: (c: number) => boolean): void {
    while (this.ch !== EOF && test(this.ch)) this.nextChar();
  }

  private consumeOneOrMore(test: (c: number) => boolean, message: string): void {
    if (this.ch === EOF || !test(this.ch)) this.error(message);
    else this.consumeZeroOrMore(test);
  }

  private startToken(): void {
    this.tokenStart = this.pos;
    this.current = this.emptyToken("start");
  }

  /** A token of no text at the current position: a token's start, or the end of the input. */
  private emptyToken(type: "start" | "end"): Token {
    return { type, text: "", line: this.line, column: this.column, endColumn: this.column, offset: this.pos, endOffset: this.pos };
  }

  private endToken(type: TokenType): void {
    this.current.type = type;
    this.current.text = this.text.slice(this.tokenStart, this.pos);
    this.current.endColumn = this.column;
    this.current.endOffset = this.pos;
  }

  /** Returns the kind of comment that starts here, consuming its opening characters. */
  private tryConsumeCommentStart(): "line" | "block" | "slash" | "none" {
    if (this.ch === 47 /* / */) {
      const startLine = this.line;
      const startColumn = this.column;
      const startPos = this.pos;
      this.nextChar();
      if (this.tryConsume(47)) return "line";
      if (this.tryConsume(42 /* * */)) return "block";
      this.previous = this.current;
      this.current = {
        type: "symbol",
        text: "/",
        line: startLine,
        column: startColumn,
        endColumn: this.column,
        offset: startPos,
        endOffset: this.pos,
      };
      return "slash";
    }
    return "none";
  }

  private consumeString(delimiter: number): void {
    while (true) {
      const c = this.ch;
      if (c === EOF || c === 0) {
        // protoc's tokenizer marks the end of its input with a NUL character, so one inside a string ends it too.
        this.error("Unexpected end of string.");
        return;
      }
      if (c === 10) {
        this.error("Multiline strings are not allowed. Did you miss a \"?.");
        return;
      }
      if (c === 92 /* \ */) {
        this.nextChar();
        if (this.tryConsumeOne(isEscape)) {
          // a simple escape
        } else if (this.tryConsumeOne(isOctal)) {
          // octal escape; the value is read later
        } else if (this.tryConsume(120 /* x */)) {
          if (!this.tryConsumeOne(isHex)) this.error("Expected hex digits for escape sequence.");
        } else if (this.tryConsume(117 /* u */)) {
          if (!this.tryConsumeOne(isHex) || !this.tryConsumeOne(isHex) || !this.tryConsumeOne(isHex) || !this.tryConsumeOne(isHex)) {
            this.error("Expected four hex digits for \\u escape sequence.");
          }
        } else if (this.tryConsume(85 /* U */)) {
          if (
            !this.tryConsume(48) ||
            !this.tryConsume(48) ||
            !(this.tryConsume(48) || this.tryConsume(49)) ||
            !this.tryConsumeOne(isHex) ||
            !this.tryConsumeOne(isHex) ||
            !this.tryConsumeOne(isHex) ||
            !this.tryConsumeOne(isHex) ||
            !this.tryConsumeOne(isHex)
          ) {
            this.error("Expected eight hex digits up to 10ffff for \\U escape sequence");
          }
        } else {
          this.error("Invalid escape sequence in string literal.");
        }
        continue;
      }
      this.nextChar();
      if (c === delimiter) return;
    }
  }

  private consumeNumber(startedWithZero: boolean, startedWithDot: boolean): TokenType {
    let isFloat = false;
    if (startedWithZero && (this.tryConsume(120) || this.tryConsume(88))) {
      this.consumeOneOrMore(isHex, '"0x" must be followed by hex digits.');
    } else if (startedWithZero && isDigit(this.ch)) {
      this.consumeZeroOrMore(isOctal);
      if (isDigit(this.ch)) {
        this.error("Numbers starting with leading zero must be in octal.");
        this.consumeZeroOrMore(isDigit);
      }
    } else {
      if (startedWithDot) {
        isFloat = true;
        this.consumeZeroOrMore(isDigit);
      } else {
        this.consumeZeroOrMore(isDigit);
        if (this.tryConsume(46 /* . */)) {
          isFloat = true;
          this.consumeZeroOrMore(isDigit);
        }
      }
      if (this.tryConsume(101) || this.tryConsume(69)) {
        isFloat = true;
        if (!this.tryConsume(45)) this.tryConsume(43);
        this.consumeOneOrMore(isDigit, '"e" must be followed by exponent.');
      }
    }
    if (this.ch !== EOF && isLetter(this.ch)) {
      this.error("Need space between number and identifier.");
    } else if (this.ch === 46) {
      if (isFloat) this.error("Already saw decimal point or exponent; can't have another one.");
      else this.error("Hex and octal numbers must be integers.");
    }
    return isFloat ? "float" : "integer";
  }

  /** Reads a line comment after its `//`; returns its text including the newline. */
  private consumeLineComment(): string {
    const start = this.pos;
    // protoc's tokenizer takes a NUL character for the end of the input here, as in strings and block comments.
    while (this.ch !== EOF && this.ch !== 0 && this.ch !== 10) this.nextChar();
    this.tryConsume(10);
    return this.text.slice(start, this.pos);
  }

  /** Reads a block comment after its `/ *`; returns its text with protoc's "* " stripping. */
  private consumeBlockComment(): string {
    const startLine = this.line;
    const startColumn = this.column - 2;
    let content = "";
    let recordFrom = this.pos;
    while (true) {
      while (this.ch !== EOF && this.ch !== 0 && this.ch !== 42 && this.ch !== 47 && this.ch !== 10) this.nextChar();
      if (this.tryConsume(10)) {
        content += this.text.slice(recordFrom, this.pos);
        this.consumeZeroOrMore(isWhitespaceNoNewline);
        if (this.tryConsume(42)) {
          if (this.tryConsume(47)) break;
        }
        recordFrom = this.pos;
      } else if (this.ch === 42) {
        this.nextChar();
        if (this.tryConsume(47)) {
          content += this.text.slice(recordFrom, this.pos - 2);
          break;
        }
      } else if (this.ch === 47) {
        this.nextChar();
        if ((this.ch as number) === 42) this.error('"/*" inside block comment.  Block comments cannot be nested.');
      } else {
        // end of input (or a NUL character, which protoc's tokenizer cannot tell from it)
        this.error("End-of-file inside block comment.");
        this.error("  Comment started here.", startLine, startColumn);
        content += this.text.slice(recordFrom, this.pos);
        break;
      }
    }
    return content;
  }

  /** Advances to the next token, skipping whitespace and comments. Returns false at the end. */
  next(): boolean {
    this.previous = this.current;
    if (this.pendingBytes.length > 0) return this.nextPendingByte();
    while (this.ch !== EOF) {
      if (isWhitespace(this.ch)) {
        this.consumeZeroOrMore(isWhitespace);
        continue;
      }
      const comment = this.tryConsumeCommentStart();
      if (comment === "line") {
        this.consumeLineComment();
        continue;
      }
      if (comment === "block") {
        this.consumeBlockComment();
        continue;
      }
      if (comment === "slash") return true;
      if (this.ch === EOF) break;

      if (isUnprintable(this.ch)) {
        this.error("Invalid control characters encountered in text.");
        this.nextChar();
        while (this.ch !== EOF && isUnprintable(this.ch)) this.nextChar();
        continue;
      }

      this.startToken();
      if (this.tryConsumeOne(isLetter)) {
        this.consumeZeroOrMore(isAlphanumeric);
        this.endToken("identifier");
      } else if (this.tryConsume(48 /* 0 */)) {
        this.endToken(this.consumeNumber(true, false));
      } else if (this.tryConsume(46 /* . */)) {
        if (this.tryConsumeOne(isDigit)) {
          const prev = this.previous;
          if (prev.type === "identifier" && this.current.line === prev.line && this.current.column === prev.endColumn) {
            this.error("Need space between identifier and decimal point.", this.line, this.column - 2);
          }
          this.endToken(this.consumeNumber(false, true));
        } else {
          this.endToken("symbol");
        }
      } else if (this.tryConsumeOne(isDigit)) {
        this.endToken(this.consumeNumber(false, false));
      } else if (this.tryConsume(34 /* " */)) {
        this.consumeString(34);
        this.endToken("string");
      } else if (this.tryConsume(39 /* ' */)) {
        this.consumeString(39);
        this.endToken("string");
      } else {
        if (this.ch >= 0x80) {
          // protoc reads bytes: each byte of the character is a symbol of its own, with an error.
          const bytes = utf8Bytes(this.text.codePointAt(this.pos)!);
          this.error(`Interpreting non ascii codepoint ${bytes[0]}.`);
          const column = this.column;
          if (this.ch >= 0xd800 && this.ch < 0xdc00) this.nextChar();
          this.nextChar();
          this.endToken("symbol");
          this.current.endColumn = column + 1;
          this.pendingBytes = bytes.slice(1);
          return true;
        }
        this.nextChar();
        this.endToken("symbol");
      }
      return true;
    }
    this.current = this.emptyToken("end");
    return false;
  }

  private nextPendingByte(): boolean {
    const byte = this.pendingBytes.shift()!;
    const column = this.previous.endColumn;
    this.onError(this.line, column, this.pos, `Interpreting non ascii codepoint ${byte}.`);
    this.current = { type: "symbol", text: "", line: this.line, column, endColumn: column + 1, offset: this.pos, endOffset: this.pos };
    return true;
  }

  /**
   * Advances like `next()`, also collecting the comments in between and splitting them into the
   * previous token's trailing comment, detached blocks and the next token's leading comment.
   */
  nextWithComments(): CommentGroups {
    const out: CommentGroups = { trailing: "", detached: [], leading: "", hasLeading: false };
    let buffer = "";
    let hasComment = false;
    let isLineComment = false;
    let canAttachToPrev = true;
    const flush = () => {
      if (!hasComment) return;
      if (canAttachToPrev) {
        out.trailing += buffer;
        canAttachToPrev = false;
      } else {
        out.detached.push(buffer);
      }
      buffer = "";
      hasComment = false;
    };
    const startLine = () => {
      if (hasComment && !isLineComment) flush();
      hasComment = true;
      isLineComment = true;
    };
    const startBlock = () => {
      if (hasComment) flush();
      hasComment = true;
      isLineComment = false;
    };
    const finish = () => {
      if (hasComment) {
        out.leading = buffer;
        out.hasLeading = true;
      }
      return out;
    };

    if (this.pendingBytes.length > 0) {
      this.next();
      return finish();
    }
    if (this.current.type === "start") {
      if (this.ch === 0xfeff) this.nextChar(); // a byte order mark at the start is ignored
      canAttachToPrev = false;
    } else {
      this.consumeZeroOrMore(isWhitespaceNoNewline);
      switch (this.tryConsumeCommentStart()) {
        case "line":
          startLine();
          buffer += this.consumeLineComment();
          flush();
          break;
        case "block":
          startBlock();
          buffer += this.consumeBlockComment();
          this.consumeZeroOrMore(isWhitespaceNoNewline);
          if (!this.tryConsume(10)) {
            buffer = "";
            hasComment = false;
            this.next();
            return finish();
          }
          flush();
          break;
        case "slash":
          return finish();
        case "none":
          if (!this.tryConsume(10)) {
            this.next();
            return finish();
          }
          break;
      }
    }

    while (true) {
      this.consumeZeroOrMore(isWhitespaceNoNewline);
      switch (this.tryConsumeCommentStart()) {
        case "line":
          startLine();
          buffer += this.consumeLineComment();
          break;
        case "block":
          startBlock();
          buffer += this.consumeBlockComment();
          this.consumeZeroOrMore(isWhitespaceNoNewline);
          this.tryConsume(10);
          break;
        case "slash":
          return finish();
        case "none":
          if (this.tryConsume(10)) {
            flush();
            canAttachToPrev = false;
          } else {
            const more = this.next();
            const t = this.current.text;
            if (!more || t === "}" || t === "]" || t === ")") flush();
            return finish();
          }
          break;
      }
    }
  }
}
