// Monaco, bundled and trimmed: the editor API plus only the contributions the workspace uses
// (hover, code actions, marker navigation, find, clipboard, comments, bracket matching), with its
// worker bundled by Vite. This module is loaded lazily, so Monaco lands in its own chunk.
import * as monaco from "monaco-editor/editor/editor.api";
import "monaco-editor/editor/contrib/hover/browser/hoverContribution";
import "monaco-editor/editor/contrib/codeAction/browser/codeActionContributions";
import "monaco-editor/editor/contrib/gotoError/browser/gotoError";
import "monaco-editor/editor/contrib/find/browser/findController";
import "monaco-editor/editor/contrib/clipboard/browser/clipboard";
import "monaco-editor/editor/contrib/comment/browser/comment";
import "monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching";
import "monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";
import { registerProtoscopeLanguage } from "../languages/protoscope.ts";
import { registerProtoLanguage } from "../languages/proto.ts";
import { registerTextFormatLanguage } from "../languages/textformat.ts";
import { defineThemes } from "./themes.ts";

self.MonacoEnvironment = {
  // Only the generic editor worker: none of Monaco's language services are bundled.
  getWorker: () => new EditorWorker(),
};

registerProtoscopeLanguage(monaco);
registerProtoLanguage(monaco);
registerTextFormatLanguage(monaco);
defineThemes(monaco);

export { monaco };
export type Monaco = typeof monaco;
