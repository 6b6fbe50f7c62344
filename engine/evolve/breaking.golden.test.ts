/**
 * The breaking-change check against buf 1.75's own output: every case pair in
 * testdata/breaking/ (compiled by the engine's compiler) under each of the four categories must
 * give exactly buf's findings (path, start and end line and column, rule id, message) in buf's
 * order. The goldens come from scripts/golden-breaking.mjs; regenerate with `npm run golden`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { breakingCases, breakingTestdata as testdata, readGolden, readModule, type BufFinding } from "../testing/breaking-cases.ts";
import { BREAKING_CATEGORIES, BREAKING_RULES, breakingFromSources, breakingRuleTable, bufJson, bufText, selectBreakingRules, type BufConfigVersion } from "./breaking.ts";

describe("breaking matches buf 1.75 on every case and category", () => {
  const cases = breakingCases();

  it("has the cases and their goldens", () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    for (const name of cases) expect(readGolden(name).categories.FILE, name).toBeDefined();
  });

  for (const name of cases) {
    describe(name, () => {
      const golden = readGolden(name);
      const oldFiles = readModule(join(testdata, name, "old"));
      const newFiles = readModule(join(testdata, name, "new"));

      it("reads the same files buf did", () => {
        expect(Object.keys(oldFiles).sort()).toEqual(golden.old);
        expect(Object.keys(newFiles).sort()).toEqual(golden.new);
      });

      for (const category of BREAKING_CATEGORIES) {
        it(category, () => {
          const result = breakingFromSources(oldFiles, newFiles, { use: [category] });
          expect(result.againstDiagnostics).toEqual([]);
          expect(result.currentDiagnostics).toEqual([]);
          const ours = result.findings.map((f) => JSON.parse(bufJson(f)) as BufFinding);
          expect(ours).toEqual(golden.categories[category]);
        });
      }

      it("prints buf's text for buf's default run (v1's FILE without a buf.yaml, else the case's buf.yaml)", () => {
        const config = golden.text.config === null ? { use: ["FILE"], except: [], version: "v1" as const } : useOf(golden.text.config);
        const result = breakingFromSources(oldFiles, newFiles, { use: config.use, except: config.except, configVersion: config.version });
        expect(result.findings.map((f) => bufText(f) + "\n").join("")).toBe(golden.text.stdout);
        expect(result.findings.length > 0 ? 100 : 0).toBe(golden.text.status);
      });
    });
  }
});

/** The version and use/except lists of the simple buf.yaml files in the corpus. */
function useOf(config: string): { use: string[]; except: string[]; version: "v1" | "v2" } {
  const lists: Record<string, string[]> = { use: [], except: [] };
  let current: string[] | undefined;
  for (const line of config.split("\n")) {
    const key = /^\s+(use|except):\s*$/.exec(line);
    if (key) current = lists[key[1]!];
    else if (/^\s+-\s+/.test(line) && current) current.push(line.replace(/^\s+-\s+/, "").trim());
    else if (!/^\s/.test(line)) current = undefined;
  }
  return { use: lists.use!, except: lists.except!, version: /^version: v2$/m.test(config) ? "v2" : "v1" };
}

describe("the rules are buf's", () => {
  type BufRule = { id: string; categories: string[]; purpose: string; deprecated: boolean; replacements: string[] | null };
  const table = JSON.parse(readFileSync(join(testdata, "buf-rules.json"), "utf8")) as { versions: Record<BufConfigVersion, BufRule[]> };
  const four = new Set<string>(BREAKING_CATEGORIES);
  const inFour = (r: BufRule) => r.categories.some((c) => four.has(c));

  it("implements every rule buf lists in FILE, PACKAGE, WIRE_JSON and WIRE, and no other", () => {
    const bufRules = table.versions.v2.filter(inFour);
    expect(bufRules.length).toBe(64);
    expect(BREAKING_RULES.map((r) => r.id).sort()).toEqual(bufRules.map((r) => r.id).sort());
  });

  for (const version of ["v2", "v1", "v1beta1"] as const) {
    it(`has buf's ${version} table: rules, categories and descriptions`, () => {
      const bufRules = table.versions[version].filter(inFour);
      const ours = breakingRuleTable(version);
      expect(ours.map((r) => r.id).sort()).toEqual(bufRules.map((r) => r.id).sort());
      for (const r of bufRules) {
        const rule = ours.find((x) => x.id === r.id)!;
        expect([...rule.categories].sort(), r.id).toEqual(r.categories.filter((c) => four.has(c)).sort());
        expect(rule.purpose, r.id).toBe(r.purpose);
      }
    });

    it(`selects ${version}'s categories and deprecated ids as buf does`, () => {
      const bufRules = table.versions[version];
      for (const category of BREAKING_CATEGORIES) {
        expect([...selectBreakingRules([category], [], version)].sort(), category).toEqual(bufRules.filter((r) => r.categories.includes(category)).map((r) => r.id).sort());
      }
      for (const r of bufRules.filter((x) => x.deprecated)) {
        if (version === "v2") expect(() => selectBreakingRules([r.id], [], version)).toThrow(RangeError);
        else expect([...selectBreakingRules([r.id], [], version)].sort(), r.id).toEqual([...(r.replacements ?? [])].sort());
      }
    });
  }

  it("every rule fires in some case's golden", () => {
    const seen = new Set<string>();
    for (const name of breakingCases()) for (const list of Object.values(readGolden(name).categories)) for (const f of list) seen.add(f.type);
    expect(BREAKING_RULES.filter((r) => !seen.has(r.id)).map((r) => r.id)).toEqual([]);
  });
});
