// `wirelab breaking` end to end against buf's recorded output (engine/evolve/testdata/breaking):
// buf's text from inside a case, buf's JSON per category, the same findings from another
// directory (relative and absolute paths), imports from -I, buf.yaml, exit statuses.
import { cpSync, mkdtempSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { breakingCases, breakingTestdata, readGolden } from "../../testing/breaking-cases.ts";
import { main } from "../main.ts";
import { nodeIO, type CliIO } from "../io.ts";
import { readBufYaml, run } from "./breaking.ts";

const repo = join(import.meta.dirname, "../../..");

/** Runs the command with real files and `cwd` as the working directory, capturing output. */
async function runIn(cwd: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const captured = { out: "", err: "" };
  const io: CliIO = { ...nodeIO(), stdout: (t) => void (captured.out += t), stderr: (t) => void (captured.err += t) };
  const code = await run(args, io, cwd);
  return { code, ...captured };
}

/** buf's text lines with each file path put under `prefix` (lines without a file stay `<input>`). */
const prefixed = (text: string, prefix: string): string =>
  text
    .split("\n")
    .map((l) => (l === "" || l.startsWith("<input>:") ? l : `${prefix}/${l}`))
    .join("\n");

describe("wirelab breaking prints what buf breaking prints", () => {
  for (const name of breakingCases()) {
    it(`${name}: text from inside the case, buf's exit status`, async () => {
      const golden = readGolden(name);
      const { code, out, err } = await runIn(join(breakingTestdata, name), ["new", "--against", "old"]);
      expect(err).toBe("");
      expect(out).toBe(prefixed(golden.text.stdout, "new"));
      expect(code).toBe(golden.text.status);
    });
  }

  for (const name of ["files-deleted", "editions", "tabs-unicode", "googleapis-optional-map"]) {
    it(`${name}: --json --use CATEGORY gives buf's JSON lines for each category`, async () => {
      const golden = readGolden(name);
      for (const [category, findings] of Object.entries(golden.categories)) {
        const { code, out } = await runIn(join(breakingTestdata, name, "new"), [".", "--against", "../old", "--use", category, "--json"]);
        expect(out, category).toBe(findings.map((f) => JSON.stringify(f) + "\n").join(""));
        expect(code, category).toBe(findings.length > 0 ? 100 : 0);
      }
    });
  }

  it("runs from another directory: relative paths as given, through main", async () => {
    const golden = readGolden("files-deleted");
    const dir = relative(process.cwd(), join(breakingTestdata, "files-deleted"));
    const captured = { out: "", err: "" };
    const io: CliIO = { ...nodeIO(), stdout: (t) => void (captured.out += t), stderr: (t) => void (captured.err += t) };
    const code = await main(["breaking", `${dir}/new`, "--against", `./${dir}/old/`], io);
    expect(captured.err).toBe("");
    expect(captured.out).toBe(prefixed(golden.text.stdout, `${dir}/new`));
    expect(code).toBe(100);
  });

  it("runs from a sibling directory (../new) and with absolute paths", async () => {
    const golden = readGolden("defaults");
    const caseDir = join(breakingTestdata, "defaults");
    const fromOld = await runIn(join(caseDir, "old"), ["../new", "--against", "."]);
    expect(fromOld.out).toBe(prefixed(golden.text.stdout, "../new"));
    const absolute = await runIn(repo, [join(caseDir, "new"), "--against", join(caseDir, "old")]);
    expect(absolute.out).toBe(prefixed(golden.text.stdout, join(caseDir, "new")));
  });

  it("reads breaking use and except from NEW_DIR/buf.yaml; --use overrides it", async () => {
    const golden = readGolden("own-config");
    expect(golden.text.config).toContain("WIRE_JSON");
    const own = await runIn(join(breakingTestdata, "own-config", "new"), [".", "--against", "../old"]);
    expect(own.out).toBe(golden.text.stdout);
    const wire = await runIn(join(breakingTestdata, "own-config", "new"), [".", "--against", "../old", "--use", "WIRE", "--json"]);
    expect(wire.out).toBe(golden.categories.WIRE!.map((f) => JSON.stringify(f) + "\n").join(""));
  });

  it("parses buf.yaml's block and flow lists and its version", () => {
    expect(readBufYaml("version: v2\nbreaking:\n  use:\n    - FILE\n    - WIRE # comment\n  except:\n    - FIELD_SAME_NAME\nlint:\n  use:\n    - STANDARD\n")).toEqual({
      version: "v2",
      use: ["FILE", "WIRE"],
      except: ["FIELD_SAME_NAME"],
    });
    expect(readBufYaml('version: v1\nbreaking:\n  use: [PACKAGE, "WIRE_JSON"]\n')).toEqual({ version: "v1", use: ["PACKAGE", "WIRE_JSON"], except: [] });
    expect(readBufYaml("version: v2\n").use).toBeUndefined();
  });
});

describe("wirelab breaking with -I", () => {
  const work = mkdtempSync(join(tmpdir(), "wirelab-breaking-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("finds imports outside both modules in -I directories and reports only the module", async () => {
    // googleapis-oneof-move with google/api/field_behavior.proto moved out of both versions.
    const name = "googleapis-oneof-move";
    cpSync(join(breakingTestdata, name), join(work, name), { recursive: true });
    mkdirSync(join(work, "deps", "google", "api"), { recursive: true });
    renameSync(join(work, name, "old", "google", "api", "field_behavior.proto"), join(work, "deps", "google", "api", "field_behavior.proto"));
    rmSync(join(work, name, "new", "google", "api"), { recursive: true });
    const golden = readGolden(name);

    const withInclude = await runIn(join(work, name), ["new", "--against", "old", "-I", "../deps"]);
    expect(withInclude.err).toBe("");
    expect(withInclude.out).toBe(prefixed(golden.text.stdout, "new"));
    expect(withInclude.code).toBe(100);

    const fromElsewhere = await runIn(work, [`${name}/new`, "--against", `${name}/old`, "-Ideps"]);
    expect(fromElsewhere.out).toBe(prefixed(golden.text.stdout, `${name}/new`));

    const without = await runIn(join(work, name), ["new", "--against", "old"]);
    expect(without.code).toBe(1);
    expect(without.out).toBe("");
    expect(without.err).toContain('google/cloud/dialogflow/cx/v3/agent.proto:7:1: Import "google/api/field_behavior.proto" was not found or had errors.');
  });
});

describe("wirelab breaking exit statuses", () => {
  it("0 and no output when nothing breaks", async () => {
    expect(await runIn(join(breakingTestdata, "unchanged"), ["new", "--against", "old"])).toEqual({ code: 0, out: "", err: "" });
  });

  it("1 with the compile errors, printed like wirelab lint's, when a version does not compile", async () => {
    const work = mkdtempSync(join(tmpdir(), "wirelab-breaking-bad-"));
    try {
      cpSync(join(breakingTestdata, "unchanged"), work, { recursive: true });
      cpSync(join(breakingTestdata, "unchanged", "new", "u.proto"), join(work, "new", "bad.proto"));
      const { writeFileSync } = await import("node:fs");
      writeFileSync(join(work, "new", "bad.proto"), 'syntax = "proto3";\nmessage Bad { int32 x = 1\n}\n');
      const r = await runIn(work, ["new", "--against", "old"]);
      expect(r.code).toBe(1);
      expect(r.out).toBe("");
      expect(r.err).toBe('new/bad.proto:3:1: Expected ";".\n');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it("2 on bad usage, 0 for --help", async () => {
    const dir = join(breakingTestdata, "unchanged");
    expect((await runIn(dir, ["new"])).code).toBe(2);
    expect((await runIn(dir, ["new", "--against", "old", "--use", "NO_SUCH_RULE"])).code).toBe(2);
    expect((await runIn(dir, ["new", "other", "--against", "old"])).code).toBe(2);
    expect((await runIn(dir, ["new", "--against", "old", "--frobnicate"])).code).toBe(2);
    const help = await runIn(dir, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toContain("usage: wirelab breaking NEW_DIR --against OLD_DIR");
  });

  it("1 when a directory is missing", async () => {
    const r = await runIn(join(breakingTestdata, "unchanged"), ["nope", "--against", "old"]);
    expect(r.code).toBe(1);
    expect(r.err).toBe("wirelab breaking: nope: not a directory\n");
  });
});
