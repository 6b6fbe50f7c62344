/**
 * Reading a learner's answer to a `read` exercise, in any reasonable notation: numbers in decimal
 * or hex (`150`, `0x96`, `-3`, `1,000`), wire types by number or name (`0`, `VARINT`, `varint`,
 * `I64`, `fixed64`, `LEN`, `length-delimited`, `I32`, `fixed32`, `SGROUP`, `EGROUP`), strings with
 * or without quotes, and lines of `field N: WIRETYPE VALUE` with or without the word "field".
 * `#` starts a comment; blank lines are skipped. The graders compare what these return with the
 * engine's own decode (wire-fields.ts, the annotation tree), never with a typed-in answer.
 */
import { wireTypeNames } from "../wire/index.ts";

/** A non-blank, non-comment line of an answer, with its 1-based line number. */
export interface AnswerLine {
  line: number;
  text: string;
}

/** The answer's lines, comments and blank lines left out. */
export function answerLines(answer: string): AnswerLine[] {
  const out: AnswerLine[] = [];
  answer.split(/\r?\n/).forEach((raw, i) => {
    const text = raw.replace(/(^|\s)#.*$/, "").trim();
    if (text !== "") out.push({ line: i + 1, text });
  });
  return out;
}

/** An integer in decimal (`1,000` and `1_000` allowed) or hex (`0x96`), with a sign; undefined otherwise. */
export function readInteger(text: string): bigint | undefined {
  const t = text.trim().replace(/\u2212/g, "-").replace(/[,_](?=\d{3}\b)/g, "");
  const m = /^([+-]?)(0x[0-9a-f]+|\d+)$/i.exec(t);
  if (!m) return undefined;
  const n = BigInt(m[2]!);
  return m[1] === "-" ? -n : n;
}

const WIRE_WORDS: Readonly<Record<string, number>> = {
  varint: 0,
  i64: 1,
  fixed64: 1,
  "64-bit": 1,
  "64bit": 1,
  len: 2,
  "length-delimited": 2,
  "length delimited": 2,
  lengthdelimited: 2,
  bytes: 2,
  sgroup: 3,
  "start-group": 3,
  "start group": 3,
  startgroup: 3,
  egroup: 4,
  "end-group": 4,
  "end group": 4,
  endgroup: 4,
  i32: 5,
  fixed32: 5,
  "32-bit": 5,
  "32bit": 5,
};

/** A wire type written as its number (0-5) or a name protobuf's documentation or protoscope uses. */
export function readWireType(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  if (/^[0-5]$/.test(t)) return Number(t);
  if (t in WIRE_WORDS) return WIRE_WORDS[t];
  const named = wireTypeNames.findIndex((n) => n.toLowerCase() === t);
  return named >= 0 ? named : undefined;
}

/** One `field N: WIRETYPE VALUE` line, as far as it reads (missing parts undefined). */
export interface FieldLine {
  line: number;
  field?: bigint;
  wireType?: number;
  /** The rest of the line: the value as written (quotes kept). */
  value: string;
}

/**
 * `field 1: VARINT 150`, `1: varint 150`, `1 VARINT 150`, `field 2, LEN, "testing"`, `2 = LEN testing`:
 * the field number, the wire type when the next word is one, and the rest.
 */
export function readFieldLine(l: AnswerLine): FieldLine {
  const m = /^(?:field\s*(?:number\s*)?)?(?:#\s*)?(-?(?:0x[0-9a-f]+|\d+))\s*[:=,.)-]?\s*(.*)$/i.exec(l.text);
  if (!m) return { line: l.line, value: l.text };
  const field = readInteger(m[1]!);
  let rest = m[2]!.trim();
  let wireType: number | undefined;
  const w = /^(?:wire\s*type\s*)?(length[- ]delimited|start[- ]group|end[- ]group|64[- ]bit|32[- ]bit|[a-z0-9]+)\b\s*[:=,]?\s*/i.exec(rest);
  if (w) {
    const wt = readWireType(w[1]!);
    if (wt !== undefined && !(/^\d+$/.test(w[1]!) && rest.slice(w[0].length).trim() === "")) {
      wireType = wt;
      rest = rest.slice(w[0].length).trim();
    }
  }
  return { line: l.line, ...(field !== undefined ? { field } : {}), ...(wireType !== undefined ? { wireType } : {}), value: rest };
}

/** A string as written: "quoted" (JSON escapes), 'single-quoted', or bare. */
export function readString(text: string): string {
  const t = text.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) {
    try {
      return JSON.parse(t) as string;
    } catch {
      return t.slice(1, -1);
    }
  }
  if (t.length >= 2 && t.startsWith("'") && t.endsWith("'")) return t.slice(1, -1);
  return t;
}

/** The words of a list answer ("message, bytes and packed"): lower-case, split at commas, "and", "/" or spaces. */
export function readWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s*(?:,|;|\/|\band\b|\bor\b|\s)\s*/)
    .map((w) => w.trim())
    .filter((w) => w !== "" && w !== "a" && w !== "an" && w !== "the");
}
