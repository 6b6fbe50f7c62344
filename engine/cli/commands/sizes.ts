/**
 * `wirelab sizes FILE... [--json] [--level N] [--quality N]`: how small each file gets under
 * gzip, zlib, raw deflate and brotli, naming the implementation and settings of every figure.
 */
import { decodeText } from "../text-input.ts";
import { parseCommandArgs, type Flags } from "../args.ts";
import type { CliIO } from "../io.ts";
import { nodeBrotliLoader } from "../brotli-node.ts";
import { formatDiagnostic } from "../../diagnostics.ts";
import type { Diagnostic } from "../../diagnostics.ts";
import {
  ALGORITHMS,
  DEFAULT_SETTINGS,
  compressedSizes,
  isBrotliQuality,
  isDeflateLevel,
  loadBrotli,
  resultFor,
} from "../../compress/index.ts";
import type { CompressSettings, SizesReport } from "../../compress/index.ts";

const HELP = `usage: wirelab sizes [FILE...] [--json] [--level N] [--quality N]

Prints the size of each FILE raw and compressed with gzip, zlib and raw deflate (fflate) and
brotli (brotli-wasm), with the implementation and settings that produced each figure.

A FILE is binary: the bytes as they go on the wire. A FILE ending in .protoscope or .txt is
protoscope text and is assembled first (as \`wirelab assemble\` would), so
  wirelab sizes examples/compression/*.protoscope
measures the assembled bytes, not the text. "-" or no FILE reads binary from standard input.

options:
  --json        print one JSON document, sizes in bytes:
                [{"file","raw","gzip","zlib","deflate","brotli"}]
  --level N     DEFLATE level for gzip, zlib and deflate, 0 (store) to 9 (smallest).
                Default ${DEFAULT_SETTINGS.level}, the default of fflate, zlib and the gzip command.
  --quality N   brotli quality, 0 (fastest) to 11 (smallest). Default ${DEFAULT_SETTINGS.quality},
                brotli's own default; servers compressing on the fly often use 4 to 6.
  -h, --help    show this help

Compressed sizes depend on the implementation, not only the algorithm and level: Node's zlib
or the gzip command can give different figures for the same file (see docs).
Exit status: 0 ok, 1 a file could not be read or assembled, 2 bad usage.
`;

interface Options {
  files: string[];
  json: boolean;
  settings: CompressSettings;
}

type Parsed = { ok: true; options: Options } | { ok: false; help: boolean; error?: string };

/** A check that the value is a number `ok` accepts. */
const number = (flag: string, range: string, ok: (n: number) => boolean) => (v: string | undefined) =>
  v === undefined || v === "" || !ok(Number(v)) ? `${flag} must be an integer from ${range}, got ${v ?? "nothing"}` : undefined;

const FLAGS = {
  json: { type: "boolean" },
  level: { type: "string", check: number("--level", "0 to 9", isDeflateLevel) },
  quality: { type: "string", check: number("--quality", "0 to 11", isBrotliQuality) },
} as const satisfies Flags;

function parseOptions(args: string[]): Parsed {
  const parsed = parseCommandArgs(args, FLAGS, { stopAtHelp: true });
  if (parsed.help) return { ok: false, help: true };
  if (parsed.error !== undefined) return { ok: false, help: false, error: parsed.error };
  const { values, positionals } = parsed;
  const settings: CompressSettings = { ...DEFAULT_SETTINGS };
  if (values.level !== undefined) settings.level = Number(values.level) as CompressSettings["level"];
  if (values.quality !== undefined) settings.quality = Number(values.quality) as CompressSettings["quality"];
  return { ok: true, options: { files: positionals.length > 0 ? positionals : ["-"], json: values.json, settings } };
}

/** Whether a path names protoscope text rather than binary. */
function isProtoscopeText(path: string): boolean {
  return /\.(protoscope|txt)$/i.test(path);
}

/** The protoscope assembler, loaded only when a text file is given. */
async function assembleProtoscope(text: string): Promise<{ bytes: Uint8Array; diagnostics: Diagnostic[] }> {
  const { assemble } = await import("../../protoscope/index.ts");
  // No annotation tree: only the bytes are measured.
  return assemble(text, { annotations: false });
}

/** Reads one input as bytes; undefined after printing why it could not. */
async function readInput(path: string, io: CliIO): Promise<Uint8Array | undefined> {
  const shown = path === "-" ? "<stdin>" : path;
  let data: Uint8Array;
  try {
    data = io.readFile(path);
  } catch (e) {
    const code = (e as { code?: string }).code;
    io.stderr(`${shown}: cannot read: ${code === "ENOENT" ? "no such file" : (e as Error).message}\n`);
    return undefined;
  }
  if (!isProtoscopeText(path)) return data;
  const text = decodeText(data);
  if (typeof text === "number") {
    io.stderr(`${shown}:@${text}: the input is not valid UTF-8\n`);
    return undefined;
  }
  const result = await assembleProtoscope(text);
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  for (const d of result.diagnostics) io.stderr(formatDiagnostic(shown, d) + "\n");
  return errors.length > 0 ? undefined : result.bytes;
}

interface FileSizes {
  file: string;
  report: SizesReport;
}

function sizeOf(report: SizesReport, algorithm: (typeof ALGORITHMS)[number]): number {
  return resultFor(report, algorithm)!.size;
}

function formatTable(rows: FileSizes[]): string {
  const header = ["file", "raw", ...ALGORITHMS];
  const body = rows.map((r) => [r.file, String(r.report.raw), ...ALGORITHMS.map((a) => String(sizeOf(r.report, a)))]);
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((row) => row[c]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  ").trimEnd();
  const out = [line(header), ...body.map(line)];
  // The legend: which implementation and settings produced each column (the same for every row).
  const first = rows[0]!.report;
  out.push("");
  for (const algorithm of ALGORITHMS) {
    const r = resultFor(first, algorithm)!;
    out.push(`${algorithm}: ${r.implementation}, ${r.settingsLabel}`);
  }
  out.push("sizes in bytes");
  return out.join("\n") + "\n";
}

export async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseOptions(args);
  if (!parsed.ok) {
    if (parsed.help) {
      io.stdout(HELP);
      return 0;
    }
    io.stderr(`wirelab sizes: ${parsed.error}\n\n${HELP}`);
    return 2;
  }
  const { files, json, settings } = parsed.options;
  const brotli = await loadBrotli(nodeBrotliLoader);
  const rows: FileSizes[] = [];
  let failed = false;
  for (const file of files) {
    const bytes = await readInput(file, io);
    if (!bytes) {
      failed = true;
      continue;
    }
    rows.push({ file: file === "-" ? "<stdin>" : file, report: compressedSizes(bytes, brotli, settings) });
  }
  if (json) {
    const doc = rows.map((r) => ({
      file: r.file,
      raw: r.report.raw,
      gzip: sizeOf(r.report, "gzip"),
      zlib: sizeOf(r.report, "zlib"),
      deflate: sizeOf(r.report, "deflate"),
      brotli: sizeOf(r.report, "brotli"),
    }));
    io.stdout(JSON.stringify(doc, null, 2) + "\n");
  } else if (rows.length > 0) {
    io.stdout(formatTable(rows));
  }
  return failed ? 1 : 0;
}
