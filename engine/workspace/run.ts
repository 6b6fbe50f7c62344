/**
 * The whole engine run for a workspace, as one pure function: the `.proto` files -> diagnostics,
 * message types and hover symbols; then the active input (protoscope, text format or raw bytes)
 * -> bytes, annotations, diagnostics and (for bytes) the disassembly. Synchronous and free of
 * platform APIs: the page runs it for small workspaces, the engine Worker for large ones, lesson
 * checks and the CLI's `encode`, `disassemble`, `annotate` and `explain` in Node (the CLI reads
 * the files from disk into a `Workspace` and passes `RunOptions` for what differs: protoc's `-I`
 * roots, a FileDescriptorSet's registry, protoscope's strictness, no lint and no editor limits;
 * see engine/cli/workspace.ts). The pipeline's steps are in ./pipeline.ts; this module plugs in
 * the schema compiler (with its cache) and the text-format encoder.
 * Its only memory between runs is the cache its caller passes (the compiled schema and, for an
 * editor's cache, the assembly memo of the protoscope input being typed in).
 */
import { encodeTextFormat } from "../schema/textformat/index.ts";
import { assemble } from "../protoscope/assembler.ts";
import { type AssemblyMemo, createAssemblyMemo } from "../protoscope/assembly-memo.ts";
import { runPipeline, type RunOptions } from "./pipeline.ts";
import { compileSchema, registrySchema, type CompiledSchema } from "./schema.ts";
import { activeInput, type Workspace, type WorkspaceResult } from "./types.ts";

export { runPipeline, type PipelineStages, type RunOptions } from "./pipeline.ts";

/**
 * What a caller keeps between runs so an unchanged schema is not compiled again. Create one per
 * caller (a page, a Worker, a test) with `createWorkspaceCache()`; never share one between
 * threads (it cannot cross one anyway: it holds a registry).
 */
export interface WorkspaceCache {
  /** `key` holds what else the compile depends on: the roots, lint and symbols options. */
  schema?: { names: string[]; texts: string[]; key: string; compiled: CompiledSchema };
  /** Whether runs keep an assembly memo for the next (an editor's cache: `incremental`). */
  incremental?: boolean;
  /** The last protoscope input's assembly memo (one file at a time: the one being typed in). */
  assembly?: { file: string; memo: AssemblyMemo };
}

export interface WorkspaceCacheOptions {
  /**
   * Keep what the next run over an edited protoscope input can resume from (an AssemblyMemo: a
   * keystroke at the end of 100 KB re-assembles about a kilobyte instead of everything). For a
   * caller that runs again and again over the same files, an editor; a one-off run (the CLI)
   * would only pay for copying what it keeps. Default false.
   */
  incremental?: boolean;
}

export function createWorkspaceCache(options: WorkspaceCacheOptions = {}): WorkspaceCache {
  return { incremental: options.incremental ?? false };
}

/** The memo for protoscope input `file` (a new one when the input changed files). */
function assemblyMemo(cache: WorkspaceCache, file: string): AssemblyMemo {
  if (cache.assembly?.file !== file) cache.assembly = { file, memo: createAssemblyMemo() };
  return cache.assembly.memo;
}

/**
 * The compiled schema of the workspace's `.proto` files, from `cache` while they (and the
 * options) are unchanged; `options.registry`'s schema when one is given.
 */
export function workspaceSchema(ws: Workspace, cache: WorkspaceCache = createWorkspaceCache(), options: RunOptions = {}): CompiledSchema | undefined {
  if (options.registry) return registrySchema(options.registry);
  const protos = protoSources(ws);
  if (protos === undefined) return undefined;
  const { names, texts } = protos;
  const key = schemaKey(options);
  const hit = cachedSchema(cache, protos, key);
  if (hit) return hit;
  const sources: Record<string, string> = {};
  names.forEach((n, i) => (sources[n] = texts[i]!));
  const compiled = compileSchema(sources, { roots: options.roots, lint: options.lint, symbols: options.symbols });
  cache.schema = { names, texts, key, compiled };
  return compiled;
}

/** The workspace's `.proto` files, names and texts in order; undefined when there are none, or all are blank. */
function protoSources(ws: Workspace): { names: string[]; texts: string[] } | undefined {
  const names: string[] = [];
  const texts: string[] = [];
  for (const f of ws.files) {
    if (f.kind !== "proto") continue;
    names.push(f.name);
    texts.push(f.text);
  }
  return names.length === 0 || texts.every((t) => t.trim() === "") ? undefined : { names, texts };
}

/** The schema compiled in `cache` from exactly these files and options, if it is there. */
function cachedSchema(cache: WorkspaceCache, protos: { names: string[]; texts: string[] }, key: string): CompiledSchema | undefined {
  const hit = cache.schema;
  return hit && hit.key === key && sameList(hit.names, protos.names) && sameList(hit.texts, protos.texts) ? hit.compiled : undefined;
}

/** What a compile depends on besides the files. */
function schemaKey(options: RunOptions): string {
  return JSON.stringify([options.roots ?? null, options.lint ?? true, options.symbols ?? true]);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * How many characters the next `runWorkspace(ws, cache)` would assemble again, when that is all
 * it would do of any size: the active input is protoscope without a message type (a type means
 * decoding all the bytes again) and any `.proto` files are compiled in the cache already. The
 * assembly memo resumes after the rest (engine/protoscope/assembly-memo.ts). Undefined when the
 * run would do other work in proportion to the workspace. An editor uses it to run a keystroke
 * in a large document where it is (the bytes in the same frame) when it costs little.
 */
export function pendingAssembly(ws: Workspace, cache: WorkspaceCache): number | undefined {
  const input = activeInput(ws);
  if (input?.kind !== "protoscope" || input.messageType !== "") return undefined;
  const protos = protoSources(ws);
  if (protos !== undefined && cachedSchema(cache, protos, schemaKey({})) === undefined) return undefined;
  const memo = cache.assembly?.file === input.name ? cache.assembly.memo : undefined;
  return input.text.length - (memo ? memo.resumePoint(input.text) : 0);
}

/**
 * Brings the assembly memo of the workspace's protoscope input forward by about `chars`
 * characters (to the end of a line, where checkpoints are), without making a result: an editor
 * warming its memo in idle time, a step at a time, each resuming from the last. Returns what
 * `pendingAssembly` says afterwards (undefined: no such input, or work a memo cannot save).
 */
export function advanceAssembly(ws: Workspace, cache: WorkspaceCache, chars: number): number | undefined {
  const pending = pendingAssembly(ws, cache);
  const input = activeInput(ws);
  if (pending === undefined || pending === 0 || input?.kind !== "protoscope" || cache.incremental !== true) return pending;
  const text = input.text;
  const next = text.indexOf("\n", text.length - pending + chars);
  assemble(next < 0 ? text : text.slice(0, next + 1), { recover: true, memo: assemblyMemo(cache, input.name) });
  return pendingAssembly(ws, cache);
}

/** Runs the engine over the workspace. Never throws for any input: engine failures become diagnostics. */
export function runWorkspace(ws: Workspace, cache: WorkspaceCache = createWorkspaceCache(), options: RunOptions = {}): WorkspaceResult {
  return runPipeline(
    ws,
    {
      schema: () => workspaceSchema(ws, cache, options),
      encodeText: encodeTextFormat,
      assemblyMemo: cache.incremental === true ? (file) => assemblyMemo(cache, file) : undefined,
    },
    options,
  );
}
