import { equals, fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findTool, missingToolReason, protoc36Include } from "../../testing/tools.ts";
import { memoryIO, nodeIO, type CliIO } from "../io.ts";
import { run } from "./descriptor.ts";

const corpus = join(import.meta.dirname, "..", "..", "schema", "testdata", "corpus");

describe("wirelab descriptor", () => {
  it("writes a FileDescriptorSet of the named files only", async () => {
    const io = memoryIO({
      "protos/a.proto": 'syntax = "proto3";\npackage a;\nimport "b.proto";\nmessage A { b.B b = 1; }\n',
      "protos/b.proto": 'syntax = "proto3";\npackage b;\nmessage B {}\n',
    });
    expect(await run(["protos/a.proto", "-I", "protos", "-o", "out.binpb"], io)).toBe(0);
    const set = fromBinary(FileDescriptorSetSchema, io.written["out.binpb"] as Uint8Array);
    expect(set.file.map((f) => f.name)).toEqual(["a.proto"]);
    expect(set.file[0]!.messageType[0]!.field[0]!.typeName).toBe(".b.B");
    expect(set.file[0]!.sourceCodeInfo).toBeUndefined();
  });

  it("puts imports first with --include-imports, well-known types included", async () => {
    const io = memoryIO({
      "a.proto": 'syntax = "proto3";\nimport "google/protobuf/timestamp.proto";\nmessage A { google.protobuf.Timestamp t = 1; }\n',
    });
    expect(await run(["a.proto", "--include-imports", "--include-source-info"], io)).toBe(0);
    const set = fromBinary(FileDescriptorSetSchema, io.outBytes[0]!);
    expect(set.file.map((f) => f.name)).toEqual(["google/protobuf/timestamp.proto", "a.proto"]);
    expect(set.file[1]!.sourceCodeInfo?.location.length).toBeGreaterThan(0);
  });

  it("prints protoc's errors and exits 1", async () => {
    const io = memoryIO({ "x.proto": 'syntax = "proto3";\nmessage X {\n  Foo f = 1;\n}\n' });
    expect(await run(["x.proto", "-o", "out.binpb"], io)).toBe(1);
    expect(io.err).toBe('x.proto:3:3: "Foo" is not defined.\n');
    expect(io.written["out.binpb"]).toBeUndefined();
  });

  it("says when a file is in no -I directory", async () => {
    const io = memoryIO({ "elsewhere/x.proto": 'syntax = "proto3";' });
    expect(await run(["elsewhere/x.proto", "-I", "protos"], io)).toBe(1);
    expect(io.err).toMatch(/^elsewhere\/x\.proto: File does not reside within any path specified using --proto_path \(or -I\)/);
  });

  it("reports a missing file like protoc", async () => {
    const io = memoryIO({});
    expect(await run(["nope.proto"], io)).toBe(1);
    // protoc 3.21's words for an input that is neither a file nor an import path in any -I dir.
    expect(io.err).toBe("Could not make proto path relative: nope.proto: No such file or directory\n");
  });

  it("rejects bad usage with exit 2", async () => {
    expect(await run([], memoryIO())).toBe(2);
    expect(await run(["a.proto", "--frobnicate"], memoryIO())).toBe(2);
    expect(await run(["a.proto", "-o"], memoryIO())).toBe(2);
    const help = memoryIO();
    expect(await run(["--help"], help)).toBe(0);
    expect(help.out).toContain("--include-imports");
  });
});

const protoc = findTool("protoc-36");
const wkt = protoc ? protoc36Include() : undefined;
if (!protoc) console.log(missingToolReason("protoc-36"));

describe.skipIf(!protoc)("wirelab descriptor against protoc --include_imports", () => {
  const valid = readdirSync(corpus).filter((c) => c.startsWith("valid-") && existsSync(join(corpus, c, "descriptor.binpb")));
  for (const name of valid) {
    it(`${name}: decodes equal to protoc's set`, async () => {
      const dir = join(corpus, name);
      const files: Record<string, string> = {};
      for (const f of readdirSync(dir)) if (f.endsWith(".proto")) files[`${dir}/${f}`] = readFileSync(join(dir, f), "utf8");
      const io = memoryIO(files);
      expect(await run([`${dir}/main.proto`, "-I", dir, "--include-imports", "-o", "ours.binpb"], io)).toBe(0);
      const scratch = mkdtempSync(join(tmpdir(), "wirelab-descriptor-"));
      try {
        const out = join(scratch, "theirs.binpb");
        execFileSync(protoc!, ["-I.", `-I${wkt}`, "--include_imports", `--descriptor_set_out=${out}`, "main.proto"], { cwd: dir });
        const theirs = fromBinary(FileDescriptorSetSchema, readFileSync(out));
        const ours = fromBinary(FileDescriptorSetSchema, io.written["ours.binpb"] as Uint8Array);
        expect(ours.file.map((f) => f.name)).toEqual(theirs.file.map((f) => f.name));
        // Every file, the well-known types included (descriptor.proto is protoc 36.2's own build).
        for (let i = 0; i < theirs.file.length; i++) {
          expect(equals(FileDescriptorSetSchema, { ...ours, file: [ours.file[i]!] }, { ...theirs, file: [theirs.file[i]!] }), theirs.file[i]!.name).toBe(true);
        }
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  }
});

describe.skipIf(!protoc)("wirelab descriptor writes the named files in protoc's order", () => {
  // c imports b imports a; d imports a. protoc does not walk through a file that is not named.
  const FILES: Record<string, string> = {
    "a.proto": 'syntax = "proto3";\npackage p;\nmessage A {}\n',
    "b.proto": 'syntax = "proto3";\npackage p;\nimport "a.proto";\nmessage B { A a = 1; }\n',
    "c.proto": 'syntax = "proto3";\npackage p;\nimport "b.proto";\nmessage C { B b = 1; }\n',
    "d.proto": 'syntax = "proto3";\npackage p;\nimport "a.proto";\nmessage D { A a = 1; }\n',
  };
  const ORDERS = [["c.proto", "a.proto"], ["a.proto", "c.proto"], ["c.proto", "b.proto", "a.proto"], ["d.proto", "a.proto"], ["c.proto", "d.proto", "a.proto"], ["d.proto", "c.proto"]];
  for (const named of ORDERS) {
    for (const imports of [false, true]) {
      it(`${named.join(" ")}${imports ? " --include-imports" : ""}`, async () => {
        const scratch = mkdtempSync(join(tmpdir(), "wirelab-descriptor-order-"));
        try {
          for (const [n, t] of Object.entries(FILES)) writeFileSync(join(scratch, n), t);
          const out = join(scratch, "theirs.binpb");
          execFileSync(protoc!, ["-I.", `-I${wkt}`, ...(imports ? ["--include_imports"] : []), `--descriptor_set_out=${out}`, ...named], { cwd: scratch });
          const theirs = fromBinary(FileDescriptorSetSchema, readFileSync(out)).file.map((f) => f.name);
          const io = memoryIO(FILES);
          expect(await run([...named, ...(imports ? ["--include-imports"] : []), "-o", "ours.binpb"], io)).toBe(0);
          expect(fromBinary(FileDescriptorSetSchema, io.written["ours.binpb"] as Uint8Array).file.map((f) => f.name)).toEqual(theirs);
        } finally {
          rmSync(scratch, { recursive: true, force: true });
        }
      });
    }
  }
});

const protoc36 = findTool("protoc-36");

describe.skipIf(!protoc36)("wirelab descriptor names files as protoc 36.2 does: by the path each was read from", () => {
  // Errors in a.proto (read through c.proto's import), a missing import, a warning without a position.
  const FILES: Record<string, string> = {
    "src/pkg/a.proto": 'syntax = "proto3";\npackage pkg;\nmessage A { Foo f = 1; }\n',
    "src/pkg/b.proto": 'syntax = "proto3";\npackage pkg;\noption java_generic_services = true;\nmessage B {}\n',
    "src/pkg/c.proto": 'syntax = "proto3";\npackage pkg;\nimport "pkg/a.proto";\nimport "pkg/gone.proto";\nmessage C { A a = 1; }\n',
  };
  const root = mkdtempSync(join(tmpdir(), "wirelab-descriptor-paths-"));
  for (const [n, t] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, n)), { recursive: true });
    writeFileSync(join(root, n), t);
  }
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const RUNS: { cwd: string; args: string[] }[] = [
    { cwd: root, args: ["-I", "src", "-I", ".", "src/pkg/c.proto"] },
    { cwd: join(root, "src"), args: ["-I", ".", "pkg/c.proto"] },
    { cwd: root, args: ["-I", join(root, "src"), join(root, "src", "pkg", "c.proto")] },
    { cwd: root, args: ["-I", "src", "src/pkg/b.proto"] },
  ];
  for (const { cwd, args } of RUNS) {
    it(`${cwd === root ? "" : "from src: "}${args.join(" ").replaceAll(root, "ROOT")}`, async () => {
      const theirs = spawnSync(protoc36!, [...args, `-I${protoc36Include()}`, "--descriptor_set_out=/dev/null"], { cwd, encoding: "utf8" });
      let err = "";
      const disk = nodeIO();
      const io: CliIO = { ...disk, readFile: (p) => disk.readFile(isAbsolute(p) ? p : join(cwd, p)), stdout: () => {}, stderr: (t) => void (err += t) };
      expect(await run([...args, "-o", join(root, "ours.binpb")], io)).toBe(theirs.status);
      expect(err).toBe(theirs.stderr);
    });
  }
});
