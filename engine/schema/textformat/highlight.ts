/**
 * What an editor colours in a text-format message, read by the text-format parser's own
 * tokenizer (protoc's rules: `#` comments, either quote, a float may end in `f`). A field name is
 * an identifier followed by `:`, `{` or `<`, or what stands between `[` and `]` (an extension or
 * a type URL); identifiers in value position are enum values or the parser's literals.
 */
import type { Highlight, Highlights } from "../../highlight/types.ts";
import { Tokenizer, type Token } from "./tokenizer.ts";

/** The identifiers the text-format parser reads as bools or float specials. */
const LITERALS: ReadonlySet<string> = new Set(["true", "false", "True", "False", "t", "f", "inf", "infinity", "nan", "-inf"]);

const DELIMITERS = "{}[]<>";

export function highlightTextFormat(text: string): Highlights {
  const tokenizer = new Tokenizer(text);
  const all: Token[] = [];
  // Brackets in name position hold an extension name or a type URL, read as the parser reads them
  // (protoc's URL-chars mode); after a colon they hold a list of values.
  const names = new Set<Token>();
  let name = false;
  for (let t = tokenizer.current; t.type !== "end"; t = tokenizer.current) {
    const prev = all[all.length - 1];
    if (t.type === "symbol" && t.text === "[" && !(prev?.type === "symbol" && prev.text === ":")) name = true;
    else if (t.type === "symbol" && t.text === "]") name = false;
    else if (name) names.add(t);
    tokenizer.urlMode = name;
    all.push(tokenizer.next());
  }
  const tokens: Highlight[] = [];
  let at = 0;
  const gap = (to: number) => {
    for (let p = at; p < to; ) {
      const c = text.charCodeAt(p);
      if (c === 35) {
        const nl = text.indexOf("\n", p);
        const end = nl < 0 || nl > to ? to : nl;
        tokens.push({ kind: "comment", from: p, to: end });
        p = end;
      } else {
        p++;
      }
    }
  };
  for (let i = 0; i < all.length; i++) {
    const t = all[i]!;
    gap(t.from);
    at = t.to;
    const next = all[i + 1];
    if (t.type === "symbol") {
      const number = t.text === "-" && next !== undefined && next.from === t.to && (next.type === "integer" || next.type === "float" || (next.type === "identifier" && LITERALS.has(next.text)));
      tokens.push({ kind: number ? "number" : DELIMITERS.includes(t.text) ? "delimiter" : t.text.charCodeAt(0) < 32 || t.text.charCodeAt(0) > 126 ? "invalid" : "delimiter", from: t.from, to: t.to });
      continue;
    }
    if (names.has(t)) {
      tokens.push({ kind: "tag", from: t.from, to: t.to });
      continue;
    }
    switch (t.type) {
      case "identifier": {
        const field = next !== undefined && next.type === "symbol" && (next.text === ":" || next.text === "{" || next.text === "<");
        const prev = tokens[tokens.length - 1];
        if (field) tokens.push({ kind: "tag", from: t.from, to: t.to });
        else if (LITERALS.has(t.text)) {
          if (prev && prev.kind === "number" && prev.to === t.from) prev.to = t.to; // -inf
          else tokens.push({ kind: "keyword", from: t.from, to: t.to });
        } else tokens.push({ kind: "identifier", from: t.from, to: t.to });
        break;
      }
      case "integer":
      case "float": {
        const prev = tokens[tokens.length - 1];
        if (prev && prev.kind === "number" && prev.to === t.from) prev.to = t.to; // the minus sign
        else tokens.push({ kind: "number", from: t.from, to: t.to });
        break;
      }
      case "string":
        tokens.push({ kind: "string", from: t.from, to: t.to });
        break;
      default:
        tokens.push({ kind: "tag", from: t.from, to: t.to });
    }
  }
  gap(text.length);
  return { tokens };
}
