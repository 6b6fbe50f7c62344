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
  /** Leading comments recorded for a path ("" when none). */
  leadingComments(path: readonly number[]): string;
}

/**
 * buf's per-rule options (the `lint:` keys of buf.yaml), with buf's defaults.
 */
export interface RuleSettings {
  /** ENUM_ZERO_VALUE_SUFFIX: the suffix zero values need. Default "_UNSPECIFIED". */
  enumZeroValueSuffix: string;
  /** SERVICE_SUFFIX: the suffix service names need. Default "Service". */
  serviceSuffix: string;
  /** RPC_REQUEST_RESPONSE_UNIQUE: allow one type as both request and response. Default false. */
  rpcAllowSameRequestResponse: boolean;
  /** RPC_REQUEST_STANDARD_NAME and _UNIQUE: allow google.protobuf.Empty requests. Default false. */
  rpcAllowGoogleProtobufEmptyRequests: boolean;
  /** RPC_RESPONSE_STANDARD_NAME and _UNIQUE: allow google.protobuf.Empty responses. Default false. */
  rpcAllowGoogleProtobufEmptyResponses: boolean;
}

export const DEFAULT_RULE_SETTINGS: Readonly<RuleSettings> = {
  enumZeroValueSuffix: "_UNSPECIFIED",
  serviceSuffix: "Service",
  rpcAllowSameRequestResponse: false,
  rpcAllowGoogleProtobufEmptyRequests: false,
  rpcAllowGoogleProtobufEmptyResponses: false,
};

export interface LintContext {
  /** buf's rule options in effect. */
  settings: RuleSettings;
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
  const byPath = new Map<string, { span: number[]; leadingComments: string }>();
  for (const loc of proto.sourceCodeInfo?.location ?? []) {
    const key = loc.path.join(",");
    if (!byPath.has(key)) byPath.set(key, loc);
  }
  return {
    proto,
    name: proto.name,
    positions: new SourcePositions(text),
    span: (path) => byPath.get(path.join(","))?.span,
    leadingComments: (path) => byPath.get(path.join(","))?.leadingComments ?? "",
  };
}

/** The comment that silences a rule where it appears, as in buf: `// buf:lint:ignore RULE_ID`. */
export const COMMENT_IGNORE_PREFIX = "buf:lint:ignore";

/**
 * buf's comment ignores: a leading-comment line starting with `buf:lint:ignore RULE_ID` on the
 * reported element or on any declaration enclosing it (a message's comment covers its fields)
 * silences that rule there. Whole-file findings (no element) cannot be silenced this way.
 */
function ignoredByComment(file: LintFile, path: readonly number[], rule: string): boolean {
  const directive = `${COMMENT_IGNORE_PREFIX} ${rule}`;
  for (let len = 1; len <= path.length; len++) {
    const comments = file.leadingComments(path.slice(0, len));
    if (comments === "") continue;
    for (const line of comments.split("\n")) if (line.trim().startsWith(directive)) return true;
  }
  return false;
}

/** Builds a context whose reports collect into `out`. */
export function makeContext(
  files: LintFile[],
  byName: Map<string, FileDescriptorProto>,
  sources: Record<string, string> | undefined,
  enabled: (rule: string) => boolean,
  out: Diagnostic[],
  settings: RuleSettings = DEFAULT_RULE_SETTINGS,
): LintContext {
  return {
    settings,
    files,
    byName,
    sources,
    report(rule, file, path, message, fixes) {
      if (!enabled(rule)) return;
      const span = path === null ? undefined : file.span(path);
      if (path !== null && span !== undefined && ignoredByComment(file, path, rule)) return;
      const d: Diagnostic = {
        // A rule id of RULES (diagnostic-codes.test.ts checks every one the rules report).
        code: rule as Uppercase<string>,
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
