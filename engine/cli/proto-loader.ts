/**
 * Reads .proto files from disk the way protoc finds them: each file named on the command line is
 * mapped to its import path inside one of the -I directories (default "."), or taken as an import
 * path when it is not a file as named (resolveInput), and its imports are looked up in the -I
 * directories in order, recursively. Well-known types
 * (google/protobuf/*.proto) that are not on disk are left to the compiler, which has them built
 * in. Files that cannot be found are left out; the compiler then reports protoc's
 * "File not found." / "Import ... was not found or had errors.".
 */
import type { Diagnostic } from "../diagnostics.ts";
import { spanFile } from "../diagnostics.ts";
import { parseProto } from "../schema/parser.ts";
import type { CliIO } from "./io.ts";

export interface ProtoWorkspace {
  /** Import path -> text, for compile(). */
  files: Record<string, string>;
  /** The import paths of the files named on the command line, in order. */
  roots: string[];
  /**
   * Import path -> where it was read (the -I directory joined with it): protoc 36 names a file
   * found on disk by this path in its messages; the well-known types it builds in keep their
   * import paths.
   */
  diskPaths: Record<string, string>;
  /** Files named on the command line that are in no -I directory (one of `problems`' causes). */
  outside: string[];
  /**
   * Why a file named on the command line cannot be used, one line each in protoc's words (it is
   * nowhere, it is outside every -I directory, or another file shadows it); empty when all are
   * found. A command prints these and exits 1.
   */
  problems: string[];
}

const decoder = new TextDecoder();

function normalize(path: string): string {
  const absolute = path.startsWith("/");
  const parts: string[] = [];
  for (const part of path.replace(/\\/g, "/").split("/")) {
    if (part === "" || part === ".") continue;
    if (part === ".." && parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop();
    else parts.push(part);
  }
  return (absolute ? "/" : "") + parts.join("/");
}

/**
 * The import path of a file given on the command line: relative to the first -I dir holding it,
 * or undefined when no -I dir holds it (as a path: the same prefix, as protoc compares them).
 */
export function importPathOf(path: string, importDirs: readonly string[]): string | undefined {
  const file = normalize(path);
  for (const dir of importDirs.length > 0 ? importDirs : ["."]) {
    const d = normalize(dir);
    if (d === "") {
      if (!file.startsWith("/") && !file.startsWith("../")) return file;
    } else if (file.startsWith(d + "/")) return file.slice(d.length + 1);
  }
  return undefined;
}

function tryRead(io: CliIO, path: string): string | undefined {
  try {
    return decoder.decode(io.readFile(path));
  } catch {
    return undefined;
  }
}

function join(dir: string, name: string): string {
  const d = normalize(dir);
  return d === "" ? name : `${d}/${name}`;
}

/** The first -I dir holding `name` as an import path: its disk path and text. */
function findVirtual(io: CliIO, name: string, dirs: readonly string[]): { disk: string; text: string } | undefined {
  for (const dir of dirs) {
    const disk = join(dir, name);
    const text = tryRead(io, disk);
    if (text !== undefined) return { disk, text };
  }
  return undefined;
}

const OUTSIDE =
  ": File does not reside within any path specified using --proto_path (or -I).  You must specify a --proto_path which encompasses this file.  Note that the proto_path must be an exact prefix of the .proto file names -- protoc is too dumb to figure out when two paths (e.g. absolute and relative) are equivalent (it's harder than you think).";

/**
 * A file named on the command line, found as protoc finds it: a file that exists as named is
 * mapped into the first -I directory whose path is a prefix of it (and must not be shadowed by
 * the same import path in an earlier one); a file that does not exist as named, or that no -I
 * directory holds, is taken as an import path and looked up in the -I directories, so
 * `cd elsewhere && wirelab descriptor a/m.proto -I ../root` works as `protoc` does.
 */
export function resolveInput(
  path: string,
  importDirs: readonly string[],
  io: CliIO,
): { name: string; text: string; disk: string } | { problem: string; outside: boolean } {
  const dirs = importDirs.length > 0 ? importDirs : ["."];
  const onDisk = tryRead(io, path);
  const asImport = () => {
    const name = normalize(path);
    if (name.startsWith("/") || name.startsWith("../")) return undefined;
    const found = findVirtual(io, name, dirs);
    return found && { name, text: found.text, disk: found.disk };
  };
  if (onDisk === undefined) {
    return asImport() ?? { problem: `Could not make proto path relative: ${path}: No such file or directory`, outside: false };
  }
  const name = importPathOf(path, dirs);
  if (name === undefined) return asImport() ?? { problem: path + OUTSIDE, outside: true };
  const first = findVirtual(io, name, dirs);
  if (first !== undefined && normalize(first.disk) !== normalize(path)) {
    return {
      problem: `${path}: Input is shadowed in the --proto_path by "${first.disk}".  Either use the latter file as your input or reorder the --proto_path so that the former file's location comes first.`,
      outside: false,
    };
  }
  return { name, text: onDisk, disk: first?.disk ?? normalize(path) };
}

export function loadProtoWorkspace(paths: readonly string[], importDirs: readonly string[], io: CliIO): ProtoWorkspace {
  const dirs = importDirs.length > 0 ? importDirs : ["."];
  const files: Record<string, string> = {};
  const diskPaths: Record<string, string> = {};
  const roots: string[] = [];
  const outside: string[] = [];
  const problems: string[] = [];
  const queue: string[] = [];
  for (const p of paths) {
    const found = resolveInput(p, dirs, io);
    if ("problem" in found) {
      problems.push(found.problem);
      if (found.outside) outside.push(p);
      continue;
    }
    roots.push(found.name);
    if (!(found.name in files)) {
      files[found.name] = found.text;
      diskPaths[found.name] = found.disk;
      queue.push(found.name);
    }
  }
  const seen = new Set(Object.keys(files));
  while (queue.length > 0) {
    const name = queue.shift()!;
    const { proto } = parseProto(name, files[name]!);
    // Option imports (edition 2024) are read too, when there: their options resolve through them.
    for (const dep of [...proto.dependency, ...proto.optionDependency]) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      const found = findVirtual(io, dep, dirs);
      if (found !== undefined) {
        files[dep] = found.text;
        diskPaths[dep] = found.disk;
        queue.push(dep);
      }
    }
  }
  return { files, roots, diskPaths, outside, problems };
}

/** Just the files of loadProtoWorkspace (import path -> text). */
export function loadProtoFiles(paths: readonly string[], importDirs: readonly string[], io: CliIO): Record<string, string> {
  return loadProtoWorkspace(paths, importDirs, io).files;
}

/** A schema diagnostic's file as protoc 36 prints it: the path it was read from, when on disk. */
export function shownFile(workspace: Pick<ProtoWorkspace, "diskPaths">, d: Diagnostic): string {
  const file = spanFile(d.span) ?? "";
  return workspace.diskPaths[file] ?? file;
}
