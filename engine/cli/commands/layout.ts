/**
 * `wirelab layout F.proto... [-I DIR] --type pkg.Msg [--api open|hybrid|opaque|all] [--decode MSG.bin] [--json]`
 *
 * The 64-bit Go struct protoc-gen-go v1.36 generates for a message type (engine/layout), and with
 * `--decode` the heap objects `var m T; proto.Unmarshal(b, &m)` allocates for those bytes.
 */
import type { DescMessage } from "@bufbuild/protobuf";
import { compile, formatSchemaDiagnostic } from "../../schema/index.ts";
import { WireError } from "../../wire/index.ts";
import { GO_API_LEVELS, declaredApiLevel, decodeAllocs, goStructLayout, type GoApiLevel } from "../../layout/index.ts";
import type { CliIO } from "../io.ts";
import { loadProtoWorkspace, shownFile } from "../proto-loader.ts";
import { needs, parseCommandArgs, type Flags } from "../args.ts";
import { SCHEMA_FLAGS } from "../schema-args.ts";

const USAGE = `usage: wirelab layout F.proto... [-I DIR] --type pkg.Msg [--api open|hybrid|opaque|all] [--decode MSG.bin] [--json]

Prints the 64-bit Go struct protoc-gen-go v1.36 generates for a message: every field's offset,
size and type, padding, the internal fields, the total size.

  -I DIR, --proto_path=DIR   where .proto files and their imports are looked up (default .)
  --type pkg.Msg             the message type
  --api LEVEL                open, hybrid, opaque, or all three (default: the level the file
                             sets with features.(pb.go).api_level, else open)
  --decode MSG.bin           also count the heap objects proto.Unmarshal allocates for these
                             bytes ("-": standard input), as testing.AllocsPerRun counts them
  --json                     {"layouts":[{"type","api","size","fields":[{"go","proto","offset","size","goType"}],"allocsPerDecode"}]}

Exit status: 0 printed, 1 errors in the schema or the bytes, 2 bad usage.
`;

interface Options {
  protos: string[];
  includes: string[];
  type: string | undefined;
  api: GoApiLevel | "all" | undefined;
  decode: string | undefined;
  json: boolean;
  help: boolean;
}

const FLAGS = {
  ...SCHEMA_FLAGS,
  api: { type: "string", check: (v) => (v === "open" || v === "hybrid" || v === "opaque" || v === "all" ? undefined : "--api must be open, hybrid, opaque or all") },
  decode: { type: "string", check: needs("--decode needs a file of message bytes") },
  json: { type: "boolean" },
} as const satisfies Flags;

function parseOptions(args: string[]): Options | string {
  // The .proto files are named as they are (any --proto ones after them); "-" is no file here.
  const parsed = parseCommandArgs(args, FLAGS, { positional: (a) => (a === "-" ? "unknown option -" : undefined) });
  if (parsed.help) return { protos: [], includes: [], type: undefined, api: undefined, decode: undefined, json: false, help: true };
  if (parsed.error !== undefined) return parsed.error;
  const { values, positionals } = parsed;
  if (values["descriptor-set"] !== undefined) return "layout compiles .proto files; --descriptor-set is not read here";
  const o: Options = {
    protos: [...positionals, ...values.proto],
    includes: values.proto_path,
    type: values.type,
    api: values.api as Options["api"],
    decode: values.decode,
    json: values.json,
    help: false,
  };
  if (o.protos.length === 0) return "give at least one .proto file";
  if (o.type === undefined) return "--type pkg.Msg is required";
  return o;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => (i === 0 || i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ").trimEnd());
}

export async function run(args: string[], io: CliIO): Promise<number> {
  const o = parseOptions(args);
  if (typeof o === "string") {
    io.stderr(`wirelab layout: ${o}\n\n${USAGE}`);
    return 2;
  }
  if (o.help) {
    io.stdout(USAGE);
    return 0;
  }
  const workspace = loadProtoWorkspace(o.protos, o.includes, io);
  if (workspace.problems.length > 0) {
    io.stderr(workspace.problems[0] + "\n");
    return 1;
  }
  const result = compile(workspace.files, { roots: workspace.roots });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  for (const d of errors) io.stderr(formatSchemaDiagnostic(d, shownFile(workspace, d)) + "\n");
  if (errors.length > 0 || !result.registry) return 1;
  const message = result.registry.getMessage(o.type!) as DescMessage | undefined;
  if (!message) {
    io.stderr(`${o.type}: no such message type in ${o.protos.join(", ")}\n`);
    return 1;
  }
  const levels: GoApiLevel[] = o.api === "all" ? [...GO_API_LEVELS] : [o.api ?? declaredApiLevel(message) ?? "open"];
  let bytes: Uint8Array | undefined;
  if (o.decode !== undefined) {
    try {
      bytes = io.readFile(o.decode);
    } catch (e) {
      io.stderr(`${o.decode}: ${e instanceof Error ? e.message : String(e)}\n`);
      return 1;
    }
  }
  const shownPath = o.decode === "-" ? "<stdin>" : o.decode;
  const layouts = [];
  for (const api of levels) {
    const layout = goStructLayout(message, api);
    let allocs;
    if (bytes) {
      try {
        // Hybrid decodes as open does (same struct, same code paths).
        allocs = decodeAllocs(message, bytes, api === "hybrid" ? "open" : api);
      } catch (e) {
        if (!(e instanceof WireError)) throw e;
        io.stderr(`${shownPath}:@${e.offset}: ${e.reason}\n`);
        return 1;
      }
    }
    layouts.push({ layout, allocs });
  }
  if (o.json) {
    const doc = {
      layouts: layouts.map(({ layout, allocs }) => ({
        type: layout.type,
        api: layout.api,
        size: layout.size,
        fields: layout.fields.map((f) => ({ go: f.go, ...(f.proto !== undefined ? { proto: f.proto } : {}), offset: f.offset, size: f.size, goType: f.goType })),
        ...(allocs ? { allocsPerDecode: allocs.total } : {}),
      })),
    };
    io.stdout(JSON.stringify(doc) + "\n");
    return 0;
  }
  const out: string[] = [];
  for (const { layout, allocs } of layouts) {
    out.push(`${layout.goName} (${layout.type}), ${layout.api} API: ${layout.size} bytes, aligned to ${layout.align}`);
    const rows: string[][] = [["offset", "size", "field", "type", "proto"]];
    const gaps = [...layout.padding];
    for (const f of layout.fields) {
      while (gaps.length > 0 && gaps[0]!.offset < f.offset) {
        const g = gaps.shift()!;
        rows.push([String(g.offset), String(g.size), "(padding)", "", ""]);
      }
      rows.push([String(f.offset), String(f.size), f.go, f.goType, f.proto ?? ""]);
    }
    for (const g of gaps) rows.push([String(g.offset), String(g.size), "(padding)", "", ""]);
    out.push(...table(rows).map((l) => "  " + l));
    const padded = layout.padding.reduce((n, g) => n + g.size, 0);
    out.push(`  ${padded} bytes of padding`);
    if (allocs) {
      out.push(`  proto.Unmarshal allocates ${allocs.total} heap object${allocs.total === 1 ? "" : "s"}${allocs.exact ? "" : " (estimate: " + allocs.notes.join("; ") + ")"}:`);
      for (const i of allocs.items) out.push(`    ${i.count > 1 ? `${i.count} x ` : ""}${i.what}${i.path ? `  (${i.path})` : ""}`);
    }
    out.push("");
  }
  io.stdout(out.join("\n"));
  return 0;
}
