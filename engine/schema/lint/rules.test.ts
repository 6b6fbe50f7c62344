// Our rule table against buf's own (testdata/buf-rules.json, from scripts/golden-lint.mjs).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CATEGORIES, RULES, selectRules, UNIMPLEMENTED_DEFAULT_RULES } from "./index.ts";

interface BufRule {
  id: string;
  categories: string[];
  default: boolean;
  purpose: string;
  deprecated: boolean;
}
const buf = (JSON.parse(readFileSync(join(import.meta.dirname, "testdata/buf-rules.json"), "utf8")) as { rules: BufRule[] }).rules;
const bufById = new Map(buf.map((r) => [r.id, r]));

describe("RULES matches buf 1.75's rule table", () => {
  it("every rule we implement is buf's, with buf's description, categories and DEFAULT flag", () => {
    for (const r of RULES) {
      const theirs = bufById.get(r.id);
      expect(theirs, r.id).toBeDefined();
      expect({ id: r.id, description: r.description, categories: r.categories, inDefault: r.inDefault }).toEqual({
        id: theirs!.id,
        description: theirs!.purpose,
        categories: theirs!.categories,
        inDefault: theirs!.default,
      });
    }
  });

  it("we implement every non-deprecated buf rule except the ones we list as missing", () => {
    const ours = new Set(RULES.map((r) => r.id));
    const missing = buf.filter((r) => !r.deprecated && !ours.has(r.id)).map((r) => r.id);
    expect(missing).toEqual([...UNIMPLEMENTED_DEFAULT_RULES]);
  });

  it("categories select what buf's categories hold (minus what we do not implement)", () => {
    for (const category of CATEGORIES) {
      const want = buf
        .filter((r) => r.categories.includes(category) && !UNIMPLEMENTED_DEFAULT_RULES.includes(r.id))
        .map((r) => r.id)
        .sort();
      expect([...selectRules([category])].sort(), category).toEqual(want);
    }
    expect(selectRules("default")).toEqual(selectRules(["DEFAULT"]));
    expect(selectRules("default")).toEqual(selectRules(["STANDARD"]));
  });

  it("mixes ids and categories, and names unknown ones", () => {
    expect([...selectRules(["UNARY_RPC", "SERVICE_SUFFIX"])].sort()).toEqual(["RPC_NO_CLIENT_STREAMING", "RPC_NO_SERVER_STREAMING", "SERVICE_SUFFIX"]);
    expect(() => selectRules(["ENUM_VALUE_PREFIX", "NOPE", "ALSO_NOPE"])).toThrow("unknown lint rules: NOPE, ALSO_NOPE");
  });
});
