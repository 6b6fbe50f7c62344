/**
 * enum-prefixes: fix-collision (a fixed exercise workshop material refers to) and cross-file,
 * graded by what the compiler and buf's lint rules make of the learner's schema, and read-enum,
 * graded against the engine's decode of the given bytes with the schema.
 */
import { Attempt, check, fail, namedValueChecks, pass } from "../../engine/lessons/index.ts";
import type { Check, LessonChecks } from "../../engine/lessons/index.ts";

const RULES = ["ENUM_VALUE_PREFIX", "ENUM_ZERO_VALUE_SUFFIX"];
const PACKAGE = "myapi.v1";

const compiles = check("compiles", (a) => {
  const diags = a.schema(RULES).compileDiagnostics.filter((d) => d.severity === "error");
  if (diags.length === 0) return pass("the schema compiles with no error");
  const first = diags[0]!;
  return fail(`protoc reports: ${Attempt.firstError([first])}${first.notes?.length ? ` ${first.notes.join(" ")}` : ""}`);
});

/** An enum's name in UPPER_SNAKE_CASE, the prefix ENUM_VALUE_PREFIX asks for ("Stoplight" -> "STOPLIGHT"). */
function upperSnake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
}

/**
 * Both enums still top-level in myapi.v1, every original value still there (prefixed or not, with
 * aliases allowed) and keeping its number: renumbering values among themselves would make stored
 * data read as other values.
 */
function keepsEnums(want: Record<string, Record<string, number>>): Check {
  return check("same-enums", (a) => {
    const files = a.schema(RULES).files;
    if (files.length === 0) return fail("nothing compiled yet, so the enums cannot be checked: fix the compile error first");
    for (const [name, values] of Object.entries(want)) {
      const file = files.find((f) => f.enumType.some((e) => e.name === name));
      if (!file) return fail(`there is no top-level enum ${name} any more: keep it at the top level of the file (nesting it in a message changes its full name and every reference to it)`);
      if (file.package !== PACKAGE) return fail(`enum ${name} is in package "${file.package}"; keep it in ${PACKAGE}`);
      const prefix = `${upperSnake(name)}_`;
      const got = file.enumType.find((e) => e.name === name)!.value;
      for (const v of got) {
        const base = v.name.startsWith(prefix) ? v.name.slice(prefix.length) : v.name;
        const was = values[base];
        if (was !== undefined && v.number !== was) return fail(`${name}.${v.name} is numbered ${v.number}, but ${base} had another number: the numbers are what goes on the wire, so stored data would read as another value`);
      }
      for (const [base, number] of Object.entries(values)) {
        if (!got.some((v) => v.name === base || v.name === prefix + base)) return fail(`enum ${name} has no value ${base} (or ${prefix}${base}) any more: rename values by adding the prefix only, and keep every one`);
        if (!got.some((v) => v.number === number)) return fail(`enum ${name} has no value numbered ${number} any more`);
      }
    }
    return pass(`${Object.keys(want).join(" and ")} are still top-level in ${PACKAGE}, every value with its number`);
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
  "fix-collision": [compiles, keepsEnums({ Stoplight: { UNSPECIFIED: 0, RED: 1, YELLOW: 2, GREEN: 3 }, Speed: { UNSPECIFIED: 0, SLOW: 1, FAST: 2 } }), lintClean],
  "cross-file": [compiles, keepsEnums({ Light: { UNSPECIFIED: 0, ON: 1, OFF: 2 }, Speed: { UNSPECIFIED: 0, SLOW: 1, FAST: 2 } }), lintClean],
  "read-enum": namedValueChecks("answer.txt", "signal.hex", "myapi.v1.Signal", ["light", "speed", "previous"]),
};

export default checks;
