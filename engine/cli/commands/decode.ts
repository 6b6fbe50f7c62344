/**
 * `wirelab decode --proto F.proto... [-I DIR] --type pkg.Msg [FILE]`: what a reader with this
 * schema makes of the bytes, printed exactly as `protoc --decode=pkg.Msg` prints it (unknown fields
 * by number, protoc's logged errors on standard error, `Failed to parse input.` and exit 1 where
 * protoc fails). `--lineup [--json]`: the same bytes through the engine, @bufbuild/protobuf and
 * protobufjs, field by field (engine/decode/lineup.ts).
 */
import type { CliIO } from "../io.ts";
import { readCommandLine, usageError, type Flags } from "../args.ts";
import { SCHEMA_FLAGS, schemaArgs } from "../schema-args.ts";
import { loadSchemaAndInput, oneInput } from "../input.ts";

const HELP = `usage: wirelab decode --proto F.proto... [-I DIR] --type pkg.Msg [FILE] [--lineup [--json]]

Decodes protobuf wire bytes (FILE, or standard input when FILE is "-" or missing) as the message
type and prints them as \`protoc --decode=pkg.Msg\` does: fields by number, unknown fields by
number, strings C-escaped. Where protoc fails, so does this: "Failed to parse input.", exit 1.

options:
  --proto F.proto              schema file(s) to compile (repeatable)
  -I DIR, --proto_path=DIR     where .proto files and their imports are looked up (default .)
  --descriptor-set SET         a FileDescriptorSet instead of --proto
  --type pkg.Msg               the message type (required)
  --lineup                     the decoder line-up: the same bytes through the engine (protoc's
                               rules), @bufbuild/protobuf and protobufjs, field by field
  --json                       with --lineup: {"decoders":[{"name","version","ok","error","fields":[{"number","name","value"}]}]}
  -h, --help                   show this help

Exit status: 0 decoded (with --lineup: every decoder read the bytes), 1 the parse failed (with
--lineup: at least one decoder threw), the schema has errors or the type is unknown, 2 bad usage.
`;

const FLAGS = { ...SCHEMA_FLAGS, lineup: { type: "boolean" }, json: { type: "boolean" } } as const satisfies Flags;

export async function run(args: string[], io: CliIO): Promise<number> {
  const usage = (message: string) => usageError("decode", HELP, io, message);
  const parsed = readCommandLine("decode", HELP, args, FLAGS, { stopAtHelp: true, positional: oneInput }, io);
  if (typeof parsed === "number") return parsed;
  const { values, positionals } = parsed;
  const schema = schemaArgs(values);
  const input = positionals[0];
  const { lineup: lineupMode, json } = values;
  if (schema.type === undefined) return usage("--type is required: the message type to decode the bytes as");
  if (json && !lineupMode) return usage("--json goes with --lineup (without it, decode prints protoc's text)");
  const got = await loadSchemaAndInput(schema, input, io, usage);
  if (typeof got === "number") return got;
  const { schema: loaded, bytes } = got;
  // Never taken: with --type, the schema loads with its message or not at all.
  if (!loaded.message) return 1;
  if (!lineupMode) {
    const { protocDecode } = await import("../../decode/protoc-text.ts");
    const r = protocDecode(loaded.message, bytes, loaded.registry, { now: new Date(), thread: process.pid });
    io.stdout(r.text);
    if (r.stderr) io.stderr(r.stderr);
    return r.ok ? 0 : 1;
  }
  if (loaded.protos.length === 0) {
    io.stderr("wirelab decode: --lineup needs the .proto files (--proto): protobufjs reads the schema from their text\n");
    return 2;
  }
  const { lineup } = await import("../../decode/lineup.ts");
  const protos = Object.fromEntries(loaded.protos.map((p) => [p.name, p.text]));
  const result = lineup(loaded.message, bytes, protos);
  if (json) io.stdout(JSON.stringify(result) + "\n");
  else {
    for (const d of result.decoders) {
      io.stdout(`${d.name} ${d.version}: ${d.ok ? "read the bytes" : `threw: ${d.error}`}\n`);
      for (const f of d.fields) io.stdout(`  ${f.number} ${f.name}: ${f.value}\n`);
    }
  }
  return result.decoders.every((d) => d.ok) ? 0 : 1;
}
