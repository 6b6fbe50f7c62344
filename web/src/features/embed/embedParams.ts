// Embed mode's parameters, read from the frame's query string. They come from whoever wrote the
// <iframe> (or crafted a link to it): untrusted. Each is checked against what it may be; anything
// else is dropped and reported as plain text, and nothing here ever reaches the page as HTML.
//
//   ?embed[=NAME]        embed mode; NAME keeps this frame's saves apart (wirelab:embed:NAME)
//   &lesson=SLUG[&step=N] a lesson's files and panels, or those of its Nth step (from 1)
//   &panel=ID            the side panel in front ("fields", "readings", "sizes", ...)
//   &example=ID          start from an example (else the share state in the hash, else the default)
//   &readonly            editors cannot be changed
//   &toolbar=0           no bar above the panes (the "Open in Wirelab" link stays, smaller)
//   &theme=light|dark|system
//   &save=0              keep nothing in storage (each load starts from the parameters)
//   &title=TEXT          a caption in the bar (plain text, at most 120 characters)
//   #w4....              a share state: files and view (as "Copy link" makes)

export type EmbedTheme = "system" | "light" | "dark";
const THEMES: readonly EmbedTheme[] = ["system", "light", "dark"];

export interface EmbedOptions {
  /** The frame's name (its storage key's suffix); "default" when `?embed` has no value. */
  name: string;
  lesson?: string;
  step?: number;
  panel?: string;
  example?: string;
  readOnly: boolean;
  toolbar: boolean;
  theme?: EmbedTheme;
  /** False with `save=0`: the frame keeps nothing in storage. */
  save: boolean;
  title?: string;
  /** What was ignored, and why, as plain text for the frame to show. */
  ignored: string[];
}

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** An example's id as the Examples menu names it: folders and a file's base name ("ide/01-varint"). */
const EXAMPLE_ID = /^[a-z0-9][a-z0-9_.-]{0,63}(?:\/[a-z0-9][a-z0-9_.-]{0,63}){0,3}$/;
const NAME = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_TITLE = 120;
const MAX_SHOWN = 60;

/** `text` with every control character (U+0000-U+001F, U+007F) replaced by `by`. */
function withoutControls(text: string, by: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    out += code < 0x20 || code === 0x7f ? by : ch;
  }
  return out;
}

/** A value as it may be shown back to the learner: cut short, control characters made visible. */
function shown(value: string): string {
  const clean = withoutControls(value, "\ufffd");
  return clean.length > MAX_SHOWN ? `${clean.slice(0, MAX_SHOWN)}…` : clean;
}

function flag(params: URLSearchParams, name: string, fallback: boolean): boolean {
  if (!params.has(name)) return fallback;
  const v = (params.get(name) ?? "").toLowerCase();
  return !(v === "0" || v === "false" || v === "no" || v === "off");
}

/** Embed options from a query string, or undefined when the page is not an embed. */
export function parseEmbedParams(search: string): EmbedOptions | undefined {
  const params = new URLSearchParams(search);
  if (!params.has("embed")) return undefined;
  const ignored: string[] = [];
  const idParam = (key: string, pattern: RegExp, what: string): string | undefined => {
    const v = params.get(key);
    if (v === null || v === "") return undefined;
    if (pattern.test(v)) return v;
    ignored.push(`Ignored ${key}="${shown(v)}": not ${what}.`);
    return undefined;
  };

  const rawName = params.get("embed") ?? "";
  let name = "default";
  if (rawName !== "") {
    if (NAME.test(rawName)) name = rawName;
    else ignored.push(`Ignored embed="${shown(rawName)}": a frame name is letters, digits, - and _.`);
  }
  const options: EmbedOptions = {
    name,
    readOnly: flag(params, "readonly", false),
    toolbar: flag(params, "toolbar", true),
    save: flag(params, "save", true),
    ignored,
  };
  const lesson = idParam("lesson", ID, "a lesson id");
  if (lesson) options.lesson = lesson;
  const step = params.get("step");
  if (step !== null && step !== "") {
    if (/^[1-9][0-9]{0,2}$/.test(step)) options.step = Number(step);
    else ignored.push(`Ignored step="${shown(step)}": a step is a number from 1.`);
  }
  const panel = idParam("panel", ID, "a panel id");
  if (panel) options.panel = panel;
  const example = idParam("example", EXAMPLE_ID, "an example id");
  if (example) options.example = example;
  const theme = params.get("theme");
  if (theme !== null && theme !== "") {
    if ((THEMES as readonly string[]).includes(theme)) options.theme = theme as EmbedTheme;
    else ignored.push(`Ignored theme="${shown(theme)}": use light, dark or system.`);
  }
  const title = params.get("title");
  if (title !== null && title.trim() !== "") {
    const clean = withoutControls(title, " ").trim();
    options.title = clean.length > MAX_TITLE ? `${clean.slice(0, MAX_TITLE)}…` : clean;
  }
  return options;
}

/** The query string that `parseEmbedParams` reads back as `options` (defaults left out). */
export function embedQuery(options: Omit<EmbedOptions, "ignored">): string {
  const params = new URLSearchParams();
  params.set("embed", options.name === "default" ? "" : options.name);
  if (options.lesson) params.set("lesson", options.lesson);
  if (options.step !== undefined) params.set("step", String(options.step));
  if (options.panel) params.set("panel", options.panel);
  if (options.example) params.set("example", options.example);
  if (options.readOnly) params.set("readonly", "1");
  if (!options.toolbar) params.set("toolbar", "0");
  if (options.theme && options.theme !== "system") params.set("theme", options.theme);
  if (!options.save) params.set("save", "0");
  if (options.title) params.set("title", options.title);
  return "?" + params.toString().replace(/^embed=(&|$)/, "embed$1");
}

/** Escapes text for an HTML attribute value in double quotes (and for text content). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** FNV-1a of `text`, as 8 hex digits: names what a frame was given, not a secret. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}
