/**
 * The text-format parser: text plus a message type in, a `TextMessage` tree out, or the first
 * error with its span. It accepts what `protoc --encode` accepts (protoc's `TextFormat::Parser`
 * with default options) and reports problems in protoc's words; where protoc points at the token
 * after the problem, the span here points at the problem itself.
 *
 * Nesting is limited to MAX_DEPTH messages, so deep input gets an error, not a stack overflow.
 */
import type { Registry } from "@bufbuild/protobuf";
import { ScalarType } from "@bufbuild/protobuf";
import type { Diagnostic, DiagnosticCode } from "../../diagnostics.ts";
import { LineIndex } from "../../diagnostics.ts";
import type { SourceRange } from "../../annotate/types.ts";
import { fieldInfo, messageInfo, type FieldInfo, type MessageInfo } from "./fields.ts";
import {
  INT32_MAX,
  INT64_MAX,
  UINT32_MAX,
  UINT64_MAX,
  decimalTokenValue,
  integerTokenValue,
  isHexOrOctal,
  namedDouble,
} from "./numbers.ts";
import { Tokenizer, type Token } from "./tokenizer.ts";
import type { TextEntry, TextMessage, TextValue } from "./types.ts";
import { rawByteOf, unescapeString } from "./unescape.ts";

/**
 * Messages nested deeper than this are refused. protoc 3.21 sets no limit (it recurses on the C
 * stack); 100 is what protoc's parser reports when a limit is configured, and far more than any
 * real message needs.
 */
export const MAX_DEPTH = 100;

const ANY = "google.protobuf.Any";

/** Thrown to unwind to the top on the first error; never escapes this module. */
class Stop extends Error {}

/** Which singular fields and oneofs of one message already have a value. */
interface Presence {
  has: Set<number>;
  oneofs: Map<string, FieldInfo>;
}

export interface ParseResult {
  /** The parsed message; undefined when there are errors. */
  value: TextMessage | undefined;
  diagnostics: Diagnostic[];
}

export function parseMessageText(text: string, type: MessageInfo, registry?: Registry): ParseResult {
  return new Parser(text, registry).parseTop(type);
}

class Parser {
  private readonly tokens: Tokenizer;
  private readonly lines: LineIndex;
  readonly diagnostics: Diagnostic[] = [];
  private depth = 0;
  /** End offset of the token most recently consumed. */
  private lastTo = 0;

  constructor(
    private readonly text: string,
    private readonly registry: Registry | undefined,
  ) {
    this.lines = new LineIndex(text);
    this.tokens = new Tokenizer(text);
  }

  parseTop(type: MessageInfo): ParseResult {
    try {
      // The tokenizer has read the first token already: report a problem in it first.
      this.checkTokenizer();
      const message: TextMessage = { type, entries: [], source: { from: 0, to: this.text.length } };
      const presence = newPresence();
      while (this.cur.type !== "end") this.parseField(message, presence);
      return { value: message, diagnostics: this.diagnostics };
    } catch (e) {
      if (e instanceof Stop) return { value: undefined, diagnostics: this.diagnostics };
      throw e;
    }
  }

  // ---- tokens -------------------------------------------------------------------------------

  private get cur(): Token {
    return this.tokens.current;
  }

  private advance(): Token {
    const t = this.tokens.next();
    this.lastTo = t.to;
    this.checkTokenizer();
    return t;
  }

  private checkTokenizer(): void {
    const e = this.tokens.error;
    if (e) this.fail(e.code, e.message, e.from, e.to, e.at);
  }

  private lookingAt(symbol: string): boolean {
    return this.cur.type === "symbol" && this.cur.text === symbol;
  }

  private tryConsume(symbol: string): boolean {
    if (!this.lookingAt(symbol)) return false;
    this.advance();
    return true;
  }

  private consume(symbol: string): Token {
    if (!this.lookingAt(symbol)) {
      this.failAtToken("textformat/expected-token", `Expected "${symbol}", found "${this.cur.text}".`);
    }
    return this.advance();
  }

  private consumeIdentifier(): Token {
    if (this.cur.type !== "identifier") {
      this.failAtToken("textformat/expected-token", `Expected identifier, got: ${this.cur.text}`);
    }
    return this.advance();
  }

  /**
   * Stops at an error covering from..to (columns counted as protoc counts them, see
   * protocPosition). `at`: where protoc reports it, when that is not `from`:
   * its parser reports where its tokenizer stands, at the token after the one at fault once it
   * has read that one (the default), its tokenizer at the character it stopped at. The CLI prints
   * that position; the span covers the token at fault, for editors.
   */
  private fail(code: DiagnosticCode, message: string, from: number, to: number, at = this.cur.from): never {
    const d: Diagnostic = { code, severity: "error", message, span: this.lines.span(from, to) };
    const printed = protocPosition(this.text, at);
    const start = d.span.kind === "text" ? d.span.start : undefined;
    if (printed.line !== start?.line || printed.column !== start.column) d.printedAt = printed;
    this.diagnostics.push(d);
    throw new Stop();
  }

  private failAtToken(code: DiagnosticCode, message: string): never {
    return this.fail(code, message, this.cur.from, this.cur.to);
  }

  // ---- fields -------------------------------------------------------------------------------

  private parseField(message: TextMessage, presence: Presence): void {
    const type = message.type;
    if (type.typeName === ANY && type.desc && this.lookingAt("[")) return this.parseAnyExpansion(message, presence);
    const nameFrom = this.cur.from;
    let field: FieldInfo | undefined;
    // The name as written (without brackets or spaces): protoc's duplicate error quotes it.
    let written: string;
    if (this.lookingAt("[")) {
      const { prefix, name: fullName, from: nameStart, to: nameEnd } = this.consumeTypeUrlOrName();
      if (prefix !== "") this.fail("textformat/bad-type-url", 'Extension name contains "/"', nameStart, nameEnd, this.lastTo);
      written = fullName;
      field = this.findExtension(type, fullName);
      if (!field) {
        this.fail(
          "textformat/unknown-extension",
          `Extension "${fullName}" is not defined or is not an extension of "${type.typeName}".`,
          nameStart,
          nameEnd,
        );
      }
    } else {
      const nameToken = this.consumeIdentifier();
      written = nameToken.text;
      field = findField(type, nameToken.text);
      if (!field) {
        this.fail(
          "textformat/unknown-field",
          `Message type "${type.typeName}" has no field named "${nameToken.text}".`,
          nameToken.from,
          nameToken.to,
        );
      }
    }
    const name: SourceRange = { from: nameFrom, to: this.lastTo };

    if (!field.repeated && presence.has.has(field.number)) {
      this.fail(
        "textformat/duplicate-field",
        `Non-repeated field "${written}" is specified multiple times.`,
        name.from,
        name.to,
      );
    }
    if (field.oneof) {
      const other = presence.oneofs.get(field.oneof.name);
      if (other) {
        this.fail(
          "textformat/oneof-conflict",
          `Field "${written}" is specified along with field "${other.name}", another member of oneof "${field.oneof.name}".`,
          name.from,
          name.to,
        );
      }
    }

    if (field.kind === "message") {
      this.tryConsume(":");
    } else {
      this.consume(":");
    }
    const add = (value: TextValue, source: SourceRange) => {
      const entry: TextEntry = { field: field!, name, value, source };
      message.entries.push(entry);
      if (field!.explicitPresence || field!.oneof || !isDefault(value)) {
        presence.has.add(field!.number);
        if (field!.oneof) presence.oneofs.set(field!.oneof.name, field!);
      }
    };
    if (field.repeated && this.tryConsume("[")) {
      // The short form of a repeated field: `r: [1, 2, 3]`; `r: []` adds nothing.
      if (!this.tryConsume("]")) {
        while (true) {
          const from = this.cur.from;
          add(this.parseValue(field), { from, to: this.lastTo });
          if (this.tryConsume("]")) break;
          this.consume(",");
        }
      }
    } else {
      const from = this.cur.from;
      add(this.parseValue(field), { from, to: this.lastTo });
    }
    // Fields may be separated by a comma or a semicolon, for historical reasons.
    if (!this.tryConsume(";")) this.tryConsume(",");
  }

  /**
   * `[type.googleapis.com/pkg.Msg] { ... }` inside a google.protobuf.Any: the message is parsed
   * as a pkg.Msg and becomes the Any's `value`, its URL the `type_url`.
   */
  private parseAnyExpansion(message: TextMessage, presence: Presence): void {
    const nameFrom = this.cur.from;
    const { prefix, name: typeName, from: typeFrom, to: typeTo } = this.consumeTypeUrlOrName();
    if (prefix === "") this.fail("textformat/bad-type-url", "Type URL prefix is missing", typeFrom, typeTo, this.lastTo);
    const name: SourceRange = { from: nameFrom, to: this.lastTo };
    this.tryConsume(":");
    const url = prefix + typeName;
    // protoc 36 takes any prefix and looks the type up by its name.
    const valueType = this.registry?.getMessage(typeName);
    if (!valueType) {
      this.fail("textformat/unknown-any-type", `Could not find type "${url}" stored in google.protobuf.Any.`, typeFrom, typeTo);
    }
    const urlField = message.type.fields.find((f) => f.number === 1)!;
    const valueField = message.type.fields.find((f) => f.number === 2)!;
    const packed: FieldInfo = {
      ...valueField,
      kind: "message",
      scalar: undefined,
      message: () => messageInfo(valueType),
      typeName: valueType.typeName,
      anyValue: true,
    };
    const valueFrom = this.cur.from;
    const value = this.parseMessageValue(packed);
    // protoc reads the value before it finds the Any already set (an error inside the value
    // comes first), and reports it at the token after the value.
    if (presence.has.has(1) || presence.has.has(2)) {
      this.fail("textformat/duplicate-field", "Non-repeated Any specified multiple times.", name.from, name.to);
    }
    message.entries.push(
      { field: urlField, name, value: { kind: "bytes", value: new TextEncoder().encode(url) }, source: name },
      { field: packed, name, value: { kind: "message", value }, source: { from: valueFrom, to: this.lastTo } },
    );
    presence.has.add(1).add(2);
    if (!this.tryConsume(";")) this.tryConsume(",");
  }

  /**
   * What stands between brackets, read as protoc 36 reads it: the characters a URL may hold (in
   * the tokenizer's URL mode, spaces and comments between them skipped), split at the last "/"
   * into a type URL prefix and a full type name, each checked with protoc's words. Errors are
   * reported where protoc reports them, just after the "]".
   */
  private consumeTypeUrlOrName(): { prefix: string; name: string; from: number; to: number } {
    this.tokens.urlMode = true;
    this.consume("[");
    const from = this.cur.from;
    let text = "";
    let to = from;
    while (this.cur.type === "urlchars") {
      text += this.cur.text;
      to = this.advance().to;
    }
    this.tokens.urlMode = false;
    this.consume("]");
    const slash = text.lastIndexOf("/");
    const prefix = slash < 0 ? "" : text.slice(0, slash + 1);
    const name = slash < 0 ? text : text.slice(slash + 1);
    const bad = (message: string) => this.fail("textformat/bad-type-url", message, from, to, this.lastTo);
    if (prefix === "/") bad("Type URL prefix is empty");
    if (prefix.startsWith("/")) bad('Type URL starts with "/"');
    for (let i = 0; i < prefix.length; i++) {
      if (prefix[i] === "%" && (i + 2 >= prefix.length || !/^[0-9A-Fa-f]{2}$/.test(prefix.slice(i + 1, i + 3)))) {
        bad(`Invalid percent encode, got: "${prefix.slice(i, i + 3)}"`);
      }
    }
    for (const identifier of name.split(".")) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(identifier)) bad(`Invalid identifier in type name, got: "${identifier}"`);
    }
    return { prefix, name, from, to };
  }

  private findExtension(type: MessageInfo, fullName: string): FieldInfo | undefined {
    const ext = this.registry?.getExtension(fullName);
    if (!ext || !type.desc || ext.extendee.typeName !== type.typeName) return undefined;
    return fieldInfo(ext);
  }

  // ---- values -------------------------------------------------------------------------------

  private parseValue(field: FieldInfo): TextValue {
    if (field.kind === "message") return { kind: "message", value: this.parseMessageValue(field) };
    if (field.kind === "enum") return this.parseEnum(field);
    switch (field.scalar!) {
      case ScalarType.INT32:
      case ScalarType.SINT32:
      case ScalarType.SFIXED32:
        return { kind: "int", value: this.consumeSignedInteger(INT32_MAX) };
      case ScalarType.INT64:
      case ScalarType.SINT64:
      case ScalarType.SFIXED64:
        return { kind: "int", value: this.consumeSignedInteger(INT64_MAX) };
      case ScalarType.UINT32:
      case ScalarType.FIXED32:
        return { kind: "int", value: this.consumeUnsignedInteger(UINT32_MAX, this.cur.from) };
      case ScalarType.UINT64:
      case ScalarType.FIXED64:
        return { kind: "int", value: this.consumeUnsignedInteger(UINT64_MAX, this.cur.from) };
      case ScalarType.DOUBLE:
      case ScalarType.FLOAT: {
        const { value, negative } = this.consumeDouble();
        return { kind: "float", value: field.scalar === ScalarType.FLOAT ? Math.fround(value) : value, negative };
      }
      case ScalarType.BOOL:
        return { kind: "bool", value: this.parseBool(field) };
      case ScalarType.STRING:
      case ScalarType.BYTES:
        return { kind: "bytes", value: this.consumeString() };
    }
  }

  private parseMessageValue(field: FieldInfo): TextMessage {
    const open = this.cur;
    let close: string;
    if (this.tryConsume("{")) close = "}";
    else if (this.tryConsume("<")) close = ">";
    else this.failAtToken("textformat/expected-token", `Expected "{", found "${this.cur.text}".`);
    if (this.depth >= MAX_DEPTH) {
      this.fail(
        "textformat/too-deep",
        `Message is too deep, the parser exceeded the configured recursion limit of ${MAX_DEPTH}.`,
        open.from,
        open.to,
      );
    }
    this.depth++;
    const message: TextMessage = { type: field.message!(), entries: [], source: { from: open.from, to: open.to } };
    const presence = newPresence();
    while (!this.lookingAt(">") && !this.lookingAt("}")) this.parseField(message, presence);
    this.consume(close);
    message.source.to = this.lastTo;
    this.depth--;
    return message;
  }

  private consumeSignedInteger(max: bigint): bigint {
    const from = this.cur.from;
    // Two's complement allows one more negative value than positive.
    if (this.tryConsume("-")) return -this.consumeUnsignedInteger(max + 1n, from);
    return this.consumeUnsignedInteger(max, from);
  }

  /** `from` is where the number starts, its minus sign included, for the range error's span. */
  private consumeUnsignedInteger(max: bigint, from: number): bigint {
    if (this.cur.type !== "integer") {
      this.failAtToken("textformat/invalid-value", `Expected integer, got: ${this.cur.text}`);
    }
    const value = integerTokenValue(this.cur.text);
    if (value > max) {
      this.fail("textformat/integer-out-of-range", `Integer out of range (${this.cur.text})`, from, this.cur.to);
    }
    this.advance();
    return value;
  }

  private consumeDouble(): { value: number; negative: boolean } {
    const negative = this.tryConsume("-");
    const t = this.cur;
    let value: number | undefined;
    if (t.type === "integer") {
      if (isHexOrOctal(t.text)) this.failAtToken("textformat/invalid-value", `Expect a decimal number, got: ${t.text}`);
      value = decimalTokenValue(t.text);
    } else if (t.type === "float") {
      value = decimalTokenValue(t.text);
    } else if (t.type === "identifier") {
      value = namedDouble(t.text);
    }
    if (value === undefined) {
      // protoc lower-cases a word before comparing it with inf and nan, and quotes it so.
      this.failAtToken("textformat/invalid-value", `Expected double, got: ${t.type === "identifier" ? t.text.toLowerCase() : t.text}`);
    }
    this.advance();
    return { value: negative ? -value : value, negative };
  }

  private parseBool(field: FieldInfo): boolean {
    if (this.cur.type === "integer") return this.consumeUnsignedInteger(1n, this.cur.from) === 1n;
    const word = this.consumeIdentifier();
    if (word.text === "true" || word.text === "True" || word.text === "t") return true;
    if (word.text === "false" || word.text === "False" || word.text === "f") return false;
    return this.fail(
      "textformat/invalid-value",
      `Invalid value for boolean field "${field.name}". Value: "${word.text}".`,
      word.from,
      word.to,
    );
  }

  private consumeString(): Uint8Array {
    if (this.cur.type !== "string") this.failAtToken("textformat/invalid-value", `Expected string, got: ${this.cur.text}`);
    // Adjacent strings are one value: "abc" 'def' is "abcdef".
    const bytes: number[] = [];
    while (this.cur.type === "string") unescapeString(this.advance().text, bytes);
    return Uint8Array.from(bytes);
  }

  private parseEnum(field: FieldInfo): TextValue {
    const e = field.enum!;
    const t = this.cur;
    if (t.type === "identifier") {
      this.advance();
      const v = e.values.find((v) => v.name === t.text);
      if (v) return { kind: "enum", value: v.number, name: v.name };
      this.fail(
        "textformat/unknown-enum-value",
        `Unknown enumeration value of "${t.text}" for field "${field.name}".`,
        t.from,
        t.to,
      );
    }
    if (t.type === "integer" || this.lookingAt("-")) {
      const from = t.from;
      const n = Number(this.consumeSignedInteger(INT32_MAX));
      const v = e.values.find((v) => v.number === n);
      if (v || !field.closedEnum) return { kind: "enum", value: n, name: v?.name };
      this.fail(
        "textformat/unknown-enum-value",
        `Unknown enumeration value of "${n}" for field "${field.name}".`,
        from,
        this.lastTo,
      );
    }
    return this.failAtToken("textformat/invalid-value", `Expected integer or identifier, got: ${t.text}`);
  }
}

function newPresence(): Presence {
  return { has: new Set(), oneofs: new Map() };
}

/**
 * Finds a field by the name text format uses, with protoc 36's rules: a field by its name; a group
 * (or an editions field shaped like one) also by its type's name (`MyGroup { ... }`).
 */
function findField(type: MessageInfo, name: string): FieldInfo | undefined {
  let field = type.fields.find((f) => f.name === name && !f.isExtension);
  if (!field) {
    const lower = name.toLowerCase();
    field = type.fields.find((f) => f.name === lower && f.groupLike);
  }
  // protoc 36: the field's own name always works; the lower-cased lookup must name the type.
  if (field && field.name !== name && field.message!().typeName.split(".").pop() !== name) return undefined;
  return field;
}

/** Whether a value is its type's default (zero, false, empty): implicit presence then omits it. */
export function isDefault(value: TextValue): boolean {
  switch (value.kind) {
    case "int":
      return value.value === 0n;
    case "float":
      // -0 is not the default: its bits are not all zero, and protoc writes it.
      return value.value === 0 && !Object.is(value.value, -0);
    case "bool":
      return !value.value;
    case "bytes":
      return value.value.length === 0;
    case "enum":
      return value.value === 0;
    case "message":
      return false;
  }
}

/**
 * The 1-based line and column protoc's tokenizer gives offset `at` of `text`: columns count bytes
 * of UTF-8, and a tab moves to the next multiple of 8.
 */
export function protocPosition(text: string, at: number): { line: number; column: number } {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < lineStart; i = text.indexOf("\n", i + 1)) line++;
  let column = 0;
  for (let i = lineStart; i < at && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 9) column += 8 - (column % 8);
    else if (c < 0x80) column += 1;
    else if (c < 0x800) column += 2;
    else if (rawByteOf(c) !== undefined) column += 1;
    else if (c >= 0xd800 && c <= 0xdbff) {
      column += 4;
      i++;
    } else column += 3;
  }
  return { line, column: column + 1 };
}
