/**
 * The code table (diagnostic-codes.ts) lists every code Wirelab emits and nothing it does not:
 * a scan of the sources finds every code literal of a listed family, and running the corpora
 * (assembler goldens, schema goldens, text-format goldens, lint goldens, breaking-change cases,
 * random bytes) checks the codes that actually come out, lint and breaking rule ids included.
 */
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { annotateBytes } from "./annotate/decode.ts";
import { describeCode, DIAGNOSTIC_CODES } from "./diagnostic-codes.ts";
import type { Diagnostic } from "./diagnostics.ts";
import { BREAKING_CATEGORIES, BREAKING_RULES, breakingFromSources } from "./evolve/breaking.ts";
import { assemble } from "./protoscope/assembler.ts";
import { compile } from "./schema/index.ts";
import { lint, RULES } from "./schema/lint/index.ts";
import { encodeTextFormat } from "./schema/textformat/index.ts";
import { corpusCases, corpusRegistry } from "./schema/textformat/testing.ts";
import { breakingCases, breakingTestdata, readModule } from "./testing/breaking-cases.ts";

const root = join(import.meta.dirname, "..");
const listed = new Set(Object.keys(DIAGNOSTIC_CODES));
const families = [...new Set([...listed].map((c) => c.slice(0, c.indexOf("/"))))];
const lintRuleIds = new Set(RULES.map((r) => r.id));
const breakingRuleIds = new Set(BREAKING_RULES.map((r) => r.id));
const ruleIds = new Set([...lintRuleIds, ...breakingRuleIds]);

/** Source files (not tests) under a directory. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (name === "node_modules" || name === "testdata") continue;
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith("diagnostic-codes.ts")) out.push(p);
  }
  return out;
}

/** Every quoted literal of a listed family ("wire/truncated"), with the files it is in. */
function codeLiterals(): Map<string, string[]> {
  const pattern = new RegExp(`["']((?:${families.join("|")})/[a-z0-9-]+)["']`, "g");
  const found = new Map<string, string[]>();
  for (const file of [...sources(join(root, "engine")), ...sources(join(root, "web", "src"))]) {
    for (const m of readFileSync(file, "utf8").matchAll(pattern)) {
      const list = found.get(m[1]!) ?? [];
      list.push(relative(root, file));
      found.set(m[1]!, list);
    }
  }
  return found;
}

function expectListed(diagnostics: readonly Diagnostic[], where: string): void {
  for (const d of diagnostics) {
    if (/^[A-Z0-9_]+$/.test(d.code)) expect(ruleIds.has(d.code), `${where}: ${d.code} is a lint or breaking rule id`).toBe(true);
    else expect(listed.has(d.code), `${where}: ${d.code} is in engine/diagnostic-codes.ts`).toBe(true);
  }
}

describe("the diagnostic code table", () => {
  it("has a one-line meaning for every code, and codes are family/kebab-case", () => {
    for (const [code, meaning] of Object.entries(DIAGNOSTIC_CODES)) {
      expect(code).toMatch(/^[a-z]+\/[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(meaning.length, code).toBeGreaterThan(10);
      expect(meaning, code).not.toContain("\n");
      expect(describeCode(code)).toBe(meaning);
    }
    expect(describeCode("toString")).toBeUndefined();
    expect(describeCode("wire/no-such-code")).toBeUndefined();
  });

  it("lists every code literal in the engine's and the app's sources, and each listed code is used", () => {
    const found = codeLiterals();
    const missing = [...found.keys()].filter((c) => !listed.has(c)).map((c) => `${c} (${found.get(c)!.join(", ")})`);
    expect(missing, "codes emitted but not in engine/diagnostic-codes.ts").toEqual([]);
    const unused = [...listed].filter((c) => !found.has(c));
    expect(unused, "rows of engine/diagnostic-codes.ts no source emits").toEqual([]);
  });

  it("lint rule ids have buf's one-line description", () => {
    for (const r of RULES) expect(r.description.length, r.id).toBeGreaterThan(10);
  });

  it("breaking rule ids have buf's one-line purpose and are not lint rule ids", () => {
    for (const r of BREAKING_RULES) {
      expect(r.purpose.length, r.id).toBeGreaterThan(10);
      expect(r.purpose, r.id).not.toContain("\n");
      expect(lintRuleIds.has(r.id), r.id).toBe(false);
    }
  });

  it("covers every code the breaking-change cases produce", () => {
    let count = 0;
    for (const name of breakingCases()) {
      const result = breakingFromSources(readModule(join(breakingTestdata, name, "old")), readModule(join(breakingTestdata, name, "new")), {
        use: [...BREAKING_CATEGORIES],
      });
      for (const d of result.findings) expect(breakingRuleIds.has(d.code), `${name}: ${d.code} is a breaking rule id`).toBe(true);
      expectListed(result.findings, name);
      count += result.findings.length;
    }
    expect(count).toBeGreaterThan(100);
  });

  it("covers every code the assembler's invalid corpus produces", () => {
    const dir = join(import.meta.dirname, "protoscope", "testdata", "asm", "invalid");
    const seen = new Set<string>();
    for (const name of readdirSync(dir).filter((n) => n.endsWith(".txt"))) {
      const result = assemble(readFileSync(join(dir, name), "utf8"));
      expectListed(result.diagnostics, name);
      for (const d of result.diagnostics) seen.add(d.code);
    }
    expect(seen.size).toBeGreaterThan(10);
  });

  it("covers every code the schema corpus produces (compile and lint)", () => {
    const corpus = join(import.meta.dirname, "schema", "testdata", "corpus");
    let count = 0;
    for (const name of readdirSync(corpus)) {
      if (!existsSync(join(corpus, name, "main.proto"))) continue;
      const files: Record<string, string> = {};
      for (const f of readdirSync(join(corpus, name))) if (f.endsWith(".proto")) files[f] = readFileSync(join(corpus, name, f), "utf8");
      const result = compile(files);
      expectListed(result.diagnostics, name);
      count += result.diagnostics.length;
    }
    expect(count).toBeGreaterThan(30);
    const lintDir = join(import.meta.dirname, "schema", "lint", "testdata");
    for (const name of readdirSync(lintDir).filter((n) => n.endsWith(".binpb"))) {
      const set = fromBinary(FileDescriptorSetSchema, readFileSync(join(lintDir, name)));
      expectListed(lint(set, { rules: "all" }), name);
    }
  });

  it("covers every code the text-format corpus produces", () => {
    for (const c of corpusCases()) {
      const registry = corpusRegistry(c.corpus);
      const type = registry.getMessage(c.type)!;
      expectListed(encodeTextFormat(c.text, type, registry).diagnostics, c.name);
      // A broken copy of each message: cut in half.
      expectListed(encodeTextFormat(c.text.slice(0, c.text.length >> 1) + " }{ ~", type, registry).diagnostics, `${c.name} (cut)`);
    }
  });

  it("covers every code the decoder produces for random bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expectListed(annotateBytes(bytes).diagnostics, "random bytes");
      }),
      { numRuns: 500 },
    );
  });
});
