// A code block of a lesson, highlighted by the engine's own lexers (the ones the editors colour
// with, engine/highlight) and rendered as React elements: the text is never turned into HTML, and
// a lesson page needs no editor to colour its code.
import { useMemo, type ReactNode } from "react";
import { highlight, type HighlightLanguage } from "../../../../engine/highlight/index.ts";

const LANGUAGES: Record<string, HighlightLanguage> = { proto: "proto", protobuf: "proto", protoscope: "protoscope", txtpb: "textformat", textproto: "textformat" };

export function Highlighted({ text, language }: { text: string; language: string }) {
  const id = LANGUAGES[language];
  const out = useMemo(() => {
    if (!id) return undefined;
    const pieces: ReactNode[] = [];
    let at = 0;
    for (const t of highlight(id, text).tokens) {
      if (t.from > at) pieces.push(text.slice(at, t.from));
      pieces.push(
        <span key={t.from} className={`tok-${t.kind}`}>
          {text.slice(t.from, t.to)}
        </span>,
      );
      at = t.to;
    }
    if (at < text.length) pieces.push(text.slice(at));
    return pieces;
  }, [text, id]);
  if (!out) return <code>{text}</code>;
  return <code className={`language-${language}`}>{out}</code>;
}
