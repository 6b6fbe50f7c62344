// The .proto language in Monaco: colours from the compiler's own tokenizer (engineTokens.ts),
// quick fixes from the engine's fixes (buf lint findings, the enum-collision fix, applied to the
// whole workspace), a hover with the fully-qualified name and doc comments, from the engine's
// symbol table, and completions for editions features.
import type * as monacoNs from "monaco-editor/editor/editor.api";
import type { Diagnostic, Fix } from "../../../../../engine/diagnostics.ts";
import { featureCompletions } from "../../../../../engine/schema/feature-completions.ts";
import { symbolAt } from "../../../../../engine/workspace/declarations.ts";
import { rangeOf } from "../ranges.ts";
import { useAppStore } from "../../../store/index.ts";
import { fileOfModelPath } from "../editorRegistry.ts";
import { applyFix } from "../../problems/applyFix.ts";

import { setEngineTokens } from "./engineTokens.ts";
import { PROTO } from "./ids.ts";
export { PROTO };

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
  setEngineTokens(monaco, PROTO, "proto");

  // Editions features as they are typed: after `features.`, after `features.NAME = `, and the
  // editions after `edition = "`, each with a line on what it means (engine/schema/feature-completions.ts).
  monaco.languages.registerCompletionItemProvider(PROTO, {
    triggerCharacters: [".", " ", "=", '"'],
    provideCompletionItems(model, position) {
      const before = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const editions = model.findMatches("^\\s*edition\\s*=", false, true, false, null, false, 1).length > 0;
      const found = featureCompletions(before, editions);
      if (!found) return { suggestions: [] };
      const range = new monaco.Range(position.lineNumber, position.column - found.replace, position.lineNumber, position.column);
      const kinds = { feature: monaco.languages.CompletionItemKind.Property, value: monaco.languages.CompletionItemKind.EnumMember, edition: monaco.languages.CompletionItemKind.Value };
      return {
        suggestions: found.items.map((item, i) => ({
          label: { label: item.label, description: item.detail },
          detail: item.detail,
          kind: kinds[item.kind],
          insertText: item.label,
          range,
          sortText: String(i).padStart(3, "0"),
        })),
      };
    },
  });

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
