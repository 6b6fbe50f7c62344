/**
 * The workspace's schema: every `.proto` file compiled together (imports between them resolve by
 * file name), protoc's errors, buf's lint findings with their fixes, the message types and the
 * symbol table for hovers.
 */
import type { FileRegistry } from "@bufbuild/protobuf";
import type { Diagnostic } from "../diagnostics.ts";
import { compile, declaredMessageTypes } from "../schema/index.ts";
import { fixesForEnumCollision, lint, RULES, UNIMPLEMENTED_DEFAULT_RULES } from "../schema/lint/index.ts";
import { buildSymbols } from "./declarations.ts";
import type { SchemaSymbol } from "./types.ts";

export interface CompiledSchema {
  /** protoc-worded compile errors, then buf-worded lint findings (with fixes). Text spans name their file. */
  diagnostics: Diagnostic[];
  /** Every file that compiled (a file with errors, and its importers, are left out); undefined when none did. */
  registry: FileRegistry | undefined;
  /** Fully-qualified names of the messages (map entries left out), sorted. */
  messageTypes: string[];
  symbols: SchemaSymbol[];
}

/**
 * buf's DEFAULT lint rules, less PACKAGE_DIRECTORY_MATCH: a workspace's files have no directory
 * to match (the CLI, linting real folders, keeps it). A function, not a constant: the lint
 * modules import each other, and a bundle may evaluate this module before RULES is defined.
 */
export function workspaceLintRules(): string[] {
  return RULES.filter((r) => r.inDefault && r.id !== "PACKAGE_DIRECTORY_MATCH" && !UNIMPLEMENTED_DEFAULT_RULES.includes(r.id)).map((r) => r.id);
}

export interface SchemaOptions {
  /**
   * The files to compile, as protoc's command line names them (import paths); the others are
   * compiled only when imported. Default: every file (the app's workspace).
   */
  roots?: readonly string[];
  /** Run buf's lint rules after a clean compile. Default true (the app); the CLI's commands pass false. */
  lint?: boolean;
  /** Build the hover symbol table. Default true (the app); the CLI's commands pass false. */
  symbols?: boolean;
}

/** Compiles (and, unless `options.lint` is false, lints) the `.proto` files (name -> text). */
export function compileSchema(files: Record<string, string>, options: SchemaOptions = {}): CompiledSchema {
  const compiled = compile(files, options.roots ? { roots: [...options.roots] } : {});
  const names = Object.keys(files);
  const diagnostics = compiled.diagnostics.map((d) => {
    // protoc's enum-scoping clash: offer the prefixing fix buf's ENUM_VALUE_PREFIX would.
    if (d.fixes?.length || d.span.kind !== "text" || !d.notes?.some((n) => n.includes("C++ scoping"))) return d;
    const fixes = fixesForEnumCollision(files, { file: d.span.file ?? names[0]!, offset: d.span.start.offset });
    return fixes.length > 0 ? { ...d, fixes } : d;
  });
  if (options.lint !== false && compiled.registry && !compiled.diagnostics.some((d) => d.severity === "error")) {
    diagnostics.push(...lint(compiled.fileSet, { sources: files, rules: workspaceLintRules() }));
  }
  // The registry's messages, and those the files declare even where they do not compile: a typo
  // in one field must not empty the type picker (the parser recovers; see message-names.ts).
  const types = new Set(declaredMessageTypes(compiled.files));
  if (compiled.registry) {
    for (const desc of compiled.registry) {
      if (desc.kind === "message" && !desc.proto.options?.mapEntry) types.add(desc.typeName);
    }
  }
  const messageTypes = [...types].sort();
  const symbols = options.symbols === false ? [] : buildSymbols(compiled.registry, compiled.files);
  return { diagnostics, registry: compiled.registry, messageTypes, symbols };
}

/**
 * A schema that is already compiled (a FileDescriptorSet's registry, as `--descriptor-set` reads
 * one): no diagnostics, its message types, no symbols (there is no text to point into).
 */
export function registrySchema(registry: FileRegistry): CompiledSchema {
  const types: string[] = [];
  for (const desc of registry) {
    if (desc.kind === "message" && !desc.proto.options?.mapEntry) types.push(desc.typeName);
  }
  return { diagnostics: [], registry, messageTypes: types.sort(), symbols: [] };
}
