// Protoscope in Monaco: colours from the assembler's own lexer (engineTokens.ts) and a hover that shows the bytes a token emits
// (`150` -> varint `96 01`), read from the assembler's annotations (their source ranges).
import type * as monacoNs from "monaco-editor/editor/editor.api";
import { useAppStore } from "../../../store/index.ts";
import { nodeAtSource } from "../../selection/annotationIndex.ts";
import { formatHex } from "../../bytes-input/parseBytes.ts";
import { fileOfModelPath } from "../editorRegistry.ts";

import { setEngineTokens } from "./engineTokens.ts";
import { PROTOSCOPE } from "./ids.ts";
import { byteRangeText } from "../../../../../engine/explain/range.ts";
export { PROTOSCOPE };

export function registerProtoscopeLanguage(monaco: typeof monacoNs): void {
  monaco.languages.register({ id: PROTOSCOPE, extensions: [".protoscope", ".pbtxt"], aliases: ["Protoscope"] });
  monaco.languages.setLanguageConfiguration(PROTOSCOPE, {
    comments: { lineComment: "#" },
    brackets: [["{", "}"]],
    autoClosingPairs: [
      { open: "{", close: "}" },
      { open: '"', close: '"', notIn: ["string"] },
      { open: "`", close: "`", notIn: ["string"] },
    ],
  });
  setEngineTokens(monaco, PROTOSCOPE, "protoscope");

  monaco.languages.registerHoverProvider(PROTOSCOPE, {
    provideHover(model, position) {
      const { result, files } = useAppStore.getState();
      const file = fileOfModelPath(model.uri.path);
      if (!result || result.sourceFile !== file) return null;
      const offset = model.getOffsetAt(position);
      const node = nodeAtSource(result.annotations, offset);
      if (!node?.source) return null;
      const [start, end] = node.bytes;
      const shown = Math.min(end, start + 32);
      const hex = formatHex(result.bytes, start, shown) + (end > shown ? " …" : "");
      const from = model.getPositionAt(node.source.from);
      const to = model.getPositionAt(node.source.to);
      const lines = [
        `**${node.kind}** \`${hex}\``,
        `${byteRangeText(start, end)}${node.value !== undefined ? ` · value ${node.value}` : ""}`,
      ];
      if (files.find((f) => f.name === file)?.kind === "bytes") lines.push("_disassembled from the raw bytes_");
      return {
        range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column),
        contents: lines.map((value) => ({ value })),
      };
    },
  });
}
