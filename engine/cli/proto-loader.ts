/**
 * Reads .proto files from disk the way protoc finds them: each file named on the command line is
 * mapped to its import path inside one of the -I directories (default "."), and its imports are
 * looked up in the -I directories in order, recursively. Well-known types
 * (google/protobuf/*.proto) that are not on disk are left to the compiler, which has them built
 * in. Files that cannot be found are left out; the compiler then reports protoc's
 * "File not found." / "Import ... was not found or had errors.".
 */
import { parseProto } from "../schema/parser.ts";
import type { CliIO } from "./io.ts";

export interface ProtoWorkspace {
  /** Import path -> text, for compile(). */
  files: Record<string, string>;
  /** The import paths of the files named on the command line, in order. */
  roots: string[];
  /** Files named on the command line that are in no -I directory. */
  outside: string[];
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
 * or undefined when no -I dir holds it (protoc refuses such files too).
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

export function loadProtoWorkspace(paths: readonly string[], importDirs: readonly string[], io: CliIO): ProtoWorkspace {
  const dirs = importDirs.length > 0 ? importDirs : ["."];
  const files: Record<string, string> = {};
  const roots: string[] = [];
  const outside: string[] = [];
  const queue: string[] = [];
  for (const p of paths) {
    const name = importPathOf(p, dirs);
    if (name === undefined) {
      outside.push(p);
      continue;
    }
    roots.push(name);
    const text = tryRead(io, p) ?? tryRead(io, join(dirs[0]!, name));
    if (text !== undefined && !(name in files)) {
      files[name] = text;
      queue.push(name);
    }
  }
  const seen = new Set(Object.keys(files));
  while (queue.length > 0) {
    const name = queue.shift()!;
    for (const dep of parseProto(name, files[name]!).proto.dependency) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      for (const dir of dirs) {
        const text = tryRead(io, join(dir, dep));
        if (text !== undefined) {
          files[dep] = text;
          queue.push(dep);
          break;
        }
      }
    }
  }
  return { files, roots, outside };
}

/** Just the files of loadProtoWorkspace (import path -> text). */
export function loadProtoFiles(paths: readonly string[], importDirs: readonly string[], io: CliIO): Record<string, string> {
  return loadProtoWorkspace(paths, importDirs, io).files;
}
