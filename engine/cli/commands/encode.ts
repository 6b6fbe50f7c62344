/**
 * `wirelab encode --proto F.proto [-I DIR] --type pkg.Msg [MSG.txtpb] [-o OUT]`
 *
 * Text-format message to binary, byte for byte what `protoc --encode` writes (or `buf convert`
 * for editions files). The schema comes from .proto files compiled by the engine, or from a
 * FileDescriptorSet (`--descriptor-set`, e.g. from `protoc --descriptor_set_out --include_imports`
 * or `wirelab descriptor`). Errors print as `path:line:col: message` on standard error (exit 1);
 * warnings (missing required fields, invalid UTF-8 in a string field) print the same way with
 * `warning: ` before the message, and the bytes are still written, as protoc does.
 */
import type { Diagnostic } from "../../diagnostics.ts";
import { formatDiagnostic } from "../../diagnostics.ts";
import type { FieldOrder } from "../../schema/textformat/index.ts";
import type { TextFormatFile } from "../../workspace/types.ts";
import { decodeWithRawBytes } from "../../schema/textformat/unescape.ts";
import { decodeText } from "../text-input.ts";
import type { CliIO } from "../io.ts";
import { needs, parseCommandArgs, type Flags } from "../args.ts";
import { SCHEMA_FLAGS, schemaArgs, type SchemaArgs } from "../schema-args.ts";
import { inputDiagnostics, inputName, loadCliSchema, runInput } from "../workspace.ts";

const USAGE = `usage: wirelab encode --proto F.proto [--proto G.proto]... [-I DIR]... --type pkg.Msg [MSG.txtpb] [-o OUT]
       wirelab encode --descriptor-set SET.binpb --type pkg.Msg [MSG.txtpb] [-o OUT]

Encodes a text-format message (standard input when MSG.txtpb is "-" or missing) to the binary
wire format: the bytes protoc --encode writes (buf convert's for editions files).

  --proto F.proto            schema file(s) to compile (repeatable)
  -I DIR, --proto_path=DIR   where .proto files and their imports are looked up (default .)
  --descriptor-set SET       a FileDescriptorSet with every file needed, instead of --proto
  --type pkg.Msg             the message type of the text
  -o OUT                     write the bytes to OUT (default: standard output)
  --order protoc|buf         whose field order to follow (default: buf for editions files,
                             protoc for proto2/proto3)

Exit status: 0 encoded (warnings may be printed), 1 errors in the schema or the message,
2 bad usage.
`;

const FLAGS = {
  ...SCHEMA_FLAGS,
  output: { type: "string", short: "o", check: needs("-o needs a file") },
  order: { type: "string", check: (v) => (v === "protoc" || v === "buf" ? undefined : "--order must be protoc or buf") },
} as const satisfies Flags;

interface Options extends SchemaArgs {
  input: string | undefined;
  output: string | undefined;
  order: FieldOrder | undefined;
}

function parseOptions(args: string[]): Options | { help: true } | string {
  const parsed = parseCommandArgs(args, FLAGS, {
    positional: (a, earlier) => (earlier.length > 0 ? `more than one message file: ${earlier[0]} and ${a}` : undefined),
  });
  if (parsed.help) return parsed;
  if (parsed.error !== undefined) return parsed.error;
  const { values, positionals } = parsed;
  const o: Options = { ...schemaArgs(values), input: positionals[0], output: values.output, order: values.order as FieldOrder | undefined };
  if (o.protos.length === 0 && o.descriptorSet === undefined) return "give the schema with --proto F.proto (or --descriptor-set SET.binpb)";
  if (o.protos.length > 0 && o.descriptorSet !== undefined) return "give --proto or --descriptor-set, not both";
  if (o.type === undefined) return "--type pkg.Msg is required";
  return o;
}

function printDiagnostic(io: CliIO, path: string, d: Diagnostic): void {
  const shown = d.severity === "error" ? d : { ...d, message: `${d.severity}: ${d.message}` };
  io.stderr(formatDiagnostic(path, shown) + "\n");
}

export async function run(args: string[], io: CliIO): Promise<number> {
  const o = parseOptions(args);
  if (typeof o === "string") {
    io.stderr(`wirelab encode: ${o}\n\n${USAGE}`);
    return 2;
  }
  if ("help" in o) {
    io.stdout(USAGE);
    return 0;
  }
  // Prints the schema's errors (or an unknown type) in protoc's words.
  const schema = await loadCliSchema(o, io);
  if (!schema) return 1;
  const inputPath = o.input ?? "-";
  const shownPath = inputPath === "-" ? "<stdin>" : inputPath;
  let decoded: string | number;
  let raw: Uint8Array;
  try {
    raw = io.readFile(inputPath);
    decoded = decodeText(raw);
  } catch (e) {
    io.stderr(`${inputPath}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  // protoc reads bytes that are not UTF-8 as they are (a string holding them gets them raw):
  // they travel through the text as lone surrogates, never replaced with U+FFFD.
  if (typeof decoded === "number") decoded = decodeWithRawBytes(raw);
  // The engine's pipeline, as the app runs it on the same files.
  const input: TextFormatFile = { kind: "textformat", name: inputName(shownPath, schema), text: decoded, messageType: schema.type };
  const result = await runInput(schema, input, o.order ? { order: o.order } : {});
  const diagnostics = inputDiagnostics(result, input, shownPath);
  for (const d of diagnostics) printDiagnostic(io, shownPath, d);
  if (diagnostics.some((d) => d.severity === "error")) return 1;
  if (o.output !== undefined && o.output !== "-") io.writeFile(o.output, result.bytes);
  else io.stdoutBytes(result.bytes);
  return 0;
}
