/**
 * The `wirelab` command. Each command lives in ./commands/<name>.ts and exports
 * `run(args, io): Promise<number>` (the exit status: 0 ok, 1 input errors, 2 bad usage).
 * Commands are loaded lazily so `wirelab --help` starts fast.
 */
import type { CliIO } from "./io.ts";
import { nodeIO } from "./io.ts";

interface CommandEntry {
  summary: string;
  load: () => Promise<{ run: (args: string[], io: CliIO) => Promise<number> }>;
}

const commands: Record<string, CommandEntry> = {
  disassemble: {
    summary: "bytes to protoscope text, as protoscope prints it (wirelab disassemble [FILE] [--proto F.proto... -I DIR --type pkg.Msg] [--explicit-wire-types] ...)",
    load: () => import("./commands/disassemble.ts"),
  },
  annotate: {
    summary: "bytes to the annotation tree (wirelab annotate [FILE] [--proto ... --type ...] [--framing delimited|grpc] --json)",
    load: () => import("./commands/annotate.ts"),
  },
  explain: {
    summary: "what a byte means, in plain words and bits (wirelab explain [FILE] --at OFFSET [--protoscope] [--proto ... --type ...] [--json])",
    load: () => import("./commands/explain.ts"),
  },
  decode: {
    summary: "bytes as a reader with the schema sees them, printed as protoc --decode prints them (wirelab decode --proto F.proto [-I DIR] --type pkg.Msg [FILE] [--lineup [--json]])",
    load: () => import("./commands/decode.ts"),
  },
  assemble: {
    summary: "protoscope text to bytes, byte-identical to protoscope -s (wirelab assemble [FILE] [-o OUT])",
    load: () => import("./commands/assemble.ts"),
  },
  bench: {
    summary: "run benchmark suites in Node (wirelab bench [SUITE...] [--list] [--quick] [--json])",
    load: () => import("./commands/bench.ts"),
  },
  encode: {
    summary: "text-format message to bytes, as protoc --encode (wirelab encode --proto F.proto [-I DIR] --type pkg.Msg [MSG.txtpb] [-o OUT])",
    load: () => import("./commands/encode.ts"),
  },
  sizes: {
    summary: "raw, gzip, zlib, deflate and brotli sizes of files (wirelab sizes FILE... [--json])",
    load: () => import("./commands/sizes.ts"),
  },
  descriptor: {
    summary: "compile .proto files to a FileDescriptorSet, as protoc --descriptor_set_out (wirelab descriptor F.proto... [-I DIR] -o SET.binpb [--include-imports])",
    load: () => import("./commands/descriptor.ts"),
  },
  arena: {
    summary: "the bump-pointer arena's trace (wirelab arena --ops \"alloc:24,reset,realloc:0:64\" [--mode design|listing] [--json])",
    load: () => import("./commands/arena.ts"),
  },
  layout: {
    summary: "the Go struct protoc-gen-go generates for a message, open/hybrid/opaque (wirelab layout F.proto... [-I DIR] --type pkg.Msg [--api open|hybrid|opaque|all] [--decode MSG.bin] [--json])",
    load: () => import("./commands/layout.ts"),
  },
  check: {
    summary: "grade a lesson's exercise with the app's checks (wirelab check LESSON EXERCISE FILE... [--json] [--watch] | --list [--json])",
    load: () => import("./commands/check.ts"),
  },
  workshop: {
    summary: "the course as a folder of exercises, graded as you save (wirelab workshop init DIR [LESSON...] | watch DIR)",
    load: () => import("./commands/workshop.ts"),
  },
  lint: {
    summary: "protoc's compile errors, then buf's lint findings (wirelab lint F.proto... [-I DIR] [--rules R1,R2 | none | --all-rules])",
    load: () => import("./commands/lint.ts"),
  },
  breaking: {
    summary: "buf's breaking-change check between two versions (wirelab breaking NEW_DIR --against OLD_DIR [--use FILE|PACKAGE|WIRE_JSON|WIRE|RULE]... [-I DIR] [--json])",
    load: () => import("./commands/breaking.ts"),
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  const lines = ["usage: wirelab <command> [options]", "", "commands:"];
  for (const [name, entry] of Object.entries(commands)) {
    lines.push(`  ${name.padEnd(width)}  ${entry.summary}`);
  }
  lines.push("", "Run `wirelab <command> --help` for a command's options.");
  return lines.join("\n");
}

export async function main(argv: string[], io: CliIO = nodeIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout(usage() + "\n");
    return name === undefined ? 2 : 0;
  }
  const entry = commands[name];
  if (!entry) {
    io.stderr(`wirelab: unknown command "${name}"\n\n${usage()}\n`);
    return 2;
  }
  const command = await entry.load();
  // Every failing exit says why: each command prints its reasons; should one ever fail without a
  // word (a bug), say at least that, rather than exit silently.
  let said = false;
  const watched: CliIO = {
    readFile: (path) => io.readFile(path),
    writeFile: (path, data) => io.writeFile(path, data),
    stdout: (text) => ((said = true), io.stdout(text)),
    stderr: (text) => ((said = true), io.stderr(text)),
    stdoutBytes: (bytes) => ((said = true), io.stdoutBytes(bytes)),
  };
  const status = await command.run(rest, watched);
  if (status !== 0 && !said) io.stderr(`wirelab ${name}: failed (exit status ${status}) without saying why; this is a bug in wirelab\n`);
  return status;
}
