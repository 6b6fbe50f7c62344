/**
 * The engine's pipeline itself (./run.ts's `runWorkspace` is it with the schema compiler and the
 * text-format encoder plugged in): the schema stage's diagnostics, then the active input ->
 * bytes, annotations, diagnostics and (for bytes) the disassembly. It imports neither the schema
 * compiler nor the text-format encoder (nor so @bufbuild/protobuf's runtime): a CLI run over
 * bytes or protoscope without a schema passes no stages and starts about 50 ms sooner.
 */
import type { DescMessage, FileRegistry } from "@bufbuild/protobuf";
import { annotateBytes } from "../annotate/decode.ts";
import { attachSources } from "../annotate/sources.ts";
import type { Annotation } from "../annotate/types.ts";
import { noSpan, spanFile, type Diagnostic, type DiagnosticCode } from "../diagnostics.ts";
import { assemble } from "../protoscope/assembler.ts";
import { assembledRanges } from "../protoscope/assemble-annotations.ts";
import type { AssemblyMemo } from "../protoscope/assembly-memo.ts";
import { disassemble, disassembleLinked, disassembleToUtf8, type DisassembleOptions } from "../protoscope/disassemble.ts";
import type { encodeTextFormat, FieldOrder } from "../schema/textformat/index.ts";
import { closestName } from "../schema/message-names.ts";
import type { CompiledSchema } from "./schema.ts";
import {
  activeInput,
  ANNOTATE_LIMIT,
  DISASSEMBLE_LIMIT,
  RELINK_LIMIT,
  type InputFile,
  type Workspace,
  type WorkspaceResult,
} from "./types.ts";

/**
 * How to run, for callers other than the editor. Every default is what the app does; the CLI
 * sets them to what protoc and protoscope do (engine/cli/commands/*.ts).
 */
export interface RunOptions {
  /**
   * The `.proto` files to compile as protoc's command line names them (import paths under its
   * `-I` directories); the workspace's other `.proto` files are compiled only when imported.
   * Default: every `.proto` file of the workspace.
   */
  roots?: readonly string[];
  /** buf's lint rules after a clean compile. Default true; the CLI passes false (lint is the editor's work, and `wirelab lint`'s). */
  lint?: boolean;
  /** The hover symbol table. Default true; the CLI passes false (nothing hovers in a terminal). */
  symbols?: boolean;
  /**
   * A compiled schema (a FileDescriptorSet's registry, `--descriptor-set`), used instead of the
   * workspace's `.proto` files (which are then not compiled).
   */
  registry?: FileRegistry;
  /**
   * Protoscope input: stop at the first error, as protoscope does (no bytes after an error).
   * Default false: recover, as an editor needs (the bytes of everything else stay).
   */
  strict?: boolean;
  /** Text-format input: whose field order the bytes follow (`--order protoc|buf`). Default: the encoder's (buf's for editions files). */
  order?: FieldOrder;
  /** Bytes input: build the annotation tree. Default true; `disassemble` needs none. */
  annotate?: boolean;
  /**
   * Bytes input: the disassembly as a string in `disassembly` (default, "text"), as UTF-8 bytes in
   * `disassemblyUtf8` ("utf8": built as bytes, no string made and encoded again, for writing a
   * large input's text straight out), or none ("none": `annotate` and `explain` need none).
   */
  disassembly?: "text" | "utf8" | "none";
  /**
   * Bytes input: protoscope's printing flags for the disassembly (the message type is the
   * input's). Default: with a message type, field and enum names as remarks.
   */
  disassembleOptions?: Omit<DisassembleOptions, "message">;
  /** Bytes input: assemble the disassembly again to link its tokens to the bytes. Default true. */
  relink?: boolean;
  /**
   * Bytes input: the editor's size limits (ANNOTATE_LIMIT, DISASSEMBLE_LIMIT, RELINK_LIMIT).
   * Default true; false (the CLI) does all the work asked for at any size.
   */
  limits?: boolean;
}

/** What the pipeline calls for the work that needs the schema compiler or the text-format encoder. */
export interface PipelineStages {
  /** The workspace's compiled schema (undefined: none). Absent: the workspace must have no `.proto` file. */
  schema?: () => CompiledSchema | undefined;
  /** Encodes a text-format input. Absent: the workspace must have no text-format input. */
  encodeText?: typeof encodeTextFormat;
  /**
   * The assembly memo of a protoscope input file, to re-assemble only what follows its last
   * unchanged checkpoint (engine/protoscope/assembly-memo.ts). Absent: assemble afresh.
   */
  assemblyMemo?: (file: string) => AssemblyMemo;
}

/**
 * Runs the engine over the workspace with the given stages. Never throws for any input: engine
 * failures become diagnostics. Call `runWorkspace` (./run.ts); `runPipeline(ws, {}, options)`
 * is the same run for a workspace with no `.proto` file and no text-format input.
 */
export function runPipeline(ws: Workspace, stages: PipelineStages, options: RunOptions = {}): WorkspaceResult {
  const started = performance.now();
  const diagnostics: Record<string, Diagnostic[]> = {};
  for (const f of ws.files) diagnostics[f.name] = [];
  const firstProto = ws.files.find((f) => f.kind === "proto")?.name;
  const input = activeInput(ws);
  const result: WorkspaceResult = {
    active: input?.name,
    bytes: new Uint8Array(0),
    annotations: [],
    sourceFile: undefined,
    diagnostics,
    messageTypes: [],
    symbols: [],
    disassembly: undefined,
    elapsedMs: 0,
  };

  // An engine bug in the schema stage must not take the bytes down with it: report it and go on.
  let schema: CompiledSchema | undefined;
  try {
    if (stages.schema) schema = stages.schema();
    else if (firstProto !== undefined) throw new Error("the schema compiler was not loaded");
  } catch (e) {
    if (firstProto !== undefined) diagnostics[firstProto]!.push(internalError("schema", firstProto, e));
  }
  if (schema) {
    result.messageTypes = schema.messageTypes;
    result.symbols = schema.symbols;
    for (const d of schema.diagnostics) {
      const named = spanFile(d.span);
      const file = named !== undefined && named in diagnostics ? named : firstProto!;
      diagnostics[file]!.push(d);
    }
  }

  if (input) {
    try {
      runInput(input, schema, result, stages, options);
    } catch (e) {
      diagnostics[input.name]!.push(internalError(input.kind === "bytes" ? "bytes" : "input", input.name, e));
    }
  }
  result.elapsedMs = performance.now() - started;
  return result;
}

function runInput(input: InputFile, schema: CompiledSchema | undefined, result: WorkspaceResult, stages: PipelineStages, options: RunOptions): void {
  const message: DescMessage | undefined = schema && input.messageType ? schema.registry?.getMessage(input.messageType) : undefined;
  const own = result.diagnostics[input.name]!;
  // The chosen type is gone (renamed or removed): say so, with the closest one there is, rather
  // than silently showing the bytes without names. (Text format says it in its own error.)
  if (schema && input.messageType !== "" && input.kind !== "textformat" && !schema.messageTypes.includes(input.messageType)) {
    own.push({ code: "workspace/message-type-gone", severity: "warning", message: goneMessage(input.messageType, schema), span: noSpan(input.name) });
  }
  if (input.kind === "protoscope") {
    // Recovering, as an editor needs: after an error the bytes of everything else stay, the
    // error marked in the tree (the CLI asks for protoscope's strictness: `strict`).
    const assembled = assemble(input.text, options.strict ? {} : { recover: true, memo: stages.assemblyMemo?.(input.name) });
    result.bytes = assembled.bytes;
    result.sourceFile = input.name;
    own.push(...inFile(assembled.diagnostics, input.name));
    // With a chosen type, one tree: the schema's reading of the bytes, linked to the text through
    // the assembler's tree (engine/annotate/sources.ts). Without one, the assembler's tree.
    result.annotations =
      message && !assembled.diagnostics.some((d) => d.severity === "error")
        ? attachSources(annotateBytes(assembled.bytes, { message }).annotations, assembledRanges(assembled.annotations) ?? assembled.annotations)
        : assembled.annotations;
  } else if (input.kind === "textformat") {
    if (!schema || !message) {
      own.push(missingType(input, schema));
      return;
    }
    if (!stages.encodeText) throw new Error("the text-format encoder was not loaded");
    const encoded = stages.encodeText(input.text, message, schema.registry, options.order ? { order: options.order } : {});
    result.bytes = encoded.bytes;
    result.annotations = encoded.annotations;
    result.sourceFile = input.name;
    own.push(...inFile(encoded.diagnostics, input.name));
  } else {
    runBytes(input.bytes, message, own, result, options);
  }
}

function runBytes(bytes: Uint8Array, message: DescMessage | undefined, own: Diagnostic[], result: WorkspaceResult, options: RunOptions): void {
  const size = bytes.length;
  const limits = options.limits !== false;
  const mode = options.disassembly ?? "text";
  result.bytes = bytes;
  let decoded: Annotation[] | undefined;
  if (options.annotate !== false) {
    if (!limits || size <= ANNOTATE_LIMIT) {
      const annotated = annotateBytes(bytes, message ? { message } : {});
      decoded = annotated.annotations;
      result.annotations = decoded;
      own.push(...annotated.diagnostics);
    } else {
      own.push(tooLarge("workspace/annotations-skipped", size, ANNOTATE_LIMIT, "no field tree or colours are built"));
    }
  }
  if (mode === "none") return;
  if (limits && size > DISASSEMBLE_LIMIT) {
    result.disassembly = `# ${size.toLocaleString("en")} bytes: too large to disassemble in the editor.\n# Use \`wirelab disassemble FILE\` in a terminal.\n`;
    own.push(tooLarge("workspace/disassembly-skipped", size, DISASSEMBLE_LIMIT, "the bytes are not disassembled"));
    return;
  }
  const flags: DisassembleOptions = options.disassembleOptions ?? { fieldNames: true, enumNames: true };
  const printing: DisassembleOptions = message ? { ...flags, message } : options.disassembleOptions ? { ...flags } : {};
  if (mode === "utf8") {
    // Built as bytes for writing straight out: no text, so nothing to link.
    result.disassemblyUtf8 = disassembleToUtf8(bytes, printing);
    return;
  }
  // The tree links into the disassembly when there is a tree to link (and the text is not too large).
  if (!decoded || options.relink === false || (limits && size > RELINK_LIMIT)) {
    result.disassembly = disassemble(bytes, printing);
    return;
  }
  result.sourceFile = result.active;
  // The disassembler records where it prints each byte, so the tree links into the text shown;
  // where it could not follow its own printing (groups, long forms), assembling the text again
  // gives the same bytes back, with the links.
  const { text, links } = disassembleLinked(bytes, printing);
  result.disassembly = text;
  if (links) {
    attachSources(decoded, links);
    return;
  }
  const again = assemble(text);
  if (sameBytes(again.bytes, bytes)) attachSources(decoded, assembledRanges(again.annotations) ?? again.annotations);
}

function inFile(list: readonly Diagnostic[], file: string): Diagnostic[] {
  return list.map((d) => (d.span.kind !== "bytes" && d.span.file === undefined ? { ...d, span: { ...d.span, file } } : d));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** An exception from the engine (a bug, not bad input), shown in the problems list. */
function internalError(stage: string, file: string, e: unknown): Diagnostic {
  return {
    code: "workspace/internal-error",
    severity: "error",
    message: `The engine failed on the ${stage} (a bug in Wirelab, not in your input): ${e instanceof Error ? e.message : String(e)}`,
    span: noSpan(file),
  };
}

function tooLarge(code: DiagnosticCode, size: number, limit: number, what: string): Diagnostic {
  return {
    code,
    severity: "info",
    message: `${size.toLocaleString("en")} bytes is over ${(limit / 1024 / 1024).toFixed(0)} MiB: ${what}.`,
    span: { kind: "bytes", start: 0, end: size },
  };
}

/** "The schema has no message type "a.Ordr" (renamed or removed?); the closest is "a.Order"." */
function goneMessage(type: string, schema: CompiledSchema): string {
  const closest = closestName(type, schema.messageTypes);
  return `The schema has no message type "${type}" (renamed or removed?)${closest ? `; the closest is "${closest}"` : ""}.`;
}

function missingType(input: InputFile, schema: CompiledSchema | undefined): Diagnostic {
  const message = !schema
    ? "A text-format message needs a schema: add a .proto file to the workspace."
    : input.messageType === ""
      ? "Choose the message type to encode."
      : schema.registry === undefined
        ? "The schema has errors; fix them to encode the message."
        : !schema.messageTypes.includes(input.messageType)
          ? goneMessage(input.messageType, schema)
          : `The schema has no message type "${input.messageType}".`;
  return { code: "workspace/no-message-type", severity: "error", message, span: noSpan(input.name) };
}
