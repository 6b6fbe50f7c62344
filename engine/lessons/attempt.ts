/**
 * An attempt: the learner's files and what the engine makes of them, each computed once, on first
 * use. Checks are pure functions of an attempt.
 *
 * The files are a workspace (`.proto` schemas, `.protoscope` text, `.txtpb` text-format messages;
 * other files, such as arena scripts, are read as text), and every result comes from the one
 * pipeline the app runs, `runWorkspace`, with one `WorkspaceCache` the attempt owns: so a check
 * grades exactly the bytes, annotations and diagnostics the app shows for the same files (the
 * protoscope assembler recovering after an error, as in the editor; the schema compiled and
 * linted with the workspace's rules, buf's DEFAULT set less PACKAGE_DIRECTORY_MATCH).
 */
import type { DescMessage, FileRegistry } from "@bufbuild/protobuf";
import type { FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import type { AnnotationList } from "../annotate/types.ts";
import type { Diagnostic } from "../diagnostics.ts";
import { createWorkspaceCache, runWorkspace, workspaceLintRules, workspaceSchema, type WorkspaceCache } from "../workspace/index.ts";
import { kindForName, type Workspace, type WorkspaceFile, type WorkspaceResult } from "../workspace/types.ts";
import { parseArenaOps, simulateArena, type ArenaMode, type ArenaTrace } from "../arena/index.ts";
import { readFields, type WireFields } from "./wire-fields.ts";

/**
 * The bytes a `.hex` file spells: pairs of hex digits, with spaces, new lines and `#` comments
 * between them; undefined when anything else is in it.
 */
export function hexText(text: string): Uint8Array | undefined {
  const digits = text.replace(/#.*$/gm, "").replace(/\s+/g, "");
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(digits)) return undefined;
  const out = new Uint8Array(digits.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** What a protoscope file of the attempt assembles to, as the workspace run shows it. */
export interface AssembledFile {
  bytes: Uint8Array;
  /** The assembler's tree: every node has the `source` range of the text that made it. */
  annotations: AnnotationList;
  /** The file's diagnostics (the assembler reports every error, recovering after each). */
  diagnostics: Diagnostic[];
}

export interface EncodeResult {
  bytes: Uint8Array;
  annotations: AnnotationList;
  diagnostics: Diagnostic[];
  /** Set when the schema does not compile or has no such type. */
  problem?: string;
}

/** The attempt's `.proto` files as the workspace run compiled and linted them. */
export interface AttemptSchema {
  /** protoc's diagnostics (codes `protoc/...`), file by file. */
  compileDiagnostics: Diagnostic[];
  /** buf's findings for the rules asked, in the order the workspace run reports them. */
  lintDiagnostics: Diagnostic[];
  /** True when protoc reports an error (buf then lints nothing, as `buf lint` would not). */
  failed: boolean;
  /** The descriptors of the files that compiled (none when a file has an error). */
  files: FileDescriptorProto[];
  registry: FileRegistry | undefined;
}

export class Attempt {
  private readonly memo = new Map<string, unknown>();
  private readonly cache: WorkspaceCache = createWorkspaceCache();

  /**
   * `files`: file name -> text, as the learner wrote them; `against`: the exercise's v1 schema
   * (the version stored bytes were written with), when it has one.
   */
  constructor(
    readonly files: Readonly<Record<string, string>>,
    readonly against: Readonly<Record<string, string>> = {},
  ) {}

  private once<T>(key: string, compute: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, compute());
    return this.memo.get(key) as T;
  }

  /** The text of one file ("" when the learner has not got it). */
  text(name: string): string {
    return this.files[name] ?? "";
  }

  /** The files as a workspace whose input is `active` (a text-format input read as `messageType`). */
  workspace(active = "", messageType = ""): Workspace {
    const files: WorkspaceFile[] = [];
    for (const [name, text] of Object.entries(this.files)) {
      const kind = kindForName(name);
      if (kind === "proto" || kind === "text") files.push({ kind, name, text });
      else if (kind === "protoscope") files.push({ kind, name, text, messageType: name === active ? messageType : "" });
      else if (kind === "textformat") files.push({ kind, name, text, messageType: name === active ? messageType : "" });
      else if (name.endsWith(".hex")) {
        // Given bytes (a read exercise's), written as hex digits so they stay text in a lesson folder.
        const bytes = hexText(text);
        if (bytes) files.push({ kind: "bytes", name, bytes, messageType: name === active ? messageType : "" });
      }
    }
    return { files, active };
  }

  /** The engine's run over the attempt with `active` producing the bytes: what the app shows. */
  run(active = "", messageType = ""): WorkspaceResult {
    return this.once(`run:${active}\u0000${messageType}`, () => runWorkspace(this.workspace(active, messageType), this.cache));
  }

  /** The first error of a diagnostics list, formatted "line:col: message". */
  static firstError(diagnostics: readonly Diagnostic[]): string | undefined {
    const d = diagnostics.find((x) => x.severity === "error");
    if (!d) return undefined;
    const where = d.span.kind === "text" ? `${d.span.file ? d.span.file + ":" : ""}${d.span.start.line}:${d.span.start.column}` : d.span.kind === "bytes" ? `byte ${d.span.start}` : "";
    return `${where}: ${d.message}`;
  }

  /** A protoscope file assembled to bytes, with its annotation tree and diagnostics. */
  assemble(name: string): AssembledFile {
    return this.once(`assemble:${name}`, () => {
      if (!(name in this.files)) return { bytes: new Uint8Array(0), annotations: [], diagnostics: [] };
      const r = this.run(name);
      return { bytes: r.bytes, annotations: r.annotations, diagnostics: r.diagnostics[name] ?? [] };
    });
  }

  /** The bytes of a file of the attempt: a `.hex` file's, or what a protoscope file assembles to. */
  bytes(name: string): Uint8Array {
    return this.once(`bytes:${name}`, () => (name.endsWith(".hex") ? (hexText(this.text(name)) ?? new Uint8Array(0)) : this.assemble(name).bytes));
  }

  /** Top-level fields of an assembled protoscope file. */
  fields(name: string): WireFields {
    return this.once(`fields:${name}`, () => readFields(this.assemble(name).bytes));
  }

  /**
   * The `.proto` files as the workspace run compiled and linted them; `rules` picks buf's findings
   * to look at ("default": every rule the workspace runs). Asking for a rule the workspace does
   * not run is a mistake in the lesson, not the learner's: it throws.
   */
  schema(rules: readonly string[] | "default" = "default"): AttemptSchema {
    const key = `schema:${rules === "default" ? rules : rules.join(",")}`;
    return this.once(key, () => {
      if (rules !== "default") {
        const run = new Set(workspaceLintRules());
        const missing = rules.filter((r) => !run.has(r));
        if (missing.length > 0) throw new Error(`the workspace does not lint with ${missing.join(", ")}`);
      }
      const result = this.run();
      const all = this.workspace().files.filter((f) => f.kind === "proto").flatMap((f) => result.diagnostics[f.name] ?? []);
      const compileDiagnostics = all.filter((d) => d.code.startsWith("protoc/"));
      const lintDiagnostics = all.filter((d) => !d.code.startsWith("protoc/") && (rules === "default" || rules.includes(d.code)));
      const registry = workspaceSchema(this.workspace(), this.cache)?.registry;
      const files = registry ? [...registry.files].map((f) => f.proto) : [];
      return { compileDiagnostics, lintDiagnostics, failed: compileDiagnostics.some((d) => d.severity === "error"), files, registry };
    });
  }

  /** A message type of the compiled schema, e.g. "log.LogEntry". */
  messageType(typeName: string): DescMessage | undefined {
    return this.schema().registry?.getMessage(typeName);
  }

  /** A text-format file encoded as `typeName` against the attempt's .proto files. */
  encode(name: string, typeName: string): EncodeResult {
    return this.once(`encode:${name}:${typeName}`, () => {
      const empty = { bytes: new Uint8Array(0), annotations: [], diagnostics: [] };
      const firstSchemaError = Attempt.firstError(this.schema().compileDiagnostics);
      if (firstSchemaError) return { ...empty, problem: `the schema does not compile: ${firstSchemaError}` };
      if (!this.messageType(typeName)) return { ...empty, problem: `the schema has no message type ${typeName}` };
      const r = this.run(name, typeName);
      return { bytes: r.bytes, annotations: r.annotations, diagnostics: r.diagnostics[name] ?? [] };
    });
  }

  /** An arena operation script (`alloc:24, reset, realloc:0:64`) run by engine/arena. */
  arena(name: string, mode: ArenaMode = "design"): { trace?: ArenaTrace; problem?: string } {
    return this.once(`arena:${name}:${mode}`, () => {
      const parsed = parseArenaOps(this.text(name));
      const error = Attempt.firstError(parsed.diagnostics);
      if (error) return { problem: `${name}:${error}` };
      return { trace: simulateArena(parsed.ops, mode) };
    });
  }
}
