/**
 * buf's breaking-change check (buf 1.75's FILE, PACKAGE, WIRE_JSON and WIRE rules): compares the
 * current version of a set of .proto files with an older one and reports what would break code
 * or data written against the old one, in buf's words, order and positions.
 *
 * Like `buf breaking`, it works on descriptors with SourceCodeInfo: `breaking(against, current)`
 * takes two FileDescriptorSets (both sides' imports included, as buf's images include them);
 * `breakingFromSources` compiles two sets of .proto texts with the engine's compiler first.
 *
 * Findings are Diagnostics: `code` is buf's rule id, `severity` is "warning" (the schema compiles;
 * "error" stays for input that does not), `message` buf's text, `span` buf's position in the
 * current version (line 1, column 1 of the file where buf has no element to point at; no position
 * at all, `kind: "none"`, where buf names no current file, e.g. a deleted file), and `against` the
 * element's position in the old version when there is one.
 */
import { create } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema, type FileDescriptorProto, type FileDescriptorSet } from "@bufbuild/protobuf/wkt";
import type { Diagnostic } from "../diagnostics.ts";
import { compile } from "../schema/compile.ts";
import { wellKnownFile } from "../schema/wkt.ts";
import { makeContext, sortFindings, type BreakingCategory, type BreakingFinding, type BreakingRule } from "./breaking-context.ts";
import { buildSide } from "./breaking-model.ts";
import { fieldRules } from "./breaking-rules-fields.ts";
import { fileRules } from "./breaking-rules-files.ts";
import { typeRules } from "./breaking-rules-types.ts";

export type { BreakingCategory, BreakingFinding } from "./breaking-context.ts";

const ALL_RULES: BreakingRule[] = [...fileRules, ...typeRules, ...fieldRules].sort((a, b) => (a.id < b.id ? -1 : 1));

/** buf's breaking categories, in buf's order (each a set of rules; FILE is buf's default). */
export const BREAKING_CATEGORIES: readonly BreakingCategory[] = ["FILE", "PACKAGE", "WIRE_JSON", "WIRE"];

export interface BreakingRuleInfo {
  id: string;
  /** buf's own description (`buf config ls-breaking-rules`). */
  purpose: string;
  /** The categories buf lists it in, of FILE, PACKAGE, WIRE_JSON and WIRE. */
  categories: readonly BreakingCategory[];
}

/** Every rule implemented (all of buf 1.75's rules in the four categories), in id order. */
export const BREAKING_RULES: readonly BreakingRuleInfo[] = ALL_RULES.map((r) => ({ id: r.id, purpose: r.purpose, categories: r.categories }));

/** buf.yaml's `version`: which rule table applies (a module without buf.yaml gets v1's). */
export type BufConfigVersion = "v1beta1" | "v1" | "v2";

/** Rules newer than the v1 and v1beta1 tables (buf rejects them there as unknown). */
const NOT_IN_V1 = ["EXTENSION_NO_DELETE", "FIELD_SAME_DEFAULT", "PACKAGE_EXTENSION_NO_DELETE"];
const NOT_IN_V1BETA1 = [...NOT_IN_V1, "FIELD_WIRE_COMPATIBLE_TYPE", "FIELD_WIRE_JSON_COMPATIBLE_TYPE"];
/** v1beta1 put these in other categories. */
const V1BETA1_CATEGORIES: Record<string, readonly BreakingCategory[]> = {
  FIELD_SAME_CARDINALITY: ["FILE", "PACKAGE", "WIRE_JSON", "WIRE"],
  FIELD_SAME_TYPE: ["FILE", "PACKAGE", "WIRE_JSON", "WIRE"],
  FILE_SAME_PACKAGE: ["FILE"],
};
/** Deprecated rule ids (v1, v1beta1) and the rules buf runs for them; none for the two it dropped. */
const DEPRECATED: Record<string, readonly string[]> = {
  FIELD_SAME_CTYPE: ["FIELD_SAME_CPP_STRING_TYPE"],
  FIELD_SAME_LABEL: ["FIELD_SAME_CARDINALITY", "FIELD_WIRE_COMPATIBLE_CARDINALITY", "FIELD_WIRE_JSON_COMPATIBLE_CARDINALITY"],
  FILE_SAME_JAVA_STRING_CHECK_UTF8: ["FIELD_SAME_JAVA_UTF8_VALIDATION"],
  FILE_SAME_PHP_GENERIC_SERVICES: [],
  MESSAGE_SAME_MESSAGE_SET_WIRE_FORMAT: [],
};

/** The rules of a config version, each with its categories there. */
export function breakingRuleTable(version: BufConfigVersion = "v2"): BreakingRuleInfo[] {
  const absent = version === "v2" ? [] : version === "v1" ? NOT_IN_V1 : NOT_IN_V1BETA1;
  return BREAKING_RULES.filter((r) => !absent.includes(r.id)).map((r) =>
    version === "v1beta1" && V1BETA1_CATEGORIES[r.id] !== undefined ? { ...r, categories: V1BETA1_CATEGORIES[r.id]! } : r,
  );
}

/**
 * Resolves rule ids and category names (buf.yaml's `use:`), minus `except`, to rule ids under a
 * config version's table; deprecated ids stand for their replacements. Throws a RangeError naming
 * any name it does not know.
 */
export function selectBreakingRules(use: readonly string[] = ["FILE"], except: readonly string[] = [], version: BufConfigVersion = "v2"): Set<string> {
  const table = breakingRuleTable(version);
  const known = new Set(table.map((r) => r.id));
  const unknown: string[] = [];
  const expand = (names: readonly string[]): Set<string> => {
    const out = new Set<string>();
    for (const name of names) {
      if (known.has(name)) out.add(name);
      else if ((BREAKING_CATEGORIES as readonly string[]).includes(name)) {
        for (const r of table) if ((r.categories as readonly string[]).includes(name)) out.add(r.id);
      } else if (version !== "v2" && Object.hasOwn(DEPRECATED, name)) {
        for (const id of DEPRECATED[name]!) out.add(id);
      } else unknown.push(name);
    }
    return out;
  };
  const selected = expand(use);
  for (const id of expand(except)) selected.delete(id);
  if (unknown.length > 0) throw new RangeError(`unknown breaking rule${unknown.length > 1 ? "s" : ""} or categor${unknown.length > 1 ? "ies" : "y"}: ${unknown.join(", ")}`);
  return selected;
}

export interface BreakingOptions {
  /** Rule ids and categories (FILE, PACKAGE, WIRE_JSON, WIRE). Default ["FILE"], as buf's. */
  use?: readonly string[];
  /** Rule ids and categories to leave out of `use` (buf.yaml's `except`). Default none. */
  except?: readonly string[];
  /** The buf.yaml version whose rule table `use` and `except` name. Default "v2". */
  configVersion?: BufConfigVersion;
  /** Source text of the current files by path: exact buf columns (tabs, non-ASCII) and offsets. */
  currentSources?: Record<string, string>;
  /** Source text of the old files by path (for `against` spans). */
  againstSources?: Record<string, string>;
  /**
   * The module's files (paths); the other files of both sets are imports. buf compares imports
   * too, so this matters only with `excludeImports`. Default: every file is the module's.
   */
  files?: readonly string[];
  /** Drop findings in or against import files (buf's --exclude-imports). Default false. */
  excludeImports?: boolean;
}

/**
 * buf's breaking-change findings for `current` against `against`, in buf's order. Both sets need
 * the files they import (buf compares those too: dropping the last import of a well-known type
 * deletes its file and package).
 */
export function breaking(against: FileDescriptorSet, current: FileDescriptorSet, options: BreakingOptions = {}): BreakingFinding[] {
  const enabled = selectBreakingRules(options.use, options.except, options.configVersion);
  const module = options.files === undefined ? undefined : new Set(options.files);
  const inModule = (path: string) => module === undefined || module.has(path);
  const now = buildSide(current, inModule, options.currentSources);
  const before = buildSide(against, inModule, options.againstSources);
  const out: BreakingFinding[] = [];
  const ctx = makeContext(now, before, { enabled, excludeImports: options.excludeImports === true }, out);
  for (const rule of ALL_RULES) if (enabled.has(rule.id)) rule.check(ctx);
  return sortFindings(out);
}

export interface BreakingFromSourcesResult {
  /** buf's findings; empty when either side has compile errors (buf stops there too). */
  findings: BreakingFinding[];
  /** The old version's compile diagnostics, in protoc's words. */
  againstDiagnostics: Diagnostic[];
  /** The current version's compile diagnostics. */
  currentDiagnostics: Diagnostic[];
}

/**
 * The set plus every well-known file its files import that it lacks (compile() leaves them out;
 * buf's images carry them, and buf compares them too).
 */
export function withWellKnownImports(set: FileDescriptorSet): FileDescriptorSet {
  const have = new Set(set.file.map((f) => f.name));
  const extra: FileDescriptorProto[] = [];
  // Depth first, each file after the files it imports (as in buf's images).
  const add = (name: string): void => {
    if (have.has(name)) return;
    have.add(name);
    const proto = wellKnownFile(name);
    if (proto === undefined) return;
    for (const dep of proto.dependency) add(dep);
    extra.push(proto);
  };
  for (const f of set.file) for (const dep of f.dependency) add(dep);
  return extra.length === 0 ? set : create(FileDescriptorSetSchema, { file: [...extra, ...set.file] });
}

/**
 * Compiles one version for the check: its descriptors (with the well-known files they import)
 * and diagnostics only, so the compiler's other products can be freed before the next compile.
 */
export function compileForBreaking(sources: Record<string, string>, roots?: string[]): { fileSet: FileDescriptorSet; diagnostics: Diagnostic[] } {
  const result = compile(sources, roots === undefined ? { registry: false } : { roots, registry: false });
  return { fileSet: withWellKnownImports(result.fileSet), diagnostics: result.diagnostics };
}

/**
 * Compiles both versions (every file given is the module's; well-known imports come from the
 * engine) and compares them. `options.files`, `currentSources` and `againstSources` are filled in.
 */
export function breakingFromSources(
  againstSources: Record<string, string>,
  currentSources: Record<string, string>,
  options: Omit<BreakingOptions, "currentSources" | "againstSources"> = {},
): BreakingFromSourcesResult {
  const before = compileForBreaking(againstSources);
  const now = compileForBreaking(currentSources);
  const failed = (d: Diagnostic[]) => d.some((x) => x.severity === "error");
  // Errors only: buf breaking does not print protoc's warnings.
  const errors = (d: Diagnostic[]) => d.filter((x) => x.severity === "error");
  const result: BreakingFromSourcesResult = { findings: [], againstDiagnostics: errors(before.diagnostics), currentDiagnostics: errors(now.diagnostics) };
  if (failed(before.diagnostics) || failed(now.diagnostics)) return result;
  const files = options.files ?? [...new Set([...Object.keys(againstSources), ...Object.keys(currentSources)])];
  result.findings = breaking(before.fileSet, now.fileSet, { ...options, files, currentSources, againstSources });
  return result;
}

// ------------------------------------------------------------------ buf's output formats

/** Where buf prints a finding: its path (prefixed as the caller's paths are), line and column. */
function printedPlace(f: BreakingFinding, pathOf: (file: string) => string): { path: string | undefined; line: number; column: number; endLine: number; endColumn: number } {
  const s = f.span;
  if (s.kind !== "text" || s.file === undefined) return { path: undefined, line: 1, column: 1, endLine: 1, endColumn: 1 };
  return { path: pathOf(s.file), line: s.start.line, column: s.start.column, endLine: s.end.line, endColumn: s.end.column };
}

/** buf's text line: `path:line:column:message` (`<input>:1:1:` without a file). */
export function bufText(f: BreakingFinding, pathOf: (file: string) => string = (p) => p): string {
  const p = printedPlace(f, pathOf);
  return `${p.path ?? "<input>"}:${p.line}:${p.column}:${f.message}`;
}

/** Go's json.Marshal escapes HTML's <, > and & and the line separators that JSON.stringify keeps. */
const goJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** buf's `--error-format json` line (path left out without a file, as buf does). */
export function bufJson(f: BreakingFinding, pathOf: (file: string) => string = (p) => p): string {
  const p = printedPlace(f, pathOf);
  const doc: Record<string, string | number> = {};
  if (p.path !== undefined) doc.path = p.path;
  Object.assign(doc, { start_line: p.line, start_column: p.column, end_line: p.endLine, end_column: p.endColumn, type: f.code, message: f.message });
  return goJson(doc);
}
