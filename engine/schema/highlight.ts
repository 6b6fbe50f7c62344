/**
 * What an editor colours in a .proto file, read by the compiler's own tokenizer (protoc's rules:
 * its identifiers, numbers, strings and symbols, its comments). The tokenizer skips comments, so
 * they are what lies between two tokens other than whitespace.
 */
import type { Highlight, Highlights } from "../highlight/types.ts";
import { fieldTypeOfKeyword } from "../wire/wire-type.ts";
import { Tokenizer } from "./tokenizer.ts";

/** Words of the .proto grammar coloured as keywords (protobuf reserves none; these read as keywords where they stand). */
export const PROTO_KEYWORDS: ReadonlySet<string> = new Set([
  "syntax", "edition", "package", "import", "public", "weak", "option", "message", "enum", "service", "rpc",
  "returns", "stream", "oneof", "map", "reserved", "extensions", "extend", "to", "max", "optional", "required",
  "repeated", "group", "true", "false", "inf", "nan", "export", "local",
]);

/** A scalar type keyword (`int32`, `string`, ...), coloured as a type. */
function isScalarType(word: string): boolean {
  return word !== "group" && word !== "message" && word !== "enum" && fieldTypeOfKeyword(word) !== undefined;
}

const DELIMITERS = "{}()[]<>";

export function highlightProto(text: string): Highlights {
  const tokens: Highlight[] = [];
  const tokenizer = new Tokenizer(text, () => {});
  let at = 0;
  let open: Highlights["open"];
  const gap = (to: number) => {
    // Between two tokens: whitespace, comments, and characters the tokenizer refused.
    let p = at;
    while (p < to) {
      const c = text.charCodeAt(p);
      if (c === 32 || c === 10 || c === 9 || c === 13 || c === 11 || c === 12) {
        p++;
      } else if (c === 47 && text.charCodeAt(p + 1) === 47) {
        const nl = text.indexOf("\n", p);
        const end = nl < 0 || nl > to ? to : nl;
        tokens.push({ kind: "comment", from: p, to: end });
        p = end;
      } else if (c === 47 && text.charCodeAt(p + 1) === 42) {
        const close = text.indexOf("*/", p + 2);
        const end = close < 0 || close + 2 > to ? to : close + 2;
        if (close < 0 && end === text.length) open = "comment";
        tokens.push({ kind: "comment", from: p, to: end });
        p = end;
      } else {
        tokens.push({ kind: "invalid", from: p, to: p + 1 });
        p++;
      }
    }
  };
  while (tokenizer.next()) {
    const t = tokenizer.current;
    if (t.endOffset <= t.offset) continue; // the further bytes of a non-ASCII character
    gap(t.offset);
    at = t.endOffset;
    switch (t.type) {
      case "identifier":
        tokens.push({ kind: PROTO_KEYWORDS.has(t.text) ? "keyword" : isScalarType(t.text) ? "type" : "identifier", from: t.offset, to: t.endOffset });
        break;
      case "integer":
      case "float": {
        const prev = tokens[tokens.length - 1];
        // A minus sign right before a number reads as part of it.
        if (prev && prev.kind === "delimiter" && prev.to === t.offset && text.charCodeAt(prev.from) === 45) {
          prev.kind = "number";
          prev.to = t.endOffset;
        } else {
          tokens.push({ kind: "number", from: t.offset, to: t.endOffset });
        }
        break;
      }
      case "string":
        tokens.push({ kind: "string", from: t.offset, to: t.endOffset });
        break;
      default: {
        const c = t.text;
        tokens.push({ kind: c.length === 1 && (DELIMITERS.includes(c) || c === "-") ? "delimiter" : c.charCodeAt(0) >= 0x80 ? "invalid" : "delimiter", from: t.offset, to: t.endOffset });
      }
    }
  }
  gap(text.length);
  return open ? { tokens, open } : { tokens };
}
