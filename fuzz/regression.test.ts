/**
 * The regression corpus: every input a fuzz run once found a problem with (fuzz/corpus/<target>/),
 * replayed through its target's whole check, reference tools included where they are installed.
 * Each must come through clean: no crash, no hang, no difference from the reference tool.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadTarget, TARGETS } from "./targets/index.ts";
import { toolsAvailable } from "./tools.ts";

const CORPUS = join(import.meta.dirname, "corpus");

for (const name of TARGETS) {
  let files: string[] = [];
  try {
    files = readdirSync(join(CORPUS, name)).sort();
  } catch {
    // No regressions yet for this target.
  }
  if (files.length === 0) continue;
  describe(`fuzz regressions: ${name}`, async () => {
    const target = await loadTarget(name);
    const oracle = toolsAvailable(target.tools ?? []);
    for (const file of files) {
      it(`${file}${oracle ? "" : " (reference tools missing: invariants only)"}`, () => {
        const input = target.load(new Uint8Array(readFileSync(join(CORPUS, name, file))));
        // A peer library reading the bytes otherwise than protoc is a fact about it, not a failure.
        const findings = target.check(input, { oracle, outside: (fn) => fn() }).filter((f) => f.kind !== "difference");
        expect(findings.map((f) => `${f.kind}: ${f.summary}\n${f.detail ?? ""}`)).toEqual([]);
      });
    }
  });
}
