// The enum fixes: apply, re-compile with protoc (the collision is gone, references still
// resolve), re-lint (clean for ENUM_VALUE_PREFIX and ENUM_ZERO_VALUE_SUFFIX), and apply again
// (nothing left to do).
import { fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema, type FileDescriptorSet } from "@bufbuild/protobuf/wkt";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { findTool, missingToolReason, protoc36Include } from "../../testing/tools.ts";
import { lint } from "../lint/index.ts";
import { applyFix } from "./apply.ts";
import { enumPrefixFix, fixesForEnumCollision } from "./enum-prefix.ts";

const protoc = findTool("protoc-36");
const wkt = protoc ? protoc36Include() : undefined;
if (!protoc) console.log(missingToolReason("protoc-36"));
const buf = findTool("buf");
if (!buf) console.log(missingToolReason("buf"));

/** buf lint's findings (rule ids) for a workspace, with only `rules` on. */
function bufLint(sources: Record<string, string>, rules: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), "wirelab-fix-buf-"));
  try {
    writeFileSync(join(dir, "buf.yaml"), `version: v2\nlint:\n  use: [${rules.join(", ")}]\n`);
    for (const [name, text] of Object.entries(sources)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    const run = spawnSync(buf!, ["lint", "--error-format=json"], { cwd: dir, encoding: "utf8" });
    return run.stdout
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => (JSON.parse(l) as { type: string }).type);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const repo = join(import.meta.dirname, "../../..");
const stoplight = readFileSync(join(repo, "examples/enum-collision/stoplight.proto"), "utf8");
const PREFIX_RULES = ["ENUM_VALUE_PREFIX", "ENUM_ZERO_VALUE_SUFFIX"];

/** Compiles a workspace with protoc: the descriptor set, or protoc's error text. */
function compile(sources: Record<string, string>): { set?: FileDescriptorSet; errors: string } {
  const dir = mkdtempSync(join(tmpdir(), "wirelab-fix-"));
  try {
    for (const [name, text] of Object.entries(sources)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    const out = join(dir, "set.binpb");
    try {
      execFileSync(protoc!, [`-I${dir}`, `-I${wkt}`, "--include_source_info", "--include_imports", `--descriptor_set_out=${out}`, ...Object.keys(sources)], {
        stdio: ["ignore", "ignore", "pipe"],
        encoding: "utf8",
      });
    } catch (e) {
      return { errors: String((e as { stderr?: string }).stderr ?? e) };
    }
    return { set: fromBinary(FileDescriptorSetSchema, readFileSync(out)), errors: "" };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Offset of the `n`-th (1-based) occurrence of `needle` in `text`. */
function offsetOf(text: string, needle: string, n = 1): number {
  let at = -1;
  for (let i = 0; i < n; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`"${needle}" #${n} not in text`);
  }
  return at;
}

describe("fixesForEnumCollision on the seed's Stoplight/Speed example", () => {
  const sources = { "stoplight.proto": stoplight };
  // protoc reports the clash at Speed's UNSPECIFIED (the second one).
  const at = { file: "stoplight.proto", offset: offsetOf(stoplight, "UNSPECIFIED = 0", 2) };
  const fixes = fixesForEnumCollision(sources, at);

  it("offers prefixing both enums first, then only Speed", () => {
    expect(fixes.map((f) => f.title)).toEqual([
      "Prefix the values of Stoplight and Speed with their enum names",
      'Prefix the values of Speed with "SPEED_" (zero value ..._UNSPECIFIED)',
    ]);
  });

  it("renames every value of both enums, and the edits carry spans", () => {
    const fixed = applyFix(sources, fixes[0]!)["stoplight.proto"]!;
    for (const name of ["STOPLIGHT_UNSPECIFIED = 0", "STOPLIGHT_RED = 1", "STOPLIGHT_GREEN = 3", "SPEED_UNSPECIFIED = 0", "SPEED_FAST = 2"]) {
      expect(fixed).toContain(name);
    }
    const first = fixes[0]!.edits[0]!;
    expect(first.span).toMatchObject({ file: "stoplight.proto", start: { line: 9, column: 3 }, end: { line: 9, column: 14 } });
    expect(first.newText).toBe("STOPLIGHT_UNSPECIFIED");
  });

  it("is idempotent: the fixed schema has no collision fix left", () => {
    const fixed = applyFix(sources, fixes[0]!);
    const offset = offsetOf(fixed["stoplight.proto"]!, "SPEED_UNSPECIFIED");
    expect(fixesForEnumCollision(fixed, { file: "stoplight.proto", offset })).toEqual([]);
    expect(enumPrefixFix(fixed, { file: "stoplight.proto", offset })).toBeUndefined();
  });

  it("returns no fix for a position that is not an enum value", () => {
    expect(fixesForEnumCollision(sources, { file: "stoplight.proto", offset: offsetOf(stoplight, "package") })).toEqual([]);
    expect(fixesForEnumCollision(sources, { file: "missing.proto", offset: 0 })).toEqual([]);
  });

  it.skipIf(!buf)("buf itself agrees: the original does not compile, the fixed file is clean for both rules", () => {
    const at = "myapi/v1/stoplight.proto";
    expect(bufLint({ [at]: stoplight }, PREFIX_RULES)).toEqual(["COMPILE"]);
    const fixed = applyFix(sources, fixes[0]!)["stoplight.proto"]!;
    expect(bufLint({ [at]: fixed }, PREFIX_RULES)).toEqual([]);
  });

  describe.skipIf(!protoc)("with protoc", () => {
    it("the example really collides", () => {
      const { errors } = compile(sources);
      expect(errors).toContain('stoplight.proto:16:3: "UNSPECIFIED" is already defined in "myapi.v1".');
    });

    for (const [i, label] of [
      [0, "both enums"],
      [1, "Speed only"],
    ] as const) {
      it(`after the fix (${label}) protoc compiles it`, () => {
        const fixed = applyFix(sources, fixes[i]!);
        const { set, errors } = compile(fixed);
        expect(errors).toBe("");
        const findings = lint(set!, { rules: PREFIX_RULES, files: ["stoplight.proto"], sources: fixed });
        // Prefixing both leaves the file clean; prefixing Speed only leaves Stoplight's findings.
        const enumsWithFindings = new Set(findings.map((d) => d.message.match(/prefixed with "(\w+)_"/)?.[1] ?? "zero"));
        expect(i === 0 ? [...enumsWithFindings] : [...enumsWithFindings].includes("SPEED")).toEqual(i === 0 ? [] : false);
      });
    }
  });
});

describe("enumPrefixFix updates references in the workspace", () => {
  const colors = [
    'syntax = "proto2";',
    "package paint.v1;",
    'import "google/protobuf/descriptor.proto";',
    "enum Color {",
    "  NONE = 0;",
    "  RED = 1;",
    "  COLOR_GREEN = 2;",
    "}",
    "message Palette { repeated Color colors = 1; optional Color main = 2; }",
    "extend google.protobuf.FieldOptions {",
    "  optional Color tint = 50000;",
    "  optional Palette palette = 50001;",
    "}",
    "extend google.protobuf.FileOptions { optional Color file_tint = 50002; }",
    "option (file_tint) = RED;",
    "message Wall {",
    "  optional Color color = 1 [default = RED, (tint) = COLOR_GREEN];",
    "  optional .paint.v1.Color trim = 2 [(tint) = RED, default = NONE];",
    "  optional int32 n = 3 [(palette) = { colors: [RED, COLOR_GREEN] main: RED }];",
    "}",
    "",
  ].join("\n");
  const house = [
    'syntax = "proto2";',
    "package paint.v1;",
    'import "paint/v1/colors.proto";',
    "message House { optional Color door = 1 [default = RED]; }",
    "",
  ].join("\n");
  const sources = { "paint/v1/colors.proto": colors, "paint/v1/house.proto": house };
  const fix = enumPrefixFix(sources, { file: "paint/v1/colors.proto", offset: offsetOf(colors, "Color {") })!;
  const fixed = applyFix(sources, fix);

  it("renames values, defaults, option values and message literals, in both files", () => {
    expect(fixed["paint/v1/colors.proto"]).toContain("COLOR_UNSPECIFIED = 0;");
    expect(fixed["paint/v1/colors.proto"]).toContain("[default = COLOR_RED, (tint) = COLOR_GREEN]");
    expect(fixed["paint/v1/colors.proto"]).toContain("[(tint) = COLOR_RED, default = COLOR_UNSPECIFIED]");
    expect(fixed["paint/v1/colors.proto"]).toContain("{ colors: [COLOR_RED, COLOR_GREEN] main: COLOR_RED }");
    expect(fixed["paint/v1/colors.proto"]).toContain("option (file_tint) = COLOR_RED;");
    expect(fixed["paint/v1/house.proto"]).toContain("[default = COLOR_RED]");
    expect(new Set(fix.edits.map((e) => e.span.file))).toEqual(new Set(["paint/v1/colors.proto", "paint/v1/house.proto"]));
  });

  it("offers nothing the second time", () => {
    expect(enumPrefixFix(fixed, { file: "paint/v1/colors.proto", offset: offsetOf(fixed["paint/v1/colors.proto"]!, "Color {") })).toBeUndefined();
  });

  it.skipIf(!protoc)("the original and the fixed workspace both compile with protoc, and the fixed one lints clean", () => {
    expect(compile(sources).errors).toBe("");
    const { set, errors } = compile(fixed);
    expect(errors).toBe("");
    expect(lint(set!, { rules: PREFIX_RULES, files: Object.keys(fixed), sources: fixed })).toEqual([]);
  });
});

describe.skipIf(!protoc)("fixes attached to lint findings (enums corpus)", () => {
  const corpus = join(import.meta.dirname, "../lint/testdata/corpus/enums");
  const file = "myapi/v1/enums.proto";
  const sources = { [file]: readFileSync(join(corpus, file), "utf8") };

  it("every prefix/suffix finding carries a fix; applying each leaves its enum clean, and protoc still compiles", () => {
    const { set } = compile(sources);
    const findings = lint(set!, { rules: PREFIX_RULES, files: [file], sources });
    expect(findings.length).toBeGreaterThan(5);
    // The one finding without a fix: a second zero value under allow_alias cannot also be
    // called ALIASED_UNSPECIFIED.
    expect(findings.filter((d) => d.fixes === undefined).map((d) => d.message)).toEqual([
      'Enum zero value name "ALIASED_ZERO" should be suffixed with "_UNSPECIFIED".',
    ]);
    const byTitle = new Map(findings.flatMap((d) => (d.fixes ? [[d.fixes[0]!.title, d.fixes[0]!] as const] : [])));
    expect(byTitle.size).toBe(6);
    for (const fix of byTitle.values()) {
      const fixed = applyFix(sources, fix!);
      const { set: after, errors } = compile(fixed);
      expect(errors).toBe("");
      const left = lint(after!, { rules: PREFIX_RULES, files: [file], sources: fixed });
      const enumName = fix!.title.match(/values of (\w+)/)![1]!;
      // The fixed enum has no findings left (its values are exactly those the fix renamed).
      const renamed = new Set(fix!.edits.map((e) => e.newText));
      expect(left.filter((d) => [...renamed].some((n) => d.message.includes(`"${n}"`)))).toEqual([]);
      expect(left.length).toBeLessThan(findings.length);
      expect(enumName).not.toBe("");
    }
  });
});
