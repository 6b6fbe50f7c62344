// The .proto language in Monaco: a Monarch tokenizer, quick fixes from the engine's fixes (buf
// lint findings, the enum-collision fix) and a hover with the fully-qualified name and doc comments.
import type * as monacoNs from "monaco-editor/editor/editor.api";
import type { Diagnostic } from "../../../../../engine/diagnostics.ts";
import { rangeOf } from "../ranges.ts";
import { useAppStore } from "../../../store/index.ts";
import { compileSchema } from "../../engine/pipeline.ts";
import { buildSymbols, symbolAt, type ProtoSymbol } from "./protoSymbols.ts";

import { PROTO } from "./ids.ts";
export { PROTO };

const KEYWORDS = [
  "syntax", "edition", "package", "import", "public", "weak", "option", "message", "enum", "service", "rpc",
  "returns", "stream", "oneof", "map", "reserved", "extensions", "extend", "to", "max", "optional", "required",
  "repeated", "group", "true", "false",
];
const TYPES = [
  "double", "float", "int32", "int64", "uint32", "uint64", "sint32", "sint64", "fixed32", "fixed64",
  "sfixed32", "sfixed64", "bool", "string", "bytes",
];

let symbolCache: { schema: string; symbols: ProtoSymbol[] } | undefined;

function symbolsFor(schema: string): ProtoSymbol[] {
  if (symbolCache?.schema !== schema) {
    symbolCache = { schema, symbols: buildSymbols(compileSchema(schema).registry) };
  }
  return symbolCache.symbols;
}


/** Diagnostics of the schema editor, as the store holds them now. */
function schemaDiagnostics(): Diagnostic[] {
  return useAppStore.getState().result?.diagnostics.schema ?? [];
}

export function registerProtoLanguage(monaco: typeof monacoNs): void {
  monaco.languages.register({ id: PROTO, extensions: [".proto"], aliases: ["Protocol Buffers"] });
  monaco.languages.setLanguageConfiguration(PROTO, {
    comments: { lineComment: "//", blockComment: ["/*", "*/"] },
    brackets: [["{", "}"], ["[", "]"], ["(", ")"], ["<", ">"]],
    autoClosingPairs: [
      { open: "{", close: "}" },
      { open: "[", close: "]" },
      { open: "(", close: ")" },
      { open: '"', close: '"', notIn: ["string"] },
    ],
  });
  monaco.languages.setMonarchTokensProvider(PROTO, {
    keywords: KEYWORDS,
    typeKeywords: TYPES,
    tokenizer: {
      root: [
        [/\/\/.*$/, "comment"],
        [/\/\*/, "comment", "@comment"],
        [/[a-zA-Z_][\w.]*/, { cases: { "@keywords": "keyword", "@typeKeywords": "type", "@default": "identifier" } }],
        [/-?0[xX][0-9a-fA-F]+/, "number"],
        [/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/, "number"],
        [/"([^"\\]|\\.)*"/, "string"],
        [/'([^'\\]|\\.)*'/, "string"],
        [/[{}()[\]<>]/, "@brackets"],
      ],
      comment: [
        [/[^/*]+/, "comment"],
        [/\*\//, "comment", "@pop"],
        [/[/*]/, "comment"],
      ],
    },
  } as monacoNs.languages.IMonarchLanguage);

  monaco.languages.registerCodeActionProvider(PROTO, {
    provideCodeActions(model, _range, context) {
      const actions: monacoNs.languages.CodeAction[] = [];
      for (const marker of context.markers) {
        const code = typeof marker.code === "string" ? marker.code : marker.code?.value;
        const diagnostic = schemaDiagnostics().find(
          (d) => {
            if (d.span.kind !== "text" || d.code !== code) return false;
            const at = rangeOf(monaco, model, d.span);
            return at.startLineNumber === marker.startLineNumber && at.startColumn === marker.startColumn;
          },
        );
        for (const fix of diagnostic?.fixes ?? []) {
          actions.push({
            title: fix.title,
            kind: "quickfix",
            diagnostics: [marker],
            isPreferred: true,
            edit: {
              edits: fix.edits.map((edit) => ({
                resource: model.uri,
                versionId: model.getVersionId(),
                textEdit: { range: rangeOf(monaco, model, edit.span), text: edit.newText },
              })),
            },
          });
        }
      }
      return { actions, dispose: () => {} };
    },
  });

  monaco.languages.registerHoverProvider(PROTO, {
    provideHover(model, position) {
      const word = model.getWordAtPosition(position)?.word;
      const sym = symbolAt(symbolsFor(model.getValue()), position.lineNumber - 1, position.column - 1, word);
      if (!sym) return null;
      const contents = [{ value: `**${sym.kind}** \`${sym.fqn}\`` }, { value: "`" + sym.detail + "`" }];
      if (sym.comments) contents.push({ value: sym.comments });
      return { contents };
    },
  });
}
