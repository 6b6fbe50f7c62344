/**
 * Predictions in lesson prose: a fenced block whose info string is `predict NAME`, holding the
 * question, a `---` line, then the answer the page reveals:
 *
 *     ```predict ten-bytes
 *     How many bytes does an int32 field holding -1 take, tag included?
 *     ---
 *     answer: {{protoscope-size "1: -1"}} bytes
 *     One tag byte and a ten-byte varint: ...
 *     ```
 *
 * The `answer:` line (optional) is what a guess is compared with: a number (a live figure, so it
 * is the engine's), with a unit and, after `within`, how close counts as right (`within 10%`,
 * `within 2`); or one of a list of choices (`answer: opaque (open | opaque)`). The guess is kept
 * under `slug/NAME`, so rewording the prose keeps the learner's guesses.
 */
import { codeFences } from "./markers.ts";
import { computeFigure, findMarkers } from "./markers.ts";
import type { FigureEnv } from "./figures.ts";

export interface PredictBlock {
  /** The name after `predict` (its progress key within the lesson); `predict-N` when absent. */
  name: string;
  question: string;
  /** The `answer:` line's text, markers unrendered; undefined when the block has none. */
  answer?: string;
  /** What is revealed after the answer line. */
  explanation: string;
  /** Offset of the block in the prose. */
  index: number;
}

/** Every predict block of a lesson's prose, in order. */
export function predictBlocks(prose: string): PredictBlock[] {
  const out: PredictBlock[] = [];
  let n = 0;
  for (const f of codeFences(prose)) {
    const m = /^predict(?:\s+([a-z0-9]+(?:-[a-z0-9]+)*))?$/.exec(f.info);
    if (!m) continue;
    n++;
    const body = prose.slice(f.start, f.end).replace(/^```[^\n]*\n/, "").replace(/\n```[ \t]*$/, "");
    const [question = "", rest = ""] = body.split(/\n---\n/);
    const answerLine = /^answer:\s*(.+)$/m.exec(rest.split("\n")[0] ?? "");
    const explanation = answerLine ? rest.slice(rest.indexOf("\n") + 1 || rest.length) : rest;
    out.push({ name: m[1] ?? `predict-${n}`, question: question.trim(), ...(answerLine ? { answer: answerLine[1]!.trim() } : {}), explanation: explanation.trim(), index: f.start });
  }
  return out;
}

/** What a guess is compared with: a number with a unit and a tolerance, or a choice. */
export type Expected =
  | { kind: "number"; value: number; unit: string; tolerance: { relative: number } | { absolute: number } }
  | { kind: "choice"; value: string; choices: string[] };

/** The `answer:` line with its live figures computed; an error (for the content linter) when it does not read. */
export function expectedAnswer(answer: string, env: FigureEnv): Expected | { error: string } {
  let text = answer;
  for (const marker of findMarkers(answer)) {
    const r = computeFigure(marker, env);
    if (r.value === undefined) return { error: r.error ?? `${marker.raw} cannot be computed here` };
    text = text.replace(marker.raw, r.value);
  }
  const choice = /^(.+?)\s*\(([^()]*\|[^()]*)\)\s*$/.exec(text);
  if (choice) {
    const choices = choice[2]!.split("|").map((c) => c.trim()).filter(Boolean);
    const value = choice[1]!.trim();
    if (!choices.some((c) => sameWords(c, value))) return { error: `answer "${value}" is not one of its choices (${choices.join(", ")})` };
    return { kind: "choice", value, choices };
  }
  const m = /^(-?[\d,]*\.?\d+)\s*(x|%)?\s*([^]*?)\s*(?:within\s+(\d+(?:\.\d+)?)\s*(%?))?$/.exec(text.trim());
  if (!m) return { error: `answer "${text}" is neither a number (with a unit) nor a choice "X (A | B)"` };
  const value = Number(m[1]!.replace(/,/g, ""));
  const unit = (m[2] ?? "") + (m[2] && m[3] ? " " : "") + (m[3] ?? "");
  const tolerance = m[4] === undefined ? { absolute: 0 } : m[5] === "%" ? { relative: Number(m[4]) / 100 } : { absolute: Number(m[4]) };
  return { kind: "number", value, unit: unit.trim(), tolerance };
}

function sameWords(a: string, b: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9.]+/g, " ").trim();
  return norm(a) === norm(b);
}

/** The first number in a guess: "10", "10 bytes", "about 1,500", "1.5x", "~0.8", "0x12". */
export function guessNumber(guess: string): number | undefined {
  const hexGuess = /(-?)0x([0-9a-f]+)/i.exec(guess);
  if (hexGuess) return (hexGuess[1] ? -1 : 1) * parseInt(hexGuess[2]!, 16);
  const m = /-?\d[\d,]*(?:\.\d+)?|-?\.\d+/.exec(guess.replace(/\u2212/g, "-"));
  if (!m) return undefined;
  const n = Number(m[0].replace(/,/g, ""));
  return Number.isFinite(n) ? n : undefined;
}

export interface Verdict {
  /** right: within the tolerance; close: within twice it (or 25 % for exact answers); off: further. */
  verdict: "right" | "close" | "off" | "unreadable";
  /** One sentence for the learner: "Right: 2 bytes.", "Off by 8 bytes: it is 11." */
  message: string;
}

/** The unit for `n` of it: "1 byte", "2 bytes" (units are written as the answer line has them). */
function plural(unit: string, n: number): string {
  if (unit === "" || /%$|x$/.test(unit)) return unit;
  const words = unit.split(" ");
  const last = words.pop()!;
  const one = last.endsWith("ss") ? last : last.replace(/s$/, "");
  const many = last.endsWith("s") ? last : `${last}s`;
  return [...words, Math.abs(n) === 1 ? one : many].join(" ");
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? n.toLocaleString("en-US") : n.toLocaleString("en-US", { maximumFractionDigits: 2 });
}

/** Compares a guess with the live answer, in the learner's terms. */
export function judgeGuess(guess: string, expected: Expected): Verdict {
  if (expected.kind === "choice") {
    const picked = expected.choices.find((c) => sameWords(c, guess) || new RegExp(`\\b${c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "i").test(guess));
    if (!picked) return { verdict: "unreadable", message: `Your guess names none of ${expected.choices.join(", ")}; the answer is ${expected.value}.` };
    return sameWords(picked, expected.value) ? { verdict: "right", message: `Right: ${expected.value}.` } : { verdict: "off", message: `Not ${picked}: it is ${expected.value}.` };
  }
  const g = guessNumber(guess);
  const { value, unit } = expected;
  const shown = `${formatNumber(value)}${unit ? (unit === "%" || unit === "x" ? unit : ` ${plural(unit, value)}`) : ""}`;
  if (g === undefined) return { verdict: "unreadable", message: `Your guess has no number in it; the answer is ${shown}.` };
  const diff = g - value;
  const allowed = "relative" in expected.tolerance ? Math.abs(value) * expected.tolerance.relative : expected.tolerance.absolute;
  if (Math.abs(diff) <= allowed + 1e-9) {
    if (diff === 0 || allowed === 0) return { verdict: "right", message: `Right: ${shown}.` };
    const within = "relative" in expected.tolerance ? `within ${Math.round(expected.tolerance.relative * 100)} %` : `within ${formatNumber(allowed)}`;
    return { verdict: "right", message: `Right, ${within}: it is ${shown}; you said ${formatNumber(g)}.` };
  }
  const closeBand = allowed > 0 ? 2 * allowed : Math.abs(value) * 0.25;
  const by = Math.abs(diff);
  const relative = value !== 0 ? ` (${Math.round((by / Math.abs(value)) * 100)} % ${diff > 0 ? "high" : "low"})` : "";
  const off = unit === "x" || unit === "%" ? `Off by ${formatNumber(by)}${unit}${relative}` : `Off by ${formatNumber(by)}${unit ? ` ${plural(unit, by)}` : ""}${relative}`;
  return { verdict: by <= closeBand ? "close" : "off", message: `${off}: it is ${shown}.` };
}
