/**
 * Options in .proto text: `option a.(b).c = value;` statements, `[...]` lists on fields and enum
 * values, and the field pseudo-options `default` and `json_name`, parsed into
 * UninterpretedOption entries (the linker interprets them) with protoc's locations and errors.
 */
import { create, isFieldSet } from "@bufbuild/protobuf";
import type {
  FieldDescriptorProto,
  UninterpretedOption,
} from "@bufbuild/protobuf/wkt";
import {
  FieldDescriptorProto_Type,
  FieldDescriptorProtoSchema,
  FieldOptionsSchema,
  UninterpretedOption_NamePartSchema,
  UninterpretedOptionSchema,
} from "@bufbuild/protobuf/wkt";

import type { SourceLocation } from "./locations.ts";

import { cEscape, formatDouble } from "./literals.ts";
import { INT32_MAX, INT64_MAX, ParserBase, UINT32_MAX, UINT64_MAX, type OptionHolder } from "./parser-base.ts";

export abstract class OptionParser extends ParserBase {
  protected parseFieldOptions(field: FieldDescriptorProto, fieldLoc: SourceLocation): boolean {
    if (!this.lookingAt("[")) return true;
    const loc = this.open(fieldLoc, 8);
    return this.within(loc, () => {
      if (!this.consume("[")) return false;
      do {
        if (this.lookingAt("default")) {
          if (!this.parseDefaultAssignment(field, fieldLoc)) return false;
        } else if (this.lookingAt("json_name")) {
          if (!this.parseJsonName(field, fieldLoc)) return false;
        } else {
          field.options ??= create(FieldOptionsSchema);
          if (!this.parseOption(field.options, loc, "assignment")) return false;
        }
      } while (this.tryConsume(","));
      return this.consume("]");
    });
  }

  protected hasDefault = new WeakSet<FieldDescriptorProto>();

  protected parseDefaultAssignment(field: FieldDescriptorProto, fieldLoc: SourceLocation): boolean {
    if (this.hasDefault.has(field)) {
      this.addError('Already set option "default".');
      field.defaultValue = "";
    }
    if (!this.consume("default")) return false;
    if (!this.consume("=")) return false;
    const loc = this.open(fieldLoc, 7);
    this.record(field, "DEFAULT_VALUE", loc);
    this.hasDefault.add(field);
    return this.within(loc, () => {
      const T = FieldDescriptorProto_Type;
      if (!isFieldSet(field, FieldDescriptorProtoSchema.field.type)) {
        // A named type: the linker decides whether it is an enum; keep the token text.
        field.defaultValue = this.cur.text;
        this.input.next();
        return true;
      }
      switch (field.type) {
        case T.INT32:
        case T.INT64:
        case T.SINT32:
        case T.SINT64:
        case T.SFIXED32:
        case T.SFIXED64: {
          let max = field.type === T.INT32 || field.type === T.SINT32 || field.type === T.SFIXED32 ? INT32_MAX : INT64_MAX;
          let text = "";
          if (this.tryConsume("-")) {
            text = "-";
            max += 1n;
          }
          const v = this.consumeInteger64(max, "Expected integer for field default value.");
          if (v === undefined) {
            field.defaultValue = text;
            return false;
          }
          field.defaultValue = text + v.toString();
          return true;
        }
        case T.UINT32:
        case T.UINT64:
        case T.FIXED32:
        case T.FIXED64: {
          const max = field.type === T.UINT32 || field.type === T.FIXED32 ? UINT32_MAX : UINT64_MAX;
          if (this.tryConsume("-")) this.addError("Unsigned field can't have negative default value.");
          const v = this.consumeInteger64(max, "Expected integer for field default value.");
          if (v === undefined) return false;
          field.defaultValue = v.toString();
          return true;
        }
        case T.FLOAT:
        case T.DOUBLE: {
          let text = "";
          if (this.tryConsume("-")) text = "-";
          const v = this.consumeNumber("Expected number.");
          if (v === undefined) {
            field.defaultValue = text;
            return false;
          }
          field.defaultValue = text + formatDouble(v);
          return true;
        }
        case T.BOOL:
          if (this.tryConsume("true")) field.defaultValue = "true";
          else if (this.tryConsume("false")) field.defaultValue = "false";
          else {
            this.addError('Expected "true" or "false".');
            return false;
          }
          return true;
        case T.STRING: {
          const s = this.consumeString("Expected string for field default value.");
          if (s === undefined) return false;
          field.defaultValue = s;
          return true;
        }
        case T.BYTES: {
          const b = this.consumeStringBytes("Expected string.");
          if (b === undefined) return false;
          field.defaultValue = cEscape(b);
          return true;
        }
        default:
          this.addError("Messages can't have default values.");
          return false;
      }
    });
  }

  protected hasJsonName = new WeakSet<FieldDescriptorProto>();

  protected parseJsonName(field: FieldDescriptorProto, fieldLoc: SourceLocation): boolean {
    if (this.hasJsonName.has(field)) {
      this.addError('Already set option "json_name".');
      field.jsonName = "";
    }
    const loc = this.open(fieldLoc, 10);
    this.record(field, "OPTION_NAME", loc);
    return this.within(loc, () => {
      if (!this.consume("json_name")) return false;
      if (!this.consume("=")) return false;
      const valueLoc = this.open(loc);
      this.record(field, "OPTION_VALUE", valueLoc);
      return this.within(valueLoc, () => {
        const s = this.consumeString("Expected string for JSON name.");
        if (s === undefined) return false;
        field.jsonName = s;
        this.hasJsonName.add(field);
        return true;
      });
    });
  }

  // ---------------------------------------------------------------- options

  protected parseOptionNamePart(option: UninterpretedOption, partLoc: SourceLocation): boolean {
    const part = create(UninterpretedOption_NamePartSchema);
    option.name.push(part);
    if (this.lookingAt("(")) {
      if (!this.consume("(")) return false;
      const loc = this.open(partLoc, 1);
      const ok = this.within(loc, () => {
        if (this.cur.type === "identifier") {
          const id = this.consumeIdentifier("Expected identifier.");
          if (id === undefined) return false;
          part.namePart += id;
        }
        while (this.lookingAt(".")) {
          if (!this.consume(".")) return false;
          part.namePart += ".";
          const id = this.consumeIdentifier("Expected identifier.");
          if (id === undefined) return false;
          part.namePart += id;
        }
        return true;
      });
      if (!ok) return false;
      if (!this.consume(")")) return false;
      part.isExtension = true;
      return true;
    }
    const loc = this.open(partLoc, 1);
    const id = this.within(loc, () => this.consumeIdentifier("Expected identifier."));
    if (id === undefined) return false;
    part.namePart += id;
    part.isExtension = false;
    return true;
  }

  /** Reads `{ ... }` as protoc does: the tokens' texts joined by single spaces. */
  protected parseUninterpretedBlock(): string | undefined {
    if (!this.consume("{")) return undefined;
    let depth = 1;
    const parts: string[] = [];
    while (!this.atEnd()) {
      if (this.lookingAt("{")) depth++;
      else if (this.lookingAt("}")) {
        depth--;
        if (depth === 0) {
          this.input.next();
          return parts.join(" ");
        }
      }
      parts.push(this.cur.text);
      this.input.next();
    }
    this.addError("Unexpected end of stream while parsing aggregate value.");
    return undefined;
  }

  protected parseOption(options: OptionHolder, optionsLoc: SourceLocation, style: "statement" | "assignment"): boolean {
    const loc = this.open(optionsLoc, 999, options.uninterpretedOption.length);
    return this.within(loc, () => {
      if (style === "statement" && !this.consume("option")) return false;
      const option = create(UninterpretedOptionSchema);
      options.uninterpretedOption.push(option);
      {
        const nameLoc = this.open(loc, 2);
        this.record(option, "OPTION_NAME", nameLoc);
        const ok = this.within(nameLoc, () => {
          {
            const partLoc = this.open(nameLoc, option.name.length);
            if (!this.within(partLoc, () => this.parseOptionNamePart(option, partLoc))) return false;
          }
          while (this.lookingAt(".")) {
            if (!this.consume(".")) return false;
            const partLoc = this.open(nameLoc, option.name.length);
            if (!this.within(partLoc, () => this.parseOptionNamePart(option, partLoc))) return false;
          }
          return true;
        });
        if (!ok) return false;
      }
      if (!this.consume("=")) return false;
      const valueLoc = this.open(loc);
      this.record(option, "OPTION_VALUE", valueLoc);
      const ok = this.within(valueLoc, () => {
        const negative = this.tryConsume("-");
        const t = this.cur;
        switch (t.type) {
          case "end":
            this.addError("Unexpected end of stream while parsing option value.");
            return false;
          case "identifier": {
            valueLoc.path.push(3);
            const id = this.consumeIdentifier("Expected identifier.");
            if (id === undefined) return false;
            if (negative) {
              // protoc 36 reads -inf and -nan as numbers (the path still names identifier_value).
              if (id === "inf") option.doubleValue = -Infinity;
              else if (id === "nan") option.doubleValue = NaN;
              else {
                this.addError("Identifier after '-' symbol must be inf or nan.");
                return false;
              }
              return true;
            }
            option.identifierValue = id;
            return true;
          }
          case "integer": {
            const max = negative ? INT64_MAX + 1n : UINT64_MAX;
            const v = this.consumeInteger64(max, "Expected integer.");
            if (v === undefined) return false;
            if (negative) {
              valueLoc.path.push(5);
              option.negativeIntValue = -v;
            } else {
              valueLoc.path.push(4);
              option.positiveIntValue = v;
            }
            return true;
          }
          case "float": {
            valueLoc.path.push(6);
            const v = this.consumeNumber("Expected number.");
            if (v === undefined) return false;
            option.doubleValue = negative ? -v : v;
            return true;
          }
          case "string": {
            valueLoc.path.push(7);
            if (negative) {
              this.addError("Invalid '-' symbol before string.");
              return false;
            }
            const b = this.consumeStringBytes("Expected string.");
            if (b === undefined) return false;
            option.stringValue = b;
            return true;
          }
          default:
            if (this.lookingAt("{")) {
              valueLoc.path.push(8);
              const v = this.parseUninterpretedBlock();
              if (v === undefined) return false;
              option.aggregateValue = v;
              return true;
            }
            this.addError("Expected option value.");
            return false;
        }
      });
      if (!ok) return false;
      if (style === "statement" && !this.consumeEndOfDeclaration(";", loc)) return false;
      return true;
    });
  }

}
