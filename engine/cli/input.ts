/**
 * The one input of the commands that read bytes (disassemble, annotate, explain, decode): FILE,
 * or standard input for "-" or no FILE, with the schema named by the schema flags.
 */
import type { CliIO } from "./io.ts";
import { checkSchemaArgs, type SchemaArgs } from "./schema-args.ts";
import { loadCliSchema, type CliSchema } from "./workspace.ts";

/** Reads FILE (or standard input); undefined after printing why it could not be read. */
export function readInput(path: string, io: CliIO): Uint8Array | undefined {
  try {
    return io.readFile(path);
  } catch (e) {
    io.stderr(`${path === "-" ? "<stdin>" : path}: ${e instanceof Error ? e.message : String(e)}\n`);
    return undefined;
  }
}

/** At most one input: `more than one input file: A and B` (disassemble, annotate, explain, decode). */
export function oneInput(arg: string, earlier: readonly string[]): string | undefined {
  return earlier.length > 0 ? `more than one input file: ${earlier[0]} and ${arg}` : undefined;
}

/** A command's schema and input, loaded. */
export interface SchemaAndInput {
  schema: CliSchema;
  bytes: Uint8Array;
  /** The input as messages name it: FILE as given, or `<stdin>`. */
  shownPath: string;
}

/**
 * Checks the schema flags, loads the schema, then reads the input (FILE, or standard input when
 * `input` is "-" or undefined). A number is the exit status after printing why not: `usage`'s
 * for schema flags that do not fit together, 1 for a schema or an input that cannot be used.
 */
export async function loadSchemaAndInput(
  args: SchemaArgs,
  input: string | undefined,
  io: CliIO,
  usage: (message: string) => number,
): Promise<SchemaAndInput | number> {
  const problem = checkSchemaArgs(args);
  if (problem) return usage(problem);
  const schema = await loadCliSchema(args, io);
  if (!schema) return 1;
  const path = input ?? "-";
  const bytes = readInput(path, io);
  if (!bytes) return 1;
  return { schema, bytes, shownPath: path === "-" ? "<stdin>" : path };
}
