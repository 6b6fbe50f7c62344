// The .proto language in Monaco: a Monarch tokenizer, quick fixes from the engine's fixes (buf
// lint findings, the enum-collision fix, applied to the whole workspace) and a hover with the
// fully-qualified name and doc comments, from the engine's symbol table.
import type * as monacoNs from "monaco-editor/editor/editor.api";
import type { Diagnostic, Fix } from "../../../../../engine/diagnostics.ts";
import { symbolAt } from "../../../../../engine/workspace/symbols.ts";
import { rangeOf } from "../ranges.ts";
import { useAppStore } from "../../../store/index.ts";
import { fileOfModelPath } from "../editorRegistry.ts";
import { applyFix } from "../../problems/applyFix.ts";

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

/** Diagnostics of one file, as the store holds them now. */
function fileDiagnostics(file: string): Diagnostic[] {
  return useAppStore.getState().result?.diagnostics[file] ?? [];
}

/** The command a quick fix runs: the fix applies to the whole workspace (other files may follow it). */
const APPLY_FIX = "wirelab.applyFix";

export function registerProtoLanguage(monaco: typeof monacoNs): void {
  monaco.editor.registerCommand(APPLY_FIX, (_accessor, fix: Fix, file: string) => void applyFix(fix, file));
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
      const file = fileOfModelPath(model.uri.path);
      for (const marker of context.markers) {
        const code = typeof marker.code === "string" ? marker.code : marker.code?.value;
        const diagnostic = fileDiagnostics(file).find(
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
            command: { id: APPLY_FIX, title: fix.title, arguments: [fix, file] },
          });
        }
      }
      return { actions, dispose: () => {} };
    },
  });

  monaco.languages.registerHoverProvider(PROTO, {
    provideHover(model, position) {
      const word = model.getWordAtPosition(position)?.word;
      const symbols = useAppStore.getState().result?.symbols ?? [];
      // By character offset: protoc's columns count a tab as up to eight, the editor as one.
      const sym = symbolAt(symbols, fileOfModelPath(model.uri.path), model.getOffsetAt(position), word);
      if (!sym) return null;
      const contents = [{ value: `**${sym.kind}** \`${sym.fqn}\`` }, { value: "`" + sym.detail + "`" }];
      if (sym.comments) contents.push({ value: sym.comments });
      return { contents };
    },
  });
}
