/**
 * The command line of every `wirelab` command, read with Node's `util.parseArgs` and the same
 * rules everywhere:
 *
 * - `--flag value` and `--flag=value`; a short string flag also as `-I DIR` and `-IDIR`.
 * - Go-style single-dash long flags (`-message-type`, `-print-field-names`: protoscope's
 *   spellings) mean their `--` twins. parseArgs would read `-type` as the short flags t, y, p, e,
 *   so such words get their second dash first; `-` (standard input), `-I...`/`-o...` (a short
 *   string flag with its value), `-h` (and `-hh`), negative numbers and any option's value are
 *   left alone.
 * - A flag's value is the next argument whatever it looks like (`--type -x` gives "-x"), as
 *   protoc and Go's flag package take it; `--` ends the options.
 * - `-h`/`--help` is every command's. A boolean flag ignores a value given with `=`.
 *
 * Everything is checked in command-line order, so the first problem on the line is the one
 * reported, and each command keeps its own words for it (the flag's `check`, `positional`,
 * `unknown`).
 */
import { parseArgs } from "node:util";

export interface Flag {
  /** "string" takes a value; "boolean" does not. */
  type: "string" | "boolean";
  /** A one-letter spelling (`-I`, `-o`); a string one also takes its value attached (`-IDIR`). */
  short?: string;
  /** A string flag collects every use (in order) instead of keeping the last. */
  multiple?: boolean;
  /** Other long names with the same meaning (`message-type` for `type`). */
  aliases?: readonly string[];
  /**
   * Checks one use of a string flag: its value (undefined when the line ends first) and the
   * argument as typed (`--type`, `--type=`, `-Ifoo`). Returns the usage error, if any.
   * Without a check a missing value is `ARG needs a value`.
   */
  check?: (value: string | undefined, arg: string) => string | undefined;
}

export type Flags = Readonly<Record<string, Flag>>;

type FlagValue<F extends Flag> = F extends { type: "string" } ? (F extends { multiple: true } ? string[] : string | undefined) : boolean;

/** Each flag's value: a boolean, the last string given (undefined if none), or all of them. */
export type Values<F extends Flags> = { -readonly [K in keyof F]: FlagValue<F[K]> };

/** One use of a flag, in command-line order: for meanings that depend on the order of two flags. */
export interface Use {
  name: string;
  value: string | undefined;
  arg: string;
}

export interface ParseRules {
  /**
   * `-h` ends the reading (problems after it go unreported; earlier ones still win). Otherwise
   * every problem on the line wins over `-h`.
   */
  stopAtHelp?: boolean;
  /** Checks one positional argument (given those before it): the usage error, if any. */
  positional?: (arg: string, earlier: readonly string[]) => string | undefined;
  /** The error for an option no flag matches (default `unknown option ARG`, ARG as typed). */
  unknown?: (arg: string, rawName: string) => string;
}

export type Parsed<F extends Flags> =
  | { help: true }
  | { help: false; error: string }
  | { help: false; error: undefined; values: Values<F>; positionals: string[]; uses: Use[] };

/** A check for a string flag that needs a non-empty value. */
export function needs(message: string): (value: string | undefined) => string | undefined {
  return (value) => (value ? undefined : message);
}

type Options = Record<string, { type: "string" | "boolean"; short?: string }>;

/**
 * The arguments with Go-style `-word` flags written `--word`, so parseArgs reads them as long
 * flags. Values of flags, `--` and what follows it, and short flags are left as given.
 */
export function longDashes(args: readonly string[], options: Options): string[] {
  const shorts = (type: string) => new Set(Object.values(options).flatMap((o) => (o.type === type && o.short ? [o.short] : [])));
  const stringShorts = shorts("string");
  const booleanShorts = shorts("boolean");
  const out = [...args];
  for (let i = 0; i < out.length; i++) {
    const a = out[i]!;
    if (a === "--") break;
    // Not a word: `-IDIR`, `-oFILE` (a short flag and its value), `-hh` (short flags together).
    const word = /^-[a-z]./.test(a) && !stringShorts.has(a[1]!) && ![...a.slice(1)].every((c) => booleanShorts.has(c));
    if (word) out[i] = "-" + a;
    const b = out[i]!;
    // A string flag without its value takes the next argument, whatever it looks like: skip it.
    const lone = b.startsWith("--") ? !b.includes("=") && options[b.slice(2)]?.type === "string" : b.length === 2 && stringShorts.has(b[1]!);
    if (lone) i++;
  }
  return out;
}

export function parseCommandArgs<const F extends Flags>(args: readonly string[], flags: F, rules: ParseRules = {}): Parsed<F> {
  const options: Options = { help: { type: "boolean", short: "h" } };
  const named = new Map<string, string>();
  const values: Record<string, string | string[] | boolean | undefined> = {};
  for (const [name, flag] of Object.entries(flags)) {
    for (const n of [name, ...(flag.aliases ?? [])]) {
      options[n] = { type: flag.type };
      named.set(n, name);
    }
    if (flag.short) options[name]!.short = flag.short;
    values[name] = flag.type === "boolean" ? false : flag.multiple ? [] : undefined;
  }
  const { tokens } = parseArgs({ args: longDashes(args, options), options, strict: false, allowPositionals: true, tokens: true });
  const positionals: string[] = [];
  const uses: Use[] = [];
  let help = false;
  for (const token of tokens) {
    if (token.kind === "option-terminator") continue;
    const arg = args[token.index]!;
    if (token.kind === "positional") {
      const error = rules.positional?.(token.value, positionals);
      if (error !== undefined) return { help: false, error };
      positionals.push(token.value);
      continue;
    }
    if (token.name === "help") {
      if (rules.stopAtHelp) return { help: true };
      help = true;
      continue;
    }
    const name = named.get(token.name);
    if (name === undefined) return { help: false, error: rules.unknown?.(arg, token.rawName) ?? `unknown option ${arg}` };
    const flag = flags[name]!;
    if (flag.type === "boolean") {
      values[name] = true;
      uses.push({ name, value: undefined, arg });
      continue;
    }
    const error = flag.check ? flag.check(token.value, arg) : token.value === undefined ? `${arg} needs a value` : undefined;
    if (error !== undefined) return { help: false, error };
    const value = token.value!;
    if (flag.multiple) (values[name] as string[]).push(value);
    else values[name] = value;
    uses.push({ name, value, arg });
  }
  if (help) return { help: true };
  return { help: false, error: undefined, values: values as Values<F>, positionals, uses };
}

/** Where a command writes: the part of CliIO the line's own answers need. */
interface Out {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** Prints `wirelab COMMAND: MESSAGE` and the command's help to standard error; the exit status 2. */
export function usageError(command: string, help: string, io: Out, message: string): number {
  io.stderr(`wirelab ${command}: ${message}\n\n${help}`);
  return 2;
}

/**
 * Reads a command's line the usual way: `-h` prints the help (exit 0), a problem prints
 * `wirelab COMMAND: PROBLEM` and the help (exit 2); otherwise the values. A number is the exit
 * status the command returns at once.
 */
export function readCommandLine<const F extends Flags>(
  command: string,
  help: string,
  args: readonly string[],
  flags: F,
  rules: ParseRules,
  io: Out,
): Extract<Parsed<F>, { values: Values<F> }> | number {
  const parsed = parseCommandArgs(args, flags, rules);
  if (parsed.help) {
    io.stdout(help);
    return 0;
  }
  if (parsed.error !== undefined) return usageError(command, help, io, parsed.error);
  return parsed;
}
