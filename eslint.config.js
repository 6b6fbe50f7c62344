// Lint: mostly TypeScript's recommended rules, plus the one boundary that matters most here:
// the engine must stay pure (no React, Monaco, zustand, DOM or web/ imports), so that it runs
// in Node, on the page and in a Worker alike.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

const engineIsPure = "engine/ must stay independent of the web app: it runs in Node, on the page and in a Worker.";
const webPatterns = [
  { group: ["react", "react/*", "react-dom", "react-dom/*"], message: engineIsPure },
  { group: ["monaco-editor", "monaco-editor/*", "@monaco-editor/*"], message: engineIsPure },
  { group: ["zustand", "zustand/*"], message: engineIsPure },
  { group: ["**/web/**", "../web", "../../web"], message: engineIsPure },
];

export default tseslint.config(
  { ignores: [".scratch/**", ".e2e-sites/**", "dist/**", "dist-single/**", "dist-cli/**", "node_modules/**", "test-results/**", "playwright-report/**", "**/testdata/**", "engine/bench/suites/generated/**", "engine/decode/generated/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "no-constant-condition": ["error", { checkLoops: false }],
    },
  },
  {
    files: ["engine/**/*.ts"],
    languageOptions: {
      // Deliberately no browser globals: `window`, `document` and friends are lint errors here.
      globals: { ...globals.es2022, ...globals.node },
    },
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...webPatterns,
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        ...["window", "document", "navigator", "localStorage", "sessionStorage", "HTMLElement", "location"].map((name) => ({
          name,
          message: engineIsPure,
        })),
      ],
    },
  },
  {
    // Node's own modules only where the engine meets Node: the CLI, test support and tests.
    files: ["engine/**/*.ts"],
    ignores: ["engine/cli/**", "engine/testing/**", "engine/**/*.test.ts", "engine/**/testing.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...webPatterns,
            { group: ["node:*"], message: "Node's modules belong in engine/cli/ (or tests): the engine also runs on the page and in a Worker." },
          ],
        },
      ],
    },
  },
  {
    // One direction between the byte decoder and the text language: engine/annotate (bytes to
    // the annotation tree, the decoding guesses, numbers, the schema view) never imports
    // engine/protoscope, whose disassembler and framing build on it.
    files: ["engine/annotate/**/*.ts"],
    ignores: ["engine/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...webPatterns,
            { group: ["node:*"], message: "Node's modules belong in engine/cli/ (or tests): the engine also runs on the page and in a Worker." },
            { group: ["**/protoscope/*", "../protoscope/*"], message: "engine/annotate is below engine/protoscope: move what both need into engine/annotate." },
          ],
        },
      ],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["e2e/**/*.{ts,mjs}", "scripts/**/*.{ts,mjs}", "bin/**/*.mjs", "*.config.{ts,js}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
