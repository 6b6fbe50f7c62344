/**
 * What a lint rule sees: the files to lint (each with its SourceCodeInfo indexed by path),
 * every file of the set for resolving imports, and `report`, which turns a descriptor path into
 * the position buf would print.
 */
import type { FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import type { Diagnostic, Fix } from "../../diagnostics.ts";
import { SourcePositions } from "./positions.ts";

export interface LintFile {
  proto: FileDescriptorProto;
  name: string;
  positions: SourcePositions;
  /** SourceCodeInfo span for a path; like buf, the first location recorded for a path wins. */
  span(path: readonly number[]): number[] | undefined;
}

export interface LintContext {
  /** The files findings are reported for (buf's non-import files). */
  files: LintFile[];
  /** Every file of the set by name, imports included. */
  byName: Map<string, FileDescriptorProto>;
  /** Source texts by file name when known (needed for exact columns, offsets and fixes). */
  sources: Record<string, string> | undefined;
  /**
   * Reports a finding at the element `path` points to; `null` (or a path with no recorded
   * location) reports at 1:1, as buf does for file-wide findings.
   */
  report(rule: string, file: LintFile, path: readonly number[] | null, message: string, fixes?: Fix[]): void;
}

export interface LintRule {
  id: string;
  /** buf's own description of the rule (`buf config ls-lint-rules`). */
  description: string;
  /** Whether the rule is in buf's DEFAULT set (buf 1.75). */
  inDefault: boolean;
  check(ctx: LintContext): void;
}

export function lintFile(proto: FileDescriptorProto, text: string | undefined): LintFile {
  const byPath = new Map<string, number[]>();
  for (const loc of proto.sourceCodeInfo?.location ?? []) {
    const key = loc.path.join(",");
    if (!byPath.has(key)) byPath.set(key, loc.span);
  }
  return {
    proto,
    name: proto.name,
    positions: new SourcePositions(text),
    span: (path) => byPath.get(path.join(",")),
  };
}

/** Builds a context whose reports collect into `out`. */
export function makeContext(
  files: LintFile[],
  byName: Map<string, FileDescriptorProto>,
  sources: Record<string, string> | undefined,
  enabled: (rule: string) => boolean,
  out: Diagnostic[],
): LintContext {
  return {
    files,
    byName,
    sources,
    report(rule, file, path, message, fixes) {
      if (!enabled(rule)) return;
      const span = path === null ? undefined : file.span(path);
      const d: Diagnostic = {
        code: rule,
        severity: "warning",
        message,
        span: span === undefined ? file.positions.fileStart(file.name) : file.positions.span(span, file.name),
      };
      if (fixes !== undefined && fixes.length > 0) d.fixes = fixes;
      out.push(d);
    },
  };
}

/** Go's %q for the ASCII names protobuf allows. */
export const q = (s: string): string => JSON.stringify(s);
