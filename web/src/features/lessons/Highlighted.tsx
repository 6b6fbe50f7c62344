// A code block of a lesson, highlighted by Monaco's own tokenizers (the same ones the editors
// use) and rendered as React elements: the text is never turned into HTML.
import { useEffect, useState, type ReactNode } from "react";
import { PROTO, PROTOSCOPE, TEXT_FORMAT } from "../editors/languages/ids.ts";

const LANGUAGES: Record<string, string> = { proto: PROTO, protobuf: PROTO, protoscope: PROTOSCOPE, txtpb: TEXT_FORMAT, textproto: TEXT_FORMAT };

type Line = { offset: number; type: string }[];

export function Highlighted({ text, language }: { text: string; language: string }) {
  const id = LANGUAGES[language];
  const [tokens, setTokens] = useState<Line[] | undefined>(undefined);
  useEffect(() => {
    if (!id) return;
    let live = true;
    // Monaco is already loaded for the editors; this only waits for its chunk.
    void import("../editors/monaco/setup.ts").then(({ monaco }) => {
      if (live) setTokens(monaco.editor.tokenize(text, id));
    });
    return () => {
      live = false;
    };
  }, [text, id]);
  if (!id || !tokens) return <code>{text}</code>;
  const lines = text.split("\n");
  const out: ReactNode[] = [];
  lines.forEach((line, i) => {
    const toks = tokens[i] ?? [];
    toks.forEach((t, k) => {
      const end = toks[k + 1]?.offset ?? line.length;
      const kind = t.type.split(".")[0] || "plain";
      out.push(
        <span key={`${i}:${k}`} className={`tok-${kind}`}>
          {line.slice(t.offset, end)}
        </span>,
      );
    });
    if (toks.length === 0) out.push(line);
    if (i < lines.length - 1) out.push("\n");
  });
  return <code className={`language-${language}`}>{out}</code>;
}
