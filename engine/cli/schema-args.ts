/**
 * The schema flags of the commands that read a schema (disassemble, annotate, explain, encode,
 * layout), parsed in one place so every command accepts the same spellings: `--proto F`, `-I DIR`,
 * `-IDIR`, `--proto_path=DIR`, `--descriptor-set SET`, `--type T`, each also with `=`.
 */

/** The schema flags every command that reads a schema shares (`-I`, `--proto`, `--descriptor-set`, `--type`). */
export interface SchemaArgs {
  protos: string[];
  includes: string[];
  descriptorSet: string | undefined;
  type: string | undefined;
}

export function newSchemaArgs(): SchemaArgs {
  return { protos: [], includes: [], descriptorSet: undefined, type: undefined };
}

/**
 * Consumes a schema flag at args[i] (`--proto F`, `-I DIR`, `-IDIR`, `--proto_path=DIR`,
 * `--descriptor-set SET`, `--type T`, also with `=`). Returns the index of the last argument
 * used, -1 when args[i] is not a schema flag, or an error message.
 */
export function takeSchemaFlag(args: string[], i: number, into: SchemaArgs): number | string {
  const a = args[i]!;
  const eq = a.indexOf("=");
  const long = a.startsWith("--") || (a.startsWith("-") && !a.startsWith("-I"));
  const flag = long && eq > 0 ? a.slice(0, eq) : a.startsWith("-I") && a.length > 2 ? "-I" : a;
  const inline = long && eq > 0 ? a.slice(eq + 1) : flag === "-I" && a !== "-I" ? a.slice(2) : undefined;
  let used = i;
  const value = (): string | undefined => {
    if (inline !== undefined) return inline;
    used = i + 1;
    return args[i + 1];
  };
  switch (flag.replace(/^-(?=[a-z])/, "--")) {
    case "--proto": {
      const v = value();
      if (!v) return "--proto needs a file";
      into.protos.push(v);
      return used;
    }
    case "-I":
    case "--proto_path": {
      const v = value();
      if (!v) return "-I needs a directory";
      into.includes.push(v);
      return used;
    }
    case "--descriptor-set": {
      const v = value();
      if (!v) return "--descriptor-set needs a file";
      into.descriptorSet = v;
      return used;
    }
    case "--type":
    case "--message-type": {
      const v = value();
      if (!v) return "--type needs a message type, e.g. pkg.Msg";
      into.type = v;
      return used;
    }
    default:
      return -1;
  }
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
