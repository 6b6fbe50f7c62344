/**
 * Highlighting from the engine's own lexers, for every editor and code block: the whole text at
 * once (`highlight`), or one line at a time with what the previous line left open
 * (`highlightLine`, for editors that tokenize line by line, as Monaco does).
 */
import { highlightProtoscope } from "../protoscope/lexer.ts";
import { highlightProto } from "../schema/highlight.ts";
import { highlightTextFormat } from "../schema/textformat/highlight.ts";
import type { Highlights, OpenConstruct } from "./types.ts";

export type { Highlight, HighlightClass, Highlights, OpenConstruct } from "./types.ts";

export type HighlightLanguage = "protoscope" | "proto" | "textformat";

export function highlight(language: HighlightLanguage, text: string): Highlights {
  switch (language) {
    case "protoscope":
      return highlightProtoscope(text);
    case "proto":
      return highlightProto(text);
    case "textformat":
      return highlightTextFormat(text);
  }
}

/** What re-opens a construct at the start of the next line, as if the line break were inside it. */
const REOPEN: Record<OpenConstruct, string> = { string: '"', hex: "`", comment: "/*" };

/**
 * Highlights one line (no line break), given the construct the previous line left open: the
 * line is read as the continuation of that construct, so a string, hex literal or block comment
 * spanning lines is coloured as the whole text's reading colours it.
 */
export function highlightLine(language: HighlightLanguage, line: string, open?: OpenConstruct): Highlights {
  if (open === undefined) return highlight(language, line);
  const prefix = REOPEN[open];
  const h = highlight(language, prefix + line);
  const shift = prefix.length;
  const tokens = [];
  for (const t of h.tokens) {
    const from = Math.max(0, t.from - shift);
    const to = t.to - shift;
    if (to > from) tokens.push({ kind: t.kind, from, to });
  }
  return h.open ? { tokens, open: h.open } : { tokens };
}
