/**
 * `wirelab lint F.proto... [-I DIR] [--rules R1,R2 | none | --all-rules]`
 *
 * Compiles the files the way protoc does (its error wording, its virtual file names: the path
 * relative to the -I directory that contains it) and prints compile errors to standard error,
 * then buf's lint findings (default: buf's DEFAULT rules) to standard output, one per line,
 * `path:line:col: message`. protoc's two-line enum-scoping error prints both lines. Exit 1 when
 * there is any compile error, 2 on bad usage, else 0 (lint findings are warnings).
 */
import { formatDiagnostic, spanFile, type Diagnostic } from "../../diagnostics.ts";
import { formatSchemaDiagnostic } from "../../schema/format.ts";
import { applyFix, checkWorkspace, RULES, selectRules } from "../../schema/lint/index.ts";
import { needs, parseCommandArgs, type Flags } from "../args.ts";
import type { CliIO } from "../io.ts";
import { loadProtoWorkspace, shownFile } from "../proto-loader.ts";

const USAGE = `usage: wirelab lint F.proto... [-I DIR]... [--rules R1,R2 | --rules none | --all-rules]

Compiles the files like protoc (errors in protoc's words, on standard error), then lints them
with buf's rules (findings in buf's words, on standard output), one per line:
path:line:col: message. Paths are relative to the -I directory holding the file (default ".").

  -I DIR, --proto_path=DIR   where files and their imports are looked up (repeatable; default .)
  --rules R1,R2              run only these rules: buf rule ids (ENUM_VALUE_PREFIX) or buf
                             categories (MINIMAL, BASIC, STANDARD, DEFAULT, COMMENTS, UNARY_RPC)
  --rules none               compile errors only
  --rules default            buf's DEFAULT set (the default)
  --all-rules                every rule wirelab knows (DEFAULT, COMMENTS, UNARY_RPC, ...)
  --list-rules               print the rules and exit
  --json                     print one JSON document to standard output instead:
                             {"compile":[D...],"lint":[D...]}, D = {"path","line","column",
                             "endLine","endColumn","code","severity","message","notes"?,
                             "fixes"?:[{"title","edits":[{"path","line","column","endLine",
                             "endColumn","newText"}]}]}; lines and columns 1-based, as printed
  --fix                      apply the fixes first (enum values prefixed with the enum's name,
                             zero value ..._UNSPECIFIED, references updated), rewriting the files,
                             then report what is left

Exit status: 0 no compile errors (lint findings are warnings), 1 compile errors, 2 bad usage.
`;

interface Parsed {
  files: string[];
  includes: string[];
  rules: string[] | "default" | "all" | "none";
  help: boolean;
  listRules: boolean;
  fix: boolean;
  json: boolean;
}

/** lint's own `-I=DIR` (DIR, where protoc and the other commands read "=DIR"). */
const includeDir = (value: string | undefined, arg: string) => (arg.startsWith("-I=") ? arg.slice(3) : value);

const FLAGS = {
  proto_path: { type: "string", short: "I", multiple: true, check: (v, arg) => (includeDir(v, arg) ? undefined : `${arg} needs a directory`) },
  rules: { type: "string", check: needs("--rules needs a list of rule ids, none, default or all") },
  "all-rules": { type: "boolean" },
  "list-rules": { type: "boolean" },
  fix: { type: "boolean" },
  json: { type: "boolean" },
} as const satisfies Flags;

function parseOptions(args: string[]): Parsed | string {
  const parsed = parseCommandArgs(args, FLAGS);
  if (parsed.help) return { files: [], includes: [], rules: "default", help: true, listRules: false, fix: false, json: false };
  if (parsed.error !== undefined) return parsed.error;
  const { values, positionals, uses } = parsed;
  // --rules and --all-rules: the last one given counts.
  const last = uses.filter((u) => u.name === "rules" || u.name === "all-rules").at(-1);
  let rules: Parsed["rules"] = "default";
  if (last?.name === "all-rules") rules = "all";
  else if (last?.value !== undefined) {
    const list = last.value;
    rules = list === "none" || list === "default" || list === "all" ? list : list.split(",").map((r) => r.trim()).filter((r) => r !== "");
  }
  return {
    files: positionals,
    includes: uses.filter((u) => u.name === "proto_path").map((u) => includeDir(u.value, u.arg)!),
    rules,
    help: false,
    listRules: values["list-rules"],
    fix: values.fix,
    json: values.json,
  };
}

/** A position pair in --json output (the path as in the text output). */
function where(span: Diagnostic["span"]): { path: string; line: number; column: number; endLine: number; endColumn: number } {
  // No position (protoc's `a.proto: File not found.`): the file, line and column 0.
  if (span.kind !== "text") return { path: spanFile(span) ?? "", line: 0, column: 0, endLine: 0, endColumn: 0 };
  return { path: span.file ?? "", line: span.start.line, column: span.start.column, endLine: span.end.line, endColumn: span.end.column };
}

function toJson(d: Diagnostic): object {
  return {
    ...where(d.span),
    code: d.code,
    severity: d.severity,
    message: d.message,
    ...(d.notes ? { notes: d.notes } : {}),
    ...(d.fixes ? { fixes: d.fixes.map((f) => ({ title: f.title, edits: f.edits.map((e) => ({ ...where(e.span), newText: e.newText })) })) } : {}),
  };
}

/** Upper bound on fix rounds; each round fixes one enum, so this is far above real schemas. */
const MAX_FIX_ROUNDS = 200;

/**
 * Applies one offered fix at a time (the first fix of the first diagnostic that has one),
 * re-checking in between so later fixes see earlier edits, then writes the changed files.
 */
function applyAllFixes(
  sources: Record<string, string>,
  roots: string[],
  rules: string[] | "default" | "all" | undefined,
  diskPath: Map<string, string>,
  io: CliIO,
): Record<string, string> {
  let current = sources;
  for (let round = 0; round < MAX_FIX_ROUNDS; round++) {
    const check = checkWorkspace(current, { roots, rules: rules ?? "none" });
    const fix = [...check.compileDiagnostics, ...check.lintDiagnostics].find((d) => d.fixes !== undefined)?.fixes?.[0];
    if (fix === undefined) break;
    current = applyFix(current, fix);
  }
  for (const [name, text] of Object.entries(current)) {
    const path = diskPath.get(name);
    if (text === sources[name] || path === undefined) continue;
    io.writeFile(path, text);
    io.stderr(`wirelab lint: fixed ${path}\n`);
  }
  return current;
}


export async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseOptions(args);
  if (typeof parsed === "string") {
    io.stderr(`wirelab lint: ${parsed}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help) {
    io.stdout(USAGE);
    return 0;
  }
  if (parsed.listRules) {
    for (const r of RULES) io.stdout(`${r.id.padEnd(34)} ${r.categories.join(", ").padEnd(34)} ${r.description}\n`);
    return 0;
  }
  if (parsed.files.length === 0) {
    io.stderr(`wirelab lint: no .proto files given\n\n${USAGE}`);
    return 2;
  }
  let rules: string[] | "default" | "all" | undefined;
  if (parsed.rules !== "none") {
    try {
      selectRules(parsed.rules);
      rules = parsed.rules;
    } catch (e) {
      io.stderr(`wirelab lint: ${(e as Error).message} (see wirelab lint --list-rules)\n`);
      return 2;
    }
  }

  const includes = parsed.includes.length > 0 ? parsed.includes : ["."];
  // protoc's file lookup (shared with the other schema commands): roots by their import path
  // (a file named relative to an -I directory works from anywhere), imports from the -I
  // directories in order; missing imports are left to compile() to report.
  const workspace = loadProtoWorkspace(parsed.files, includes, io);
  if (workspace.problems.length > 0) {
    // protoc stops at the first input it cannot place.
    io.stderr(workspace.problems[0] + "\n");
    return 1;
  }
  let sources = workspace.files;
  const roots = workspace.roots;

  if (parsed.fix) sources = applyAllFixes(sources, roots, rules, new Map(Object.entries(workspace.diskPaths)), io);

  const result = checkWorkspace(sources, { roots, rules: rules ?? "none" });
  if (parsed.json) {
    const doc = { compile: result.compileDiagnostics.filter((d) => d.severity === "error").map(toJson), lint: result.lintDiagnostics.map(toJson) };
    io.stdout(JSON.stringify(doc) + "\n");
    return result.failed ? 1 : 0;
  }
  // protoc's errors; its warnings (a proto2 JSON name clash, generic services) are not buf lint's to print.
  for (const d of result.compileDiagnostics) if (d.severity === "error") io.stderr(formatSchemaDiagnostic(d, shownFile(workspace, d)) + "\n");
  for (const d of result.lintDiagnostics) io.stdout(formatDiagnostic("", d) + "\n");
  return result.failed ? 1 : 0;
}
