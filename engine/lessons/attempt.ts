/**
 * An attempt: the learner's files and the engine's results over them, each computed once, on
 * first use. Checks are pure functions of an attempt. When the workspace pipeline
 * (engine/workspace) lands, its result joins these.
 */
import type { DescMessage } from "@bufbuild/protobuf";
import type { Annotation } from "../annotate/types.ts";
import type { Diagnostic } from "../diagnostics.ts";
import { assemble, type AssembleResult } from "../protoscope/index.ts";
import { checkWorkspace, type CheckResult as SchemaCheck } from "../schema/lint/index.ts";
import { encodeTextFormat } from "../schema/textformat/index.ts";
import { parseArenaOps, simulateArena, type ArenaMode, type ArenaTrace } from "../arena/index.ts";
import { readFields, type WireFields } from "./wire-fields.ts";

export interface EncodeResult {
  bytes: Uint8Array;
  annotations: Annotation[];
  diagnostics: Diagnostic[];
  /** Set when the schema does not compile or has no such type. */
  problem?: string;
}

export class Attempt {
  private readonly memo = new Map<string, unknown>();

  /** `files`: file name -> text, as the learner wrote them. */
  constructor(readonly files: Readonly<Record<string, string>>) {}

  private once<T>(key: string, compute: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, compute());
    return this.memo.get(key) as T;
  }

  /** The text of one file ("" when the learner has not got it). */
  text(name: string): string {
    return this.files[name] ?? "";
  }

  /** Protoscope text assembled to bytes, with annotations and at most one error. */
  assemble(name: string): AssembleResult {
    return this.once(`assemble:${name}`, () => assemble(this.text(name)));
  }

  /** The first error of a diagnostics list, formatted "line:col: message". */
  static firstError(diagnostics: readonly Diagnostic[]): string | undefined {
    const d = diagnostics.find((x) => x.severity === "error");
    if (!d) return undefined;
    const where = d.span.kind === "text" ? `${d.span.file ? d.span.file + ":" : ""}${d.span.start.line}:${d.span.start.column}` : d.span.kind === "bytes" ? `byte ${d.span.start}` : "";
    return `${where}: ${d.message}`;
  }

  /** Top-level fields of an assembled protoscope file. */
  fields(name: string): WireFields {
    return this.once(`fields:${name}`, () => readFields(this.assemble(name).bytes));
  }

  /** Every .proto file of the attempt compiled (protoc's errors) and linted (buf's DEFAULT rules). */
  schema(rules: readonly string[] | "default" = "default"): SchemaCheck {
    const key = `schema:${rules === "default" ? rules : rules.join(",")}`;
    return this.once(key, () => {
      const protos: Record<string, string> = {};
      for (const [name, text] of Object.entries(this.files)) if (name.endsWith(".proto")) protos[name] = text;
      return checkWorkspace(protos, { rules });
    });
  }

  /** A message type of the compiled schema, e.g. "log.LogEntry". */
  messageType(typeName: string): DescMessage | undefined {
    return this.schema().compiled.registry?.getMessage(typeName);
  }

  /** A text-format file encoded as `typeName` against the attempt's .proto files. */
  encode(name: string, typeName: string): EncodeResult {
    return this.once(`encode:${name}:${typeName}`, () => {
      const empty = { bytes: new Uint8Array(0), annotations: [], diagnostics: [] };
      const compiled = this.schema().compiled;
      const firstSchemaError = Attempt.firstError(compiled.diagnostics);
      if (firstSchemaError) return { ...empty, problem: `the schema does not compile: ${firstSchemaError}` };
      const type = compiled.registry?.getMessage(typeName);
      if (!type) return { ...empty, problem: `the schema has no message type ${typeName}` };
      return encodeTextFormat(this.text(name), type, compiled.registry);
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
