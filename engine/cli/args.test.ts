import { describe, expect, it } from "vitest";
import { longDashes, needs, parseCommandArgs, type Flags } from "./args.ts";
import { SCHEMA_FLAGS, schemaArgs } from "./schema-args.ts";

const FLAGS = {
  ...SCHEMA_FLAGS,
  output: { type: "string", short: "o", check: needs("-o needs a file") },
  case: { type: "string", multiple: true },
  at: { type: "string", check: (v) => (v !== undefined && /^\d+$/.test(v) ? undefined : `--at needs a byte offset, got ${v ?? "nothing"}`) },
  "field-names": { type: "boolean", aliases: ["print-field-names"] },
  json: { type: "boolean" },
} as const satisfies Flags;

/** The values and positionals of a command line that parses, or fails the test. */
function ok(args: string[]) {
  const parsed = parseCommandArgs(args, FLAGS);
  if (parsed.help || parsed.error !== undefined) throw new Error(`expected a parse: ${JSON.stringify(parsed)}`);
  return parsed;
}

function error(args: string[]): string | undefined {
  const parsed = parseCommandArgs(args, FLAGS);
  return parsed.help ? "help" : parsed.error;
}

describe("parseCommandArgs", () => {
  it("reads Go-style single-dash long flags as their -- twins (protoscope's spellings)", () => {
    const { values } = ok(["-message-type", "pkg.M", "-descriptor-set=set.binpb", "-print-field-names", "-json"]);
    expect(values.type).toBe("pkg.M");
    expect(values["descriptor-set"]).toBe("set.binpb");
    expect(values["field-names"]).toBe(true);
    expect(values.json).toBe(true);
    expect(ok(["-proto", "a.proto", "-type=p.M", "-proto_path", "dir"]).values).toMatchObject({ proto: ["a.proto"], type: "p.M", proto_path: ["dir"] });
  });

  it("takes -I DIR, -IDIR and --proto_path=DIR, in order, repeatable", () => {
    const { values } = ok(["-Iinc", "-I", "other", "--proto_path=third", "--proto_path", "fourth", "-I=fifth"]);
    expect(values.proto_path).toEqual(["inc", "other", "third", "fourth", "=fifth"]);
    expect(schemaArgs(values).includes).toEqual(["inc", "other", "third", "fourth", "=fifth"]);
  });

  it("takes --flag=value and --flag value; a repeatable flag collects, another keeps the last", () => {
    const { values } = ok(["--proto=a.proto", "--proto", "b.proto", "--type", "p.A", "--type=p.B", "--case", "x", "--case=y"]);
    expect(values.proto).toEqual(["a.proto", "b.proto"]);
    expect(values.case).toEqual(["x", "y"]);
    expect(values.type).toBe("p.B");
  });

  it("takes a short string flag's value attached (-oFILE), and -hh as -h -h", () => {
    expect(ok(["-oout.bin"]).values.output).toBe("out.bin");
    expect(ok(["-output"]).values.output).toBe("utput");
    expect(error(["-hh"])).toBe("help");
  });

  it("reports an unknown option as typed", () => {
    expect(error(["--frobnicate"])).toBe("unknown option --frobnicate");
    expect(error(["-frobnicate"])).toBe("unknown option -frobnicate");
    expect(error(["--nope=1"])).toBe("unknown option --nope=1");
    expect(error(["-Xy"])).toBe("unknown option -Xy");
    expect(error(["-5"])).toBe("unknown option -5");
    const arena = parseCommandArgs(["--nope"], FLAGS, { unknown: (arg) => `unknown argument ${arg}` });
    expect(arena.help === false && arena.error).toBe("unknown argument --nope");
  });

  it("reports a missing value in the flag's words, or as ARG needs a value", () => {
    expect(error(["--proto"])).toBe("--proto needs a file");
    expect(error(["--proto="])).toBe("--proto needs a file");
    expect(error(["-I"])).toBe("-I needs a directory");
    expect(error(["--type"])).toBe("--type needs a message type, e.g. pkg.Msg");
    expect(error(["-o"])).toBe("-o needs a file");
    expect(error(["--case"])).toBe("--case needs a value");
    expect(error(["--at"])).toBe("--at needs a byte offset, got nothing");
    expect(error(["--at", "x"])).toBe("--at needs a byte offset, got x");
  });

  it("takes the next argument as the value whatever it looks like", () => {
    expect(ok(["--type", "-x"]).values.type).toBe("-x");
    expect(ok(["--type", "-message-type"]).values.type).toBe("-message-type");
    expect(ok(["-o", "-"]).values.output).toBe("-");
    expect(ok(["-I", "-dir"]).values.proto_path).toEqual(["-dir"]);
    expect(ok(["--proto", "-h"]).values.proto).toEqual(["-h"]);
    expect(ok(["--case", "--"]).values.case).toEqual(["--"]);
    expect(error(["--at", "-1"])).toBe("--at needs a byte offset, got -1");
  });

  it("reads - as a positional (standard input), and everything after -- as positionals", () => {
    expect(ok(["-"]).positionals).toEqual(["-"]);
    expect(ok(["a.bin", "--", "-b", "--json"])).toMatchObject({ positionals: ["a.bin", "-b", "--json"], values: { json: false } });
  });

  it("checks positionals in order with the command's rule", () => {
    const oneInput = (arg: string, earlier: readonly string[]) => (earlier.length > 0 ? `more than one input file: ${earlier[0]} and ${arg}` : undefined);
    const parsed = parseCommandArgs(["a", "--json", "b"], FLAGS, { positional: oneInput });
    expect(parsed.help === false && parsed.error).toBe("more than one input file: a and b");
  });

  it("-h stops the reading with stopAtHelp; otherwise any problem on the line wins", () => {
    expect(parseCommandArgs(["-h", "--nope"], FLAGS, { stopAtHelp: true })).toEqual({ help: true });
    expect(parseCommandArgs(["--nope", "-h"], FLAGS, { stopAtHelp: true })).toEqual({ help: false, error: "unknown option --nope" });
    expect(parseCommandArgs(["-h", "--nope"], FLAGS)).toEqual({ help: false, error: "unknown option --nope" });
    expect(parseCommandArgs(["--help", "--json"], FLAGS)).toEqual({ help: true });
    expect(parseCommandArgs(["-help"], FLAGS)).toEqual({ help: true });
  });

  it("a boolean flag ignores a value given with =", () => {
    expect(ok(["--json=1"]).values.json).toBe(true);
  });

  it("lists the uses in order, for flags whose meaning depends on which came last", () => {
    expect(ok(["--json", "--type", "p.M", "-Idir"]).uses).toEqual([
      { name: "json", value: undefined, arg: "--json" },
      { name: "type", value: "p.M", arg: "--type" },
      { name: "proto_path", value: "dir", arg: "-Idir" },
    ]);
  });
});

describe("longDashes", () => {
  const options = { help: { type: "boolean", short: "h" }, type: { type: "string" }, output: { type: "string", short: "o" }, proto_path: { type: "string", short: "I" } } as const;

  it("adds a dash to single-dash words only", () => {
    expect(longDashes(["-type", "-t", "-Idir", "-ofile", "-h", "-hh", "-", "-5", "--json", "a"], options)).toEqual(["--type", "-t", "-Idir", "-ofile", "-h", "-hh", "-", "-5", "--json", "a"]);
  });

  it("leaves values and what follows -- alone", () => {
    expect(longDashes(["--type", "-foo", "-o", "-bar", "-I", "-baz", "--", "-type"], options)).toEqual(["--type", "-foo", "-o", "-bar", "-I", "-baz", "--", "-type"]);
    expect(longDashes(["-type", "-foo", "-type=-x", "-json"], options)).toEqual(["--type", "-foo", "--type=-x", "--json"]);
  });
});
