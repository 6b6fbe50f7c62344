#!/usr/bin/env node
// Regenerates the breaking-change golden files from buf:
//   node scripts/golden-breaking.mjs [CASE...]
// For each case folder engine/evolve/testdata/breaking/<case>/ holding old/ and new/ (each a
// module root of .proto files), it copies both to a temporary directory and, from inside new/,
// runs `buf breaking . --against ../old --error-format json` four times, once per category
// (buf.yaml `version: v2`, `breaking: use: [FILE]`, then PACKAGE, WIRE_JSON, WIRE), recording
// every JSON line as buf prints it (path, start_line, start_column, end_line, end_column, type,
// message; buf leaves out path when a finding has no file, e.g. a deleted file). Then it runs
// buf once more in text format with the case's own new/buf.yaml when it has one (else none:
// buf's default, the v1 FILE rules) and records that output and its exit status. All of it goes to
// testdata/breaking/<case>.golden.json. It also writes testdata/breaking/buf-rules.json from
// `buf config ls-breaking-rules --version v2 --format json --include-deprecated`.
// Needs buf (node_modules/.bin/buf, from the @bufbuild/buf devDependency).
import { requireTool } from "./reference-tools.mjs";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const testdata = join(root, "engine/evolve/testdata/breaking");
const buf = requireTool("buf");
const CATEGORIES = ["FILE", "PACKAGE", "WIRE_JSON", "WIRE"];
const bufVersion = execFileSync(buf, ["--version"], { encoding: "utf8" }).trim();

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

/** Runs buf breaking from inside `newDir`; exit 0 (clean) and 100 (findings) are the only successes. */
function runBuf(newDir, format, name) {
  const run = spawnSync(buf, ["breaking", ".", "--against", "../old", "--error-format", format], { cwd: newDir, encoding: "utf8" });
  if (run.status !== 0 && run.status !== 100) throw new Error(`buf breaking failed on ${name} (${run.status}): ${run.stderr}${run.stdout}`);
  return { status: run.status, stdout: run.stdout };
}

// buf's rule tables (v2, and the v1 and v1beta1 ones buf uses for older buf.yaml files and, v1,
// for a module without one), for the tests that check every rule is implemented, in its categories.
{
  const work = mkdtempSync(join(tmpdir(), "wirelab-golden-breaking-rules-"));
  try {
    const versions = {};
    for (const version of ["v2", "v1", "v1beta1"]) {
      const listing = execFileSync(buf, ["config", "ls-breaking-rules", "--version", version, "--format", "json", "--include-deprecated"], {
        cwd: work,
        encoding: "utf8",
      });
      versions[version] = listing
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l))
        .map(({ id, categories, default: inDefault, purpose, deprecated, replacements }) => ({ id, categories, default: inDefault, purpose, deprecated, replacements }));
    }
    writeFileSync(join(testdata, "buf-rules.json"), JSON.stringify({ generatedBy: `${bufVersion} (buf config ls-breaking-rules)`, versions }, null, 2) + "\n");
    console.log(`rules: ${Object.entries(versions).map(([v, r]) => `${v} ${r.length}`).join(", ")}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const only = process.argv.slice(2);
for (const name of readdirSync(testdata).sort()) {
  const caseDir = join(testdata, name);
  if (!statSync(caseDir).isDirectory()) continue;
  if (only.length > 0 && !only.includes(name)) continue;
  if (!existsSync(join(caseDir, "old")) || !existsSync(join(caseDir, "new"))) throw new Error(`${name}: needs old/ and new/`);
  const work = mkdtempSync(join(tmpdir(), "wirelab-golden-breaking-"));
  try {
    cpSync(join(caseDir, "old"), join(work, "old"), { recursive: true });
    cpSync(join(caseDir, "new"), join(work, "new"), { recursive: true });
    const newDir = join(work, "new");
    const ownConfig = existsSync(join(caseDir, "new", "buf.yaml")) ? readFileSync(join(caseDir, "new", "buf.yaml"), "utf8") : undefined;
    if (!existsSync(join(caseDir, "old", "buf.yaml"))) writeFileSync(join(work, "old", "buf.yaml"), "version: v2\n");
    const categories = {};
    for (const category of CATEGORIES) {
      writeFileSync(join(newDir, "buf.yaml"), `version: v2\nbreaking:\n  use:\n    - ${category}\n`);
      const { stdout } = runBuf(newDir, "json", name);
      categories[category] = stdout
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l));
      if (categories[category].some((f) => f.type === "COMPILE")) throw new Error(`${name} does not compile with buf: ${stdout}`);
    }
    if (ownConfig === undefined) rmSync(join(newDir, "buf.yaml"));
    else writeFileSync(join(newDir, "buf.yaml"), ownConfig);
    const text = runBuf(newDir, "text", name);
    const golden = {
      generatedBy: `${bufVersion} (buf breaking . --against ../old, run in new/)`,
      old: protoFiles(join(caseDir, "old")),
      new: protoFiles(join(caseDir, "new")),
      categories,
      text: { config: ownConfig ?? null, status: text.status, stdout: text.stdout },
    };
    writeFileSync(join(testdata, `${name}.golden.json`), JSON.stringify(golden, null, 2) + "\n");
    console.log(`${name}: ${CATEGORIES.map((c) => `${c} ${categories[c].length}`).join(", ")}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
