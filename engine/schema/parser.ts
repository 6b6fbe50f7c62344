/**
 * The .proto parser: text to an unlinked FileDescriptorProto plus source locations, the way
 * protoc's compiler/parser.cc does it (same statements, same error wording and positions, same
 * SourceCodeInfo paths and comment attachment). Type names stay as written and options stay
 * uninterpreted; the linker resolves both.
 *
 * Error recovery follows protoc: a statement that fails to parse is skipped up to its `;` or its
 * `{...}` block and parsing goes on, so one typo does not hide the rest of the file's syntax
 * errors. Like protoc, a file with syntax errors is not linked.
 *
 * Nesting is bounded (MAX_NESTING) so hostile input cannot overflow the stack.
 */
import { clone, create } from "@bufbuild/protobuf";
import type {
  DescriptorProto,
  EnumDescriptorProto,
  FieldDescriptorProto,
  MethodDescriptorProto,
  OneofDescriptorProto,
  ServiceDescriptorProto,
} from "@bufbuild/protobuf/wkt";
import {
  DescriptorProto_ExtensionRangeSchema,
  DescriptorProto_ReservedRangeSchema,
  DescriptorProtoSchema,
  EnumDescriptorProto_EnumReservedRangeSchema,
  EnumDescriptorProtoSchema,
  EnumValueDescriptorProtoSchema,
  EnumValueOptionsSchema,
  EnumOptionsSchema,
  ExtensionRangeOptionsSchema,
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FieldDescriptorProtoSchema,
  FileOptionsSchema,
  MessageOptionsSchema,
  MethodDescriptorProtoSchema,
  MethodOptionsSchema,
  OneofDescriptorProtoSchema,
  OneofOptionsSchema,
  ServiceDescriptorProtoSchema,
  ServiceOptionsSchema,
  SymbolVisibility,
  UninterpretedOptionSchema,
} from "@bufbuild/protobuf/wkt";

import type { SourceLocation } from "./locations.ts";

import { MAX_MESSAGE_DEFINITION_DEPTH, MAX_NESTING, MAX_RANGE_SENTINEL, SCALAR_TYPES, type ParsedFile } from "./parser-base.ts";
import { EDITION_2024, SUPPORTED_EDITIONS } from "./features.ts";
import { OptionParser } from "./parser-options.ts";
import { addSyntheticOneofs, adjustMaxRanges, generateMapEntry, isInOneof, markInOneof, type MapTypes } from "./parser-synthesis.ts";

export type { ParsedFile } from "./parser-base.ts";
export { MAX_FIELD_NUMBER, MAX_NESTING } from "./parser-base.ts";
export { mapEntryName } from "./parser-synthesis.ts";

/** Parses one .proto file. Never throws on bad input. */
export function parseProto(name: string, text: string): ParsedFile {
  return new Parser(name, text).parse();
}

class Parser extends OptionParser {
  // ---------------------------------------------------------------- file

  parse(): ParsedFile {
    if (this.cur.type === "start") {
      const groups = this.input.nextWithComments();
      this.upcomingDetached = groups.detached;
      this.upcomingDocComments = groups.hasLeading ? groups.leading : undefined;
    }
    const root = this.open(null);
    let ok = true;
    try {
      if (this.lookingAt("syntax") || this.lookingAt("edition")) {
        ok = this.parseSyntaxIdentifier(root);
      }
      if (ok) {
        while (!this.atEnd()) {
          if (!this.parseTopLevelStatement(root)) {
            this.skipStatement();
            if (this.lookingAt("}")) {
              this.addError('Unmatched "}".');
              const groups = this.input.nextWithComments();
              this.upcomingDetached = groups.detached;
              this.upcomingDocComments = groups.hasLeading ? groups.leading : undefined;
            }
          }
        }
      }
    } finally {
      this.close(root);
    }
    return {
      name: this.name,
      text: this.text,
      proto: this.proto,
      syntax: this.syntax,
      locations: this.locations,
      errorLocations: this.errorLocations,
      diagnostics: this.diagnostics,
      hadErrors: this.hadErrors,
    };
  }

  private parseSyntaxIdentifier(root: SourceLocation): boolean {
    const isEdition = this.lookingAt("edition");
    // protoc records the edition statement under the syntax field (12) too, and points its
    // file-wide editions errors there.
    const loc = this.open(root, 12);
    this.record(this.proto, "EDITIONS", loc);
    return this.within(loc, () => {
      if (!this.consume(isEdition ? "edition" : "syntax", "File must begin with a syntax statement, e.g. 'syntax = \"proto2\";'.")) return false;
      if (!this.consume("=")) return false;
      const token = this.cur;
      const syntax = this.consumeString("Expected syntax identifier.");
      if (syntax === undefined) return false;
      if (!this.consumeEndOfDeclaration(";", loc)) return false;
      if (isEdition) {
        const edition = SUPPORTED_EDITIONS[syntax];
        if (edition === undefined) {
          this.addErrorAtToken(token, `Unknown edition "${syntax}".`);
          return false;
        }
        this.syntax = "editions";
        this.proto.syntax = "editions";
        this.proto.edition = edition;
        return true;
      }
      if (syntax !== "proto2" && syntax !== "proto3") {
        this.addErrorAtToken(token, `Unrecognized syntax identifier "${syntax}".  This parser only recognizes "proto2" and "proto3".`);
        return false;
      }
      this.syntax = syntax;
      this.proto.syntax = syntax;
      return true;
    });
  }

  private parseTopLevelStatement(root: SourceLocation): boolean {
    const file = this.proto;
    if (this.tryConsumeEndOfDeclaration(";", null)) return true;
    const visibility = this.parseVisibility();
    if (visibility === false) return false;
    if (this.lookingAt("message")) {
      const loc = this.open(root, 4, file.messageType.length);
      const message = create(DescriptorProtoSchema);
      file.messageType.push(message);
      return this.within(loc, () => this.parseMessageDefinition(message, loc)) && this.setVisibility(message, visibility);
    }
    if (this.lookingAt("enum")) {
      const loc = this.open(root, 5, file.enumType.length);
      const e = create(EnumDescriptorProtoSchema);
      file.enumType.push(e);
      return this.within(loc, () => this.parseEnumDefinition(e, loc)) && this.setVisibility(e, visibility);
    }
    if (this.lookingAt("service")) {
      const loc = this.open(root, 6, file.service.length);
      const s = create(ServiceDescriptorProtoSchema);
      file.service.push(s);
      return this.within(loc, () => this.parseServiceDefinition(s, loc));
    }
    if (this.lookingAt("extend")) {
      const loc = this.open(root, 7);
      return this.within(loc, () => this.parseExtend(file.extension, file.messageType, root, 4, loc));
    }
    if (this.lookingAt("import")) return this.parseImport(root);
    if (this.lookingAt("package")) return this.parsePackage(root);
    if (this.lookingAt("option")) {
      const loc = this.open(root, 8);
      file.options ??= create(FileOptionsSchema);
      const options = file.options;
      return this.within(loc, () => this.parseOption(options, loc, "statement"));
    }
    this.addError('Expected top-level statement (e.g. "message").');
    return false;
  }

  // ---------------------------------------------------------------- messages

  private parseMessageDefinition(message: DescriptorProto, messageLoc: SourceLocation): boolean {
    // protoc 36's parser allows 31 message definitions inside one another (a group's block does
    // not count) and refuses the 32nd at its `message` keyword.
    if (this.messageDefinitions >= MAX_MESSAGE_DEFINITION_DEPTH) {
      this.addError("Reached maximum recursion limit for nested messages.");
      return false;
    }
    this.messageDefinitions++;
    try {
      return this.parseMessageDefinitionBody(message, messageLoc);
    } finally {
      this.messageDefinitions--;
    }
  }

  private parseMessageDefinitionBody(message: DescriptorProto, messageLoc: SourceLocation): boolean {
    if (!this.consume("message")) return false;
    const nameLoc = this.open(messageLoc, 1);
    this.record(message, "NAME", nameLoc);
    const name = this.within(nameLoc, () => this.consumeIdentifier("Expected message name."));
    if (name === undefined) return false;
    message.name = name;
    if (!this.parseMessageBlock(message, messageLoc)) return false;
    if (this.syntax === "proto3") addSyntheticOneofs(message);
    return true;
  }

  private parseMessageBlock(message: DescriptorProto, messageLoc: SourceLocation): boolean {
    if (this.depth >= MAX_NESTING) {
      // protoc's parser has no limit; its linker keeps 32 levels and reports "Reached maximum
      // recursion limit for nested messages.", as ours does. So a block this deep is skipped whole
      // (iteratively) without an error of its own, and without a cascade of false "missing '}'".
      if (!this.consumeEndOfDeclaration("{", messageLoc)) return false;
      let open = 1;
      while (open > 0 && !this.atEnd()) {
        if (this.cur.type === "symbol" && this.cur.text === "{") open++;
        else if (this.cur.type === "symbol" && this.cur.text === "}") open--;
        this.input.next();
      }
      if (open > 0) {
        this.addError("Reached end of input in message definition (missing '}').");
        return false;
      }
      return true;
    }
    this.depth++;
    try {
      if (!this.consumeEndOfDeclaration("{", messageLoc)) return false;
      while (!this.tryConsumeEndOfDeclaration("}", null)) {
        if (this.atEnd()) {
          this.addError("Reached end of input in message definition (missing '}').");
          return false;
        }
        if (!this.parseMessageStatement(message, messageLoc)) this.skipStatement();
      }
      adjustMaxRanges(message);
      return true;
    } finally {
      this.depth--;
    }
  }

  private parseMessageStatement(message: DescriptorProto, messageLoc: SourceLocation): boolean {
    if (this.tryConsumeEndOfDeclaration(";", null)) return true;
    const visibility = this.parseVisibility();
    if (visibility === false) return false;
    if (this.lookingAt("message")) {
      const loc = this.open(messageLoc, 3, message.nestedType.length);
      const nested = create(DescriptorProtoSchema);
      message.nestedType.push(nested);
      return this.within(loc, () => this.parseMessageDefinition(nested, loc)) && this.setVisibility(nested, visibility);
    }
    if (this.lookingAt("enum")) {
      const loc = this.open(messageLoc, 4, message.enumType.length);
      const e = create(EnumDescriptorProtoSchema);
      message.enumType.push(e);
      return this.within(loc, () => this.parseEnumDefinition(e, loc)) && this.setVisibility(e, visibility);
    }
    if (this.lookingAt("extensions")) {
      const loc = this.open(messageLoc, 5);
      return this.within(loc, () => this.parseExtensions(message, loc));
    }
    if (this.lookingAt("reserved")) return this.parseReserved(message, messageLoc, false);
    if (this.lookingAt("extend")) {
      const loc = this.open(messageLoc, 6);
      return this.within(loc, () => this.parseExtend(message.extension, message.nestedType, messageLoc, 3, loc));
    }
    if (this.lookingAt("option")) {
      const loc = this.open(messageLoc, 7);
      message.options ??= create(MessageOptionsSchema);
      const options = message.options;
      return this.within(loc, () => this.parseOption(options, loc, "statement"));
    }
    if (this.lookingAt("oneof")) {
      const index = message.oneofDecl.length;
      const loc = this.open(messageLoc, 8, index);
      const oneof = create(OneofDescriptorProtoSchema);
      message.oneofDecl.push(oneof);
      return this.within(loc, () => this.parseOneof(oneof, message, index, loc, messageLoc));
    }
    const loc = this.open(messageLoc, 2, message.field.length);
    const field = create(FieldDescriptorProtoSchema);
    message.field.push(field);
    return this.within(loc, () => this.parseMessageField(field, message.nestedType, messageLoc, 3, loc));
  }

  private parseMessageField(
    field: FieldDescriptorProto,
    messages: DescriptorProto[],
    parentLoc: SourceLocation,
    nestedTypeNumber: number,
    fieldLoc: SourceLocation,
  ): boolean {
    const label = this.parseLabel(fieldLoc);
    if (label !== undefined) {
      field.label = label;
      if (label === FieldDescriptorProto_Label.OPTIONAL && this.syntax === "proto3") field.proto3Optional = true;
    }
    return this.parseMessageFieldNoLabel(field, label !== undefined, messages, parentLoc, nestedTypeNumber, fieldLoc);
  }

  private parseLabel(fieldLoc: SourceLocation): FieldDescriptorProto_Label | undefined {
    if (!this.lookingAt("optional") && !this.lookingAt("repeated") && !this.lookingAt("required")) return undefined;
    if (this.syntax === "editions" && this.lookingAt("optional")) {
      this.addError('Label "optional" is not supported in editions. By default, all singular fields have presence unless features.field_presence is set.');
    }
    if (this.syntax === "editions" && this.lookingAt("required")) this.addError('Label "required" is not supported in editions, use features.field_presence = LEGACY_REQUIRED.');
    const loc = this.open(fieldLoc, 4);
    return this.within(loc, () => {
      if (this.tryConsume("optional")) return FieldDescriptorProto_Label.OPTIONAL;
      if (this.tryConsume("repeated")) return FieldDescriptorProto_Label.REPEATED;
      this.consume("required");
      return FieldDescriptorProto_Label.REQUIRED;
    });
  }

  private parseMessageFieldNoLabel(
    field: FieldDescriptorProto,
    hasLabelIn: boolean,
    messages: DescriptorProto[],
    parentLoc: SourceLocation,
    nestedTypeNumber: number,
    fieldLoc: SourceLocation,
  ): boolean {
    let hasLabel = hasLabelIn;
    let map: MapTypes | undefined;
    {
      const loc = this.open(fieldLoc); // the path gets "type" or "type_name" below
      this.record(field, "TYPE", loc);
      const ok = this.within(loc, () => {
        let typeParsed = false;
        let type: FieldDescriptorProto_Type = FieldDescriptorProto_Type.INT32;
        let typeName = "";
        if (this.tryConsume("map")) {
          if (this.lookingAt("<")) {
            if (isInOneof(field)) {
              this.addError("Map fields are not allowed in oneofs.");
              return false;
            }
            if (hasLabelIn) {
              this.addError("Field labels (required/optional/repeated) are not allowed on map fields.");
              return false;
            }
            if (field.extendee !== "") {
              this.addError("Map fields are not allowed to be extensions.");
              return false;
            }
            field.label = FieldDescriptorProto_Label.REPEATED;
            if (!this.consume("<")) return false;
            const key = this.parseType();
            if (key === undefined) return false;
            if (!this.consume(",")) return false;
            const value = this.parseType();
            if (value === undefined) return false;
            if (!this.consume(">")) return false;
            map = { key, value };
            loc.path.push(6);
            return true;
          }
          typeParsed = true;
          typeName = "map";
        }
        if (!hasLabel && this.syntax !== "proto2") {
          field.label = FieldDescriptorProto_Label.OPTIONAL;
          hasLabel = true;
        }
        if (!hasLabel) {
          this.addError('Expected "required", "optional", or "repeated".');
          field.label = FieldDescriptorProto_Label.OPTIONAL;
        }
        if (!typeParsed) {
          const t = this.parseType();
          if (t === undefined) return false;
          if (typeof t === "string") typeName = t;
          else type = t;
        }
        if (typeName === "") {
          loc.path.push(5);
          field.type = type;
        } else {
          loc.path.push(6);
          field.typeName = typeName;
        }
        return true;
      });
      if (!ok) return false;
    }

    const nameToken = this.cur;
    {
      const loc = this.open(fieldLoc, 1);
      this.record(field, "NAME", loc);
      const name = this.within(loc, () => this.consumeIdentifier("Expected field name."));
      if (name === undefined) return false;
      field.name = name;
    }
    if (!this.consume("=", "Missing field number.")) return false;
    {
      const loc = this.open(fieldLoc, 3);
      this.record(field, "NUMBER", loc);
      const number = this.within(loc, () => this.consumeInteger("Expected field number."));
      if (number === undefined) return false;
      field.number = number;
    }
    if (!this.parseFieldOptions(field, fieldLoc)) return false;

    if (field.type === FieldDescriptorProto_Type.GROUP && field.typeName === "") {
      const groupLoc = this.open(parentLoc);
      groupLoc.start = { ...fieldLoc.start };
      groupLoc.path.push(nestedTypeNumber, messages.length);
      return this.within(groupLoc, () => {
        const group = create(DescriptorProtoSchema);
        messages.push(group);
        group.name = field.name;
        {
          const loc = this.open(groupLoc, 1);
          this.startAt(loc, nameToken);
          this.endAt(loc, nameToken);
          this.record(group, "NAME", loc);
        }
        {
          const loc = this.open(fieldLoc, 6);
          this.startAt(loc, nameToken);
          this.endAt(loc, nameToken);
        }
        const first = group.name.charCodeAt(0);
        if (!(first >= 65 && first <= 90)) this.addErrorAtToken(nameToken, "Group names must start with a capital letter.");
        field.name = field.name.toLowerCase();
        field.typeName = group.name;
        if (this.lookingAt("{")) {
          if (!this.parseMessageBlock(group, groupLoc)) return false;
        } else {
          this.addError("Missing group body.");
          return false;
        }
        if (map) this.addMapEntry(map, field, messages);
        return true;
      });
    }
    if (!this.consumeEndOfDeclaration(";", fieldLoc)) return false;
    if (map) this.addMapEntry(map, field, messages);
    return true;
  }

  /** Adds the generated map entry; its fields point at the map field's type for errors. */
  private addMapEntry(map: MapTypes, field: FieldDescriptorProto, messages: DescriptorProto[]): void {
    const entry = generateMapEntry(map, field, messages);
    const typeLoc = this.errorLocations.find(field, "TYPE");
    if (!typeLoc) return;
    this.record(entry, "UNRECORDED", typeLoc);
    for (const f of entry.field) this.record(f, "UNRECORDED", typeLoc);
  }

  /**
   * A scalar type keyword, or a (possibly dotted) user type name. `group` is one of the keywords
   * (as in protoc's type table), so editions refuse it wherever a type is read, map types included.
   */
  private parseType(): FieldDescriptorProto_Type | string | undefined {
    const scalar = SCALAR_TYPES[this.cur.text];
    if (scalar !== undefined && this.cur.type === "identifier") {
      if (this.syntax === "editions" && scalar === FieldDescriptorProto_Type.GROUP) {
        this.addError("Group syntax is no longer supported in editions. To get group behavior you can specify features.message_encoding = DELIMITED on a message field.");
      }
      this.input.next();
      return scalar;
    }
    return this.parseUserDefinedType();
  }

  private parseUserDefinedType(): string | undefined {
    if (SCALAR_TYPES[this.cur.text] !== undefined && this.cur.type === "identifier") {
      this.addError("Expected message type.");
      const text = this.cur.text;
      this.input.next();
      return text;
    }
    let name = "";
    if (this.tryConsume(".")) name = ".";
    const first = this.consumeIdentifier("Expected type name.");
    if (first === undefined) return undefined;
    name += first;
    while (this.tryConsume(".")) {
      const part = this.consumeIdentifier("Expected identifier.");
      if (part === undefined) return undefined;
      name += "." + part;
    }
    return name;
  }

  // ---------------------------------------------------------------- ranges

  private parseExtensions(message: DescriptorProto, extensionsLoc: SourceLocation): boolean {
    if (!this.consume("extensions")) return false;
    const oldSize = message.extensionRange.length;
    do {
      const loc = this.open(extensionsLoc, message.extensionRange.length);
      const range = create(DescriptorProto_ExtensionRangeSchema);
      message.extensionRange.push(range);
      this.record(range, "NUMBER", loc);
      const ok = this.within(loc, () => {
        const startToken = this.cur;
        const startLoc = this.open(loc, 1);
        const start = this.within(startLoc, () => this.consumeInteger("Expected field number range."));
        if (start === undefined) return false;
        let end: number | undefined;
        const hasTo = this.tryConsume("to");
        const endLoc = this.open(loc, 2);
        const endOk = this.within(endLoc, () => {
          if (hasTo) {
            if (this.tryConsume("max")) end = MAX_RANGE_SENTINEL - 1;
            else end = this.consumeInteger("Expected integer.");
            return end !== undefined;
          }
          this.startAt(endLoc, startToken);
          this.endAt(endLoc, startToken);
          end = start;
          return true;
        });
        if (!endOk || end === undefined) return false;
        range.start = start;
        range.end = end + 1;
        return true;
      });
      if (!ok) return false;
    } while (this.tryConsume(","));

    if (this.lookingAt("[")) {
      // protoc parses the options once into a scratch table and copies them to every range.
      const indexPos = extensionsLoc.path.length;
      const scratchStart = this.locations.length;
      const options = create(ExtensionRangeOptionsSchema);
      message.extensionRange[oldSize]!.options = options;
      const indexLoc = this.open(extensionsLoc, 0);
      const ok = this.within(indexLoc, () => {
        const loc = this.open(indexLoc, 3);
        return this.within(loc, () => {
          if (!this.consume("[")) return false;
          do {
            if (!this.parseOption(options, loc, "assignment")) return false;
          } while (this.tryConsume(","));
          return this.consume("]");
        });
      });
      const scratch = this.locations.splice(scratchStart);
      if (!ok) return false;
      for (let i = oldSize + 1; i < message.extensionRange.length; i++) {
        message.extensionRange[i]!.options = create(ExtensionRangeOptionsSchema, {
          uninterpretedOption: options.uninterpretedOption.map((o) => clone(UninterpretedOptionSchema, o)),
        });
      }
      for (let i = oldSize; i < message.extensionRange.length; i++) {
        for (const l of scratch) {
          if (l.path.length === indexPos + 1) continue;
          const copy: SourceLocation = { ...l, path: [...l.path], leadingDetachedComments: [...l.leadingDetachedComments] };
          copy.path[indexPos] = i;
          this.locations.push(copy);
        }
      }
    }
    return this.consumeEndOfDeclaration(";", extensionsLoc);
  }

  private parseReserved(target: DescriptorProto | EnumDescriptorProto, parentLoc: SourceLocation, isEnum: boolean): boolean {
    const startToken = this.cur;
    if (!this.consume("reserved")) return false;
    // Editions name reserved fields and values by identifier, and refuse strings; proto2 and
    // proto3 take strings only (protoc 36.2's words for both mistakes).
    const editions = this.syntax === "editions";
    if (editions && this.cur.type === "string") {
      this.addError("Reserved names must be identifiers in editions, not string literals.");
      return false;
    }
    if (!editions && this.cur.type === "identifier") {
      this.addError("Reserved names must be string literals. (Only editions supports identifiers.)");
      return false;
    }
    if (this.cur.type === "string" || (editions && this.cur.type === "identifier")) {
      const loc = this.open(parentLoc, isEnum ? 5 : 10);
      this.startAt(loc, startToken);
      return this.within(loc, () => {
        do {
          const nameLoc = this.open(loc, target.reservedName.length);
          const token = this.cur;
          const name = this.within(nameLoc, () =>
            editions ? this.consumeIdentifier(isEnum ? "Expected enum value identifier." : "Expected field name identifier.") : this.consumeString(isEnum ? "Expected enum value." : "Expected field name."),
          );
          if (name === undefined) return false;
          // proto2 and proto3 reserve any string; one that cannot name a field or value is warned about.
          if (!editions && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) this.addWarningAtToken(token, "protoc/reserved-name-not-identifier", `Reserved name "${name}" is not a valid identifier.`);
          target.reservedName.push(name);
        } while (this.tryConsume(","));
        return this.consumeEndOfDeclaration(";", loc);
      });
    }
    const loc = this.open(parentLoc, isEnum ? 4 : 9);
    this.startAt(loc, startToken);
    return this.within(loc, () => {
      let first = true;
      do {
        const rangeLoc = this.open(loc, target.reservedRange.length);
        const range = isEnum ? create(EnumDescriptorProto_EnumReservedRangeSchema) : create(DescriptorProto_ReservedRangeSchema);
        (target.reservedRange as (typeof range)[]).push(range);
        this.record(range, "NUMBER", rangeLoc);
        const ok = this.within(rangeLoc, () => {
          const startTok = this.cur;
          const startLoc = this.open(rangeLoc, 1);
          const start = this.within(startLoc, () =>
            isEnum
              ? this.consumeSignedInteger(first ? "Expected enum value or number range." : "Expected enum number range.")
              : this.consumeInteger(first ? "Expected field name or number range." : "Expected field number range."),
          );
          if (start === undefined) return false;
          let end: number | undefined;
          const hasTo = this.tryConsume("to");
          const endLoc = this.open(rangeLoc, 2);
          const endOk = this.within(endLoc, () => {
            if (hasTo) {
              if (this.tryConsume("max")) end = isEnum ? 2147483647 : MAX_RANGE_SENTINEL - 1;
              else end = isEnum ? this.consumeSignedInteger("Expected integer.") : this.consumeInteger("Expected integer.");
              return end !== undefined;
            }
            this.startAt(endLoc, startTok);
            this.endAt(endLoc, startTok);
            end = start;
            return true;
          });
          if (!endOk || end === undefined) return false;
          range.start = start;
          // Message ranges are half-open, enum ranges inclusive.
          range.end = isEnum ? end : end + 1;
          return true;
        });
        if (!ok) return false;
        first = false;
      } while (this.tryConsume(","));
      return this.consumeEndOfDeclaration(";", loc);
    });
  }

  // ---------------------------------------------------------------- extend, oneof

  private parseExtend(
    extensions: FieldDescriptorProto[],
    messages: DescriptorProto[],
    parentLoc: SourceLocation,
    nestedTypeNumber: number,
    extendLoc: SourceLocation,
  ): boolean {
    if (!this.consume("extend")) return false;
    const extendeeStart = this.cur;
    const extendee = this.parseUserDefinedType();
    if (extendee === undefined) return false;
    const extendeeEnd = this.input.previous;
    if (!this.consumeEndOfDeclaration("{", extendLoc)) return false;
    let isFirst = true;
    do {
      if (this.atEnd()) {
        this.addError("Reached end of input in extend definition (missing '}').");
        return false;
      }
      const loc = this.open(extendLoc, extensions.length);
      const field = create(FieldDescriptorProtoSchema);
      extensions.push(field);
      const ok = this.within(loc, () => {
        const extendeeLoc = this.open(loc, 2);
        this.startAt(extendeeLoc, extendeeStart);
        this.endAt(extendeeLoc, extendeeEnd);
        if (isFirst) {
          this.record(field, "EXTENDEE", extendeeLoc);
          isFirst = false;
        }
        field.extendee = extendee;
        return this.parseMessageField(field, messages, parentLoc, nestedTypeNumber, loc);
      });
      if (!ok) this.skipStatement();
    } while (!this.tryConsumeEndOfDeclaration("}", null));
    return true;
  }

  private parseOneof(
    oneof: OneofDescriptorProto,
    message: DescriptorProto,
    index: number,
    oneofLoc: SourceLocation,
    messageLoc: SourceLocation,
  ): boolean {
    if (!this.consume("oneof")) return false;
    const nameLoc = this.open(oneofLoc, 1);
    const name = this.within(nameLoc, () => this.consumeIdentifier("Expected oneof name."));
    if (name === undefined) return false;
    oneof.name = name;
    if (!this.consumeEndOfDeclaration("{", oneofLoc)) return false;
    do {
      if (this.atEnd()) {
        this.addError("Reached end of input in oneof definition (missing '}').");
        return false;
      }
      if (this.lookingAt("option")) {
        const loc = this.open(oneofLoc, 2);
        oneof.options ??= create(OneofOptionsSchema);
        const options = oneof.options;
        if (!this.within(loc, () => this.parseOption(options, loc, "statement"))) return false;
        continue;
      }
      if (this.lookingAt("required") || this.lookingAt("optional") || this.lookingAt("repeated")) {
        this.addError("Fields in oneofs must not have labels (required / optional / repeated).");
        this.input.next();
      }
      const loc = this.open(messageLoc, 2, message.field.length);
      const field = create(FieldDescriptorProtoSchema);
      message.field.push(field);
      field.label = FieldDescriptorProto_Label.OPTIONAL;
      field.oneofIndex = index;
      markInOneof(field);
      const ok = this.within(loc, () => this.parseMessageFieldNoLabel(field, true, message.nestedType, messageLoc, 3, loc));
      if (!ok) this.skipStatement();
    } while (!this.tryConsumeEndOfDeclaration("}", null));
    return true;
  }

  // ---------------------------------------------------------------- enums

  /**
   * Edition 2024's `export` / `local` before a message or enum: the visibility, 0 when none is
   * written (or the file is older, where the words are names), false after an error.
   */
  private parseVisibility(): SymbolVisibility | false {
    if (!(this.syntax === "editions" && this.proto.edition >= EDITION_2024)) return SymbolVisibility.VISIBILITY_UNSET;
    let visibility = SymbolVisibility.VISIBILITY_UNSET;
    if (this.tryConsume("export")) visibility = SymbolVisibility.VISIBILITY_EXPORT;
    else if (this.tryConsume("local")) visibility = SymbolVisibility.VISIBILITY_LOCAL;
    if (visibility !== SymbolVisibility.VISIBILITY_UNSET && !this.lookingAt("message") && !this.lookingAt("enum")) {
      this.addError("'local' and 'export' visibility modifiers are valid only on 'message' and 'enum'");
      return false;
    }
    return visibility;
  }

  private setVisibility(target: DescriptorProto | EnumDescriptorProto, visibility: SymbolVisibility): true {
    if (visibility !== SymbolVisibility.VISIBILITY_UNSET) target.visibility = visibility;
    return true;
  }

  private parseEnumDefinition(e: EnumDescriptorProto, enumLoc: SourceLocation): boolean {
    if (!this.consume("enum")) return false;
    const nameLoc = this.open(enumLoc, 1);
    this.record(e, "NAME", nameLoc);
    const name = this.within(nameLoc, () => this.consumeIdentifier("Expected enum name."));
    if (name === undefined) return false;
    e.name = name;
    if (!this.parseEnumBlock(e, enumLoc)) return false;
    return this.validateEnum(e);
  }

  private parseEnumBlock(e: EnumDescriptorProto, enumLoc: SourceLocation): boolean {
    if (!this.consumeEndOfDeclaration("{", enumLoc)) return false;
    while (!this.tryConsumeEndOfDeclaration("}", null)) {
      if (this.atEnd()) {
        this.addError("Reached end of input in enum definition (missing '}').");
        return false;
      }
      if (!this.parseEnumStatement(e, enumLoc)) this.skipStatement();
    }
    return true;
  }

  private parseEnumStatement(e: EnumDescriptorProto, enumLoc: SourceLocation): boolean {
    if (this.tryConsumeEndOfDeclaration(";", null)) return true;
    if (this.lookingAt("option")) {
      const loc = this.open(enumLoc, 3);
      e.options ??= create(EnumOptionsSchema);
      const options = e.options;
      return this.within(loc, () => this.parseOption(options, loc, "statement"));
    }
    if (this.lookingAt("reserved")) return this.parseReserved(e, enumLoc, true);
    const loc = this.open(enumLoc, 2, e.value.length);
    const value = create(EnumValueDescriptorProtoSchema);
    e.value.push(value);
    return this.within(loc, () => {
      {
        const nameLoc = this.open(loc, 1);
        this.record(value, "NAME", nameLoc);
        const name = this.within(nameLoc, () => this.consumeIdentifier("Expected enum constant name."));
        if (name === undefined) return false;
        value.name = name;
      }
      if (!this.consume("=", "Missing numeric value for enum constant.")) return false;
      {
        const numberLoc = this.open(loc, 2);
        this.record(value, "NUMBER", numberLoc);
        const n = this.within(numberLoc, () => this.consumeSignedInteger("Expected integer."));
        if (n === undefined) return false;
        value.number = n;
      }
      if (this.lookingAt("[")) {
        const optLoc = this.open(loc, 3);
        value.options ??= create(EnumValueOptionsSchema);
        const options = value.options;
        const ok = this.within(optLoc, () => {
          if (!this.consume("[")) return false;
          do {
            if (!this.parseOption(options, optLoc, "assignment")) return false;
          } while (this.tryConsume(","));
          return this.consume("]");
        });
        if (!ok) return false;
      }
      return this.consumeEndOfDeclaration(";", loc);
    });
  }

  /** protoc's parser-level enum checks about allow_alias. */
  private validateEnum(e: EnumDescriptorProto): boolean {
    let hasAllowAlias = false;
    let allowAlias = false;
    for (const o of e.options?.uninterpretedOption ?? []) {
      if (o.name.length > 1) continue;
      if (!o.name[0]!.isExtension && o.name[0]!.namePart === "allow_alias") {
        hasAllowAlias = true;
        if (o.identifierValue === "true") allowAlias = true;
        break;
      }
    }
    if (hasAllowAlias && !allowAlias) {
      this.addError(`"${e.name}" declares 'option allow_alias = false;' which has no effect. Please remove the declaration.`);
      return false;
    }
    const used = new Set<number>();
    let hasDuplicates = false;
    for (const v of e.value) {
      if (used.has(v.number)) {
        hasDuplicates = true;
        break;
      }
      used.add(v.number);
    }
    if (allowAlias && !hasDuplicates) {
      this.addError(
        `"${e.name}" declares support for enum aliases but no enum values share field numbers. Please remove the unnecessary 'option allow_alias = true;' declaration.`,
      );
      return false;
    }
    return true;
  }

  // ---------------------------------------------------------------- services

  private parseServiceDefinition(service: ServiceDescriptorProto, serviceLoc: SourceLocation): boolean {
    if (!this.consume("service")) return false;
    const nameLoc = this.open(serviceLoc, 1);
    this.record(service, "NAME", nameLoc);
    const name = this.within(nameLoc, () => this.consumeIdentifier("Expected service name."));
    if (name === undefined) return false;
    service.name = name;
    if (!this.consumeEndOfDeclaration("{", serviceLoc)) return false;
    while (!this.tryConsumeEndOfDeclaration("}", null)) {
      if (this.atEnd()) {
        this.addError("Reached end of input in service definition (missing '}').");
        return false;
      }
      if (!this.parseServiceStatement(service, serviceLoc)) this.skipStatement();
    }
    return true;
  }

  private parseServiceStatement(service: ServiceDescriptorProto, serviceLoc: SourceLocation): boolean {
    if (this.tryConsumeEndOfDeclaration(";", null)) return true;
    if (this.lookingAt("option")) {
      const loc = this.open(serviceLoc, 3);
      service.options ??= create(ServiceOptionsSchema);
      const options = service.options;
      return this.within(loc, () => this.parseOption(options, loc, "statement"));
    }
    const loc = this.open(serviceLoc, 2, service.method.length);
    const method = create(MethodDescriptorProtoSchema);
    service.method.push(method);
    return this.within(loc, () => this.parseServiceMethod(method, loc));
  }

  private parseServiceMethod(method: MethodDescriptorProto, methodLoc: SourceLocation): boolean {
    if (!this.consume("rpc")) return false;
    {
      const loc = this.open(methodLoc, 1);
      this.record(method, "NAME", loc);
      const name = this.within(loc, () => this.consumeIdentifier("Expected method name."));
      if (name === undefined) return false;
      method.name = name;
    }
    for (const side of ["input", "output"] as const) {
      if (side === "output" && !this.consume("returns")) return false;
      if (!this.consume("(")) return false;
      if (this.lookingAt("stream")) {
        const loc = this.open(methodLoc, side === "input" ? 5 : 6);
        this.record(method, "OTHER", loc);
        if (side === "input") method.clientStreaming = true;
        else method.serverStreaming = true;
        if (!this.within(loc, () => this.consume("stream"))) return false;
      }
      const loc = this.open(methodLoc, side === "input" ? 2 : 3);
      this.record(method, side === "input" ? "INPUT_TYPE" : "OUTPUT_TYPE", loc);
      const type = this.within(loc, () => this.parseUserDefinedType());
      if (type === undefined) return false;
      if (side === "input") method.inputType = type;
      else method.outputType = type;
      if (!this.consume(")")) return false;
    }
    if (this.lookingAt("{")) {
      method.options ??= create(MethodOptionsSchema);
      this.consumeEndOfDeclaration("{", methodLoc);
      while (!this.tryConsumeEndOfDeclaration("}", null)) {
        if (this.atEnd()) {
          this.addError("Reached end of input in method options (missing '}').");
          return false;
        }
        if (this.tryConsumeEndOfDeclaration(";", null)) continue;
        const loc = this.open(methodLoc, 4);
        method.options ??= create(MethodOptionsSchema);
        const options = method.options;
        if (!this.within(loc, () => this.parseOption(options, loc, "statement"))) this.skipStatement();
      }
      return true;
    }
    return this.consumeEndOfDeclaration(";", methodLoc);
  }

  // ---------------------------------------------------------------- package, import

  private packageSeen = false;

  private parsePackage(root: SourceLocation): boolean {
    if (this.packageSeen) {
      this.addError("Multiple package definitions.");
      this.proto.package = "";
    }
    const loc = this.open(root, 2);
    this.record(this.proto, "NAME", loc);
    return this.within(loc, () => {
      if (!this.consume("package")) return false;
      let name = "";
      while (true) {
        const id = this.consumeIdentifier("Expected identifier.");
        if (id === undefined) {
          if (this.packageSeen) this.proto.package = name;
          return false;
        }
        // Like protoc, the package counts as set once its first part is read.
        this.packageSeen = true;
        name += id;
        if (!this.tryConsume(".")) break;
        name += ".";
      }
      this.proto.package = name;
      return this.consumeEndOfDeclaration(";", loc);
    });
  }

  private parseImport(root: SourceLocation): boolean {
    const file = this.proto;
    const loc = this.open(root, 3, file.dependency.length);
    return this.within(loc, () => {
      if (!this.consume("import")) return false;
      if (this.lookingAt("option")) {
        // An option import (edition 2024): its own list, located under option_dependency (15).
        if (!(this.syntax === "editions" && file.edition >= EDITION_2024)) this.addError("option import is not supported before edition 2024.");
        loc.path.splice(loc.path.length - 2, 2, 15, file.optionDependency.length);
        this.consume("option");
        const path = this.consumeString("Expected a string naming the file to import.");
        if (path === undefined) return false;
        file.optionDependency.push(path);
        this.errorLocations.imports.set(path, loc);
        return this.consumeEndOfDeclaration(";", loc);
      }
      if (file.optionDependency.length > 0) this.addError("imports should precede any option imports to ensure proto files can roundtrip.");
      if (this.lookingAt("public")) {
        const l = this.open(root, 10, file.publicDependency.length);
        if (!this.within(l, () => this.consume("public"))) return false;
        file.publicDependency.push(file.dependency.length);
      } else if (this.lookingAt("weak")) {
        if (this.syntax === "editions" && file.edition >= EDITION_2024) {
          this.addError("weak import is not supported in edition 2024 and above. Consider using option import instead.");
        }
        const l = this.open(root, 11, file.weakDependency.length);
        if (!this.within(l, () => this.consume("weak"))) return false;
        file.weakDependency.push(file.dependency.length);
      }
      const path = this.consumeString("Expected a string naming the file to import.");
      if (path === undefined) return false;
      file.dependency.push(path);
      this.errorLocations.imports.set(path, loc);
      return this.consumeEndOfDeclaration(";", loc);
    });
  }
}
