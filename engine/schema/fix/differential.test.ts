// The fixes on random enums, judged by the reference tools: after applying every offered fix,
// protoc compiles each file and buf finds nothing for ENUM_VALUE_PREFIX / ENUM_ZERO_VALUE_SUFFIX.
import fc from "fast-check";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { findTool, missingToolReason, protoc36Include } from "../../testing/tools.ts";
import { checkWorkspace } from "../lint/index.ts";
import { applyFix } from "./apply.ts";

const buf = findTool("buf");
const protoc = findTool("protoc-36");
const wkt = protoc ? protoc36Include() : undefined;
if (!buf) console.log(missingToolReason("buf"));
if (!protoc) console.log(missingToolReason("protoc-36"));

const RULES = ["ENUM_VALUE_PREFIX", "ENUM_ZERO_VALUE_SUFFIX"];
const KEYWORDS = new Set("option reserved to max true false inf nan enum message".split(" "));
const ident = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,8}$/).filter((s) => !KEYWORDS.has(s));

/** Two or three enums whose values may well collide (the seed lesson's trap), used by a field default. */
const schema = fc
  .record({
    enums: fc.uniqueArray(ident, { minLength: 2, maxLength: 3, selector: (s) => s.toLowerCase() }),
    // Zero values from a small pool of common names (UNSPECIFIED: the lesson's trap), so values
    // of different enums collide often. Other values never take the name UNSPECIFIED: an enum
    // with a non-zero UNSPECIFIED leaves no room for ..._UNSPECIFIED at zero, a choice the fix
    // leaves to the author (see apply.test.ts).
    values: fc.array(
      fc
        .tuple(
          fc.constantFrom("UNSPECIFIED", "UNKNOWN", "NONE", "Ok"),
          fc.uniqueArray(fc.oneof(fc.constantFrom("UNKNOWN", "NONE", "RED", "SLOW", "fast"), ident), { maxLength: 3 }),
        )
        .map(([zero, rest]) => [zero, ...rest.filter((v) => v !== zero && v !== "UNSPECIFIED")]),
      { minLength: 3, maxLength: 3 },
    ),
  })
  .map(({ enums, values }) => {
    const lines = ['syntax = "proto2";', "", "package PKG;", ""];
    enums.forEach((e, i) => {
      lines.push(`enum ${e} {`);
      values[i]!.forEach((v, j) => lines.push(`  ${v} = ${j};`));
      lines.push("}");
    });
    lines.push("message Holder {", `  optional ${enums[0]} first = 1 [default = ${values[0]![values[0]!.length - 1]}];`, "}", "");
    return lines.join("\n");
  });

/** Applies the first offered fix until none is left (as `wirelab lint --fix` does). */
function fixAll(sources: Record<string, string>): Record<string, string> {
  let current = sources;
  for (let round = 0; round < 20; round++) {
    const check = checkWorkspace(current, { rules: RULES });
    const fix = [...check.compileDiagnostics, ...check.lintDiagnostics].find((d) => d.fixes !== undefined)?.fixes?.[0];
    if (fix === undefined) return current;
    current = applyFix(current, fix);
  }
  throw new Error("fixes did not converge in 20 rounds");
}

describe.skipIf(!buf || !protoc)("fixes on random colliding enums, judged by protoc and buf", () => {
  it("every file compiles after the fixes and buf finds no prefix or zero-suffix problem", () => {
    const generated = fc.sample(schema, { numRuns: 30, seed: 4 });
    const work = mkdtempSync(join(tmpdir(), "wirelab-fix-diff-"));
    try {
      let collisions = 0;
      generated.forEach((text, i) => {
        const path = `p${i}/v1/enums.proto`;
        const before = { [path]: text.replace("PKG", `p${i}.v1`) };
        if (checkWorkspace(before, { rules: "none" }).failed) collisions++;
        const after = fixAll(before);
        mkdirSync(dirname(join(work, path)), { recursive: true });
        writeFileSync(join(work, path), after[path]!);
        execFileSync(protoc!, [`-I${work}`, `-I${wkt}`, "-o", "/dev/null", path], { stdio: ["ignore", "ignore", "pipe"] });
      });
      // The generator really produces the lesson's trap.
      expect(collisions).toBeGreaterThan(5);
      writeFileSync(join(work, "buf.yaml"), `version: v2\nlint:\n  use: [${RULES.join(", ")}]\n`);
      const run = spawnSync(buf!, ["lint", "--error-format=json"], { cwd: work, encoding: "utf8" });
      expect(run.stderr).toBe("");
      expect(run.stdout).toBe("");
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
