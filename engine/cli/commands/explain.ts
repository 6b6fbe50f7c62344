/**
 * `wirelab explain [FILE] --at N [--at M ...] [--protoscope] [--proto F.proto... --type pkg.Msg] [--json]`:
 * what the byte at offset N means, in plain words and bits: the same explanation the app's
 * Explain panel shows (engine/explain/).
 */
import { formatDiagnostic } from "../../diagnostics.ts";
import { explainByte, explanationText } from "../../explain/index.ts";
import type { InputFile } from "../../workspace/types.ts";
import type { CliIO } from "../io.ts";
import { readCommandLine, usageError, type Flags } from "../args.ts";
import { SCHEMA_FLAGS, schemaArgs } from "../schema-args.ts";
import { inputDiagnostics, inputName, runInput } from "../workspace.ts";
import { loadSchemaAndInput, oneInput } from "../input.ts";

const HELP = `usage: wirelab explain [FILE] --at OFFSET [--at OFFSET...] [--protoscope] [--proto F.proto... [-I DIR] --type pkg.Msg] [--json]

Explains the byte at OFFSET (0-based, as the hex view counts) of protobuf wire bytes (FILE, or
standard input when FILE is "-" or missing): the tag's field number and wire type, a varint's
7-bit groups and their sum, zigzag, little-endian fixed values with every reading, a length
prefix and what it covers, a string's code points, and encodings protoc would never write.

options:
  --at OFFSET                  the byte to explain (repeatable)
  --protoscope                 FILE is protoscope text: assemble it first, explain its bytes
  --json                       print the explanations as JSON (the structure the app renders)
  --proto F.proto              schema file(s) to compile (repeatable)
  -I DIR, --proto_path=DIR     where .proto files and their imports are looked up (default .)
  --descriptor-set SET         a FileDescriptorSet instead of --proto
  --type pkg.Msg               the message type of the bytes (names, zigzag, enums)
  -h, --help                   show this help

Exit status: 0 ok, 1 the input cannot be read (or an offset is past its end), 2 bad usage.
`;

const FLAGS = {
  ...SCHEMA_FLAGS,
  at: {
    type: "string",
    multiple: true,
    check: (v) => (v !== undefined && /^(0|[1-9][0-9]*|0x[0-9a-fA-F]+)$/.test(v) ? undefined : `--at needs a byte offset (decimal or 0x hex), got ${v ?? "nothing"}`),
  },
  protoscope: { type: "boolean" },
  json: { type: "boolean" },
} as const satisfies Flags;

export async function run(args: string[], io: CliIO): Promise<number> {
  const usage = (message: string) => usageError("explain", HELP, io, message);
  const parsed = readCommandLine("explain", HELP, args, FLAGS, { stopAtHelp: true, positional: oneInput }, io);
  if (typeof parsed === "number") return parsed;
  const { values, positionals } = parsed;
  const { json, protoscope } = values;
  const offsets = values.at.map(Number);
  if (offsets.length === 0) return usage("say which byte to explain with --at OFFSET");
  const got = await loadSchemaAndInput(schemaArgs(values), positionals[0], io, usage);
  if (typeof got === "number") return got;
  const { schema: loaded, bytes: raw, shownPath } = got;

  // The engine's pipeline, as the app runs it on the same file: protoscope assembled with
  // protoscope's strictness (nothing after the first error), or bytes annotated (no disassembly).
  const name = inputName(shownPath, loaded);
  const file: InputFile = protoscope
    ? { kind: "protoscope", name, text: new TextDecoder().decode(raw), messageType: loaded.type }
    : { kind: "bytes", name, bytes: raw, messageType: loaded.type };
  const result = await runInput(loaded, file, { strict: true, disassembly: "none" });
  if (protoscope) {
    const diagnostics = inputDiagnostics(result, file, shownPath);
    for (const d of diagnostics) io.stderr(formatDiagnostic(shownPath, d) + "\n");
    if (diagnostics.some((d) => d.severity === "error")) return 1;
  }
  const { bytes, annotations } = result;

  const explained = [];
  for (const at of offsets) {
    const e = explainByte(bytes, annotations, at);
    if (!e) {
      io.stderr(`wirelab explain: ${shownPath}: byte ${at} is past the end (${bytes.length} bytes)\n`);
      return 1;
    }
    explained.push(e);
  }
  if (json) io.stdout(JSON.stringify(explained.length === 1 ? explained[0] : explained) + "\n");
  else io.stdout(explained.map(explanationText).join("\n\n") + "\n");
  return 0;
}
