/**
 * `wirelab annotate [FILE] [--proto F.proto... -I DIR --type pkg.Msg] [--framing delimited|grpc] --json`:
 * bytes to the annotation tree (engine/annotate/types.ts) that every view of Wirelab draws from.
 */
import type { AnnotateOptions } from "../../annotate/decode.ts";
import type { Annotation, AnnotationList } from "../../annotate/types.ts";
import { formatDiagnostic } from "../../diagnostics.ts";
import type { Diagnostic } from "../../diagnostics.ts";
import { decodeDelimited, decodeGrpcFrames } from "../../protoscope/framing.ts";
import type { Frame } from "../../protoscope/framing.ts";
import type { BytesFile } from "../../workspace/types.ts";
import type { CliIO } from "../io.ts";
import { readCommandLine, usageError, type Flags } from "../args.ts";
import { SCHEMA_FLAGS, schemaArgs } from "../schema-args.ts";
import { inputDiagnostics, inputName, runInput } from "../workspace.ts";
import { loadSchemaAndInput, oneInput } from "../input.ts";

const HELP = `usage: wirelab annotate [FILE] [--proto F.proto... [-I DIR] --type pkg.Msg] [--framing KIND] [--json]

Explains protobuf wire bytes (FILE, or standard input when FILE is "-" or missing): every byte
belongs to a node (tag, length, value, nested message, ...) with its byte range, field number,
wire type and path; with a message type also field names, types and enum value names.

options:
  --json                       print {"annotations": [...], "diagnostics": [...]} (and "frames"
                               with --framing); without it, an indented outline
  --framing delimited|grpc     the input is a stream: varint-delimited messages, or gRPC frames
                               (1 flag byte + 4-byte big-endian length + message)
  --proto F.proto              schema file(s) to compile (repeatable)
  -I DIR, --proto_path=DIR     where .proto files and their imports are looked up (default .)
  --descriptor-set SET         a FileDescriptorSet instead of --proto
  --type pkg.Msg               the message type of the bytes (of each message, with --framing)
  -h, --help                   show this help

Problems in the bytes are printed to standard error as path:@OFFSET: message. Exit status:
0 ok (warnings may be printed), 1 the bytes (or the schema) have errors, 2 bad usage.
`;

const FLAGS = {
  ...SCHEMA_FLAGS,
  json: { type: "boolean" },
  framing: { type: "string", check: (v) => (v === "delimited" || v === "grpc" ? undefined : "--framing must be delimited or grpc") },
} as const satisfies Flags;

function outline(nodes: AnnotationList): string {
  const lines: string[] = [];
  const stack: { node: Annotation; depth: number }[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push({ node: nodes.at(i)!, depth: 0 });
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const where = `${node.bytes[0]}..${node.bytes[1]}`.padEnd(12);
    const path = node.path.length > 0 ? node.path.join(".") : "";
    const parts = [node.kind, path, node.type ?? "", node.unknown ? "(unknown field)" : "", node.value !== undefined ? "= " + JSON.stringify(node.value) : ""];
    lines.push("  ".repeat(depth) + where + " " + parts.filter((p) => p !== "").join(" "));
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children.at(i)!, depth: depth + 1 });
  }
  return lines.join("\n") + (lines.length > 0 ? "\n" : "");
}

export async function run(args: string[], io: CliIO): Promise<number> {
  const usage = (message: string) => usageError("annotate", HELP, io, message);
  const parsed = readCommandLine("annotate", HELP, args, FLAGS, { stopAtHelp: true, positional: oneInput }, io);
  if (typeof parsed === "number") return parsed;
  const { values, positionals } = parsed;
  const json = values.json;
  const framing = values.framing as "delimited" | "grpc" | undefined;
  const got = await loadSchemaAndInput(schemaArgs(values), positionals[0], io, usage);
  if (typeof got === "number") return got;
  const { schema: loaded, bytes, shownPath } = got;

  let annotations: AnnotationList;
  let diagnostics: Diagnostic[];
  let frames: Frame[] | undefined;
  if (framing === undefined) {
    // The engine's pipeline, as the app runs it on the same bytes: the annotation tree, no disassembly.
    const file: BytesFile = { kind: "bytes", name: inputName(shownPath, loaded), bytes, messageType: loaded.type };
    const result = await runInput(loaded, file, { disassembly: "none" });
    annotations = result.annotations;
    diagnostics = inputDiagnostics(result, file, shownPath);
  } else {
    // A stream of messages is not a workspace input (the app has no framed bytes file): the
    // framing decoders split it and annotate each message with the same annotateBytes.
    const options: AnnotateOptions = loaded.message ? { message: loaded.message } : {};
    ({ annotations, diagnostics, frames } = (framing === "grpc" ? decodeGrpcFrames : decodeDelimited)(bytes, options));
  }

  for (const d of diagnostics) {
    const shown = d.severity === "error" ? d : { ...d, message: `${d.severity}: ${d.message}` };
    io.stderr(formatDiagnostic(shownPath, shown) + "\n");
  }
  if (json) io.stdout(JSON.stringify(frames ? { frames, annotations, diagnostics } : { annotations, diagnostics }) + "\n");
  else io.stdout(outline(annotations));
  return diagnostics.some((d) => d.severity === "error") ? 1 : 0;
}
