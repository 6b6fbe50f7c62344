/**
 * The schema flags of the commands that read a schema (disassemble, annotate, explain, decode,
 * encode, layout), declared in one place so every command accepts the same spellings: `--proto F`,
 * `-I DIR`, `-IDIR`, `--proto_path=DIR`, `--descriptor-set SET`, `--type T` (or `--message-type`,
 * protoscope's), each also with `=` and a single leading dash (see args.ts).
 */
import { needs, type Flags, type Values } from "./args.ts";

/** The schema flags every command that reads a schema shares (`-I`, `--proto`, `--descriptor-set`, `--type`). */
export interface SchemaArgs {
  protos: string[];
  includes: string[];
  descriptorSet: string | undefined;
  type: string | undefined;
}

/** The schema flags, for parseCommandArgs: spread them into a command's flags. */
export const SCHEMA_FLAGS = {
  proto: { type: "string", multiple: true, check: needs("--proto needs a file") },
  proto_path: { type: "string", short: "I", multiple: true, check: needs("-I needs a directory") },
  "descriptor-set": { type: "string", check: needs("--descriptor-set needs a file") },
  type: { type: "string", aliases: ["message-type"], check: needs("--type needs a message type, e.g. pkg.Msg") },
} as const satisfies Flags;

/** The schema flags' values, as the schema loader takes them. */
export function schemaArgs(values: Values<typeof SCHEMA_FLAGS>): SchemaArgs {
  return { protos: values.proto, includes: values.proto_path, descriptorSet: values["descriptor-set"], type: values.type };
}

/** Checks the schema flags fit together; returns an error message or undefined. */
export function checkSchemaArgs(s: SchemaArgs): string | undefined {
  const hasSchema = s.protos.length > 0 || s.descriptorSet !== undefined;
  if (s.protos.length > 0 && s.descriptorSet !== undefined) return "give --proto or --descriptor-set, not both";
  if (hasSchema && s.type === undefined) return "--type pkg.Msg is required with --proto or --descriptor-set";
  if (!hasSchema && s.type !== undefined) return "--type needs a schema: --proto F.proto or --descriptor-set SET";
  if (!hasSchema && s.includes.length > 0) return "-I needs --proto";
  return undefined;
}
