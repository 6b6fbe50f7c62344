/**
 * The CLI and the app run the same pipeline (issue 9, item 1): for the same files, `wirelab
 * encode`, `disassemble`, `annotate` and `explain` (run in process on a real directory tree, the
 * schema under an `-I` root that is not the working directory) give the bytes, annotation trees
 * and disassembly that `runWorkspace` gives for the workspace the app builds (files named by
 * import path, the app's default options). Both what the commands print and the result of the
 * engine run behind it (every key of every annotation) are compared.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { explainByte } from "../explain/index.ts";
import { runWorkspace } from "../workspace/run.ts";
import type { InputFile, Workspace, WorkspaceResult } from "../workspace/types.ts";
import type { CliIO } from "./io.ts";
import { main } from "./main.ts";

/** Every run of the engine's pipeline, the CLI's included (runWorkspace runs it too). */
const runs = vi.hoisted(() => [] as WorkspaceResult[]);
vi.mock("../workspace/pipeline.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../workspace/pipeline.ts")>();
  return {
    ...real,
    runPipeline: (...args: Parameters<typeof real.runPipeline>) => {
      const result = real.runPipeline(...args);
      runs.push(result);
      return result;
    },
  };
});

const M_PROTO = `syntax = "proto3";
package a;
import "b/n.proto";
message M {
  enum Color { COLOR_UNSPECIFIED = 0; RED = 1; GREEN = 2; }
  b.N n = 1;
  int32 x = 2;
  Color color = 3;
  repeated string tags = 4;
  map<string, int32> counts = 5;
  repeated sint64 deltas = 6;
  double ratio = 7;
}
`;
const N_PROTO = `syntax = "proto3";
package b;
message N { string s = 1; sint32 z = 2; fixed64 f = 3; }
`;
const TEXT = `counts { key: "b" value: 2 }
n { s: "héllo" z: -7 f: 12 }
x: 150
color: GREEN
tags: "one"
tags: "two"
counts { key: "a" value: 1 }
deltas: [-1, 300, -70000]
ratio: 0.25
`;
const PROTOSCOPE = `1: {
  1: {"héllo"}
  2: 13
  3: 12i64
}
2: 150
3: 2
4: {"one"}
6: {1 600 139999}
99: 5 # unknown
`;

let top = "";
beforeAll(() => {
  top = mkdtempSync(join(tmpdir(), "wirelab-parity-"));
  const tree: Record<string, string> = {
    "root/a/m.proto": M_PROTO,
    "root/b/n.proto": N_PROTO,
    "elsewhere/msg.txtpb": TEXT,
    "elsewhere/msg.protoscope": PROTOSCOPE,
  };
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(join(top, path, ".."), { recursive: true });
    writeFileSync(join(top, path), text);
  }
});
afterAll(() => rmSync(top, { recursive: true, force: true }));
beforeEach(() => void runs.splice(0));

/** Runs a wirelab command in process from `elsewhere/`; returns its output and the engine runs it made. */
async function wirelab(args: string[]) {
  const dir = join(top, "elsewhere");
  const out = { status: 0, stdout: "", stderr: "", bytes: new Uint8Array(0), runs: [] as WorkspaceResult[] };
  const parts: Uint8Array[] = [];
  const io: CliIO = {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    stdoutBytes: (b) => void parts.push(b.slice()),
    readFile: (p) => new Uint8Array(readFileSync(resolve(dir, p))),
    writeFile: (p, d) => writeFileSync(resolve(dir, p), d),
  };
  runs.splice(0);
  out.status = await main(args, io);
  out.bytes = new Uint8Array(Buffer.concat(parts));
  out.runs = runs.splice(0);
  return out;
}

/** The app's run: the schema files named by import path, the input as the editor holds it, the app's options. */
function app(input: InputFile): WorkspaceResult {
  const ws: Workspace = {
    files: [{ kind: "proto", name: "a/m.proto", text: M_PROTO }, { kind: "proto", name: "b/n.proto", text: N_PROTO }, input],
    active: input.name,
  };
  const result = runWorkspace(ws);
  runs.splice(0);
  expect(Object.values(result.diagnostics).flat().filter((d) => d.severity === "error")).toEqual([]);
  return result;
}

/** Every key of every node, as the CLI's JSON and a Worker's structured clone carry them. */
const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
/**
 * A bytes input's tree as `annotate` prints it: the app's tree also links each node into the
 * disassembly it shows (one tree, engine/annotate/sources.ts); `annotate` prints no disassembly,
 * so its nodes have no source ranges.
 */
const unlinked = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (key, x: unknown) => (key === "source" ? undefined : x)));

const SCHEMA = ["-I", "../root", "--proto", "a/m.proto", "--type", "a.M"];

describe("the CLI and the app run the same pipeline", () => {
  it("text format: encode's bytes and the encoder's tree are the app's (schema under -I ../root)", async () => {
    const cli = await wirelab(["encode", ...SCHEMA, "msg.txtpb"]);
    expect(cli.stderr).toBe("");
    expect(cli.status).toBe(0);
    const ours = app({ kind: "textformat", name: "message.txtpb", text: TEXT, messageType: "a.M" });
    expect(ours.bytes.length).toBeGreaterThan(40);
    expect(Buffer.from(cli.bytes).toString("hex")).toBe(Buffer.from(ours.bytes).toString("hex"));
    expect(cli.runs).toHaveLength(1);
    const run = cli.runs[0]!;
    expect(run.annotations.length).toBeGreaterThan(0);
    expect(plain(run.annotations)).toEqual(plain(ours.annotations));
    expect(run.messageTypes).toEqual(ours.messageTypes);

    // The same schema from a FileDescriptorSet gives the same bytes and tree.
    expect((await wirelab(["descriptor", "-I", "../root", "a/m.proto", "--include-imports", "-o", "set.binpb"])).status).toBe(0);
    const fromSet = await wirelab(["encode", "--descriptor-set", "set.binpb", "--type", "a.M", "msg.txtpb"]);
    expect(fromSet.status).toBe(0);
    expect(Buffer.from(fromSet.bytes).toString("hex")).toBe(Buffer.from(ours.bytes).toString("hex"));
    expect(plain(fromSet.runs[0]!.annotations)).toEqual(plain(ours.annotations));
  });

  it("protoscope: assemble's bytes, and explain --protoscope reads the app's tree at every byte", async () => {
    const assembled = await wirelab(["assemble", "msg.protoscope"]);
    expect(assembled.status).toBe(0);
    for (const typed of [false, true]) {
      const ours = app({ kind: "protoscope", name: "message.protoscope", text: PROTOSCOPE, messageType: typed ? "a.M" : "" });
      expect(Buffer.from(assembled.bytes).toString("hex")).toBe(Buffer.from(ours.bytes).toString("hex"));
      const at = [...ours.bytes.keys()].flatMap((i) => ["--at", String(i)]);
      const cli = await wirelab(["explain", "msg.protoscope", "--protoscope", ...(typed ? SCHEMA : []), ...at, "--json"]);
      expect(cli.stderr).toBe("");
      expect(cli.status).toBe(0);
      const expected = [...ours.bytes.keys()].map((i) => explainByte(ours.bytes, ours.annotations, i));
      expect(JSON.parse(cli.stdout)).toEqual(plain(expected));
      if (typed) expect(cli.stdout).toContain("héllo");
      expect(cli.runs).toHaveLength(1);
      const run = cli.runs[0]!;
      expect(run.bytes).toEqual(ours.bytes);
      expect(plain(run.annotations)).toEqual(plain(ours.annotations));
    }
  });

  it("raw bytes with a schema: annotate --json's tree and disassemble's text are the app's", async () => {
    const encoded = await wirelab(["encode", ...SCHEMA, "msg.txtpb", "-o", "msg.bin"]);
    expect(encoded.status).toBe(0);
    const bytes = new Uint8Array(readFileSync(join(top, "elsewhere/msg.bin")));
    const ours = app({ kind: "bytes", name: "message.bin", bytes, messageType: "a.M" });

    const annotated = await wirelab(["annotate", "msg.bin", ...SCHEMA, "--json"]);
    expect(annotated.stderr).toBe("");
    expect(annotated.status).toBe(0);
    const json = JSON.parse(annotated.stdout) as { annotations: unknown; diagnostics: unknown };
    expect(json.annotations).toEqual(unlinked(ours.annotations));
    expect(json.diagnostics).toEqual(plain(ours.diagnostics["message.bin"]));
    expect(plain(annotated.runs[0]!.annotations)).toEqual(unlinked(ours.annotations));
    expect(annotated.runs[0]!.disassembly).toBeUndefined();

    // The app names fields and enum values in its disassembly.
    const names = await wirelab(["disassemble", "msg.bin", ...SCHEMA, "--field-names", "--enum-names"]);
    expect(names.status).toBe(0);
    expect(new TextDecoder().decode(names.bytes)).toBe(ours.disassembly);
    expect(ours.disassembly).toContain("# color, GREEN");
    // --field-names alone: the app's pipeline with the same printing flags.
    const fields = await wirelab(["disassemble", "msg.bin", ...SCHEMA, "--field-names"]);
    expect(fields.status).toBe(0);
    const text = new TextDecoder().decode(fields.bytes);
    expect(text).toContain("# n");
    expect(text).not.toContain("GREEN");
    const ws: Workspace = {
      files: [{ kind: "proto", name: "a/m.proto", text: M_PROTO }, { kind: "proto", name: "b/n.proto", text: N_PROTO }, { kind: "bytes", name: "message.bin", bytes, messageType: "a.M" }],
      active: "message.bin",
    };
    expect(runWorkspace(ws, undefined, { disassembleOptions: { fieldNames: true } }).disassembly).toBe(text);
    expect(fields.runs[0]!.annotations).toEqual([]);

    // explain over the bytes reads the app's tree too.
    const at = [...bytes.keys()].flatMap((i) => ["--at", String(i)]);
    const explained = await wirelab(["explain", "msg.bin", ...SCHEMA, ...at, "--json"]);
    expect(explained.status).toBe(0);
    expect(JSON.parse(explained.stdout)).toEqual(plain([...bytes.keys()].map((i) => explainByte(bytes, ours.annotations, i))));
  });

  it("raw bytes without a schema: the same pipeline, run without the schema stages", async () => {
    const bytes = Uint8Array.from([0x08, 0x96, 0x01, 0x12, 0x03, 0x61, 0x62, 0x63, 0x1d, 0, 0, 0x80, 0x3f]);
    writeFileSync(join(top, "elsewhere/plain.bin"), bytes);
    const ours = app({ kind: "bytes", name: "plain.bin", bytes, messageType: "" });
    const annotated = await wirelab(["annotate", "plain.bin", "--json"]);
    expect(annotated.runs).toHaveLength(1);
    expect(JSON.parse(annotated.stdout)).toEqual(unlinked({ annotations: ours.annotations, diagnostics: ours.diagnostics["plain.bin"] }));
    const disassembled = await wirelab(["disassemble", "plain.bin"]);
    expect(new TextDecoder().decode(disassembled.bytes)).toBe(ours.disassembly);
  });
});
