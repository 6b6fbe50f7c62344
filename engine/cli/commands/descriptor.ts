/**
 * `wirelab descriptor F.proto... [-I DIR]... [-o SET.binpb] [--include-imports] [--include-source-info]`
 *
 * Compiles the files like `protoc --descriptor_set_out` and writes a FileDescriptorSet (binary).
 * Like protoc, only the named files are written unless --include-imports is given (then every
 * file they import comes first, the well-known types included), and SourceCodeInfo is left out
 * unless --include-source-info is given. Errors are printed in protoc's words and positions.
 * Unlike protoc, which stops at the first file that fails, every named file is compiled.
 */
import { clone, create, toBinary } from "@bufbuild/protobuf";
import type { FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import { FileDescriptorProtoSchema, FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { compile, formatSchemaDiagnostic } from "../../schema/index.ts";
import { wellKnownFile } from "../../schema/wkt.ts";
import { needs, parseCommandArgs, type Flags } from "../args.ts";
import type { CliIO } from "../io.ts";
import { loadProtoWorkspace, shownFile } from "../proto-loader.ts";

const USAGE = `usage: wirelab descriptor F.proto... [-I DIR]... [-o SET.binpb] [--include-imports] [--include-source-info]

Compiles .proto files like protoc and writes a FileDescriptorSet (binary protobuf), the same as
protoc --descriptor_set_out. Errors go to standard error as path:line:col: message.

  -I DIR, --proto_path=DIR   where files and their imports are looked up (repeatable; default .)
  -o FILE                    where to write the set (default: standard output)
  --include-imports          also write every imported file (dependencies first)
  --include-source-info      keep SourceCodeInfo (locations and comments)

Exit status: 0 ok, 1 the files have errors, 2 bad usage.
`;

interface Args {
  files: string[];
  includes: string[];
  out: string | undefined;
  includeImports: boolean;
  includeSourceInfo: boolean;
  help: boolean;
}

const FLAGS = {
  proto_path: {
    type: "string",
    short: "I",
    multiple: true,
    // As protoc: `--proto_path=` is an empty directory, `-I ""` a mistake.
    check: (v, arg) => (v === undefined || (v === "" && !arg.includes("=")) ? `${arg} needs a directory` : undefined),
  },
  output: { type: "string", short: "o", check: needs("-o needs a file name") },
  "include-imports": { type: "boolean", aliases: ["include_imports"] },
  "include-source-info": { type: "boolean", aliases: ["include_source_info"] },
} as const satisfies Flags;

function parseOptions(args: string[]): Args | string {
  const parsed = parseCommandArgs(args, FLAGS);
  if (parsed.help) return { files: [], includes: [], out: undefined, includeImports: false, includeSourceInfo: false, help: true };
  if (parsed.error !== undefined) return parsed.error;
  const { values, positionals } = parsed;
  return {
    files: positionals,
    includes: values.proto_path,
    out: values.output,
    includeImports: values["include-imports"],
    includeSourceInfo: values["include-source-info"],
    help: false,
  };
}

export async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseOptions(args);
  if (typeof parsed === "string") {
    io.stderr(`wirelab descriptor: ${parsed}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help) {
    io.stdout(USAGE);
    return 0;
  }
  if (parsed.files.length === 0) {
    io.stderr(`wirelab descriptor: no input files\n\n${USAGE}`);
    return 2;
  }
  const workspace = loadProtoWorkspace(parsed.files, parsed.includes, io);
  if (workspace.problems.length > 0) {
    // protoc stops at the first input it cannot place.
    io.stderr(workspace.problems[0] + "\n");
    return 1;
  }
  const result = compile(workspace.files, { roots: workspace.roots, warnUnusedImports: true });
  for (const d of result.diagnostics) io.stderr(formatSchemaDiagnostic(d, shownFile(workspace, d)) + "\n");
  if (result.diagnostics.some((d) => d.severity === "error")) return 1;

  const byName = new Map(result.fileSet.file.map((f) => [f.name, f]));
  const lookup = (name: string) => byName.get(name) ?? wellKnownFile(name);
  // Dependency order, as protoc writes it: a file after everything it imports. Without
  // --include-imports only the named files are written, and, as protoc does, the walk does not
  // go through a file that is not named: the direct imports of named files that are not named
  // count as seen from the start. So a named file reached only through an unnamed one keeps its
  // place on the command line (`c.proto a.proto`, c importing b importing a: c, then a).
  const named = new Set(workspace.roots);
  const chosen: FileDescriptorProto[] = [];
  const seen = new Set<string>();
  if (!parsed.includeImports) {
    for (const root of workspace.roots) for (const dep of lookup(root)?.dependency ?? []) if (!named.has(dep)) seen.add(dep);
  }
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const f = lookup(name);
    if (!f) return;
    for (const dep of f.dependency) visit(dep);
    if (parsed.includeImports || named.has(name)) chosen.push(f);
  };
  for (const root of workspace.roots) visit(root);
  const files = chosen.map((f) => {
    const c = clone(FileDescriptorProtoSchema, f);
    if (!parsed.includeSourceInfo) c.sourceCodeInfo = undefined;
    return c;
  });
  const bytes = toBinary(FileDescriptorSetSchema, create(FileDescriptorSetSchema, { file: files }));
  if (parsed.out === undefined || parsed.out === "-") io.stdoutBytes(bytes);
  else io.writeFile(parsed.out, bytes);
  return 0;
}
