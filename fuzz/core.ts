/**
 * What every fuzz target is: a generator of inputs (fast-check arbitraries: structured inputs
 * and mutations of a corpus) and a check of one input that returns what it found. Input `i` of
 * seed `s` is always the same input (it is generated from its own seed, `inputSeed(s, i)`), so a
 * finding is replayed with `npm run fuzz -- --target T --seed S --index I`, and a worker killed
 * by a hang restarts at the next index without losing the sequence.
 */
import fc from "fast-check";
import type { Diagnostic } from "../engine/diagnostics.ts";
import { encodeVarint64 } from "../engine/wire/varint.ts";

/**
 * crash, hang, mismatch: something wrong with Wirelab (the run fails). difference: a peer library
 * reads the input otherwise than protoc (a fact about that library, counted and shown, not a failure).
 */
export type FindingKind = "crash" | "mismatch" | "hang" | "difference";

export interface Finding {
  kind: FindingKind;
  /** One line that names the class of the problem (findings are grouped by it). */
  summary: string;
  /** Everything needed to see it: both sides of a difference, the stack of a crash. */
  detail?: string;
}

export interface CheckContext {
  /** Whether this input is also run through the reference tools (a sample: spawning is slow). */
  oracle: boolean;
  /**
   * Runs `fn` as oracle time: a reference tool's process is not the engine, and its time does
   * not count against the input's time budget.
   */
  outside<T>(fn: () => T): T;
}

export interface Target<I> {
  name: string;
  /** One line for `--help`. */
  about: string;
  /** The file extension of a saved input. */
  ext: string;
  /** Built once per worker (reads the corpus). */
  arbitrary(): fc.Arbitrary<I>;
  check(input: I, ctx: CheckContext): Finding[];
  save(input: I): Uint8Array;
  load(data: Uint8Array): I;
  /** The time an input may take before it counts as a hang (default: the runner's --budget, 2 s). */
  budgetMs?: number;
  /** Which reference tools the target's oracle needs; without them it checks invariants only. */
  tools?: readonly string[];
}

/** The seed of input `index` under run seed `seed` (a 32-bit mix, so neighbours differ). */
export function inputSeed(seed: number, index: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (index >>> 0), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13) ^ Math.floor(index / 2 ** 32), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) | 0;
}

export function generate<I>(arb: fc.Arbitrary<I>, seed: number, index: number): I {
  return fc.sample(arb, { seed: inputSeed(seed, index), numRuns: 1 })[0]!;
}

/** Runs `fn`; an exception is a crash finding. */
export function guard<T>(what: string, fn: () => T, findings: Finding[]): T | undefined {
  try {
    return fn();
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    findings.push({ kind: "crash", summary: `${what} threw ${err.name}: ${firstLine(err.message)}`, detail: err.stack });
    return undefined;
  }
}

export function firstLine(s: string): string {
  const line = s.split("\n")[0]!;
  return line.length > 160 ? line.slice(0, 157) + "..." : line;
}

/**
 * Every diagnostic has a stable code with the expected prefix, a message, and a span inside the
 * text it points into (or says by its type that it has none, where that is allowed).
 */
export function checkDiagnostics(what: string, text: string | Uint8Array, diagnostics: readonly Diagnostic[], prefixes: readonly string[], findings: Finding[], unpositioned: readonly string[] = []): void {
  for (const d of diagnostics) {
    if (!prefixes.some((p) => d.code.startsWith(p))) findings.push({ kind: "mismatch", summary: `${what}: diagnostic code ${d.code} outside ${prefixes.join("|")}`, detail: d.message });
    if (d.message.length === 0) findings.push({ kind: "mismatch", summary: `${what}: ${d.code} has an empty message` });
    if (d.span.kind === "none") {
      if (!unpositioned.includes(d.code) && d.severity === "error") findings.push({ kind: "mismatch", summary: `${what}: error ${d.code} has no position`, detail: d.message });
      continue;
    }
    if (d.span.kind === "bytes" && text instanceof Uint8Array) {
      const { start, end } = d.span;
      if (!(start >= 0 && end >= start && end <= text.length)) findings.push({ kind: "mismatch", summary: `${what}: ${d.code} byte span outside the bytes`, detail: `${start}-${end} of ${text.length}: ${d.message}` });
      continue;
    }
    if (d.span.kind !== "text" || typeof text !== "string") {
      findings.push({ kind: "mismatch", summary: `${what}: ${d.code} has a ${d.span.kind} span on ${typeof text === "string" ? "text" : "bytes"}`, detail: d.message });
      continue;
    }
    const { start, end } = d.span;
    if (!(start.offset >= 0 && end.offset >= start.offset && end.offset <= text.length)) {
      findings.push({ kind: "mismatch", summary: `${what}: ${d.code} span outside the text`, detail: `${start.offset}-${end.offset} of ${text.length}: ${d.message}` });
    }
  }
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();
export const saveText = (s: string): Uint8Array => utf8.encode(s);
export const loadText = (b: Uint8Array): string => fromUtf8.decode(b);
export const saveJson = (v: unknown): Uint8Array => utf8.encode(JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? `${x}n` : x instanceof Uint8Array ? { hex: Buffer.from(x).toString("hex") } : x), 1) + "\n");
export function loadJson<T>(b: Uint8Array): T {
  return JSON.parse(fromUtf8.decode(b), (_k, x) => (typeof x === "string" && /^-?\d+n$/.test(x) ? BigInt(x.slice(0, -1)) : x && typeof x === "object" && typeof x.hex === "string" && Object.keys(x).length === 1 ? new Uint8Array(Buffer.from(x.hex, "hex")) : x)) as T;
}

// ---- Mutation: the same small set of edits for every text and byte input ----------------------

export type TextEdit =
  | { op: "delete"; at: number; length: number }
  | { op: "insert"; at: number; text: string }
  | { op: "duplicate"; at: number; length: number; times: number }
  | { op: "swap"; a: number; b: number }
  | { op: "truncate"; at: number };

/** Edits that break text in the ways people and chat apps do: cut, pasted twice, a token dropped. */
export function textEdits(snippets: readonly string[]): fc.Arbitrary<TextEdit[]> {
  const edit: fc.Arbitrary<TextEdit> = fc.oneof(
    fc.record({ op: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 16 }) }),
    fc.record({ op: fc.constant("insert" as const), at: fc.nat(), text: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...snippets) }, { weight: 1, arbitrary: fc.string({ maxLength: 4, unit: "binary" }) }) }),
    fc.record({ op: fc.constant("duplicate" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }), times: fc.oneof({ weight: 5, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 60 }) }) }),
    fc.record({ op: fc.constant("swap" as const), a: fc.nat(), b: fc.nat() }),
    fc.record({ op: fc.constant("truncate" as const), at: fc.nat() }),
  );
  return fc.array(edit, { minLength: 1, maxLength: 4 });
}

/**
 * The text with every lone surrogate replaced by U+FFFD, as any file, pipe or editor buffer
 * written as UTF-8 holds it (what the reference tools would read).
 */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/** The text with the edits applied, one after another (well-formed: see wellFormed). */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  for (const e of edits) {
    const n = text.length;
    switch (e.op) {
      case "delete": {
        const at = e.at % (n + 1);
        text = text.slice(0, at) + text.slice(at + e.length);
        break;
      }
      case "insert": {
        const at = e.at % (n + 1);
        text = text.slice(0, at) + e.text + text.slice(at);
        break;
      }
      case "duplicate": {
        const at = e.at % (n + 1);
        const piece = text.slice(at, at + e.length);
        text = text.slice(0, at) + piece.repeat(e.times + 1) + text.slice(at + e.length);
        break;
      }
      case "swap": {
        const parts = text.split(/(\s+)/);
        const a = e.a % parts.length;
        const b = e.b % parts.length;
        [parts[a], parts[b]] = [parts[b]!, parts[a]!];
        text = parts.join("");
        break;
      }
      case "truncate":
        text = text.slice(0, e.at % (n + 1));
        break;
    }
  }
  return wellFormed(text);
}

export type ByteEdit =
  | { op: "set"; at: number; value: number }
  | { op: "flip"; at: number; bit: number }
  | { op: "delete"; at: number; length: number }
  | { op: "insert"; at: number; bytes: number[] }
  | { op: "duplicate"; at: number; length: number; times: number }
  | { op: "truncate"; at: number };

/** Values decoders have got wrong: varint continuation bits, the tenth varint byte, group ends. */
const INTERESTING_BYTES = [0x00, 0x01, 0x02, 0x7f, 0x80, 0x81, 0xff, 0x08, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x12];
const INTERESTING_RUNS = [
  [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01], // the largest ten-byte varint
  [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02], // a tenth byte above 1
  [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01], // eleven bytes
  [0xff, 0xff, 0xff, 0xff, 0x0f], // -1 as a five-byte int32
  [0x80, 0x00], // a non-minimal zero
  [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f], // a length past 2^63
  [0xf8, 0xff, 0xff, 0xff, 0x0f], // field 536870911... almost
  [0xc0, 0xc4, 0x07], // field 19000 (reserved range)
  [0x12, 0x00], // an empty field 2
  [0xed, 0xa0, 0x80], // a surrogate in UTF-8
  [0xc0, 0x80], // an overlong NUL
];

export function byteEdits(): fc.Arbitrary<ByteEdit[]> {
  const edit: fc.Arbitrary<ByteEdit> = fc.oneof(
    fc.record({ op: fc.constant("set" as const), at: fc.nat(), value: fc.oneof(fc.constantFrom(...INTERESTING_BYTES), fc.integer({ min: 0, max: 255 })) }),
    fc.record({ op: fc.constant("flip" as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
    fc.record({ op: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 8 }) }),
    fc.record({ op: fc.constant("insert" as const), at: fc.nat(), bytes: fc.oneof(fc.constantFrom(...INTERESTING_RUNS), fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 6 })) }),
    fc.record({ op: fc.constant("duplicate" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 32 }), times: fc.oneof({ weight: 5, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 40 }) }) }),
    fc.record({ op: fc.constant("truncate" as const), at: fc.nat() }),
  );
  return fc.array(edit, { minLength: 1, maxLength: 4 });
}

export function applyByteEdits(input: Uint8Array, edits: readonly ByteEdit[]): Uint8Array {
  let b = [...input];
  for (const e of edits) {
    const n = b.length;
    switch (e.op) {
      case "set":
        if (n > 0) b[e.at % n] = e.value;
        break;
      case "flip":
        if (n > 0) b[e.at % n]! ^= 1 << e.bit;
        break;
      case "delete": {
        const at = e.at % (n + 1);
        b.splice(at, e.length);
        break;
      }
      case "insert":
        b.splice(e.at % (n + 1), 0, ...e.bytes);
        break;
      case "duplicate": {
        const at = e.at % (n + 1);
        const piece = b.slice(at, at + e.length);
        const copies: number[] = [];
        for (let i = 0; i < e.times; i++) copies.push(...piece);
        b.splice(at, 0, ...copies);
        break;
      }
      case "truncate":
        b = b.slice(0, e.at % (n + 1));
        break;
    }
  }
  return Uint8Array.from(b);
}

/** A varint's bytes (negative values as 64-bit two's complement), as a list to spread. */
export function varint(v: bigint | number): number[] {
  return [...encodeVarint64(BigInt(v))];
}

export const tagBytes = (field: number, wireType: number): number[] => varint((BigInt(field) << 3n) | BigInt(wireType));

export const hex = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("hex");
