/**
 * `wirelab breaking NEW_DIR --against OLD_DIR [--use FILE|PACKAGE|WIRE_JSON|WIRE|RULE_ID]... [-I DIR]... [--json]`
 *
 * buf's breaking-change check between two versions of a module (every .proto file under each
 * directory, named by its path inside it), printed as `buf breaking NEW_DIR --against OLD_DIR`
 * prints it: `path:line:col:message` lines (paths as buf shows them: relative to the working
 * directory, or absolute when NEW_DIR is), or buf's `--error-format json` lines with --json.
 * Rules: --use, else NEW_DIR/buf.yaml's `breaking: use:` (and `except:`), else buf's default for a
 * module without buf.yaml (v1's FILE). Exit 100 when anything is found, 0 when nothing, 1 on
 * compile errors (printed as `wirelab lint` prints them) or unreadable directories, 2 on bad usage.
 */
import { readdirSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { Diagnostic } from "../../diagnostics.ts";
import { breaking, bufJson, bufText, compileForBreaking, selectBreakingRules, type BufConfigVersion } from "../../evolve/breaking.ts";
import { formatSchemaDiagnostic } from "../../schema/format.ts";
import { needs, parseCommandArgs, type Flags } from "../args.ts";
import type { CliIO } from "../io.ts";

const USAGE = `usage: wirelab breaking NEW_DIR --against OLD_DIR [--use RULE]... [-I DIR]... [--json]

buf's breaking-change check (buf 1.75): every .proto file under NEW_DIR against the same paths
under OLD_DIR. Prints what \`buf breaking NEW_DIR --against OLD_DIR\` prints, one finding a line:
path:line:col:message.

  --against OLD_DIR          the old version (required)
  --use RULE                 a category (FILE, PACKAGE, WIRE_JSON, WIRE) or a rule id; repeatable,
                             or comma-separated. Default: NEW_DIR/buf.yaml's breaking use (and
                             except), else FILE (buf's default for a module without buf.yaml)
  -I DIR, --proto_path=DIR   where imports that are in neither module are found (repeatable);
                             files found there are imports, not part of the module
  --json                     buf's --error-format json lines instead: {"path","start_line",
                             "start_column","end_line","end_column","type","message"}
  --error-format text|json   the same choice in buf's spelling
  --list-rules               print the rules (id, categories, buf's description) and exit

Exit status: 100 when anything is found, 0 when nothing, 1 on compile errors, 2 on bad usage.
`;

interface Parsed {
  newDir: string | undefined;
  againstDir: string | undefined;
  use: string[];
  includes: string[];
  json: boolean;
  help: boolean;
  listRules: boolean;
}

const FLAGS = {
  against: { type: "string", check: needs("--against needs a directory") },
  use: { type: "string", multiple: true, check: needs("--use needs a category or rule id") },
  proto_path: { type: "string", short: "I", multiple: true, check: needs("-I needs a directory") },
  "error-format": { type: "string", check: (v) => (v === "json" || v === "text" ? undefined : "--error-format is text or json") },
  json: { type: "boolean" },
  "list-rules": { type: "boolean" },
} as const satisfies Flags;

function parseOptions(args: string[]): Parsed | string {
  const parsed = parseCommandArgs(args, FLAGS, {
    positional: (a, earlier) => (earlier.length > 0 ? `one NEW_DIR only (got ${earlier[0]} and ${a})` : undefined),
  });
  if (parsed.help) return { newDir: undefined, againstDir: undefined, use: [], includes: [], json: false, help: true, listRules: false };
  if (parsed.error !== undefined) return parsed.error;
  const { values, positionals, uses } = parsed;
  // --json and --error-format: the last one given counts.
  const format = uses.filter((u) => u.name === "json" || u.name === "error-format").at(-1);
  return {
    newDir: positionals[0],
    againstDir: values.against,
    use: values.use.flatMap((v) => v.split(",").map((s) => s.trim()).filter((s) => s !== "")),
    includes: values.proto_path,
    json: format !== undefined && format.value !== "text",
    help: false,
    listRules: values["list-rules"],
  };
}

/**
 * buf.yaml's version and `breaking:` use and except lists (block or flow style); `use` is
 * undefined when the file has none. Other keys (modules, lint, deps) are not read.
 */
export function readBufYaml(text: string): { version: BufConfigVersion; use: string[] | undefined; except: string[] } {
  let version: BufConfigVersion = "v1beta1";
  let use: string[] | undefined;
  const except: string[] = [];
  let inBreaking = false;
  let list: string[] | undefined;
  const items = (flow: string) =>
    flow
      .replace(/^\[|\]$/g, "")
      .split(",")
      .map((s) => s.trim().replace(/^["']|["']$/g, ""))
      .filter((s) => s !== "");
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\s+#.*$/, "").replace(/^#.*$/, "");
    if (line.trim() === "") continue;
    const top = /^(\w+):\s*(.*)$/.exec(line);
    if (top) {
      inBreaking = top[1] === "breaking";
      list = undefined;
      if (top[1] === "version") {
        const v = top[2]!.trim().replace(/^["']|["']$/g, "");
        if (v === "v1" || v === "v2" || v === "v1beta1") version = v;
      }
      continue;
    }
    if (!inBreaking) continue;
    const key = /^\s+(\w+):\s*(.*)$/.exec(line);
    if (key) {
      list = key[1] === "use" ? (use = []) : key[1] === "except" ? except : undefined;
      if (list !== undefined && key[2]!.trim() !== "") list.push(...items(key[2]!.trim()));
      continue;
    }
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (item && list !== undefined) list.push(item[1]!.trim().replace(/^["']|["']$/g, ""));
  }
  return { version, use, except };
}

/** Every .proto file under `dir`, by its path inside it ("/"-separated), sorted. */
function protoFiles(dir: string): string[] {
  const out: string[] = [];
  const stack = [""];
  while (stack.length > 0) {
    const sub = stack.pop()!;
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = sub === "" ? entry.name : `${sub}/${entry.name}`;
      if (entry.isDirectory()) stack.push(rel);
      else if (entry.name.endsWith(".proto") && (entry.isFile() || statSync(join(dir, rel)).isFile())) out.push(rel);
    }
  }
  return out.sort();
}

const IMPORT = /^\s*import\s+(?:public\s+|weak\s+)?"([^"]+)"\s*;/gm;

/** A version of the module: its files, and the imports found in the -I directories. */
interface Version {
  /** Import path -> text (module files and imports found under -I). */
  sources: Record<string, string>;
  moduleFiles: string[];
  /** Import path -> the directory it was read from (the module's, or an -I one). */
  dirOf: Map<string, string>;
}

function readVersion(dir: string, includes: readonly string[], io: CliIO): Version {
  const decoder = new TextDecoder();
  const sources: Record<string, string> = {};
  const dirOf = new Map<string, string>();
  const moduleFiles = protoFiles(dir);
  for (const f of moduleFiles) {
    sources[f] = decoder.decode(io.readFile(join(dir, f)));
    dirOf.set(f, dir);
  }
  if (includes.length > 0) {
    // Imports the module lacks, looked up in the -I directories in order (the compiler reports
    // any found nowhere; well-known types are built in).
    const queue = [...moduleFiles];
    while (queue.length > 0) {
      const text = sources[queue.pop()!]!;
      for (const m of text.matchAll(IMPORT)) {
        const name = m[1]!;
        if (dirOf.has(name)) continue;
        for (const inc of includes) {
          try {
            sources[name] = decoder.decode(io.readFile(join(inc, name)));
          } catch {
            continue;
          }
          dirOf.set(name, inc);
          queue.push(name);
          break;
        }
      }
    }
  }
  return { sources, moduleFiles, dirOf };
}

function printDiagnostics(diagnostics: readonly Diagnostic[], shown: (file: string) => string, io: CliIO): void {
  for (const d of diagnostics) {
    const file = d.span.kind === "bytes" ? undefined : d.span.file;
    const span = file === undefined || d.span.kind === "bytes" ? d.span : { ...d.span, file: shown(file) };
    io.stderr(formatSchemaDiagnostic({ ...d, span }) + "\n");
  }
}

export async function run(args: string[], io: CliIO, cwd: string = process.cwd()): Promise<number> {
  const parsed = parseOptions(args);
  if (typeof parsed === "string") {
    io.stderr(`wirelab breaking: ${parsed}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help) {
    io.stdout(USAGE);
    return 0;
  }
  if (parsed.listRules) {
    const { BREAKING_RULES } = await import("../../evolve/breaking.ts");
    for (const r of BREAKING_RULES) io.stdout(`${r.id.padEnd(47)} ${r.categories.join(", ").padEnd(30)} ${r.purpose}\n`);
    return 0;
  }
  if (parsed.newDir === undefined || parsed.againstDir === undefined) {
    io.stderr(`wirelab breaking: ${parsed.newDir === undefined ? "NEW_DIR" : "--against OLD_DIR"} is required\n\n${USAGE}`);
    return 2;
  }
  const newDir = resolve(cwd, parsed.newDir);
  const oldDir = resolve(cwd, parsed.againstDir);
  for (const [given, dir] of [
    [parsed.newDir, newDir],
    [parsed.againstDir, oldDir],
  ] as const) {
    let ok: boolean;
    try {
      ok = statSync(dir).isDirectory();
    } catch {
      ok = false;
    }
    if (!ok) {
      io.stderr(`wirelab breaking: ${given}: not a directory\n`);
      return 1;
    }
  }

  // Rules: --use, else buf.yaml in NEW_DIR, else buf's default for a module without one (v1, FILE).
  let use: string[] = ["FILE"];
  let except: string[] = [];
  let version: BufConfigVersion = parsed.use.length > 0 ? "v2" : "v1";
  let config: string | undefined;
  try {
    config = new TextDecoder().decode(io.readFile(join(newDir, "buf.yaml")));
  } catch {
    config = undefined;
  }
  if (config !== undefined) {
    const c = readBufYaml(config);
    version = c.version;
    if (c.use !== undefined) use = c.use;
    except = c.except;
  }
  if (parsed.use.length > 0) {
    use = parsed.use;
    except = [];
  }
  try {
    selectBreakingRules(use, except, version);
  } catch (e) {
    io.stderr(`wirelab breaking: ${(e as Error).message} (see wirelab breaking --list-rules)\n`);
    return 2;
  }

  const includes = parsed.includes.map((d) => resolve(cwd, d));
  const current = readVersion(newDir, includes, io);
  const previous = readVersion(oldDir, includes, io);

  // Paths as buf prints them: relative to the working directory, absolute when the input was.
  const shownPath = (given: string, dirOf: Map<string, string>) => (file: string) => {
    const dir = dirOf.get(file) ?? resolve(cwd, given);
    const full = join(dir, file);
    return isAbsolute(given) ? full : relative(cwd, full);
  };
  const shownNew = shownPath(parsed.newDir, current.dirOf);
  const shownOld = shownPath(parsed.againstDir, previous.dirOf);

  const now = compileForBreaking(current.sources, current.moduleFiles);
  const before = compileForBreaking(previous.sources, previous.moduleFiles);
  const failed = (d: Diagnostic[]) => d.some((x) => x.severity === "error");
  if (failed(before.diagnostics) || failed(now.diagnostics)) {
    printDiagnostics(before.diagnostics, shownOld, io);
    printDiagnostics(now.diagnostics, shownNew, io);
    return 1;
  }
  const findings = breaking(before.fileSet, now.fileSet, {
    use,
    except,
    configVersion: version,
    currentSources: current.sources,
    againstSources: previous.sources,
    files: [...new Set([...current.moduleFiles, ...previous.moduleFiles])],
  });
  let out = "";
  for (const f of findings) out += (parsed.json ? bufJson(f, shownNew) : bufText(f, shownNew)) + "\n";
  if (out !== "") io.stdout(out);
  return findings.length > 0 ? 100 : 0;
}
