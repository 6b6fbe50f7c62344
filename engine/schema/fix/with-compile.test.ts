// The fixes with our own compiler in the loop (no reference tool needed): compile() reports the
// collision, attachEnumCollisionFixes offers the fixes, and after applying one the workspace
// compiles and lints clean; a second pass offers nothing.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../index.ts";
import { lint } from "../lint/index.ts";
import { applyFix } from "./apply.ts";
import { ALREADY_DEFINED_CODE, attachEnumCollisionFixes } from "./enum-prefix.ts";

const repo = join(import.meta.dirname, "../../..");
const FILE = "stoplight.proto";
const sources = { [FILE]: readFileSync(join(repo, "examples/enum-collision/stoplight.proto"), "utf8") };
const PREFIX_RULES = ["ENUM_VALUE_PREFIX", "ENUM_ZERO_VALUE_SUFFIX"];

describe("collision fixes through compile()", () => {
  const before = compile(sources);
  const withFixes = attachEnumCollisionFixes(sources, before.diagnostics);

  it("compile() reports the collision at Speed's UNSPECIFIED and the fixes attach to it", () => {
    expect(withFixes).toHaveLength(1);
    const d = withFixes[0]!;
    expect(d.code).toBe(ALREADY_DEFINED_CODE);
    expect(d.span).toMatchObject({ file: FILE, start: { line: 16, column: 3 } });
    expect(d.fixes?.map((f) => f.edits.length)).toEqual([7, 3]);
    // The input diagnostics are not mutated.
    expect(before.diagnostics[0]!.fixes).toBeUndefined();
  });

  for (const index of [0, 1]) {
    it(`fix #${index + 1} leaves the workspace compiling${index === 0 ? " and lint-clean" : ""}, and offers nothing again`, () => {
      const fixed = applyFix(sources, withFixes[0]!.fixes![index]!);
      const after = compile(fixed);
      expect(after.diagnostics).toEqual([]);
      const findings = lint(after.fileSet, { rules: PREFIX_RULES, sources: fixed });
      if (index === 0) expect(findings).toEqual([]);
      else expect(findings.every((d) => d.message.includes('"STOPLIGHT_"') || d.message.includes('"UNSPECIFIED"'))).toBe(true);
      // Idempotent: applying every lint fix on the result converges in one more step at most.
      for (const d of findings) expect(d.fixes?.length).toBe(1);
      const again = findings[0]?.fixes?.[0];
      const twice = again === undefined ? fixed : applyFix(fixed, again);
      const final = compile(twice);
      expect(final.diagnostics).toEqual([]);
      expect(lint(final.fileSet, { rules: PREFIX_RULES, sources: twice })).toEqual([]);
    });
  }

  it("diagnostics that are not enum collisions pass through unchanged", () => {
    const other = compile({ "m.proto": 'syntax = "proto3";\nmessage M {}\nmessage M {}\n' });
    expect(other.diagnostics.length).toBeGreaterThan(0);
    expect(attachEnumCollisionFixes({ "m.proto": "" }, other.diagnostics)).toEqual(other.diagnostics);
  });
});

describe("the fix follows a configured zero-value suffix (buf's enum_zero_value_suffix)", () => {
  const text = 'syntax = "proto3";\npackage opt.v1;\nenum Bare {\n  ZERO = 0;\n  ONE = 1;\n}\n';
  const files = { "opt/v1/bare.proto": text };
  const settings = { enumZeroValueSuffix: "_NONE" };

  it("lint's fix renames the zero value to BARE_NONE and the result is clean under the same settings", () => {
    const compiled = compile(files);
    const findings = lint(compiled.fileSet, { rules: PREFIX_RULES, sources: files, settings });
    expect(findings.map((d) => d.message)).toContain('Enum zero value name "ZERO" should be suffixed with "_NONE".');
    const fix = findings[0]!.fixes![0]!;
    expect(fix.title).toBe('Prefix the values of Bare with "BARE_" (zero value ..._NONE)');
    const fixed = applyFix(files, fix);
    expect(fixed["opt/v1/bare.proto"]).toContain("BARE_NONE = 0;\n  BARE_ONE = 1;");
    expect(lint(compile(fixed).fileSet, { rules: PREFIX_RULES, sources: fixed, settings })).toEqual([]);
  });
});

describe("reserved names are never used as new names", () => {
  const text = 'syntax = "proto3";\npackage res.v1;\nenum Color {\n  reserved "COLOR_RED", "COLOR_UNSPECIFIED";\n  NONE = 0;\n  RED = 1;\n  BLUE = 2;\n}\n';
  const files = { "res/v1/color.proto": text };

  it("keeps RED and NONE (their new names are reserved), prefixes BLUE, still compiles, and offers nothing more", () => {
    const compiled = compile(files);
    expect(compiled.diagnostics).toEqual([]);
    const findings = lint(compiled.fileSet, { rules: PREFIX_RULES, sources: files });
    const fix = findings.find((d) => d.fixes)!.fixes![0]!;
    expect(fix.edits.map((e) => e.newText)).toEqual(["COLOR_NONE", "COLOR_BLUE"]);
    const fixed = applyFix(files, fix);
    const after = compile(fixed);
    expect(after.diagnostics).toEqual([]);
    const left = lint(after.fileSet, { rules: PREFIX_RULES, sources: fixed });
    expect(left.map((d) => d.message)).toEqual([
      'Enum zero value name "COLOR_NONE" should be suffixed with "_UNSPECIFIED".',
      'Enum value name "RED" should be prefixed with "COLOR_".',
    ]);
    expect(left.every((d) => d.fixes === undefined)).toBe(true);
  });
});

describe("an enum value that took a message's name", () => {
  const kind = 'syntax = "proto3";\npackage shapes.v1;\nenum Kind {\n  KIND_UNSPECIFIED = 0;\n  CIRCLE = 1;\n}\n';
  const circle = 'syntax = "proto3";\npackage shapes.v1;\nimport "shapes/v1/kind.proto";\nmessage CIRCLE {}\n';

  it("in one file protoc reports it on the value (messages are defined first); the fix prefixes Kind", () => {
    const files = { "shapes/v1/shapes.proto": kind + "message CIRCLE {}\n" };
    const diagnostics = attachEnumCollisionFixes(files, compile(files).diagnostics);
    expect(diagnostics[0]!.span).toMatchObject({ start: { line: 5, column: 3 } });
    const fixed = applyFix(files, diagnostics[0]!.fixes![0]!);
    expect(compile(fixed).diagnostics).toEqual([]);
  });

  it("across files the error sits on the message; the fix prefixes the enum in the other file", () => {
    const files = { "shapes/v1/kind.proto": kind, "shapes/v1/circle.proto": circle };
    const diagnostics = attachEnumCollisionFixes(files, compile(files).diagnostics);
    expect(diagnostics.map((d) => d.message)).toEqual(['"shapes.v1.CIRCLE" is already defined in file "shapes/v1/kind.proto".']);
    expect(diagnostics[0]!.span).toMatchObject({ file: "shapes/v1/circle.proto", start: { line: 4, column: 9 } });
    const fixes = diagnostics[0]!.fixes!;
    expect(fixes.map((f) => f.title)).toEqual(['Prefix the values of Kind with "KIND_" (zero value ..._UNSPECIFIED)']);
    const fixed = applyFix(files, fixes[0]!);
    expect(fixed["shapes/v1/kind.proto"]).toContain("KIND_CIRCLE = 1;");
    expect(compile(fixed).diagnostics).toEqual([]);
  });
});
