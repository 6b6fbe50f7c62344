/**
 * The CLI finds .proto files as protoc does (issue 9, item 9), checked on a real directory tree
 * against the installed protoc: a file named relative to an -I root resolves inside it from any
 * working directory (relative or absolute -I), files that cannot be placed get protoc's words and
 * exit 1, and `descriptor` writes several files in protoc's dependency order, byte for byte.
 * Commands run in process with their file paths relative to a chosen working directory.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findTool, missingToolReason, protoc36Include } from "../testing/tools.ts";
import type { CliIO } from "./io.ts";
import { main } from "./main.ts";

const protoc = findTool("protoc-36");
const wkt = protoc ? protoc36Include() : undefined;
if (!protoc) console.warn(missingToolReason("protoc-36"));

let top = "";
const tree: Record<string, string> = {
  "root/a/m.proto": 'syntax = "proto3";\npackage a;\nimport "a/dep.proto";\nmessage M { a.D d = 1; int32 x = 2; }\n',
  "root/a/dep.proto": 'syntax = "proto3";\npackage a;\nmessage D { string s = 1; }\n',
  "root/a/solo.proto": 'syntax = "proto3";\npackage a;\nmessage S { int32 n = 1; }\n',
  "root2/a/m.proto": 'syntax = "proto3";\npackage a;\nmessage M { int32 y = 1; }\n',
  "elsewhere/msg.txtpb": 'd { s: "hi" } x: 150\n',
};

beforeAll(() => {
  top = mkdtempSync(join(tmpdir(), "wirelab-layouts-"));
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(join(top, path, ".."), { recursive: true });
    writeFileSync(join(top, path), text);
  }
});
afterAll(() => rmSync(top, { recursive: true, force: true }));

/** Runs a wirelab command as if from `cwd` (a directory under the tree). */
async function wirelab(cwd: string, args: string[], stdin = "") {
  const dir = join(top, cwd);
  const out = { status: 0, stdout: "", stderr: "", bytes: [] as Uint8Array[] };
  const io: CliIO = {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    stdoutBytes: (b) => void out.bytes.push(b.slice()),
    readFile: (p) => (p === "-" ? new TextEncoder().encode(stdin) : new Uint8Array(readFileSync(resolve(dir, p)))),
    writeFile: (p, d) => writeFileSync(resolve(dir, p), d),
  };
  out.status = await main(args, io);
  return out;
}

/** Runs protoc from `cwd`. */
function runProtoc(cwd: string, args: string[], stdin: string | Uint8Array = "") {
  // protoc 36.2's well-known types go last on its path (it ships none).
  const r = spawnSync(protoc!, [...args, `--proto_path=${wkt}`], { cwd: join(top, cwd), input: stdin });
  return { status: r.status, stdout: r.stdout, stderr: String(r.stderr) };
}

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const concat = (parts: Uint8Array[]) => Buffer.concat(parts.map((p) => Buffer.from(p)));

describe.skipIf(!protoc)("the CLI places .proto files as protoc does (live protoc)", () => {
  const layouts: { label: string; cwd: string; include: () => string; name: string }[] = [
    { label: "not a path from here", cwd: "elsewhere", include: () => "../root", name: "a/m.proto" },
    { label: "absolute -I", cwd: "elsewhere", include: () => join(top, "root"), name: "a/m.proto" },
    { label: "a path from here, not under -I as written", cwd: "root", include: () => "../root", name: "a/m.proto" },
    { label: "under -I as written", cwd: ".", include: () => "root", name: "root/a/m.proto" },
  ];

  for (const { label, cwd, include, name } of layouts) {
    it(`descriptor ${name} (${label}, from ${cwd}): protoc's bytes`, async () => {
      const ours = await wirelab(cwd, ["descriptor", name, "-I", include(), "-o", "ours.binpb"]);
      expect(ours.stderr).toBe("");
      expect(ours.status).toBe(0);
      const theirs = runProtoc(cwd, ["-I", include(), "--descriptor_set_out=theirs.binpb", name]);
      expect(theirs.status).toBe(0);
      expect(hex(readFileSync(join(top, cwd, "ours.binpb")))).toBe(hex(readFileSync(join(top, cwd, "theirs.binpb"))));
    });
  }

  it("lint, encode, decode, disassemble and annotate accept the same layout (from elsewhere, -I ../root)", async () => {
    const schema = ["--proto", "a/m.proto", "-I", "../root"];
    const lint = await wirelab("elsewhere", ["lint", "a/m.proto", "-I", "../root", "--rules", "none"]);
    expect([lint.status, lint.stderr]).toEqual([0, ""]);

    const encoded = await wirelab("elsewhere", ["encode", ...schema, "--type", "a.M", "msg.txtpb"]);
    expect([encoded.status, encoded.stderr]).toEqual([0, ""]);
    const theirs = runProtoc("elsewhere", ["-I", "../root", "--encode=a.M", "a/m.proto"], tree["elsewhere/msg.txtpb"]);
    expect(theirs.status).toBe(0);
    expect(hex(concat(encoded.bytes))).toBe(hex(theirs.stdout));
    writeFileSync(join(top, "elsewhere", "msg.bin"), theirs.stdout);

    const decoded = await wirelab("elsewhere", ["decode", "msg.bin", ...schema, "--type", "a.M"]);
    const protocDecoded = runProtoc("elsewhere", ["-I", "../root", "--decode=a.M", "a/m.proto"], theirs.stdout);
    expect([decoded.status, decoded.stderr, decoded.stdout]).toEqual([protocDecoded.status, "", protocDecoded.stdout.toString("utf8")]);

    const dis = await wirelab("elsewhere", ["disassemble", "msg.bin", ...schema, "--type", "a.M", "--field-names"]);
    expect([dis.status, dis.stderr]).toEqual([0, ""]);
    const text = dis.stdout + concat(dis.bytes).toString("utf8");
    expect(text).toContain('"hi"');
    expect(text).toContain("# x");
    const ann = await wirelab("elsewhere", ["annotate", "msg.bin", ...schema, "--type", "a.M", "--json"]);
    expect([ann.status, ann.stderr]).toEqual([0, ""]);
    expect(JSON.stringify(JSON.parse(ann.stdout))).toContain('"name":"x"');
  });

  const failures: { what: string; cwd: string; args: () => string[] }[] = [
    { what: "no such file anywhere", cwd: "elsewhere", args: () => ["-I", "../root", "a/nope.proto"] },
    { what: "a file outside every -I", cwd: ".", args: () => ["-I", "root", "root2/a/m.proto"] },
    { what: "an absolute path and no -I", cwd: ".", args: () => [join(top, "root", "a", "m.proto")] },
    { what: "an input shadowed by an earlier -I", cwd: ".", args: () => ["-I", "root2", "-I", "root", "root/a/m.proto"] },
  ];

  for (const f of failures) {
    it(`every command prints protoc's reason and exits 1: ${f.what}`, async () => {
      const args = f.args();
      const theirs = runProtoc(f.cwd, ["--descriptor_set_out=/dev/null", ...args]);
      expect(theirs.status).toBe(1);
      expect(theirs.stderr).not.toBe("");
      const file = args[args.length - 1]!;
      const includes = args.slice(0, -1);
      const runs = [
        ["descriptor", file, ...includes, "-o", "x.binpb"],
        ["lint", file, ...includes],
        ["encode", "--proto", file, ...includes, "--type", "a.M", "msg.txtpb"],
        ["disassemble", "msg.bin", "--proto", file, ...includes, "--type", "a.M"],
        ["annotate", "msg.bin", "--proto", file, ...includes, "--type", "a.M"],
      ];
      writeFileSync(join(top, f.cwd, "msg.txtpb"), "x: 1\n");
      writeFileSync(join(top, f.cwd, "msg.bin"), new Uint8Array([0x10, 0x01]));
      for (const run of runs) {
        const ours = await wirelab(f.cwd, run);
        expect(ours.status, run.join(" ")).toBe(1);
        expect(ours.stderr, run.join(" ")).toBe(theirs.stderr);
      }
    });
  }

  it("descriptor with several files: protoc's dependency order, byte for byte, with and without imports", async () => {
    for (const order of [
      ["a/m.proto", "a/dep.proto"],
      ["a/dep.proto", "a/m.proto"],
      ["a/solo.proto", "a/m.proto", "a/dep.proto"],
    ]) {
      for (const imports of [false, true]) {
        const ours = await wirelab("elsewhere", ["descriptor", ...order, "-I", "../root", "-o", "ours.binpb", ...(imports ? ["--include-imports"] : [])]);
        expect([ours.status, ours.stderr]).toEqual([0, ""]);
        const theirs = runProtoc("elsewhere", ["-I", "../root", "--descriptor_set_out=theirs.binpb", ...(imports ? ["--include_imports"] : []), ...order]);
        expect(theirs.status).toBe(0);
        expect(hex(readFileSync(join(top, "elsewhere", "ours.binpb"))), `${order.join(" ")}${imports ? " --include-imports" : ""}`).toBe(
          hex(readFileSync(join(top, "elsewhere", "theirs.binpb"))),
        );
      }
    }
  });
});
