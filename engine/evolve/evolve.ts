/**
 * The Evolve panel's one engine call: two versions of a schema and a message written with the
 * first; back come what a reader with the second makes of it (readAs), buf's breaking findings in
 * each of its four categories, the sizes (as written, as the reader writes it back, as a writer
 * with the second version would write the same data), the fields a "what if" menu can change, and,
 * when a change is asked for, all of that again with the change made. Plain data, so it crosses a
 * Worker boundary.
 */
import type { Diagnostic } from "../diagnostics.ts";
import { parseLikeProtoc } from "../decode/protoc-text.ts";
import { compile, type CompileResult } from "../schema/index.ts";
import { breaking, BREAKING_RULES, withWellKnownImports, type BreakingFinding } from "./breaking.ts";
import { readAs, typeLabel, type ReaderView } from "./read-as.ts";
import { convertParsed, serializeParsed } from "./reencode.ts";
import { applyWhatIf, whatIfOptions, type WhatIfChange, type WhatIfOption, type WhatIfTarget } from "./what-if.ts";

export const CATEGORIES = ["FILE", "PACKAGE", "WIRE_JSON", "WIRE"] as const;
export type Category = (typeof CATEGORIES)[number];

/** Who a finding in each category breaks, in one sentence. */
export const WHO_BREAKS: Record<Category, string> = {
  FILE: "Generated code: a type, field or option that code generated from v1 names changed or left its file, so that code no longer compiles or means something else.",
  PACKAGE: "Generated code, counted per package: like FILE, but moving a declaration between files of one package is allowed.",
  WIRE_JSON: "JSON clients and stored bytes: a name or a value form ProtoJSON writes (field, enum value, json_name, a 64-bit integer as a string) changed, or the binary encoding did.",
  WIRE: "Stored bytes and binary clients: bytes written with v1 may no longer read the same with v2.",
};

export interface EvolveInput {
  /** v1: the schema files kept as the previous version (name -> text). */
  against: Record<string, string>;
  /** v2: the schema files as they are now. */
  current: Record<string, string>;
  /** The message type the bytes hold (the same full name in both versions). */
  type: string;
  /** The message as stored: written with v1. */
  bytes: Uint8Array;
  /** A change to try on v2, whose results come back in `whatIf`. */
  whatIf?: { target: WhatIfTarget; change: WhatIfChange };
}

export interface CategoryFindings {
  category: Category;
  findings: BreakingFinding[];
}

export interface EvolveSizes {
  /** The stored bytes. */
  written: number;
  /** What the v2 reader writes back after reading them (undefined when it cannot parse them). */
  readerWrites: number | undefined;
  /** The same data written by a writer with v2 (fields it lacks left out, values in its types). */
  v2Writes: number | undefined;
}

export interface EvolveField {
  target: WhatIfTarget;
  name: string;
  type: string;
  options: WhatIfOption[];
}

export interface EvolveOutcome {
  /** Compile errors of either version (the views are empty when one does not compile). */
  errors: { side: "v1" | "v2"; diagnostics: Diagnostic[] }[];
  view: ReaderView | undefined;
  categories: CategoryFindings[];
  sizes: EvolveSizes;
}

export interface EvolveResult extends EvolveOutcome {
  /** The fields of the type in v2, with the changes the "what if" menu offers for each. */
  fields: EvolveField[];
  whatIf?: EvolveOutcome & { file: string; text: string; label: string };
  elapsedMs: number;
}

const RULE_CATEGORIES = new Map(BREAKING_RULES.map((r) => [r.id, r.categories as readonly string[]]));

function errorsOf(result: CompileResult): Diagnostic[] {
  return result.diagnostics.filter((d) => d.severity === "error");
}

function outcome(input: EvolveInput, current: Record<string, string>, v1: CompileResult, v2: CompileResult = compile(current)): EvolveOutcome {
  const errors: EvolveOutcome["errors"] = [];
  if (errorsOf(v1).length > 0) errors.push({ side: "v1", diagnostics: errorsOf(v1) });
  if (errorsOf(v2).length > 0) errors.push({ side: "v2", diagnostics: errorsOf(v2) });
  const sizes: EvolveSizes = { written: input.bytes.length, readerWrites: undefined, v2Writes: undefined };
  if (errors.length > 0) return { errors, view: undefined, categories: [], sizes };
  const files = [...new Set([...Object.keys(input.against), ...Object.keys(current)])];
  // One run with the four categories' rules, split by category: a rule reports the same findings
  // whichever others run beside it.
  const all = breaking(withWellKnownImports(v1.fileSet), withWellKnownImports(v2.fileSet), { use: [...CATEGORIES], currentSources: current, againstSources: input.against, files });
  const categories = CATEGORIES.map((category) => ({ category, findings: all.filter((f) => RULE_CATEGORIES.get(f.code)?.includes(category)) }));
  const writer = v1.registry?.getMessage(input.type);
  const reader = v2.registry?.getMessage(input.type);
  let view: ReaderView | undefined;
  if (writer && reader) {
    view = readAs(input.bytes, writer, reader, { ...(v1.registry ? { writerRegistry: v1.registry } : {}), ...(v2.registry ? { readerRegistry: v2.registry } : {}) });
    sizes.readerWrites = view.reencoded?.length;
    const parsed = parseLikeProtoc(writer, input.bytes, v1.registry).parsed;
    if (parsed) sizes.v2Writes = serializeParsed(convertParsed(parsed, reader)).length;
  }
  return { errors, view, categories, sizes };
}

/** The fields of `type` in v2 and where they are declared, for the "what if" menu. */
function fieldsOf(current: Record<string, string>, v2: CompileResult, type: string): EvolveField[] {
  const desc = v2.registry?.getMessage(type);
  if (!desc) return [];
  const file = desc.file.proto.name;
  const text = current[file];
  if (text === undefined) return [];
  const pkg = desc.file.proto.package;
  const message = pkg ? type.slice(pkg.length + 1) : type;
  return desc.fields.map((f) => {
    const target = { file, message, field: f.number };
    return { target, name: f.name, type: typeLabel(f), options: safely(() => whatIfOptions(text, target), []) };
  });
}

/** v1 rarely changes between calls (the learner edits v2): its compile is kept for the next call. */
let lastV1: { key: string; result: CompileResult } | undefined;
function compileV1(against: Record<string, string>): CompileResult {
  const key = JSON.stringify(Object.entries(against).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  if (lastV1?.key !== key) lastV1 = { key, result: compile(against) };
  return lastV1.result;
}

/**
 * A "what if" that cannot be made is left out rather than failing the whole panel: the reader's
 * view and buf's findings for the schema as it is stay on screen.
 */
function safely<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

export function evolve(input: EvolveInput): EvolveResult {
  const started = performance.now();
  const v1 = compileV1(input.against);
  const v2 = compile(input.current);
  const base = outcome(input, input.current, v1, v2);
  const result: EvolveResult = { ...base, fields: base.errors.length === 0 ? fieldsOf(input.current, v2, input.type) : [], elapsedMs: 0 };
  if (input.whatIf) {
    const { target, change } = input.whatIf;
    const text = input.current[target.file];
    const label = safely(() => whatIfOptions(text ?? "", target), []).find((o) => JSON.stringify(o.change) === JSON.stringify(change))?.label;
    const edited = text === undefined || label === undefined ? undefined : safely(() => applyWhatIf(text, target, change), undefined);
    if (edited && "text" in edited && label !== undefined) {
      const current = { ...input.current, [target.file]: edited.text };
      result.whatIf = { ...outcome(input, current, v1), file: target.file, text: edited.text, label };
    }
  }
  result.elapsedMs = performance.now() - started;
  return result;
}
