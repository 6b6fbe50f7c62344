/**
 * One call for the editor and the CLI: compile a workspace (protoc's errors, with the enum
 * collision fixes attached), then lint what compiled (buf's findings, with their fixes).
 */
import type { Diagnostic } from "../../diagnostics.ts";
import { attachEnumCollisionFixes, scanWorkspace } from "../fix/enum-prefix.ts";
import { compile, type CompileResult } from "../index.ts";
import { lint, type LintOptions } from "./lint.ts";

export interface CheckResult {
  /** compile() diagnostics in protoc's order, enum collisions carrying fixes. */
  compileDiagnostics: Diagnostic[];
  /** Lint findings in buf's order (empty when `rules` is "none"). */
  lintDiagnostics: Diagnostic[];
  /** True when any compile diagnostic is an error. */
  failed: boolean;
  compiled: CompileResult;
}

export interface CheckOptions {
  /** Files to compile and lint (protoc's command-line files); default: every file given. */
  roots?: string[];
  /** Lint rules, as for lint(); "none" skips linting. Default: buf's DEFAULT set. */
  rules?: LintOptions["rules"] | "none";
  /** buf's rule options, as for lint(). */
  settings?: LintOptions["settings"];
}

export function checkWorkspace(sources: Record<string, string>, options: CheckOptions = {}): CheckResult {
  const roots = options.roots ?? Object.keys(sources);
  const compiled = compile(sources, { roots });
  const workspace = scanWorkspace(sources);
  const compileDiagnostics = attachEnumCollisionFixes(workspace, compiled.diagnostics);
  const failed = compiled.diagnostics.some((d) => d.severity === "error");
  let lintDiagnostics: Diagnostic[] = [];
  if (options.rules !== "none") {
    const done = new Set(compiled.fileSet.file.map((f) => f.name));
    lintDiagnostics = lint(compiled.fileSet, {
      rules: options.rules ?? "default",
      files: roots.filter((r) => done.has(r)),
      sources,
      ...(options.settings ? { settings: options.settings } : {}),
      ...(compiled.registry ? { registry: compiled.registry } : {}),
    });
  }
  return { compileDiagnostics, lintDiagnostics, failed, compiled };
}
