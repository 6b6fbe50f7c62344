/**
 * `wirelab disassemble [FILE] [flags]`: bytes to protoscope text, the text `protoscope` prints for
 * the same flags (engine/protoscope/DIFFERENCES.md lists the few deliberate differences). With a
 * message type (from .proto files or a FileDescriptorSet) the text uses the schema: bools, zigzag,
 * unsigned, packed fields, and with --field-names / --enum-names names as `# remarks`.
 */
import type { DisassembleOptions } from "../../protoscope/disassemble.ts";
import type { BytesFile } from "../../workspace/types.ts";
import type { CliIO } from "../io.ts";
import { readCommandLine, usageError, type Flags } from "../args.ts";
import { SCHEMA_FLAGS, schemaArgs } from "../schema-args.ts";
import { inputDiagnostics, inputName, runInput } from "../workspace.ts";
import { loadSchemaAndInput, oneInput } from "../input.ts";

const HELP = `usage: wirelab disassemble [FILE] [options]

Disassembles protobuf wire bytes (FILE, or standard input when FILE is "-" or missing) into
protoscope text, as \`protoscope FILE\` prints it. The text always assembles back to the same
bytes (wirelab assemble, protoscope -s).

options (protoscope's own flags; a single leading dash works too):
  --explicit-wire-types        print every wire type (1:VARINT 5); groups as SGROUP/EGROUP
  --explicit-length-prefixes   print lengths as numbers instead of braces
  --no-groups                  print groups as SGROUP/EGROUP tags instead of !{...}
  --no-quoted-strings          never print quoted strings (text becomes hex)
  --all-fields-are-messages    open every payload whose first fields parse as a message
schema (the message type of the bytes):
  --proto F.proto              schema file(s) to compile (repeatable)
  -I DIR, --proto_path=DIR     where .proto files and their imports are looked up (default .)
  --descriptor-set SET         a FileDescriptorSet instead of --proto (protoscope -descriptor-set)
  --type pkg.Msg               the message type (protoscope -message-type)
  --field-names                with a type: field names as # remarks (protoscope -print-field-names)
  --enum-names                 with a type: enum value names as # remarks (protoscope -print-enum-names)
  --protoscope-unknown-fields  with a type: read an unknown field's payload with the enclosing
                               message's schema, as protoscope does (byte-identical output; the
                               names it gives are guesses). Default: no schema, no names
  -h, --help                   show this help

Exit status: 0 ok (any bytes disassemble), 1 the schema has errors or the type is unknown,
2 bad usage.
`;

const FLAGS = {
  ...SCHEMA_FLAGS,
  "explicit-wire-types": { type: "boolean" },
  "explicit-length-prefixes": { type: "boolean" },
  "no-groups": { type: "boolean" },
  "no-quoted-strings": { type: "boolean" },
  "all-fields-are-messages": { type: "boolean" },
  "field-names": { type: "boolean", aliases: ["print-field-names"] },
  "enum-names": { type: "boolean", aliases: ["print-enum-names"] },
  "protoscope-unknown-fields": { type: "boolean" },
} as const satisfies Flags;

export async function run(args: string[], io: CliIO): Promise<number> {
  const usage = (message: string) => usageError("disassemble", HELP, io, message);
  const parsed = readCommandLine("disassemble", HELP, args, FLAGS, { stopAtHelp: true, positional: oneInput }, io);
  if (typeof parsed === "number") return parsed;
  const { values: v } = parsed;
  const options: DisassembleOptions = {
    explicitWireTypes: v["explicit-wire-types"],
    explicitLengthPrefixes: v["explicit-length-prefixes"],
    noGroups: v["no-groups"],
    noQuotedStrings: v["no-quoted-strings"],
    allFieldsAreMessages: v["all-fields-are-messages"],
    fieldNames: v["field-names"],
    enumNames: v["enum-names"],
    protoscopeUnknownFields: v["protoscope-unknown-fields"],
  };
  const got = await loadSchemaAndInput(schemaArgs(v), parsed.positionals[0], io, usage);
  if (typeof got === "number") return got;
  const { schema: loaded, bytes, shownPath } = got;
  // The engine's pipeline with only the disassembly, built as UTF-8 bytes and written straight
  // out (no annotation tree, no relinking, no string: large inputs stay fast).
  const file: BytesFile = { kind: "bytes", name: inputName(shownPath, loaded), bytes, messageType: loaded.type };
  const result = await runInput(loaded, file, { annotate: false, disassembly: "utf8", disassembleOptions: options, relink: false });
  if (!result.disassemblyUtf8) {
    // Only an engine failure gets here (any bytes disassemble): say so rather than print nothing.
    for (const d of inputDiagnostics(result, file, shownPath)) io.stderr(`wirelab disassemble: ${d.message}\n`);
    return 1;
  }
  io.stdoutBytes(result.disassemblyUtf8);
  return 0;
}
