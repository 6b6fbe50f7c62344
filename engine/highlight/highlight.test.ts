// Highlighting comes from the engine's lexers: the line-by-line reading an editor does agrees token
// by token with the whole text's, over every example and lesson file; and protoscope's colours
// agree with what the assembler makes of the text (a word is coloured as a tag exactly where the
// assembler reads a tag).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { walkAnnotations } from "../annotate/types.ts";
import { assemble } from "../protoscope/index.ts";
import { highlight, highlightLine, type Highlight, type HighlightLanguage, type OpenConstruct } from "./index.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const LANGUAGE: Record<string, HighlightLanguage> = { protoscope: "protoscope", proto: "proto", txtpb: "textformat" };

function corpus(): { path: string; language: HighlightLanguage; text: string }[] {
  const out: { path: string; language: HighlightLanguage; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const language = LANGUAGE[name.slice(name.lastIndexOf(".") + 1)];
        if (language) out.push({ path: path.slice(ROOT.length + 1), language, text: readFileSync(path, "utf8") });
      }
    }
  };
  walk(join(ROOT, "examples"));
  walk(join(ROOT, "lessons"));
  return out;
}

/** The whole text's tokens cut at line breaks: what a line-by-line editor can show. */
function byLine(text: string, tokens: readonly Highlight[]): Highlight[] {
  const out: Highlight[] = [];
  for (const t of tokens) {
    let from = t.from;
    for (;;) {
      const nl = text.indexOf("\n", from);
      if (nl < 0 || nl >= t.to) break;
      if (nl > from) out.push({ kind: t.kind, from, to: nl });
      from = nl + 1;
    }
    if (t.to > from) out.push({ kind: t.kind, from, to: t.to });
  }
  return out;
}

/** Highlights the text one line at a time, carrying what each line leaves open. */
function lineByLine(language: HighlightLanguage, text: string): Highlight[] {
  const out: Highlight[] = [];
  let open: OpenConstruct | undefined;
  let offset = 0;
  for (const line of text.split("\n")) {
    const h = highlightLine(language, line, open);
    for (const t of h.tokens) out.push({ kind: t.kind, from: offset + t.from, to: offset + t.to });
    open = h.open;
    offset += line.length + 1;
  }
  return out;
}

const show = (text: string, tokens: readonly Highlight[]) => tokens.map((t) => `${t.kind} ${t.from}-${t.to} ${JSON.stringify(text.slice(t.from, t.to))}`);

describe("highlighting from the engine's lexers", () => {
  const files = corpus();

  it("covers the examples and lessons of all three languages", () => {
    const counts = { protoscope: 0, proto: 0, textformat: 0 };
    for (const f of files) counts[f.language]++;
    expect(counts.protoscope).toBeGreaterThan(30);
    expect(counts.proto).toBeGreaterThan(30);
    expect(counts.textformat).toBeGreaterThan(10);
  });

  it("reads every file line by line exactly as it reads the whole text", () => {
    for (const f of files) {
      const whole = highlight(f.language, f.text);
      expect(show(f.text, lineByLine(f.language, f.text)), f.path).toEqual(show(f.text, byLine(f.text, whole.tokens)));
    }
  });

  it("colours a protoscope word as a tag exactly where the assembler reads a tag", () => {
    let checked = 0;
    for (const f of files.filter((x) => x.language === "protoscope")) {
      const result = assemble(f.text);
      if (result.diagnostics.some((d) => d.severity === "error")) continue;
      const tags = new Set<string>();
      walkAnnotations(result.annotations, (node) => {
        // A group's start tag is written `N:` before `!{`; its end tag comes from the `}`.
        if ((node.kind === "tag" || node.kind === "group-start") && node.source && node.source.to > node.source.from) tags.add(`${node.source.from}-${node.source.to}`);
      });
      const coloured = new Set(highlight("protoscope", f.text).tokens.filter((t) => t.kind === "tag").map((t) => `${t.from}-${t.to}`));
      expect([...coloured].sort(), f.path).toEqual([...tags].sort());
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it("colours what the engine reads, where the old grammars did not", () => {
    const kinds = (language: HighlightLanguage, text: string) => highlight(language, text).tokens.map((t) => [t.kind, text.slice(t.from, t.to)]);
    // A hex field number makes a tag.
    expect(kinds("protoscope", "0x1: 150")).toEqual([["tag", "0x1:"], ["number", "150"]]);
    // A string and a hex literal run across lines; so does a block comment in .proto.
    expect(highlightLine("protoscope", 'x" 1: `ab', "string")).toEqual({
      tokens: [{ kind: "string", from: 0, to: 2 }, { kind: "tag", from: 3, to: 5 }, { kind: "string", from: 6, to: 9 }],
      open: "hex",
    });
    expect(highlightLine("proto", "still */ message", "comment").tokens.map((t) => t.kind)).toEqual(["comment", "keyword"]);
    // Text format: a list after a colon holds values; brackets in name position hold a name.
    expect(kinds("textformat", "a: [1, -2] [x.y]: 3")).toEqual([
      ["tag", "a"], ["delimiter", ":"], ["delimiter", "["], ["number", "1"], ["delimiter", ","], ["number", "-2"], ["delimiter", "]"],
      ["delimiter", "["], ["tag", "x.y"], ["delimiter", "]"], ["delimiter", ":"], ["number", "3"],
    ]);
    expect(kinds("proto", "int32 a = 1; // c")).toEqual([["type", "int32"], ["identifier", "a"], ["delimiter", "="], ["number", "1"], ["delimiter", ";"], ["comment", "// c"]]);
  });
});
