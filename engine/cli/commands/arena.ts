/**
 * `wirelab arena --ops "alloc:24,alloc:100,reset,realloc:1:200" [--mode design|listing] [--json]`
 *
 * Runs the bump-pointer arena simulation (engine/arena) and prints its trace: a table, or with
 * `--json` the document `{"events":[...],"stats":{...},"chunks":[...]}` described in CLI.md.
 */
import { formatDiagnostic } from "../../diagnostics.ts";
import { ArenaLimitError, describeEvent, parseArenaOps, simulateArena, type ArenaMode } from "../../arena/index.ts";
import { parseCommandArgs, type Flags } from "../args.ts";
import type { CliIO } from "../io.ts";

const USAGE = `usage: wirelab arena --ops "alloc:24,alloc:100,reset,realloc:1:200" [--mode design|listing] [--json]

Runs the bump-pointer arena of "Cheating the Reaper in Go" and prints every event.

  --ops SCRIPT        operations, separated by commas or spaces:
                        alloc:BYTES       allocate (rounded up to whole 8-byte words)
                        reset             rewind; chunks the arena owns are reused
                        realloc:I:BYTES   grow the I-th allocation (alloc ops counted from 0)
  --mode design       the post's prose (default): chunks kept by size, reused after reset
  --mode listing      the post's final listing as printed, with its double bookkeeping
  --json              one JSON document: {"events":[...],"stats":{...},"chunks":[...]}

Events: grow, alloc, reset, realloc-in-place, realloc-copy, overflow (a chunk used past its
real size), overlap (a block handed out over a live one). Sizes and offsets are bytes; words
left and chunk sizes are 8-byte words.

Exit status: 0 ran, 1 errors in the script, 2 bad usage.
`;

interface Options {
  ops: string | undefined;
  mode: ArenaMode;
  json: boolean;
  help: boolean;
}

const FLAGS = {
  ops: { type: "string", check: (v) => (v === undefined ? "--ops needs a script, e.g. --ops alloc:24,reset" : undefined) },
  mode: { type: "string", check: (v) => (v === "design" || v === "listing" ? undefined : "--mode must be design or listing") },
  json: { type: "boolean" },
} as const satisfies Flags;

function parseOptions(args: string[]): Options | string {
  const unknown = (arg: string) => `unknown argument ${arg}`;
  const parsed = parseCommandArgs(args, FLAGS, { unknown, positional: unknown });
  if (parsed.help) return { ops: undefined, mode: "design", json: false, help: true };
  if (parsed.error !== undefined) return parsed.error;
  const { values } = parsed;
  if (values.ops === undefined) return "--ops is required";
  return { ops: values.ops, mode: (values.mode ?? "design") as ArenaMode, json: values.json, help: false };
}

export async function run(args: string[], io: CliIO): Promise<number> {
  const o = parseOptions(args);
  if (typeof o === "string") {
    io.stderr(`wirelab arena: ${o}\n\n${USAGE}`);
    return 2;
  }
  if (o.help) {
    io.stdout(USAGE);
    return 0;
  }
  const parsed = parseArenaOps(o.ops!);
  for (const d of parsed.diagnostics) io.stderr(formatDiagnostic("--ops", d) + "\n");
  if (parsed.diagnostics.length > 0) return 1;
  let trace;
  try {
    trace = simulateArena(parsed.ops, o.mode);
  } catch (e) {
    if (!(e instanceof ArenaLimitError)) throw e;
    const op = parsed.ops[e.op]!;
    io.stderr(formatDiagnostic("--ops", { code: "arena/too-large", severity: "error", message: e.message, span: op.span }) + "\n");
    return 1;
  }
  if (o.json) {
    io.stdout(JSON.stringify({ mode: trace.mode, events: trace.events, stats: trace.stats, chunks: trace.chunks.map((c) => c.words) }) + "\n");
    return 0;
  }
  const lines = [`mode ${trace.mode}`];
  let last = -1;
  trace.events.forEach((e, i) => {
    const op = trace.eventOp[i]!;
    const label = op === last ? "" : `${op}`;
    last = op;
    lines.push(`${label.padStart(4)}  ${describeEvent(e)}`);
  });
  const s = trace.stats;
  lines.push(`requested ${s.requested} B, reserved ${s.reserved} B in ${s.chunks} chunk${s.chunks === 1 ? "" : "s"}, wasted ${s.wasted} B`);
  io.stdout(lines.join("\n") + "\n");
  return 0;
}
