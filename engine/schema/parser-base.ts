/**
 * The parser's foundation: token helpers with protoc's error wording, source locations recorded
 * like protoc's LocationRecorder, comment attachment at the end of declarations, and protoc's
 * error recovery (skip to the end of the statement or block). parser.ts builds on it.
 */
import { create } from "@bufbuild/protobuf";
import type {
  FileDescriptorProto,
  UninterpretedOption,
} from "@bufbuild/protobuf/wkt";
import {
  FieldDescriptorProto_Type,
  FileDescriptorProtoSchema,
} from "@bufbuild/protobuf/wkt";
import type { Diagnostic, TextSpan, DiagnosticCode } from "../diagnostics.ts";
import type { ErrorLocationKind, SourceLocation } from "./locations.ts";
import { ErrorLocationTable } from "./locations.ts";
import type { Token } from "./tokenizer.ts";
import { Tokenizer } from "./tokenizer.ts";
import { decodeStringLiteral, parseInteger, utf8Decode } from "./literals.ts";
import { concatBytes } from "../wire/bytes.ts";

/**
 * How deeply messages and groups may nest before the parser gives up, to protect the stack.
 * protoc's parser has no such limit, but its linker stops at 32 levels, so no valid schema is
 * refused; the error for deeper input is ours.
 */
export const MAX_NESTING = 256;
/** protoc 36 (MaxMessageDeclarationNestingDepth 32): the 32nd nested `message` is refused. */
export const MAX_MESSAGE_DEFINITION_DEPTH = 31;

/** The result of parsing one file. */
export interface ParsedFile {
  /** The import path of the file ("a.proto", "sub/b.proto"). */
  name: string;
  text: string;
  /** The unlinked descriptor: type names as written, options uninterpreted. */
  proto: FileDescriptorProto;
  /** "proto2", "proto3" or "editions". */
  syntax: "proto2" | "proto3" | "editions";
  /** Every location protoc's SourceCodeInfo would hold, in protoc's order. */
  locations: SourceLocation[];
  /** Where the linker points for errors about each declaration. */
  errorLocations: ErrorLocationTable;
  /** Syntax errors (protoc wording, protoc positions). */
  diagnostics: Diagnostic[];
  /** Edition 2023 rules broken (buf's words); unlike syntax errors they do not stop linking. */
  /** True when there was any syntax error (protoc then does not link the file). */
  hadErrors: boolean;
}

export type OptionHolder = { uninterpretedOption: UninterpretedOption[] };

export const SCALAR_TYPES: Record<string, FieldDescriptorProto_Type> = {
  double: FieldDescriptorProto_Type.DOUBLE,
  float: FieldDescriptorProto_Type.FLOAT,
  int64: FieldDescriptorProto_Type.INT64,
  uint64: FieldDescriptorProto_Type.UINT64,
  int32: FieldDescriptorProto_Type.INT32,
  fixed64: FieldDescriptorProto_Type.FIXED64,
  fixed32: FieldDescriptorProto_Type.FIXED32,
  bool: FieldDescriptorProto_Type.BOOL,
  string: FieldDescriptorProto_Type.STRING,
  group: FieldDescriptorProto_Type.GROUP,
  bytes: FieldDescriptorProto_Type.BYTES,
  uint32: FieldDescriptorProto_Type.UINT32,
  sfixed32: FieldDescriptorProto_Type.SFIXED32,
  sfixed64: FieldDescriptorProto_Type.SFIXED64,
  sint32: FieldDescriptorProto_Type.SINT32,
  sint64: FieldDescriptorProto_Type.SINT64,
};

export const INT32_MAX = 2147483647n;
export const INT64_MAX = 9223372036854775807n;
export const UINT32_MAX = 4294967295n;
export const UINT64_MAX = 18446744073709551615n;
/** protoc's FieldDescriptor::kMaxNumber. */
export const MAX_FIELD_NUMBER = 536870911;
/** Marks "to max" in a range until the parser knows whether the message is a message set. */
export const MAX_RANGE_SENTINEL = -1;

export abstract class ParserBase {
  protected readonly input: Tokenizer;
  protected readonly diagnostics: Diagnostic[] = [];
  protected readonly locations: SourceLocation[] = [];
  protected readonly errorLocations = new ErrorLocationTable();
  protected hadErrors = false;
  protected syntax: "proto2" | "proto3" | "editions" = "proto2";
  protected upcomingDocComments: string | undefined;
  protected upcomingDetached: string[] = [];
  protected depth = 0;
  /** `message` definitions open around the parser (protoc's recursion_depth_). */
  protected messageDefinitions = 0;
  protected readonly proto = create(FileDescriptorProtoSchema);

  constructor(
    protected readonly name: string,
    protected readonly text: string,
  ) {
    this.proto.name = name;
    this.input = new Tokenizer(text, (line, column, offset, message) => {
      this.addErrorAt(line, column, offset, offset, message);
    });
  }

  // ---------------------------------------------------------------- errors and tokens

  protected addErrorAt(line: number, column: number, offset: number, endOffset: number, message: string): void {
    this.hadErrors = true;
    this.diagnostics.push({ code: "protoc/syntax", severity: "error", message, span: this.spanAt(line, column, offset, endOffset) });
  }

  /** A warning the parser records (protoc prints it as `file:line:col: warning: ...` and goes on). */
  protected addWarningAtToken(t: Token, code: DiagnosticCode, message: string): void {
    this.diagnostics.push({ code, severity: "warning", message, span: this.spanAt(t.line, t.column, t.offset, t.endOffset) });
  }

  /** The span of [offset, endOffset) starting at the 0-based line and column (one line: the end column follows). */
  private spanAt(line: number, column: number, offset: number, endOffset: number): TextSpan {
    return {
      kind: "text",
      file: this.name,
      start: { offset, line: line + 1, column: column + 1 },
      end: { offset: endOffset, line: line + 1, column: column + 1 + (endOffset - offset) },
    };
  }

  protected addError(message: string): void {
    const t = this.input.current;
    this.addErrorAt(t.line, t.column, t.offset, t.endOffset, message);
  }

  protected errorStart(loc: SourceLocation): { line: number; column: number; offset: number } {
    return loc.start;
  }

  protected addErrorAtToken(t: Token, message: string): void {
    this.addErrorAt(t.line, t.column, t.offset, t.endOffset, message);
  }

  protected get cur(): Token {
    return this.input.current;
  }

  protected lookingAt(text: string): boolean {
    return this.cur.text === text && this.cur.type !== "string";
  }

  protected atEnd(): boolean {
    return this.cur.type === "end";
  }

  protected tryConsume(text: string): boolean {
    if (this.lookingAt(text)) {
      this.input.next();
      return true;
    }
    return false;
  }

  protected consume(text: string, error = `Expected "${text}".`): boolean {
    if (this.tryConsume(text)) return true;
    this.addError(error);
    return false;
  }

  protected consumeIdentifier(error: string): string | undefined {
    if (this.cur.type === "identifier") {
      const text = this.cur.text;
      this.input.next();
      return text;
    }
    this.addError(error);
    return undefined;
  }

  /** An integer token no larger than int32 max; "Integer out of range." still consumes it. */
  protected consumeInteger(error: string): number | undefined {
    if (this.cur.type === "integer") {
      const v = parseInteger(this.cur.text, INT32_MAX);
      if (v === undefined) this.addError("Integer out of range.");
      this.input.next();
      return v === undefined ? 0 : Number(v);
    }
    this.addError(error);
    return undefined;
  }

  protected consumeSignedInteger(error: string): number | undefined {
    let max = INT32_MAX;
    const negative = this.tryConsume("-");
    if (negative) max += 1n;
    const v = this.consumeInteger64(max, error);
    if (v === undefined) return undefined;
    return negative ? -Number(v) : Number(v);
  }

  protected consumeInteger64(max: bigint, error: string): bigint | undefined {
    if (this.cur.type === "integer") {
      let v = parseInteger(this.cur.text, max);
      if (v === undefined) {
        this.addError("Integer out of range.");
        v = 0n;
      }
      this.input.next();
      return v;
    }
    this.addError(error);
    return undefined;
  }

  protected consumeNumber(error: string): number | undefined {
    const t = this.cur;
    if (t.type === "float") {
      this.input.next();
      return parseFloatToken(t.text);
    }
    if (t.type === "integer") {
      const v = parseInteger(t.text, UINT64_MAX);
      if (v === undefined) this.addError("Integer out of range.");
      this.input.next();
      return v === undefined ? 0 : Number(v);
    }
    if (this.lookingAt("inf")) {
      this.input.next();
      return Infinity;
    }
    if (this.lookingAt("nan")) {
      this.input.next();
      return NaN;
    }
    this.addError(error);
    return undefined;
  }

  /** A string literal (adjacent literals concatenate, as in C), as raw bytes. */
  protected consumeStringBytes(error: string): Uint8Array | undefined {
    if (this.cur.type !== "string") {
      this.addError(error);
      return undefined;
    }
    const parts: Uint8Array[] = [];
    while (this.cur.type === "string") {
      parts.push(decodeStringLiteral(this.cur.text));
      this.input.next();
    }
    return parts.length === 1 ? parts[0]! : concatBytes(parts);
  }

  protected consumeString(error: string): string | undefined {
    const bytes = this.consumeStringBytes(error);
    return bytes === undefined ? undefined : utf8Decode(bytes);
  }

  protected tryConsumeEndOfDeclaration(text: string, location: SourceLocation | null): boolean {
    if (!this.lookingAt(text)) return false;
    const groups = this.input.nextWithComments();
    // Leading comments found now belong to the next declaration; the ones saved last time are ours.
    const leading = this.upcomingDocComments;
    this.upcomingDocComments = groups.hasLeading ? groups.leading : undefined;
    if (location !== null) {
      const detached = this.upcomingDetached;
      this.upcomingDetached = groups.detached;
      if (leading !== undefined && leading !== "") location.leadingComments = leading;
      if (groups.trailing !== "") location.trailingComments = groups.trailing;
      location.leadingDetachedComments.push(...detached);
    } else if (text === "}") {
      this.upcomingDetached = groups.detached;
    } else {
      this.upcomingDetached.push(...groups.detached);
    }
    return true;
  }

  protected consumeEndOfDeclaration(text: string, location: SourceLocation | null): boolean {
    if (this.tryConsumeEndOfDeclaration(text, location)) return true;
    this.addError(`Expected "${text}".`);
    return false;
  }

  // ---------------------------------------------------------------- locations

  protected point(t: Token): { line: number; column: number; offset: number } {
    return { line: t.line, column: t.column, offset: t.offset };
  }

  /** Opens a location at the current token, like constructing protoc's LocationRecorder. */
  protected open(parent: SourceLocation | null, ...path: number[]): SourceLocation {
    const loc: SourceLocation = {
      path: parent ? [...parent.path, ...path] : path,
      start: this.point(this.cur),
      leadingDetachedComments: [],
    };
    this.locations.push(loc);
    return loc;
  }

  /** Closes a location at the end of the previous token unless it was ended explicitly. */
  protected close(loc: SourceLocation): void {
    if (loc.end === undefined) this.endAt(loc, this.input.previous);
  }

  protected endAt(loc: SourceLocation, t: Token): void {
    loc.end = { line: t.line, column: t.endColumn, offset: t.endOffset };
  }

  protected startAt(loc: SourceLocation, t: Token): void {
    loc.start = this.point(t);
  }

  protected within<T>(loc: SourceLocation, body: () => T): T {
    try {
      return body();
    } finally {
      this.close(loc);
    }
  }

  protected record(descriptor: object, kind: ErrorLocationKind, loc: SourceLocation): void {
    this.errorLocations.add(descriptor, kind, loc);
  }

  // ---------------------------------------------------------------- recovery

  protected skipStatement(): void {
    while (true) {
      if (this.atEnd()) return;
      if (this.cur.type === "symbol") {
        if (this.tryConsumeEndOfDeclaration(";", null)) return;
        if (this.tryConsume("{")) {
          this.skipRestOfBlock();
          return;
        }
        if (this.lookingAt("}")) return;
      }
      this.input.next();
    }
  }

  protected skipRestOfBlock(): void {
    // protoc 36's iterative SkipRestOfBlock, quirks included: after every brace it consumes, it
    // also skips the token that follows (so the "}" of an empty "{ }" is not counted).
    let depth = 1;
    while (true) {
      if (this.atEnd()) return;
      if (this.cur.type === "symbol") {
        if (this.tryConsumeEndOfDeclaration("}", null)) {
          if (--depth === 0) return;
        } else if (this.tryConsume("{")) depth++;
      }
      this.input.next();
    }
  }


}

export function parseFloatToken(text: string): number {
  let t = text;
  if (t.endsWith("f") || t.endsWith("F")) t = t.slice(0, -1);
  if (t.endsWith("e") || t.endsWith("E") || t.endsWith("+") || t.endsWith("-")) t = t.replace(/[eE][+-]?$/, "");
  return Number(t);
}
