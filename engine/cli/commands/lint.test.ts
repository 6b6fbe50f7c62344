// `wirelab lint` end to end: our compiler + our lint against protoc's and buf's own output.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findTool, missingToolReason } from "../../testing/tools.ts";
import { memoryIO, nodeIO, type CliIO } from "../io.ts";
import { run } from "./lint.ts";

const repo = join(import.meta.dirname, "../../..");
const testdata = join(repo, "engine/schema/lint/testdata");
const protoc = findTool("protoc-36");
if (!protoc) console.log(missingToolReason("protoc-36"));

/** Runs the command on real files (paths relative to the repository), capturing output. */
async function runOnDisk(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const captured = { out: "", err: "" };
  const disk = nodeIO();
  const io: CliIO = {
    ...disk,
    readFile: (p) => disk.readFile(p.startsWith("/") ? p : join(repo, p)),
    stdout: (t) => void (captured.out += t),
    stderr: (t) => void (captured.err += t),
  };
  const code = await run(args, io);
  return { code, ...captured };
}

const EXAMPLE = "examples/enum-collision/stoplight.proto";
const PROTOC_LINES = [
  `${EXAMPLE}:16:3: "UNSPECIFIED" is already defined in "myapi.v1".`,
  `${EXAMPLE}:16:3: Note that enum values use C++ scoping rules, meaning that enum values are siblings of their type, not children of it.  Therefore, "UNSPECIFIED" must be unique within "myapi.v1", not just within "Speed".`,
];

describe("wirelab lint on the seed's colliding Stoplight/Speed example", () => {
  it("prints protoc's two lines and exits 1", async () => {
    const { code, out, err } = await runOnDisk([EXAMPLE]);
    expect(code).toBe(1);
    expect(err).toBe(PROTOC_LINES.join("\n") + "\n");
    expect(out).toBe("");
  });

  it.skipIf(!protoc)("those are exactly protoc's lines", () => {
    let stderr = "";
    try {
      execFileSync(protoc!, ["-o", "/dev/null", EXAMPLE], { cwd: repo, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
    } catch (e) {
      stderr = String((e as { stderr?: string }).stderr);
    }
    expect(stderr).toBe(PROTOC_LINES.join("\n") + "\n");
  });

  it("with -I the files are named by the path they were read from, like protoc 36's", async () => {
    const { code, err } = await runOnDisk(["-I", "examples", EXAMPLE]);
    expect(code).toBe(1);
    expect(err.split("\n")[0]).toBe(`${EXAMPLE}:16:3: "UNSPECIFIED" is already defined in "myapi.v1".`);
  });
});

interface Golden {
  files: string[];
  findings: { path: string; line: number; column: number; rule: string; message: string }[];
}

describe("wirelab lint --all-rules prints buf's findings for each golden corpus case", () => {
  const cases = ["enums", "names", "services", "packages", "imports", "tabs", "casing", "editions", "ignores", "comments"];
  for (const name of cases) {
    it(name, async () => {
      const golden = JSON.parse(readFileSync(join(testdata, `${name}.golden.json`), "utf8")) as Golden;
      const dir = `engine/schema/lint/testdata/corpus/${name}`;
      const { code, out, err } = await runOnDisk(["--all-rules", "-I", dir, ...golden.files.map((f) => `${dir}/${f}`)]);
      expect(err).toBe("");
      expect(code).toBe(0);
      expect(out).toBe(golden.findings.map((f) => `${f.path}:${f.line}:${f.column}: ${f.message}\n`).join(""));
    });
  }
});

describe("rule selection", () => {
  const dir = "engine/schema/lint/testdata/corpus/services";
  const args = ["-I", dir, `${dir}/shop/v1/shop.proto`];

  it("defaults to buf's DEFAULT set (no RPC_NO_*_STREAMING)", async () => {
    const { out } = await runOnDisk(args);
    expect(out).toContain('Service name "Shop" should be suffixed with "Service".');
    expect(out).not.toContain("streaming");
  });

  it("--rules R1,R2 runs only those rules", async () => {
    const { code, out } = await runOnDisk(["--rules", "SERVICE_SUFFIX,RPC_NO_CLIENT_STREAMING", ...args]);
    expect(code).toBe(0);
    expect(out.trim().split("\n")).toEqual([
      'shop/v1/shop.proto:7:9: Service name "Shop" should be suffixed with "Service".',
      'shop/v1/shop.proto:13:3: RPC "StreamIn" is client streaming.',
      'shop/v1/shop.proto:18:9: Service name "cart_service" should be suffixed with "Service".',
    ]);
  });

  it("--rules none prints compile errors only", async () => {
    expect(await runOnDisk(["--rules", "none", ...args])).toEqual({ code: 0, out: "", err: "" });
    const bad = await runOnDisk(["--rules=none", EXAMPLE]);
    expect(bad.code).toBe(1);
    expect(bad.out).toBe("");
  });
});

describe("usage and input errors", () => {
  it("an unknown rule is bad usage (exit 2)", async () => {
    const io = memoryIO({ "a.proto": 'syntax = "proto3";' });
    expect(await run(["--rules", "NOPE", "a.proto"], io)).toBe(2);
    expect(io.err).toContain("unknown lint rule: NOPE");
  });

  it("no files, or an unknown option, is bad usage (exit 2); --help exits 0", async () => {
    expect(await run([], memoryIO())).toBe(2);
    expect(await run(["--frobnicate", "a.proto"], memoryIO())).toBe(2);
    const io = memoryIO();
    expect(await run(["--help"], io)).toBe(0);
    expect(io.out).toContain("usage: wirelab lint");
  });

  it("a missing file, and a file outside every -I, are input errors (exit 1) in protoc's words", async () => {
    const io = memoryIO();
    expect(await run(["nope.proto"], io)).toBe(1);
    expect(io.err).toBe("Could not make proto path relative: nope.proto: No such file or directory\n");
    const io2 = memoryIO({ "b/x.proto": "" });
    expect(await run(["-I", "a", "b/x.proto"], io2)).toBe(1);
    expect(io2.err).toMatch(/^b\/x\.proto: File does not reside within any path specified using --proto_path \(or -I\)\./);
  });

  it("imports are read from the include path; a missing import is protoc's error", async () => {
    const io = memoryIO({
      "inc/a/v1/a.proto": 'syntax = "proto3";\npackage a.v1;\nimport "a/v1/b.proto";\nmessage A { B b = 1; }\n',
      "inc/a/v1/b.proto": 'syntax = "proto3";\npackage a.v1;\nmessage B {}\n',
      "inc/a/v1/c.proto": 'syntax = "proto3";\npackage a.v1;\nimport "a/v1/missing.proto";\n',
    });
    expect(await run(["-I", "inc", "inc/a/v1/a.proto"], io)).toBe(0);
    expect(io.err).toBe("");
    expect(io.out).toBe("");
    const io2 = memoryIO({ "inc/a/v1/c.proto": 'syntax = "proto3";\npackage a.v1;\nimport "a/v1/missing.proto";\n' });
    expect(await run(["-Iinc", "inc/a/v1/c.proto"], io2)).toBe(1);
    expect(io2.err).toContain('a/v1/c.proto:3:1: Import "a/v1/missing.proto" was not found or had errors.');
  });
});

describe("--fix", () => {
  const stoplight = readFileSync(join(repo, EXAMPLE), "utf8");

  it("prefixes the colliding enums, writes the file, and reports only what is left; a second run writes nothing", async () => {
    const io = memoryIO({ "myapi/v1/stoplight.proto": stoplight });
    expect(await run(["--fix", "myapi/v1/stoplight.proto"], io)).toBe(0);
    const written = String(io.written["myapi/v1/stoplight.proto"]);
    expect(written).toContain("STOPLIGHT_UNSPECIFIED = 0;");
    expect(written).toContain("SPEED_FAST = 2;");
    expect(io.err).toBe("wirelab lint: fixed myapi/v1/stoplight.proto\n");
    expect(io.out).toBe("");

    const again = memoryIO({ "myapi/v1/stoplight.proto": written });
    expect(await run(["--fix", "myapi/v1/stoplight.proto"], again)).toBe(0);
    expect(again.written).toEqual({});
    expect(again.err + again.out).toBe("");
  });

  it("with --rules none it fixes only the compile error (the collision)", async () => {
    const io = memoryIO({ "myapi/v1/stoplight.proto": stoplight });
    expect(await run(["--fix", "--rules", "none", "myapi/v1/stoplight.proto"], io)).toBe(0);
    expect(String(io.written["myapi/v1/stoplight.proto"])).toContain("SPEED_UNSPECIFIED = 0;");
  });

  it("updates references in the other files given, so the workspace still compiles", async () => {
    const io = memoryIO({
      "inc/paint/v1/color.proto": 'syntax = "proto2";\npackage paint.v1;\nenum Color {\n  NONE = 0;\n  RED = 1;\n}\n',
      "inc/paint/v1/wall.proto":
        'syntax = "proto2";\npackage paint.v1;\nimport "paint/v1/color.proto";\nmessage Wall {\n  optional Color color = 1 [default = RED];\n}\n',
    });
    expect(await run(["--fix", "-I", "inc", "inc/paint/v1/color.proto", "inc/paint/v1/wall.proto"], io)).toBe(0);
    expect(String(io.written["inc/paint/v1/color.proto"])).toContain("COLOR_UNSPECIFIED = 0;\n  COLOR_RED = 1;");
    expect(String(io.written["inc/paint/v1/wall.proto"])).toContain("[default = COLOR_RED]");
    expect(io.out).toBe("");
  });
});

describe("--json", () => {
  it("prints one document with compile and lint diagnostics, positions and fixes", async () => {
    const { code, out, err } = await runOnDisk(["--json", EXAMPLE]);
    expect(code).toBe(1);
    expect(err).toBe("");
    const doc = JSON.parse(out) as { compile: Record<string, unknown>[]; lint: unknown[] };
    expect(doc.lint).toEqual([]);
    expect(doc.compile).toHaveLength(1);
    const d = doc.compile[0]!;
    expect(d).toMatchObject({ path: EXAMPLE, line: 16, column: 3, code: "protoc/already-defined", severity: "error" });
    expect(d.notes).toEqual([PROTOC_LINES[1]!.slice(`${EXAMPLE}:16:3: `.length)]);
    const fixes = d.fixes as { title: string; edits: { path: string; line: number; newText: string }[] }[];
    expect(fixes[0]!.edits[0]).toMatchObject({ path: EXAMPLE, line: 9, newText: "STOPLIGHT_UNSPECIFIED" });
  });

  it("lint findings carry buf's rule id as code", async () => {
    const dir = "engine/schema/lint/testdata/corpus/services";
    const { code, out } = await runOnDisk(["--json", "--rules", "SERVICE_SUFFIX", "-I", dir, `${dir}/shop/v1/shop.proto`]);
    expect(code).toBe(0);
    const doc = JSON.parse(out) as { lint: { code: string; line: number; column: number; severity: string }[] };
    expect(doc.lint.map((d) => [d.code, d.line, d.column, d.severity])).toEqual([
      ["SERVICE_SUFFIX", 7, 9, "warning"],
      ["SERVICE_SUFFIX", 18, 9, "warning"],
    ]);
  });
});
