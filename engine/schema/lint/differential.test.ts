// Differential test: random schemas (random names everywhere, so buf's case conversions and
// rules meet inputs nobody picked), linted by buf and by us; findings must be identical.
// One buf run over a module of generated files keeps this to a couple of seconds.
import fc from "fast-check";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { findTool, missingToolReason, protoc36Include } from "../../testing/tools.ts";
import { checkWorkspace } from "./index.ts";

const buf = findTool("buf");
const protoc = findTool("protoc-36");
const wkt = protoc ? protoc36Include() : undefined;
if (!buf) console.log(missingToolReason("buf"));
if (!protoc) console.log(missingToolReason("protoc-36"));

const RESERVED = new Set(
  (
    "syntax import weak public package option message enum service rpc returns stream extend extensions reserved to max " +
    "optional required repeated oneof map group true false inf nan double float int32 int64 uint32 uint64 sint32 sint64 " +
    "fixed32 fixed64 sfixed32 sfixed64 bool string bytes"
  ).split(" "),
);
const ident = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,10}$/).filter((s) => !RESERVED.has(s.toLowerCase()));
const names = (min: number, max: number) => fc.uniqueArray(ident, { minLength: min, maxLength: max, selector: (s) => s.toLowerCase() });

/**
 * One generated file. proto2 or proto3 (protoc drops the proto3 files whose random field names
 * clash as JSON names), with nested messages and enums, maps, groups, extensions, proto3
 * `optional`, oneofs, services and comments here and there.
 */
const schema = fc
  .record({
    proto3: fc.boolean(),
    fileName: ident,
    pkgTail: fc.oneof(ident, fc.constantFrom("v1", "v1beta1", "v2test", "v0", "v1p1alpha1")),
    messages: names(1, 3),
    fields: names(1, 4),
    enums: names(1, 2),
    values: names(1, 4),
    firstValue: fc.constantFrom(0, 0, 1),
    oneof: ident,
    nested: ident,
    nestedEnum: ident,
    // buf rejects map entry names that do not start with a letter ("_9xEntry"); protoc does not.
    mapField: ident.map((m) => "m" + m),
    extField: ident,
    // Group names must start with a capital letter.
    group: ident.map((g) => "G" + g),
    service: ident,
    rpcs: names(1, 2),
    streaming: fc.constantFrom("", "stream "),
    comment: fc.constantFrom("", "// Documented.\n", "/* Block. */\n", "// buf:lint:ignore FIELD_LOWER_SNAKE_CASE\n"),
  })
  .map((g) => {
    const [m0] = g.messages;
    const label = g.proto3 ? "" : "optional ";
    const lines = [`syntax = "${g.proto3 ? "proto3" : "proto2"}";`, ""];
    lines.push(`package PKG.${g.pkgTail};`, "");
    g.enums.forEach((e, i) => {
      lines.push(`${g.comment}enum ${e} {`);
      // Values get the enum's index so two enums never share a value (C++ scoping).
      g.values.forEach((v, j) => lines.push(`  ${v}${i === 0 ? "" : "_" + i} = ${j === 0 && !g.proto3 ? g.firstValue : j === 0 ? 0 : j + 1};`));
      lines.push("}");
    });
    g.messages.forEach((m, i) => {
      lines.push(`${i === 0 ? g.comment : ""}message ${m} {`);
      g.fields.forEach((f, j) => lines.push(`  ${j === 1 && g.proto3 ? "optional " : label}${j === 0 ? g.enums[0] : "int32"} ${f} = ${j + 1};`));
      if (i === 0) {
        lines.push(`  oneof ${g.oneof} {`, "    int32 choice_a = 100;", "  }");
        lines.push(`  message ${g.nested} {`, `    enum ${g.nestedEnum} {`, `      ${g.nestedEnum.toUpperCase()}_X${i} = 0;`, "    }", "  }");
        lines.push(`  map<string, ${g.enums[0]}> ${g.mapField} = 101;`);
        if (!g.proto3) {
          lines.push(`  optional group ${g.group} = 102 {`, "    optional int32 in_group = 1;", "  }");
          lines.push("  extensions 1000 to 2000;");
        }
      }
      lines.push("}");
    });
    if (!g.proto3) lines.push(`extend ${m0} {`, `  optional int32 ${g.extField} = 1000;`, "}");
    lines.push(`service ${g.service} {`);
    for (const r of g.rpcs) lines.push(`  rpc ${r}(${g.streaming}${m0}) returns (${g.messages[g.messages.length - 1]});`);
    lines.push("}", "");
    return { fileName: g.fileName, text: lines.join("\n") };
  });

interface Finding {
  path: string;
  line: number;
  column: number;
  rule: string;
  message: string;
}

describe.skipIf(!buf || !protoc)("random schemas: our lint equals buf lint", () => {
  it("on 40 generated files (every rule on)", () => {
    const generated = fc.sample(schema, { numRuns: 40, seed: 20261121 });
    const work = mkdtempSync(join(tmpdir(), "wirelab-lint-diff-"));
    try {
      // Each file gets its own directory and package, so files do not interact.
      const sources: Record<string, string> = {};
      generated.forEach((g, i) => {
        const path = `d${i}/${g.fileName}.proto`;
        const text = g.text.replace("PKG", `p${i}`);
        mkdirSync(dirname(join(work, path)), { recursive: true });
        writeFileSync(join(work, path), text);
        // Keep only what protoc accepts (random names can still clash, e.g. enum vs message).
        try {
          execFileSync(protoc!, [`-I${work}`, `-I${wkt}`, "-o", "/dev/null", path], { stdio: "ignore" });
          sources[path] = text;
        } catch {
          rmSync(join(work, path));
        }
      });
      expect(Object.keys(sources).length).toBeGreaterThan(15);
      writeFileSync(join(work, "buf.yaml"), "version: v2\nlint:\n  use: [STANDARD, UNARY_RPC, COMMENTS, STABLE_PACKAGE_NO_IMPORT_UNSTABLE]\n");
      const run = spawnSync(buf!, ["lint", "--error-format=json"], { cwd: work, encoding: "utf8" });
      const theirs: Finding[] = run.stdout
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l) as { path: string; start_line: number; start_column: number; type: string; message: string })
        .map((f) => ({ path: f.path, line: f.start_line, column: f.start_column, rule: f.type, message: f.message }));
      expect(run.stderr).toBe("");
      expect(theirs.filter((f) => f.rule === "COMPILE")).toEqual([]);

      const result = checkWorkspace(sources, { rules: "all" });
      expect(result.compileDiagnostics).toEqual([]);
      const ours: Finding[] = result.lintDiagnostics.map((d) => ({
        path: d.span.kind === "text" ? (d.span.file ?? "") : "",
        line: d.span.kind === "text" ? d.span.start.line : 0,
        column: d.span.kind === "text" ? d.span.start.column : 0,
        rule: d.code,
        message: d.message,
      }));
      // A real comparison: many findings from many rules.
      console.log(`differential: ${Object.keys(sources).length} files, ${theirs.length} buf findings, ${new Set(theirs.map((f) => f.rule)).size} rules`);
      expect(theirs.length).toBeGreaterThan(500);
      expect(new Set(theirs.map((f) => f.rule)).size).toBeGreaterThan(15);
      expect(ours).toEqual(theirs);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
