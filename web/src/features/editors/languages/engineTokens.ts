// Monaco colours the three languages with the engine's own lexers (engine/highlight), line by line,
// carrying what a line leaves open (a string, a hex literal, a block comment) to the next: the
// editor cannot colour a word as something the assembler or compiler does not read it as.
import type * as monacoNs from "monaco-editor/editor/editor.api";
import { highlightLine, type HighlightLanguage, type OpenConstruct } from "../../../../../engine/highlight/index.ts";

class LineState implements monacoNs.languages.IState {
  constructor(readonly open: OpenConstruct | undefined) {}
  clone(): LineState {
    return this;
  }
  equals(other: monacoNs.languages.IState): boolean {
    return other instanceof LineState && other.open === this.open;
  }
}

const STATES: Record<OpenConstruct | "none", LineState> = {
  none: new LineState(undefined),
  string: new LineState("string"),
  hex: new LineState("hex"),
  comment: new LineState("comment"),
};

/** Registers the engine's highlighting for `language` as Monaco's tokenizer of `languageId`. */
export function setEngineTokens(monaco: typeof monacoNs, languageId: string, language: HighlightLanguage): void {
  monaco.languages.setTokensProvider(languageId, {
    getInitialState: () => STATES.none,
    tokenize(line, state) {
      const h = highlightLine(language, line, (state as LineState).open);
      const tokens: monacoNs.languages.IToken[] = [];
      let at = 0;
      for (const t of h.tokens) {
        // Text no token covers (spaces) gets no colour, rather than the previous token's.
        if (t.from > at) tokens.push({ startIndex: at, scopes: "" });
        tokens.push({ startIndex: t.from, scopes: t.kind });
        at = t.to;
      }
      if (at < line.length) tokens.push({ startIndex: at, scopes: "" });
      return { tokens, endState: STATES[h.open ?? "none"] };
    },
  });
}
