// The whole engine run for one workspace: schema -> diagnostics + message types; then the active
// input (protoscope, text format or raw bytes) -> bytes + annotations + diagnostics. Pure and
// synchronous (no DOM): it runs in the engine Worker for large inputs and on the main thread for
// small ones, and its result is plain data that survives structured cloning.
import type { Annotation } from "../../../../engine/annotate/types.ts";
import { noSpan, type Diagnostic } from "../../../../engine/diagnostics.ts";
import { SCHEMA_FILE, type InputMode } from "../workspace/types.ts";
import { engine, type CompiledSchema } from "./engineApi.ts";

export interface PipelineInput {
  schema: string;
  protoscope: string;
  message: string;
  messageType: string;
  bytes: Uint8Array;
  mode: InputMode;
}

/** Which editor a diagnostic or a source range belongs to. */
export type SourceName = "schema" | "protoscope" | "message" | "bytes";

export interface PipelineResult {
  /** The bytes shown (the active input's output, or the raw bytes themselves). */
  bytes: Uint8Array;
  /** The annotation tree for the hex colours and the field tree (with names when a type is chosen). */
  annotations: Annotation[];
  /** Annotations whose `source` ranges point into `sourceEditor`'s text; they link bytes and tokens. */
  sourceAnnotations: Annotation[];
  sourceEditor: "protoscope" | "message" | undefined;
  diagnostics: Record<SourceName, Diagnostic[]>;
  /** Fully-qualified names of the schema's messages (map entries left out), for the type picker. */
  messageTypes: string[];
  /** In bytes mode: the bytes as protoscope, with names from the schema. */
  disassembly: string | undefined;
  /** Engine time for this run, in milliseconds. */
  elapsedMs: number;
}

/**
 * Raw-bytes limits. Disassembly text runs about five times the size of its bytes: past 2 MiB of
 * bytes an editor full of it would stall the page. Past 4 MiB the annotation tree (millions of
 * nodes) costs more to build and ship than it helps; the hex view still shows every byte.
 * Past 1 MiB the disassembly is not re-assembled to link tokens with bytes (it would double the work).
 */
export const DISASSEMBLE_LIMIT = 2 * 1024 * 1024;
export const ANNOTATE_LIMIT = 4 * 1024 * 1024;
export const RELINK_LIMIT = 1024 * 1024;

let schemaCache: { text: string; compiled: CompiledSchema } | undefined;

/** Compiles (and lints) the schema, reusing the last result while its text is unchanged. */
export function compileSchema(text: string): CompiledSchema {
  if (schemaCache?.text !== text) schemaCache = { text, compiled: engine.compileSchema({ [SCHEMA_FILE]: text }) };
  return schemaCache.compiled;
}

function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

export function runPipeline(input: PipelineInput): PipelineResult {
  const started = performance.now();
  // An engine bug in the schema stage must not take the bytes down with it: report it and go on.
  let schema: CompiledSchema | undefined;
  let schemaFailure: Diagnostic | undefined;
  try {
    schema = input.schema.trim() === "" ? undefined : compileSchema(input.schema);
  } catch (e) {
    schemaFailure = internalError("schema", e);
  }
  const message = schema && input.messageType ? engine.findMessage(schema, input.messageType) : undefined;
  const result: PipelineResult = {
    bytes: new Uint8Array(0),
    annotations: [],
    sourceAnnotations: [],
    sourceEditor: undefined,
    diagnostics: { schema: schemaFailure ? [schemaFailure] : (schema?.diagnostics ?? []), protoscope: [], message: [], bytes: [] },
    messageTypes: schema?.messageTypes ?? [],
    disassembly: undefined,
    elapsedMs: 0,
  };

  if (input.mode === "protoscope") {
    const assembled = engine.assemble(input.protoscope);
    result.bytes = assembled.bytes;
    result.sourceAnnotations = assembled.annotations;
    result.sourceEditor = "protoscope";
    result.diagnostics.protoscope = assembled.diagnostics;
    // With a chosen type, the tree shows the schema's names; the assembler's tree keeps the links.
    result.annotations =
      message && !hasErrors(assembled.diagnostics)
        ? engine.annotateBytes(assembled.bytes, message).annotations
        : assembled.annotations;
  } else if (input.mode === "textformat") {
    if (!schema || !message) {
      result.diagnostics.message = [missingTypeDiagnostic(input, schema)];
    } else {
      const encoded = engine.encodeTextFormat(input.message, message, schema);
      result.bytes = encoded.bytes;
      result.annotations = encoded.annotations;
      result.sourceAnnotations = encoded.annotations;
      result.sourceEditor = "message";
      result.diagnostics.message = encoded.diagnostics;
    }
  } else {
    const size = input.bytes.length;
    result.bytes = input.bytes;
    if (size <= ANNOTATE_LIMIT) {
      const annotated = engine.annotateBytes(input.bytes, message);
      result.annotations = annotated.annotations;
      result.diagnostics.bytes = annotated.diagnostics;
    } else {
      result.diagnostics.bytes.push(tooLarge("web/annotations-skipped", size, ANNOTATE_LIMIT, "no field tree or colours are built"));
    }
    if (size <= DISASSEMBLE_LIMIT) {
      result.disassembly = engine.disassemble(input.bytes, message);
      // Assembling the disassembly gives the same bytes back, with links into the text shown.
      if (size <= RELINK_LIMIT) {
        const again = engine.assemble(result.disassembly);
        if (sameBytes(again.bytes, input.bytes)) {
          result.sourceAnnotations = again.annotations;
          result.sourceEditor = "protoscope";
        }
      }
    } else {
      result.disassembly = `# ${size.toLocaleString("en")} bytes: too large to disassemble in the editor.\n# Use \`wirelab disassemble FILE\` in a terminal.\n`;
      result.diagnostics.bytes.push(tooLarge("web/disassembly-skipped", size, DISASSEMBLE_LIMIT, "the bytes are not disassembled"));
    }
  }
  result.elapsedMs = performance.now() - started;
  return result;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** An exception from the engine (a bug, not bad input), shown in the problems list. */
function internalError(stage: string, e: unknown): Diagnostic {
  return {
    code: "web/internal-error",
    severity: "error",
    message: `The engine failed on the ${stage} (a bug in Wirelab, not in your input): ${e instanceof Error ? e.message : String(e)}`,
    span: noSpan(),
  };
}

function tooLarge(code: string, size: number, limit: number, what: string): Diagnostic {
  return {
    code,
    severity: "info",
    message: `${size.toLocaleString("en")} bytes is over ${(limit / 1024 / 1024).toFixed(0)} MiB: ${what}.`,
    span: { kind: "bytes", start: 0, end: size },
  };
}

function missingTypeDiagnostic(input: PipelineInput, schema: CompiledSchema | undefined): Diagnostic {
  const message = !schema
    ? "A text-format message needs a schema: write one in the Schema editor."
    : input.messageType === ""
      ? "Choose the message type to encode."
      : schema.registry === undefined
        ? "The schema has errors; fix them to encode the message."
        : `The schema has no message type "${input.messageType}".`;
  return {
    code: "web/no-message-type",
    severity: "error",
    message,
    span: noSpan(),
  };
}
