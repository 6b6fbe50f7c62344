/**
 * The plain-text form of an explanation, for hovers, screen readers and the CLI. Every line is a
 * rendering of the structured data (explain types), so the text and the panel always agree.
 */
import type { ExplainSection, Explanation } from "./types.ts";

function sectionText(s: ExplainSection, focus: number): string[] {
  const lines = [`${s.heading}`];
  for (const r of s.rows) {
    const mark = r.offset === focus ? "▸" : " ";
    const bits = r.continuation !== undefined ? `${r.continuation} ${r.payload}` : r.bits;
    lines.push(`${mark} byte ${r.offset}: ${r.hex}  ${bits}${r.note ? `  ${r.note}` : ""}`);
  }
  for (const f of s.facts) lines.push(`  ${f.label}: ${f.value}`);
  if (s.codePoints && s.codePoints.length > 0) {
    lines.push("  " + s.codePoints.map((c) => `${c.shown} ${c.codePoint} [${c.hex}]`).join(" · "));
  }
  for (const sentence of s.sentences) lines.push(`  ${sentence}`);
  return lines;
}

/** Every part of the explanation, as lines of text. */
export function explanationText(e: Explanation): string {
  const lines = [e.title, `${e.range}${e.where ? ` · ${e.where}` : ""}`];
  for (const w of e.warnings) lines.push(`! ${w}`);
  for (const s of e.sections) {
    lines.push("");
    lines.push(...sectionText(s, e.focus));
  }
  return lines.join("\n");
}

/** A short form for a hover: the title, the range, the first section's arithmetic, the warnings. */
export function explanationSummary(e: Explanation): string {
  const lines = [e.title, e.range];
  const first = e.sections[0];
  if (first) {
    for (const r of first.rows) if (r.continuation !== undefined) lines.push(`${r.hex} = ${r.continuation} ${r.payload}`);
    const last = first.facts[first.facts.length - 1];
    if (last) lines.push(`${last.label}: ${last.value}`);
  }
  for (const w of e.warnings) lines.push(`! ${w}`);
  return lines.join("\n");
}
