/**
 * enum-prefixes: fix-collision (a fixed exercise workshop material refers to) and cross-file.
 * Both grade what the compiler and buf's lint rules make of the learner's schema.
 */
import { Attempt, check, fail, pass } from "../../engine/lessons/index.ts";
import type { Check, LessonChecks } from "../../engine/lessons/index.ts";

const RULES = ["ENUM_VALUE_PREFIX", "ENUM_ZERO_VALUE_SUFFIX"];
const PACKAGE = "myapi.v1";

const compiles = check("compiles", (a) => {
  const diags = a.schema(RULES).compileDiagnostics.filter((d) => d.severity === "error");
  if (diags.length === 0) return pass("the schema compiles with no error");
  const first = diags[0]!;
  return fail(`protoc reports: ${Attempt.firstError([first])}${first.notes?.length ? ` ${first.notes.join(" ")}` : ""}`);
});

/** Both enums still top-level in myapi.v1, with the same value numbers. */
function keepsEnums(want: Record<string, number[]>): Check {
  return check("same-enums", (a) => {
    const files = a.schema(RULES).files;
    if (files.length === 0) return fail("nothing compiled yet, so the enums cannot be checked: fix the compile error first");
    for (const [name, numbers] of Object.entries(want)) {
      const file = files.find((f) => f.enumType.some((e) => e.name === name));
      if (!file) return fail(`there is no top-level enum ${name} any more: keep it at the top level of the file (nesting it in a message changes its full name and every reference to it)`);
      if (file.package !== PACKAGE) return fail(`enum ${name} is in package "${file.package}"; keep it in ${PACKAGE}`);
      const got = file.enumType.find((e) => e.name === name)!.value.map((v) => v.number).sort((x, y) => x - y);
      if (got.join(",") !== numbers.join(",")) return fail(`enum ${name} has the values numbered ${got.join(", ")}; keep ${numbers.join(", ")}: the numbers are what goes on the wire`);
    }
    return pass(`${Object.keys(want).join(" and ")} are still top-level in ${PACKAGE}, with the same numbers`);
  });
}

const lintClean = check("lint-clean", (a) => {
  const s = a.schema(RULES);
  if (s.failed) return fail("buf lints only a schema that compiles: fix the compile error first");
  const findings = s.lintDiagnostics;
  if (findings.length === 0) return pass("buf's ENUM_VALUE_PREFIX and ENUM_ZERO_VALUE_SUFFIX find nothing");
  const f = findings[0]!;
  const where = f.span.kind === "text" ? `${f.span.file ?? ""}:${f.span.start.line}:${f.span.start.column}` : "";
  return fail(`buf reports ${findings.length} finding${findings.length === 1 ? "" : "s"}; the first, ${f.code} at ${where}: ${f.message}`);
});

const checks: LessonChecks = {
  "fix-collision": [compiles, keepsEnums({ Stoplight: [0, 1, 2, 3], Speed: [0, 1, 2] }), lintClean],
  "cross-file": [compiles, keepsEnums({ Light: [0, 1, 2], Speed: [0, 1, 2] }), lintClean],
};

export default checks;
