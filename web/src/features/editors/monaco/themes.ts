// Light and dark editor themes on top of Monaco's built-ins; the app picks one from
// prefers-color-scheme. Token colours follow the hex view's Okabe-Ito palette.
import type * as monacoNs from "monaco-editor/editor/editor.api";

export const LIGHT_THEME = "wirelab-light";
export const DARK_THEME = "wirelab-dark";

export function defineThemes(monaco: typeof monacoNs): void {
  monaco.editor.defineTheme(LIGHT_THEME, {
    base: "vs",
    inherit: true,
    rules: [
      { token: "number", foreground: "0072B2" },
      { token: "string", foreground: "A0522D" },
      { token: "keyword", foreground: "8B3A86" },
      { token: "tag", foreground: "B35C00" },
      { token: "comment", foreground: "5E6B5E", fontStyle: "italic" },
    ],
    colors: {},
  });
  monaco.editor.defineTheme(DARK_THEME, {
    base: "vs-dark",
    inherit: true,
    rules: [
      { token: "number", foreground: "56B4E9" },
      { token: "string", foreground: "F0C674" },
      { token: "keyword", foreground: "CC79A7" },
      { token: "tag", foreground: "E69F00" },
      { token: "comment", foreground: "9AA59A", fontStyle: "italic" },
    ],
    colors: {},
  });
}

/** The theme matching the system's colour scheme now. */
export function systemTheme(): string {
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches ? DARK_THEME : LIGHT_THEME;
}

/** The editor theme for the app's theme setting ("system" follows the colour scheme). */
export function themeFor(theme: "system" | "light" | "dark"): string {
  return theme === "light" ? LIGHT_THEME : theme === "dark" ? DARK_THEME : systemTheme();
}
