/**
 * `wirelab assemble [FILE] [-o OUT]`: protoscope text to bytes, byte-identical to `protoscope -s`.
 */
import { readCommandLine, type Flags } from "../args.ts";
import type { CliIO } from "../io.ts";
import { decodeText } from "../text-input.ts";
import { formatDiagnostic } from "../../diagnostics.ts";
// The assembler alone, not the package index: the CLI should not load the disassembler to start.
import { assemble } from "../../protoscope/assembler.ts";

const HELP = `usage: wirelab assemble [FILE] [-o OUT]

Assembles protoscope text (the language of \`protoscope -spec\`) into protobuf wire bytes, byte
for byte what \`protoscope -s\` writes. FILE is UTF-8 text ("-" or no FILE: standard input); a
UTF-8 or UTF-16 byte-order mark is accepted.

options:
  -o OUT        write the bytes to OUT (default: standard output)
  -h, --help    show this help

Errors are printed as path:line:col: message. Exit status: 0 ok, 1 the input has an error,
2 bad usage.
`;

const FLAGS = {
  output: { type: "string", short: "o", check: (v, arg) => (v === undefined ? `${arg} needs a file name` : undefined) },
} as const satisfies Flags;

export async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = readCommandLine("assemble", HELP, args, FLAGS, {
    stopAtHelp: true,
    positional: (_, earlier) => (earlier.length > 0 ? "at most one input file" : undefined),
  }, io);
  if (typeof parsed === "number") return parsed;
  const input = parsed.positionals[0];
  const output = parsed.values.output;
  const path = input ?? "-";
  const shown = path === "-" ? "<stdin>" : path;
  let raw: Uint8Array;
  try {
    raw = io.readFile(path);
  } catch (e) {
    io.stderr(`wirelab assemble: cannot read ${shown}: ${(e as Error).message}\n`);
    return 1;
  }
  const text = decodeText(raw);
  if (typeof text === "number") {
    io.stderr(`${shown}:@${text}: the input is not valid UTF-8\n`);
    return 1;
  }
  const result = assemble(text, { annotations: false });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  for (const d of result.diagnostics) io.stderr(formatDiagnostic(shown, d) + "\n");
  if (errors.length > 0) return 1;
  if (output === undefined || output === "-") io.stdoutBytes(result.bytes);
  else io.writeFile(output, result.bytes);
  return 0;
}
