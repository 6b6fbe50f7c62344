// The engine functions the web app calls, behind one seam: the pipeline, the editors' hover, the
// problems list and the readings panel import from here, so an engine signature change is fixed
// in one place.
import type { DescMessage, FileRegistry } from "@bufbuild/protobuf";
import type { Annotation } from "../../../../engine/annotate/types.ts";
import type { Diagnostic, TextEdit } from "../../../../engine/diagnostics.ts";
import { assemble } from "../../../../engine/protoscope/index.ts";
import { disassemble } from "../../../../engine/protoscope/disassemble.ts";
import { readings, type Reading } from "../../../../engine/protoscope/readings.ts";
import { annotateBytes } from "../../../../engine/annotate/decode.ts";
import { compile } from "../../../../engine/schema/index.ts";
import { applyEdits, fixesForEnumCollision, lint, RULES, UNIMPLEMENTED_DEFAULT_RULES } from "../../../../engine/schema/lint/index.ts";
import { encodeTextFormat } from "../../../../engine/schema/textformat/index.ts";

export interface CompiledSchema {
  /** protoc-worded compile errors, then buf-worded lint findings (with fixes). */
  diagnostics: Diagnostic[];
  registry: FileRegistry | undefined;
  /** Fully-qualified names of the messages (map entries left out), sorted. */
  messageTypes: string[];
}

export interface Encoded {
  bytes: Uint8Array;
  annotations: Annotation[];
  diagnostics: Diagnostic[];
}

export type { Reading } from "../../../../engine/protoscope/readings.ts";

/**
 * buf's DEFAULT lint rules, less PACKAGE_DIRECTORY_MATCH: the workspace's one file has no
 * directory, so that rule would flag every package (the CLI, linting real folders, keeps it).
 */
const WEB_LINT_RULES = RULES.filter((r) => r.inDefault && r.id !== "PACKAGE_DIRECTORY_MATCH" && !UNIMPLEMENTED_DEFAULT_RULES.includes(r.id)).map((r) => r.id);

function compileSchema(files: Record<string, string>): CompiledSchema {
  const compiled = compile(files);
  const diagnostics = compiled.diagnostics.map((d) => {
    // protoc's enum-scoping clash: offer the prefixing fix buf's ENUM_VALUE_PREFIX would.
    if (d.fixes?.length || d.span.kind !== "text" || !d.notes?.some((n) => n.includes("C++ scoping"))) return d;
    const fixes = fixesForEnumCollision(files, { file: d.span.file ?? Object.keys(files)[0]!, offset: d.span.start.offset });
    return fixes.length > 0 ? { ...d, fixes } : d;
  });
  if (compiled.registry && !compiled.diagnostics.some((d) => d.severity === "error")) {
    diagnostics.push(...lint(compiled.fileSet, { sources: files, rules: WEB_LINT_RULES }));
  }
  const messageTypes: string[] = [];
  if (compiled.registry) {
    for (const desc of compiled.registry) {
      if (desc.kind === "message" && !desc.proto.options?.mapEntry) messageTypes.push(desc.typeName);
    }
  }
  messageTypes.sort();
  return { diagnostics, registry: compiled.registry, messageTypes };
}

export const engine = {
  compileSchema,
  findMessage: (schema: CompiledSchema, typeName: string): DescMessage | undefined => schema.registry?.getMessage(typeName),
  /** Recovering: after an error the bytes of everything else stay, the error marked in the tree. */
  assemble: (text: string): Encoded => assemble(text, { recover: true }),
  /** With a type: schema-aided, field and enum names as remarks (`1: 150  # a`). */
  disassemble: (bytes: Uint8Array, message: DescMessage | undefined): string =>
    disassemble(bytes, message ? { message, fieldNames: true, enumNames: true } : {}),
  annotateBytes: (bytes: Uint8Array, message: DescMessage | undefined): { annotations: Annotation[]; diagnostics: Diagnostic[] } =>
    annotateBytes(bytes, message ? { message } : {}),
  encodeTextFormat: (text: string, message: DescMessage, schema: CompiledSchema): Encoded => encodeTextFormat(text, message, schema.registry),
  applyEdits: (text: string, edits: readonly TextEdit[]): string => applyEdits(text, edits),
  readings: (bytes: Uint8Array, start: number, end: number, wireType: number): Reading[] => readings(bytes, start, end, wireType),
};
