/**
 * Live figures in lesson prose. A marker `{{name arg "quoted arg" quote="1094" source=compress}}`
 * (or 'single-quoted' when the argument holds double quotes) is replaced by what the engine computes for `name` (the env's figures); `quote` and `source` put the
 * published figure and its author beside it. The renderer works on the markdown text before it
 * reaches the markdown library, so the page, the tests and the content linter all see the same
 * figures; what a figure prints is escaped so it can never become markup.
 */
import { findSource } from "../sources.ts";
import type { FigureEnv } from "./figures.ts";

export interface Marker {
  /** The whole marker as written. */
  raw: string;
  /** Offset in the prose. */
  index: number;
  name: string;
  args: string[];
  options: Record<string, string>;
}

const MARKER = /\{\{\s*([a-z0-9-]+)((?:\s+(?:[a-z]+=)?(?:"[^"]*"|'[^']*'|[^\s"'}]+))*)\s*\}\}/g;
const ARG = /(?:([a-z]+)=)?(?:"([^"]*)"|'([^']*)'|([^\s"'}]+))/g;

export function findMarkers(prose: string): Marker[] {
  const out: Marker[] = [];
  for (const m of prose.matchAll(MARKER)) {
    const args: string[] = [];
    const options: Record<string, string> = {};
    for (const a of m[2]!.matchAll(ARG)) {
      const value = a[2] ?? a[3] ?? a[4] ?? "";
      if (a[1]) options[a[1]] = value;
      else args.push(value);
    }
    out.push({ raw: m[0], index: m.index!, name: m[1]!, args, options });
  }
  return out;
}

/** Escapes markdown's special characters so a computed value renders as plain text. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}

export interface RenderedFigure {
  marker: Marker;
  /** The computed value (plain text), or undefined when it cannot be computed here. */
  value?: string;
  error?: string;
}

/** Computes one marker; never throws. */
export function computeFigure(marker: Marker, env: FigureEnv): RenderedFigure {
  const figure = Object.hasOwn(env.figures, marker.name) ? env.figures[marker.name] : undefined;
  if (!figure) return { marker, error: `unknown live figure "${marker.name}" (known: ${Object.keys(env.figures).join(", ")})` };
  try {
    return { marker, value: figure.compute(marker.args, env) };
  } catch (e) {
    return { marker, error: `{{${marker.name}}}: ${(e as Error).message}` };
  }
}

/**
 * The prose with every marker replaced: the engine's figure in bold, then, when the marker quotes
 * one, the source's figure and a short citation (the page lists each source in full). A figure that cannot be computed here (brotli
 * not loaded yet) shows as "…".
 */
export function renderFigures(prose: string, env: FigureEnv): string {
  let out = "";
  let last = 0;
  const fences = codeFences(prose);
  for (const marker of findMarkers(prose)) {
    out += prose.slice(last, marker.index);
    last = marker.index + marker.raw.length;
    const r = computeFigure(marker, env);
    const value = r.value ?? "…";
    // In a code block the value goes in as it is (no markup is read there); `predict` blocks are
    // rendered as markdown by the page, so they get the same treatment as prose.
    const fence = fences.find((f) => marker.index > f.start && marker.index < f.end);
    if (fence && !/^predict\b/.test(fence.info)) {
      out += value;
      continue;
    }
    let text = `**${escapeMarkdown(value)}**`;
    const quote = marker.options.quote;
    const source = marker.options.source ? findSource(marker.options.source) : undefined;
    if (quote !== undefined && source) text += ` *(${escapeMarkdown(source.short)}: ${escapeMarkdown(quote)})*`;
    out += text;
  }
  return out + prose.slice(last);
}

/** Fenced code blocks (``` ... ```) of a markdown text, with their info strings. */
export function codeFences(markdown: string): { start: number; end: number; info: string }[] {
  const out: { start: number; end: number; info: string }[] = [];
  const re = /^```([^\n`]*)\n[\s\S]*?^```[ \t]*$/gm;
  for (const m of markdown.matchAll(re)) out.push({ start: m.index!, end: m.index! + m[0].length, info: m[1]!.trim() });
  return out;
}
