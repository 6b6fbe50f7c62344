/**
 * The workspace: every file a learner (or a lesson, a share link, an embed) works with, and what
 * the engine makes of them. `runWorkspace` (./run.ts) turns a `Workspace` into a
 * `WorkspaceResult`; the web app, its Worker, lesson checks and the CLI's `encode`,
 * `disassemble`, `annotate` and `explain` all call it (the CLI builds its `Workspace` from the
 * files on disk), so they all see the same bytes, annotations and diagnostics for the same files.
 *
 * Everything here is plain data (no classes, no registries): a result survives structured
 * cloning and JSON, so it can cross a Worker boundary or be written to a file.
 */
import type { AnnotationList } from "../annotate/types.ts";
import type { Diagnostic } from "../diagnostics.ts";

/** What a file holds, and so how the engine reads it. */
export type FileKind = "proto" | "protoscope" | "textformat" | "bytes" | "text";

/** A `.proto` schema file. Its `name` is its import path: `import "a/b.proto";` finds the file named `a/b.proto`. */
export interface ProtoFile {
  kind: "proto";
  name: string;
  text: string;
}

/** Protoscope text; assembles to bytes. `messageType` ("" for none) names the fields in the tree. */
export interface ProtoscopeFile {
  kind: "protoscope";
  name: string;
  text: string;
  messageType: string;
}

/** A text-format message; encodes to bytes against `messageType` (a fully-qualified name, required to encode). */
export interface TextFormatFile {
  kind: "textformat";
  name: string;
  text: string;
  messageType: string;
}

/** Raw bytes (pasted hex or base64, an opened file); decoded with `messageType` when one is given. */
export interface BytesFile {
  kind: "bytes";
  name: string;
  bytes: Uint8Array;
  messageType: string;
}

/**
 * Plain text the engine does not read: an exercise's answer (`answer.txt`), an arena script
 * (`requests.ops`), notes. Never an input, never compiled.
 */
export interface TextFile {
  kind: "text";
  name: string;
  text: string;
}

export type WorkspaceFile = ProtoFile | ProtoscopeFile | TextFormatFile | BytesFile | TextFile;

/** The files that can produce the bytes shown. */
export type InputFile = ProtoscopeFile | TextFormatFile | BytesFile;

export interface Workspace {
  /** Every file, in the order the learner sees them. Names are unique. */
  files: WorkspaceFile[];
  /** The name of the input file that produces the bytes ("" or an unknown name: the first input). */
  active: string;
}

/**
 * Where a node of the editor's symbol table is, for hovers: the file and the character offsets
 * (UTF-16) of the whole declaration. Offsets, not protoc's columns (protoc counts a tab as up to
 * eight columns, an editor as one), so a hover in tab-indented text finds the right declaration.
 */
export interface SymbolSpan {
  file: string;
  from: number;
  to: number;
}

/** A declaration of the schema, as a hover shows it. */
export interface SchemaSymbol {
  /** Fully-qualified name as protoc resolves it (enum values are siblings of their enum: C++ scoping). */
  fqn: string;
  kind: "message" | "field" | "enum" | "enum value" | "service" | "method";
  /** One line: `uint32 request_size = 2`, `RED = 1 in enum pkg.Stoplight ...`. */
  detail: string;
  span: SymbolSpan | undefined;
  /** Leading and trailing doc comments, trimmed. */
  comments: string;
}

export interface WorkspaceResult {
  /** The input that produced the bytes; undefined when the workspace has no input file. */
  active: string | undefined;
  /** The bytes shown (the active input's output, or a bytes file's bytes). */
  bytes: Uint8Array;
  /**
   * The result's one annotation tree: the hex colours, the field tree (with names when a type is
   * chosen) and the links between bytes and text. Its `source` ranges point into the text of
   * `sourceFile`'s editor (the file's own text, or, for a bytes file, `disassembly`); a typed
   * input's tree is the schema's reading with the text's ranges (engine/annotate/sources.ts).
   */
  annotations: AnnotationList;
  /** The file whose editor text the tree's `source` ranges point into; undefined when nothing links. */
  sourceFile: string | undefined;
  /** Diagnostics by file name: every file of the workspace has an entry (often empty). Text spans name their file. */
  diagnostics: Record<string, Diagnostic[]>;
  /** Fully-qualified names of the schema's messages (map entries left out), sorted, for type pickers. */
  messageTypes: string[];
  /** Every declaration of the schema files that compiled, for hovers. */
  symbols: SchemaSymbol[];
  /** For a bytes file: its bytes as protoscope, with names from the message type. */
  disassembly: string | undefined;
  /**
   * For a bytes file run with `disassembly: "utf8"` (RunOptions, ./run.ts; the CLI's
   * `disassemble`): the disassembly as UTF-8 bytes instead of `disassembly`. Absent otherwise.
   */
  disassemblyUtf8?: Uint8Array;
  /** Engine time for this run, in milliseconds. */
  elapsedMs: number;
}

/**
 * Raw-bytes limits, for the editor (the CLI runs with `limits: false`). Disassembly text runs about five times the size of its bytes: past 2 MiB of
 * bytes an editor full of it would stall the page. Past 4 MiB the annotation tree (millions of
 * nodes) costs more to build and ship than it helps; the hex view still shows every byte.
 * Past 1 MiB the disassembly is not re-assembled to link tokens with bytes (it would double the work).
 */
export const DISASSEMBLE_LIMIT = 2 * 1024 * 1024;
export const ANNOTATE_LIMIT = 4 * 1024 * 1024;
export const RELINK_LIMIT = 1024 * 1024;

export function isInput(file: WorkspaceFile): file is InputFile {
  return file.kind === "protoscope" || file.kind === "textformat" || file.kind === "bytes";
}

/** The input file that produces the bytes: the one named `active`, else the first input. */
export function activeInput(ws: Workspace): InputFile | undefined {
  let first: InputFile | undefined;
  for (const f of ws.files) {
    if (!isInput(f)) continue;
    if (f.name === ws.active) return f;
    first ??= f;
  }
  return first;
}

/** The `.proto` files, by name, as `compile()` takes them. */
export function protoSources(ws: Workspace): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of ws.files) if (f.kind === "proto") out[f.name] = f.text;
  return out;
}

/** Extensions of plain-text files (answers, notes, arena scripts): see TextFile. */
export const TEXT_EXTENSIONS: readonly string[] = [".txt", ".md", ".ops"];

/** The kind a file name suggests (`.proto`, `.protoscope`, `.txtpb`/`.textproto`/`.pbtxt`, `.txt`/`.md`/`.ops` text, else bytes). */
export function kindForName(name: string): FileKind {
  const lower = name.toLowerCase();
  if (lower.endsWith(".proto")) return "proto";
  if (lower.endsWith(".protoscope")) return "protoscope";
  if (lower.endsWith(".txtpb") || lower.endsWith(".textproto") || lower.endsWith(".pbtxt")) return "textformat";
  if (TEXT_EXTENSIONS.some((ext) => lower.endsWith(ext))) return "text";
  return "bytes";
}

/** Characters (or, for bytes, three per byte: their hex) a run has to read: what decides where it runs. */
export function workspaceSize(ws: Workspace): number {
  let n = 0;
  const active = activeInput(ws);
  for (const f of ws.files) {
    if (f.kind === "proto") n += f.text.length;
    else if (f === active) n += f.kind === "bytes" ? f.bytes.length * 3 : f.text.length;
  }
  return n;
}
