/**
 * The CLI's way into the engine's one pipeline, `runWorkspace` (engine/workspace/run.ts): the
 * `.proto` files read from disk as protoc finds them (or a FileDescriptorSet's registry) and the
 * input file become a `Workspace`, run with the options that make the engine behave as protoc and
 * protoscope do (protoc's `-I` roots, no lint, no hover symbols, no editor size limits). So
 * `encode`, `disassemble`, `annotate` and `explain` give the bytes and annotations the app gives
 * for the same files (engine/cli/workspace-parity.test.ts holds them to it).
 *
 * Reading files stays here (the engine has no file system); what the engine makes of them does not.
 */
import type { DescMessage, Registry } from "@bufbuild/protobuf";
import type { Diagnostic } from "../diagnostics.ts";
import type { RunOptions } from "../workspace/pipeline.ts";
import type { WorkspaceCache } from "../workspace/run.ts";
import type { InputFile, ProtoFile, Workspace, WorkspaceResult } from "../workspace/types.ts";
import type { CliIO } from "./io.ts";
import type { SchemaArgs } from "./schema-args.ts";

/** The schema side of a command's workspace, loaded and checked. */
export interface CliSchema {
  /** The `.proto` files, by import path (none with `--descriptor-set` or without a schema). */
  protos: ProtoFile[];
  /** The options every run of this command passes (roots or registry; no lint, symbols or limits). */
  options: RunOptions;
  /** Holds the compiled schema, so the run does not compile it again. */
  cache: WorkspaceCache;
  /** The message type named by `--type`; undefined when none was asked for. */
  message: DescMessage | undefined;
  /** `--type`, or "" for none. */
  type: string;
  /** The compiled schema's types (extensions included); undefined without a schema. */
  registry?: Registry;
}

/**
 * The schema named by the schema flags, compiled by the engine's schema stage; null after
 * printing why it cannot be used (in protoc's words: a file not found or outside every `-I`
 * directory, compile errors, an unknown type) or why the descriptor set cannot be read.
 */
export async function loadCliSchema(s: SchemaArgs, io: CliIO): Promise<CliSchema | null> {
  const options: RunOptions = { lint: false, symbols: false, limits: false };
  const cache: WorkspaceCache = {};
  const none: CliSchema = { protos: [], options, cache, message: undefined, type: "" };
  if (s.type === undefined) return none;
  // Schema code is loaded only when a schema is asked for: most runs need none, and it is a
  // good part of the start-up time.
  let protos: ProtoFile[] = [];
  let diskPaths: Record<string, string> = {};
  if (s.descriptorSet !== undefined) {
    const { createFileRegistry, fromBinary } = await import("@bufbuild/protobuf");
    const { FileDescriptorSetSchema } = await import("@bufbuild/protobuf/wkt");
    try {
      options.registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, io.readFile(s.descriptorSet)));
    } catch (e) {
      io.stderr(`${s.descriptorSet}: ${e instanceof Error ? e.message : String(e)}\n`);
      return null;
    }
  } else {
    const { loadProtoWorkspace } = await import("./proto-loader.ts");
    let loaded;
    try {
      loaded = loadProtoWorkspace(s.protos, s.includes, io);
    } catch (e) {
      io.stderr(`${e instanceof Error ? e.message : String(e)}\n`);
      return null;
    }
    if (loaded.problems.length > 0) {
      io.stderr(loaded.problems[0] + "\n");
      return null;
    }
    protos = Object.entries(loaded.files).map(([name, text]) => ({ kind: "proto", name, text }));
    diskPaths = loaded.diskPaths;
    options.roots = loaded.roots;
  }
  // The same stage, cache and options runWorkspace uses: the run below finds it compiled.
  const { workspaceSchema } = await import("../workspace/run.ts");
  const schema = workspaceSchema({ files: protos, active: "" }, cache, options);
  const errors = (schema?.diagnostics ?? []).filter((d) => d.severity === "error");
  if (errors.length > 0) {
    const { formatSchemaDiagnostic } = await import("../schema/index.ts");
    const { shownFile } = await import("./proto-loader.ts");
    // protoc 36 names a file read from disk by the path it was read from.
    for (const d of errors) io.stderr(formatSchemaDiagnostic(d, shownFile({ diskPaths }, d)) + "\n");
    return null;
  }
  const message = schema?.registry?.getMessage(s.type);
  if (!message) {
    // protoc's words for the same mistake.
    io.stderr(`Type not defined: ${s.type}\n`);
    return null;
  }
  return { protos, options, cache, message, type: s.type, registry: schema?.registry };
}

/** The input's file name in the workspace: the path as the user gave it, unless a `.proto` file has that name. */
export function inputName(shownPath: string, schema: CliSchema): string {
  let name = shownPath;
  while (schema.protos.some((p) => p.name === name)) name += " (input)";
  return name;
}

/** `runWorkspace` over the schema and one input (named by `inputName`), with the command's own options added. */
export async function runInput(schema: CliSchema, input: InputFile, extra: RunOptions = {}): Promise<WorkspaceResult> {
  const ws: Workspace = { files: [...schema.protos, input], active: input.name };
  const options: RunOptions = { ...schema.options, ...extra };
  if (schema.protos.length === 0 && !options.registry && input.kind !== "textformat") {
    // Nothing for the schema compiler or the text-format encoder to do: the same pipeline
    // without loading them (nor @bufbuild/protobuf's runtime), about 50 ms sooner per run.
    const { runPipeline } = await import("../workspace/pipeline.ts");
    return runPipeline(ws, {}, options);
  }
  const { runWorkspace } = await import("../workspace/run.ts");
  return runWorkspace(ws, schema.cache, options);
}

/**
 * The input's diagnostics, as the command prints them: a text position's file is the path the
 * user gave. The engine's "type gone" warning is left out: the command has checked the type
 * resolves (that warning only knows the type picker's names, which leave out map entries).
 * An engine failure (`workspace/internal-error`) stays in, so it is printed, not lost.
 */
export function inputDiagnostics(result: WorkspaceResult, input: InputFile, shownPath: string): Diagnostic[] {
  return (result.diagnostics[input.name] ?? [])
    .filter((d) => d.code !== "workspace/message-type-gone")
    .map((d) => (d.span.kind !== "bytes" && d.span.file === input.name && input.name !== shownPath ? { ...d, span: { ...d.span, file: shownPath } } : d));
}
