// Protobuf text format in Monaco: colours from the text-format parser's own tokenizer
// (engineTokens.ts) and a hover with the bytes a field makes, read from the text-format encoder's
// annotations (their source ranges).
import type * as monacoNs from "monaco-editor/editor/editor.api";
import { useAppStore } from "../../../store/index.ts";
import { nodeAtSource } from "../../selection/annotationIndex.ts";
import { formatHex } from "../../bytes-input/parseBytes.ts";
import { fileOfModelPath } from "../editorRegistry.ts";

import { setEngineTokens } from "./engineTokens.ts";
import { TEXT_FORMAT } from "./ids.ts";
import { byteRangeText } from "../../../../../engine/explain/range.ts";
export { TEXT_FORMAT };

export function registerTextFormatLanguage(monaco: typeof monacoNs): void {
  monaco.languages.register({ id: TEXT_FORMAT, extensions: [".txtpb", ".textproto"], aliases: ["Text format"] });
  monaco.languages.setLanguageConfiguration(TEXT_FORMAT, {
    comments: { lineComment: "#" },
    brackets: [["{", "}"], ["[", "]"], ["<", ">"]],
    autoClosingPairs: [
      { open: "{", close: "}" },
      { open: "[", close: "]" },
      { open: '"', close: '"', notIn: ["string"] },
    ],
  });
  setEngineTokens(monaco, TEXT_FORMAT, "textformat");

  monaco.languages.registerHoverProvider(TEXT_FORMAT, {
    provideHover(model, position) {
      const { result } = useAppStore.getState();
      if (!result || result.sourceFile !== fileOfModelPath(model.uri.path)) return null;
      const node = nodeAtSource(result.annotations, model.getOffsetAt(position));
      if (!node?.source) return null;
      const [start, end] = node.bytes;
      const shown = Math.min(end, start + 32);
      const from = model.getPositionAt(node.source.from);
      const to = model.getPositionAt(node.source.to);
      const title = [node.name, node.type].filter(Boolean).join(": ");
      return {
        range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column),
        contents: [
          { value: `**${node.kind}**${title ? ` ${title}` : ""} \`${formatHex(result.bytes, start, shown)}${end > shown ? " …" : ""}\`` },
          { value: `${byteRangeText(start, end)}${node.value !== undefined ? ` · value ${node.value}` : ""}` },
        ],
      };
    },
  });
}
