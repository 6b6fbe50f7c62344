/** The reference tools the fuzz targets compare against, found once per process. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { threadId } from "node:worker_threads";
import { findTool, protoc36Include, type ToolName } from "../engine/testing/tools.ts";

const found = new Map<string, string | undefined>();

export function tool(name: ToolName): string | undefined {
  if (!found.has(name)) found.set(name, findTool(name));
  return found.get(name);
}

export function toolsAvailable(names: readonly string[]): boolean {
  return names.every((n) => (n === "protoc-36-include" ? protoc36IncludeDir() !== undefined : tool(n as ToolName) !== undefined));
}

let include: string | undefined | null = null;
/** protoc 36.2's well-known types, unpacked once. */
export function protoc36IncludeDir(): string | undefined {
  if (include === null) include = tool("protoc-36") ? protoc36Include() : undefined;
  return include;
}

let scratch: string | undefined;
/**
 * A temporary folder for the reference tools' input and output files, one per thread: inside
 * the runner's (WIRELAB_FUZZ_SCRATCH, removed when it ends), or a new one.
 */
/**
 * A fresh folder `name` in the scratch folder holding `files` (paths relative to it, folders made
 * as needed), for a reference tool to read; returns its path.
 */
export function writeWorkspace(name: string, files: Readonly<Record<string, string>>): string {
  const dir = join(scratchDir(), name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

export function scratchDir(): string {
  if (scratch === undefined) {
    const base = process.env.WIRELAB_FUZZ_SCRATCH;
    if (base) mkdirSync((scratch = join(base, `t${threadId}`)), { recursive: true });
    else scratch = mkdtempSync(join(tmpdir(), "wirelab-fuzz-"));
  }
  return scratch;
}
