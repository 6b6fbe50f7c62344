/**
 * lint(): runs buf's rules over a FileDescriptorSet with SourceCodeInfo. See index.ts.
 */
import type { FileDescriptorProto, FileDescriptorSet } from "@bufbuild/protobuf/wkt";
import type { Diagnostic } from "../../diagnostics.ts";
import { DEFAULT_RULE_SETTINGS, lintFile, makeContext, type LintRule, type RuleSettings } from "./context.ts";
import { commentRules } from "./rules-comments.ts";
import { elementRules } from "./rules-elements.ts";
import { fileRules } from "./rules-files.ts";
import { importRules } from "./rules-imports.ts";
import { serviceRules } from "./rules-services.ts";

const ALL_RULES: LintRule[] = [...fileRules, ...importRules, ...elementRules, ...serviceRules, ...commentRules].sort((a, b) => (a.id < b.id ? -1 : 1));

/**
 * buf's rule categories (buf 1.75, v2 config). Each category includes the ones before it:
 * MINIMAL ⊂ BASIC ⊂ STANDARD; DEFAULT is another name for STANDARD. COMMENTS and UNARY_RPC
 * are opt-in.
 */
const MINIMAL = ["DIRECTORY_SAME_PACKAGE", "PACKAGE_DEFINED", "PACKAGE_DIRECTORY_MATCH", "PACKAGE_NO_IMPORT_CYCLE", "PACKAGE_SAME_DIRECTORY"];
const BASIC_ONLY = [
  "ENUM_FIRST_VALUE_ZERO", "ENUM_NO_ALLOW_ALIAS", "ENUM_PASCAL_CASE", "ENUM_VALUE_UPPER_SNAKE_CASE", "FIELD_LOWER_SNAKE_CASE",
  "FIELD_NOT_REQUIRED", "IMPORT_NO_PUBLIC", "IMPORT_USED", "MESSAGE_PASCAL_CASE", "ONEOF_LOWER_SNAKE_CASE",
  "PACKAGE_LOWER_SNAKE_CASE", "PACKAGE_SAME_CSHARP_NAMESPACE", "PACKAGE_SAME_GO_PACKAGE", "PACKAGE_SAME_JAVA_MULTIPLE_FILES",
  "PACKAGE_SAME_JAVA_PACKAGE", "PACKAGE_SAME_PHP_NAMESPACE", "PACKAGE_SAME_RUBY_PACKAGE", "PACKAGE_SAME_SWIFT_PREFIX",
  "RPC_PASCAL_CASE", "SERVICE_PASCAL_CASE", "SYNTAX_SPECIFIED",
];

/** buf's categories for a rule id, in buf's order. */
function categoriesOf(rule: LintRule): string[] {
  if (MINIMAL.includes(rule.id)) return ["MINIMAL", "BASIC", "DEFAULT", "STANDARD"];
  if (BASIC_ONLY.includes(rule.id)) return ["BASIC", "DEFAULT", "STANDARD"];
  if (rule.inDefault) return ["DEFAULT", "STANDARD"];
  if (rule.id.startsWith("COMMENT_")) return ["COMMENTS"];
  if (rule.id.startsWith("RPC_NO_")) return ["UNARY_RPC"];
  return [];
}

export interface RuleInfo {
  id: string;
  /** buf's own description (`buf config ls-lint-rules`). */
  description: string;
  /** buf's categories: MINIMAL, BASIC, DEFAULT, STANDARD (the same rules), COMMENTS, UNARY_RPC. */
  categories: string[];
  /** Whether buf's DEFAULT set has it. */
  inDefault: boolean;
}

/** The rules we implement, in id order. */
export const RULES: readonly RuleInfo[] = ALL_RULES.map((r) => ({
  id: r.id,
  description: r.description,
  categories: categoriesOf(r),
  inDefault: r.inDefault,
}));

/** Category names `rules` accepts besides rule ids (buf's `use:` vocabulary). */
export const CATEGORIES: readonly string[] = ["MINIMAL", "BASIC", "STANDARD", "DEFAULT", "COMMENTS", "UNARY_RPC"];

/**
 * buf 1.75 DEFAULT rules we do not implement. PROTOVALIDATE checks buf.validate annotations and
 * their CEL expressions; it reports nothing on schemas without them.
 */
export const UNIMPLEMENTED_DEFAULT_RULES: readonly string[] = ["PROTOVALIDATE"];

export interface LintOptions {
  /**
   * Which rules run: "default" (buf's DEFAULT set; the default), "all" (every rule here), or a
   * list of rule ids and buf category names (MINIMAL, BASIC, STANDARD, DEFAULT, COMMENTS,
   * UNARY_RPC). Unknown names throw a RangeError naming them.
   */
  rules?: readonly string[] | "default" | "all";
  /**
   * Names of the files to report on (buf's "non-import" files); the others only help resolve
   * imports. Default: every file in the set.
   */
  files?: readonly string[];
  /** Source text per file name: exact buf columns on lines with tabs, offsets, and fixes. */
  sources?: Record<string, string>;
  /**
   * Where to find imported files the set leaves out (compile() leaves out the well-known
   * types; its registry has them). An import found nowhere is never reported as unused.
   */
  registry?: { getFile(name: string): { proto: FileDescriptorProto } | undefined };
  /** buf's rule options (buf.yaml's `enum_zero_value_suffix`, `service_suffix`, `rpc_allow_*`). */
  settings?: Partial<RuleSettings>;
}

/** The set's files plus, from the registry, every file they import that the set lacks. */
function filesByName(fileSet: FileDescriptorSet, registry: LintOptions["registry"]): Map<string, FileDescriptorProto> {
  const byName = new Map<string, FileDescriptorProto>(fileSet.file.map((f) => [f.name, f]));
  const pending = fileSet.file.flatMap((f) => f.dependency);
  while (pending.length > 0 && registry !== undefined) {
    const name = pending.pop()!;
    if (byName.has(name)) continue;
    const proto = registry.getFile(name)?.proto;
    if (proto === undefined) continue;
    byName.set(name, proto);
    pending.push(...proto.dependency);
  }
  return byName;
}

/**
 * Resolves `rules` (rule ids and buf category names, like buf.yaml's `use:`) to a set of rule
 * ids, or throws RangeError listing the names it does not know.
 */
export function selectRules(rules: LintOptions["rules"] = "default"): Set<string> {
  if (rules === "default") return selectRules(["DEFAULT"]);
  if (rules === "all") return new Set(ALL_RULES.map((r) => r.id));
  const known = new Set(ALL_RULES.map((r) => r.id));
  const out = new Set<string>();
  const unknown: string[] = [];
  for (const name of rules) {
    if (known.has(name)) {
      out.add(name);
    } else if (CATEGORIES.includes(name)) {
      for (const r of RULES) if (r.categories.includes(name)) out.add(r.id);
    } else {
      unknown.push(name);
    }
  }
  if (unknown.length > 0) throw new RangeError(`unknown lint rule${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`);
  return out;
}

/** buf's output order: by file, line, column, then rule id and message (not by end). */
function compareFindings(a: Diagnostic, b: Diagnostic): number {
  const sa = a.span.kind === "text" ? a.span : undefined;
  const sb = b.span.kind === "text" ? b.span : undefined;
  const keys = (s: typeof sa) => [s?.start.line ?? 0, s?.start.column ?? 0];
  const fa = sa?.file ?? "";
  const fb = sb?.file ?? "";
  if (fa !== fb) return fa < fb ? -1 : 1;
  const ka = keys(sa);
  const kb = keys(sb);
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
  if (a.code !== b.code) return a.code < b.code ? -1 : 1;
  return a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
}

/**
 * Lints the files of `fileSet`. Each finding: code = buf's rule id, severity "warning",
 * message = buf's text, span at buf's line:column (1:1 for whole-file findings), and `fixes`
 * where we have one (ENUM_VALUE_PREFIX, ENUM_ZERO_VALUE_SUFFIX; needs `sources`).
 */
export function lint(fileSet: FileDescriptorSet, options: LintOptions = {}): Diagnostic[] {
  const enabled = selectRules(options.rules);
  const byName = filesByName(fileSet, options.registry);
  const wanted = options.files === undefined ? undefined : new Set(options.files);
  const files = fileSet.file.filter((f) => wanted === undefined || wanted.has(f.name)).map((f) => lintFile(f, options.sources?.[f.name]));
  const out: Diagnostic[] = [];
  const settings: RuleSettings = { ...DEFAULT_RULE_SETTINGS, ...options.settings };
  const ctx = makeContext(files, byName, options.sources, (id) => enabled.has(id), out, settings);
  for (const rule of ALL_RULES) if (enabled.has(rule.id)) rule.check(ctx);
  return out.sort(compareFindings);
}
