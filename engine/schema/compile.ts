/**
 * compile(): a workspace of .proto texts to diagnostics, descriptors and a registry.
 *
 * Files are loaded the way protoc loads them: each root, then (depth first, in import order) the
 * files it imports, each parsed once. A file with syntax errors is not linked (protoc stops after
 * parse errors in a file); a file whose import failed reports `Import "x" was not found or had
 * errors.`; import cycles report protoc's "File recursively imports itself" message. Unlike the
 * protoc command, which stops at the first root that fails, every root is compiled so an editor
 * sees every file's problems.
 *
 * Cost: linear in the size of the workspace (one pass to parse, one to link, hash-map symbol
 * lookups), so it can run on every keystroke.
 */
import { create, createFileRegistry, type FileRegistry } from "@bufbuild/protobuf";
import type { FieldDescriptorProto, FileDescriptorProto, FileDescriptorSet } from "@bufbuild/protobuf/wkt";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import type { Diagnostic } from "../diagnostics.ts";
import { noSpan } from "../diagnostics.ts";
import { FileBuilder, finalizeDescriptor, forEachField } from "./linker.ts";
import { FIRST_RESERVED, LAST_RESERVED } from "./names.ts";
import { toSourceCodeInfo } from "./locations.ts";
import type { ParsedFile } from "./parser.ts";
import { parseProto } from "./parser.ts";
import type { PoolFile } from "./symbol-pool.ts";
import { SymbolPool } from "./symbol-pool.ts";
import { addLinkedFile, wellKnownFile } from "./wkt.ts";

export interface CompileOptions {
  /**
   * The files to compile, like the files named on protoc's command line; the others are only
   * compiled when imported. Default: every file given.
   */
  roots?: string[];
  /**
   * Also report protoc's "Import x is unused." warnings for the roots (severity "warning").
   * Default false: the editor and lint have buf's IMPORT_USED rule for this.
   */
  warnUnusedImports?: boolean;
  /**
   * Build `registry` (about 5 % of the time for a large workspace, and its memory). Default true;
   * callers that only read `fileSet` (the breaking-change check) turn it off.
   */
  registry?: boolean;
}

export interface CompileResult {
  /** Syntax and link errors in protoc's words, in protoc's order, each with `span.file`. */
  diagnostics: Diagnostic[];
  /**
   * The workspace files that compiled without errors (imports before importers, well-known
   * types left out), each with SourceCodeInfo. Files with errors are left out, and so are files
   * that import them.
   */
  fileSet: FileDescriptorSet;
  /**
   * A registry of every compiled file and the well-known types they use; undefined if none
   * compiled or `options.registry` is false.
   */
  registry: FileRegistry | undefined;
  /** Every parsed workspace file (roots and whatever they import), in load order. */
  files: ParsedFile[];
}

export function compile(files: Record<string, string>, options: CompileOptions = {}): CompileResult {
  const roots = options.roots ?? Object.keys(files);
  const rootSet = new Set(roots);
  const pool = new SymbolPool();
  const diagnostics: Diagnostic[] = [];
  const parsed = new Map<string, ParsedFile>();
  const built = new Map<string, PoolFile | null>();
  const pending: string[] = [];
  const order: PoolFile[] = [];
  const workspaceOk: FileDescriptorProto[] = [];

  const load = (name: string): PoolFile | undefined => {
    if (built.has(name)) return built.get(name) ?? undefined;
    const text = files[name];
    if (text === undefined) {
      const known = wellKnownFile(name);
      if (known) {
        const deps = known.dependency.map((d) => load(d));
        const file = addLinkedFile(pool, known, deps.filter((d): d is PoolFile => d !== undefined));
        built.set(name, file);
        order.push(file);
        return file;
      }
      const d: Diagnostic = {
        code: "protoc/file-not-found",
        severity: "error",
        message: "File not found.",
        span: noSpan(name),
      };
      diagnostics.push(d);
      built.set(name, null);
      return undefined;
    }
    let file = parsed.get(name);
    if (!file) {
      file = parseProto(name, text);
      parsed.set(name, file);
      diagnostics.push(...file.diagnostics);
    }
    if (file.hadErrors) {
      built.set(name, null);
      return undefined;
    }
    const cycleAt = pending.indexOf(name);
    if (cycleAt >= 0) {
      reportCycle(file, pending, cycleAt, diagnostics);
      return undefined;
    }
    pending.push(name);
    const deps = file.proto.dependency.map((d) => load(d));
    const optionDeps = file.proto.optionDependency.map((d) => load(d));
    pending.pop();
    if (built.has(name)) return built.get(name) ?? undefined;
    const builder = new FileBuilder(pool, { parsed: file, deps, optionDeps, root: rootSet.has(name), warnUnusedImports: options.warnUnusedImports === true && rootSet.has(name) });
    const ok = builder.build();
    diagnostics.push(...builder.diagnostics);
    if (!ok) {
      built.set(name, null);
      return undefined;
    }
    finalizeDescriptor(file.proto);
    file.proto.sourceCodeInfo = toSourceCodeInfo(file.locations);
    built.set(name, builder.file);
    order.push(builder.file);
    workspaceOk.push(file.proto);
    return builder.file;
  };

  for (const root of roots) load(root);
  // protoc's command line checks the files it was given once all of them have built.
  if (roots.every((r) => built.get(r))) {
    for (const root of roots) {
      const file = built.get(root)!;
      if (!cliChecks(file.proto, diagnostics)) {
        const at = workspaceOk.indexOf(file.proto);
        if (at >= 0) workspaceOk.splice(at, 1);
        const o = order.indexOf(file);
        if (o >= 0) order.splice(o, 1);
      }
    }
  }

  let registry: FileRegistry | undefined;
  if (order.length > 0 && options.registry !== false) {
    try {
      registry = createFileRegistry(create(FileDescriptorSetSchema, { file: order.map((f) => f.proto) }));
    } catch {
      registry = undefined;
    }
  }
  return {
    diagnostics,
    fileSet: create(FileDescriptorSetSchema, { file: workspaceOk }),
    registry,
    files: [...parsed.values()],
  };
}

function reportCycle(file: ParsedFile, pending: string[], from: number, diagnostics: Diagnostic[]): void {
  const chain = [...pending.slice(from), file.name].join(" -> ");
  const importName = from < pending.length - 1 ? pending[from + 1]! : file.name;
  const loc = file.errorLocations.imports.get(importName);
  const d: Diagnostic = {
    code: "protoc/import-cycle",
    severity: "error",
    message: `File recursively imports itself: ${chain}`,
    span: loc
      ? { kind: "text", file: file.name, start: toPos(loc.start), end: toPos(loc.end ?? loc.start) }
      : noSpan(file.name),
  };
  diagnostics.push(d);
}

function toPos(p: { line: number; column: number; offset: number }) {
  return { offset: p.offset, line: p.line + 1, column: p.column + 1 };
}

/**
 * What protoc 36's command line checks after compiling (CommandLineInterface::Run): a warning for
 * the deprecated generic services options, and an error, without a position, for each field
 * numbered 19000-19999 (the descriptor builder no longer refuses them). False if it found an error.
 */
function cliChecks(file: FileDescriptorProto, diagnostics: Diagnostic[]): boolean {
  const o = file.options;
  if (o?.ccGenericServices || o?.javaGenericServices || o?.pyGenericServices) {
    diagnostics.push({
      code: "protoc/generic-services",
      severity: "warning",
      message:
        "Generic services (cc_generic_services, java_generic_services, and py_generic_services) are deprecated in favor of using plugins that generate code specific to your particular RPC system. Additional code generator options may be required to enable generic services and total removal of these options is planned in future breaking releases.",
      span: noSpan(file.name),
    });
  }
  let ok = true;
  const check = (f: FieldDescriptorProto) => {
    if (f.number < FIRST_RESERVED || f.number > LAST_RESERVED) return;
    ok = false;
    diagnostics.push({
      code: "protoc/invalid-number",
      severity: "error",
      message: `Field numbers ${FIRST_RESERVED} through ${LAST_RESERVED} are reserved for the protocol buffer library implementation.`,
      span: noSpan(file.name),
    });
  };
  forEachField(file, check);
  return ok;
}
