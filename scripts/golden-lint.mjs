#!/usr/bin/env node
// Regenerates the lint golden files from the reference tools:
//   node scripts/golden-lint.mjs
// For each case folder in engine/schema/lint/testdata/corpus/ (a module root), it
// - runs `buf lint --error-format=json` in a temporary copy with a v2 buf.yaml that turns on
//   every rule wirelab implements (buf's STANDARD = DEFAULT, UNARY_RPC, COMMENTS and
//   STABLE_PACKAGE_NO_IMPORT_UNSTABLE), and writes
//   testdata/<case>.golden.json (rule, message, line:column as buf prints them);
// - runs `protoc --include_source_info --include_imports --descriptor_set_out` over the same
//   files and writes testdata/<case>.binpb, the input our lint is tested on (buf lint itself
//   works on descriptors with source info, so that is the interface we match), with protoc
//   36.2; cases whose name starts with "editions" are built with `buf build` instead (they import
//   go_features.proto, which protoc 36.2's well-known types from protobuf-java lack; a buf image
//   is a FileDescriptorSet with extra fields).
// A case may come with corpus/<case>.options.json: buf's rule options for its buf.yaml
// (e.g. {"enum_zero_value_suffix": "_NONE"}), recorded in the golden for the test.
// Needs buf (node_modules/.bin/buf) and protoc 36.2 (bash .ci/run fetches it).
import { requireProtoc36Include, requireTool } from "./reference-tools.mjs";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const testdata = join(root, "engine/schema/lint/testdata");
const corpus = join(testdata, "corpus");
const buf = requireTool("buf");
// Every rule wirelab implements: DEFAULT (= STANDARD), UNARY_RPC, COMMENTS and the stable-package rule.
const USE = ["STANDARD", "UNARY_RPC", "COMMENTS", "STABLE_PACKAGE_NO_IMPORT_UNSTABLE"];

function protoFiles(dir) {
  const out = [];
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop();
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) stack.push(p);
      else if (name.endsWith(".proto")) out.push(relative(dir, p).split("\\").join("/"));
    }
  }
  return out.sort();
}

const bufVersion = execFileSync(buf, ["--version"], { encoding: "utf8" }).trim();

// buf's rule table (id, categories, DEFAULT or not, purpose) for checking our RULES.
{
  const work = mkdtempSync(join(tmpdir(), "wirelab-golden-rules-"));
  try {
    const listing = execFileSync(buf, ["config", "ls-lint-rules", "--format", "json", "--version", "v2", "--include-deprecated"], {
      cwd: work,
      encoding: "utf8",
    });
    const rules = listing
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l))
      .map(({ id, categories, default: inDefault, purpose, deprecated }) => ({ id, categories, default: inDefault, purpose, deprecated }));
    writeFileSync(join(testdata, "buf-rules.json"), JSON.stringify({ generatedBy: `${bufVersion} (buf config ls-lint-rules)`, rules }, null, 2) + "\n");
    console.log(`rules: ${rules.length} rules`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
// protoc 36.2 builds the descriptors buf's findings are checked on (editions too), its
// well-known types last on the path.
const protoc = requireTool("protoc-36");
const wkt = requireProtoc36Include();
const protocVersion = execFileSync(protoc, ["--version"], { encoding: "utf8" }).trim();

for (const name of readdirSync(corpus).sort()) {
  const caseDir = join(corpus, name);
  if (!statSync(caseDir).isDirectory()) continue;
  const files = protoFiles(caseDir);

  const work = mkdtempSync(join(tmpdir(), "wirelab-golden-lint-"));
  try {
    cpSync(caseDir, work, { recursive: true });
    const optionsFile = join(corpus, `${name}.options.json`);
    const options = existsSync(optionsFile) ? JSON.parse(readFileSync(optionsFile, "utf8")) : {};
    const optionLines = Object.entries(options).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}\n`);
    writeFileSync(join(work, "buf.yaml"), `version: v2\nlint:\n  use:\n${USE.map((u) => `    - ${u}\n`).join("")}${optionLines.join("")}`);
    const run = spawnSync(buf, ["lint", "--error-format=json"], { cwd: work, encoding: "utf8" });
    // buf exits 100 when it has findings, 0 when clean; anything else is a failure.
    if (run.status !== 0 && run.status !== 100) {
      throw new Error(`buf lint failed on ${name} (${run.status}): ${run.stderr}${run.stdout}`);
    }
    const findings = run.stdout
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l))
      .map((f) => ({
        path: f.path,
        line: f.start_line,
        column: f.start_column,
        endLine: f.end_line,
        endColumn: f.end_column,
        rule: f.type,
        message: f.message,
      }));
    if (findings.some((f) => f.rule === "COMPILE")) throw new Error(`${name} does not compile with buf`);
    const golden = { generatedBy: `${bufVersion} (buf lint --error-format=json)`, use: USE, options, files, findings };
    writeFileSync(join(testdata, `${name}.golden.json`), JSON.stringify(golden, null, 2) + "\n");

    const out = join(testdata, `${name}.binpb`);
    // The editions case imports go_features.proto, which protoc 36.2's well-known types (from
    // protobuf-java's jar) do not include: buf, which bundles it, builds that one.
    if (name.startsWith("editions")) {
      execFileSync(buf, ["build", "-o", out], { cwd: work, stdio: ["ignore", "ignore", "pipe"] });
    } else {
      execFileSync(protoc, [`-I${caseDir}`, `-I${wkt}`, "--include_source_info", "--include_imports", `--descriptor_set_out=${out}`, ...files], {
        stdio: ["ignore", "ignore", "pipe"],
      });
    }
    const builder = name.startsWith("editions") ? `buf ${bufVersion} build` : protocVersion;
    console.log(`${name}: ${files.length} files, ${findings.length} findings (${builder} descriptors)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
