// What an author pastes into a documentation page to show Wirelab frames, in three forms: plain
// HTML, a VitePress page (Markdown with Vue: a `<script setup>` once per page) and MDX (Docusaurus:
// JSX attributes, a component once per page). Each form has two parts:
// - the frame: an <iframe> with its starting height (the frame's real height, so the page does not
//   move when it loads), its accessible title, lazy loading;
// - the page's listener, once per page for all its frames: it sets each frame's height to the
//   `{type: "wirelab:resize", height}` the frame posts (checking the message's origin and which
//   frame sent it) and sends the frames the site's light or dark mode (`{type: "wirelab:theme"}`).
// docs/EMBEDDING.md explains both messages.
import { escapeHtml } from "./embedParams.ts";

export type SnippetForm = "html" | "vitepress" | "mdx";

export const SNIPPET_FORMS: readonly { id: SnippetForm; label: string }[] = [
  { id: "html", label: "HTML" },
  { id: "vitepress", label: "VitePress" },
  { id: "mdx", label: "MDX (Docusaurus)" },
];

export interface FrameSnippetInput {
  /** The frame's full address: app URL + embedQuery(...) + share hash. */
  src: string;
  /** The frame's accessible name. */
  title: string;
  /** Starting height in CSS pixels, before the first height message. */
  height: number;
}

/** A JavaScript string literal, safe inside an HTML <script> too. */
function jsString(text: string): string {
  return JSON.stringify(text).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** The origin the frames' messages come from (the app's), for the listener's check. */
export function appOrigin(src: string): string {
  return new URL(src).origin;
}

/** The <iframe> in the page's own syntax. */
export function frameMarkup(form: SnippetForm, { src, title, height }: FrameSnippetInput): string {
  const h = Math.round(height);
  if (form === "mdx") {
    // JSX: expressions for the strings (no HTML entities to decode), a style object.
    return `<iframe src={${jsString(src)}} title={${jsString(title)}} style={{ width: "100%", height: ${h}, border: 0 }} loading="lazy" />`;
  }
  // HTML, and Vue templates (VitePress), which read the same attribute syntax.
  return `<iframe src="${escapeHtml(src)}" title="${escapeHtml(title)}" style="width: 100%; height: ${h}px; border: 0" loading="lazy"></iframe>`;
}

/**
 * The body both listeners share: on a height message from a Wirelab frame, size that frame, and
 * the first time, send it the site's theme. `THEME()` is the form's way of reading the site's mode.
 */
function listenerLines(origin: string, theme: string, indent: string): string[] {
  // `theme` is an expression: the site's mode, or nothing to leave each frame's own.
  return [
    `const wirelab = ${jsString(origin)};`,
    `const wirelabFrames = () => [...document.querySelectorAll("iframe")].filter((f) => f.src.startsWith(wirelab + "/"));`,
    `const sendTheme = (frame) => {`,
    `  const theme = ${theme};`,
    `  if (theme) frame.contentWindow?.postMessage({ type: "wirelab:theme", theme }, wirelab);`,
    `};`,
    `const onWirelabMessage = (e) => {`,
    `  if (e.origin !== wirelab || e.data?.type !== "wirelab:resize") return;`,
    `  for (const f of wirelabFrames()) {`,
    `    if (f.contentWindow !== e.source) continue;`,
    `    f.style.height = e.data.height + "px";`,
    `    if (!f.dataset.wirelabTheme) {`,
    `      f.dataset.wirelabTheme = "sent";`,
    `      sendTheme(f);`,
    `    }`,
    `  }`,
    `};`,
  ].map((l) => indent + l);
}

/** The listener, once per page, in the page's own syntax. */
export function pageListener(form: SnippetForm, origin: string): string {
  if (form === "vitepress") {
    return [
      `<script setup>`,
      `import { onBeforeUnmount, onMounted, watch } from "vue";`,
      `import { useData } from "vitepress";`,
      ``,
      `// Wirelab frames on this page: each sized to its content, each in the site's light or dark mode.`,
      `const { isDark } = useData();`,
      ...listenerLines(origin, `isDark.value ? "dark" : "light"`, ""),
      `onMounted(() => addEventListener("message", onWirelabMessage));`,
      `onBeforeUnmount(() => removeEventListener("message", onWirelabMessage));`,
      `watch(isDark, () => wirelabFrames().forEach(sendTheme));`,
      `</script>`,
    ].join("\n");
  }
  if (form === "mdx") {
    return [
      `import { useEffect } from "react";`,
      ``,
      `export function WirelabFrames() {`,
      `  // Wirelab frames on this page: each sized to its content, each in the site's light or dark`,
      `  // mode (Docusaurus keeps it in <html data-theme>).`,
      `  useEffect(() => {`,
      ...listenerLines(origin, `document.documentElement.dataset.theme === "dark" ? "dark" : "light"`, "    "),
      `    addEventListener("message", onWirelabMessage);`,
      `    const themeWatch = new MutationObserver(() => wirelabFrames().forEach(sendTheme));`,
      `    themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });`,
      `    return () => {`,
      `      removeEventListener("message", onWirelabMessage);`,
      `      themeWatch.disconnect();`,
      `    };`,
      `  }, []);`,
      `  return null;`,
      `}`,
      ``,
      `<WirelabFrames />`,
    ].join("\n");
  }
  return [
    `<script>`,
    `  // Wirelab frames on this page: each sized to its content. Once per page; pasting it twice is harmless.`,
    `  // To pass the site's light or dark mode to the frames: wirelabTheme("dark") (or "light", "system").`,
    `  if (!window.wirelabTheme) {`,
    ...listenerLines(origin, `window.wirelabTheme.current`, "    "),
    `    window.wirelabTheme = (theme) => {`,
    `      window.wirelabTheme.current = theme;`,
    `      wirelabFrames().forEach(sendTheme);`,
    `    };`,
    `    addEventListener("message", onWirelabMessage);`,
    `  }`,
    `</script>`,
  ].join("\n");
}

/** Where each part goes, in the author's words, for the dialog and the docs. */
export function listenerPlacement(form: SnippetForm): string {
  if (form === "vitepress") return "Anywhere in the Markdown file (merge it into the page's <script setup> if it has one).";
  if (form === "mdx") return "After the front matter: the import, the component, and <WirelabFrames /> once.";
  return "Before </body>.";
}

/** The frame and its page's listener as one block, for a page with a single frame. */
export function fullSnippet(form: SnippetForm, frame: FrameSnippetInput): string {
  const listener = pageListener(form, appOrigin(frame.src));
  return form === "html" ? `${frameMarkup(form, frame)}\n${listener}` : `${listener}\n\n${frameMarkup(form, frame)}`;
}
