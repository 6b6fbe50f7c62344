/**
 * What an editor colours, as the engine's own lexers read the text: one grammar per language,
 * the one the assembler and the compilers use, so the editor can never colour a token as
 * something the engine does not read it as.
 */

/** The classes an editor colours (theme rules are keyed by these names). */
export type HighlightClass =
  | "comment"
  | "keyword"
  | "type"
  | "identifier"
  | "number"
  | "string"
  | "tag"
  | "delimiter"
  | "invalid";

/** A coloured range [from, to) of the text (UTF-16 offsets). */
export interface Highlight {
  kind: HighlightClass;
  from: number;
  to: number;
}

/**
 * A construct the text ends inside of, so that a line-by-line editor can carry it to the next
 * line: a string or hex literal, or a block comment, opened and not yet closed.
 */
export type OpenConstruct = "string" | "hex" | "comment";

export interface Highlights {
  /** In text order, not overlapping; whitespace and text no token covers are left out. */
  tokens: Highlight[];
  /** Set when the last token runs to the end of the text unclosed. */
  open?: OpenConstruct;
}
