// Bad input never crashes lint or the fixes: mutate corpus files at random, compile, lint,
// apply every offered fix. Spans stay inside the text; fixes apply cleanly.
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../diagnostics.ts";
import { applyFix, checkWorkspace } from "./index.ts";

const corpus = join(import.meta.dirname, "testdata/corpus");
const seeds = [
  ["enums", "myapi/v1/enums.proto"],
  ["names", "names/v1/names.proto"],
  ["services", "shop/v1/shop.proto"],
  ["ignores", "ign/v1/ign.proto"],
].map(([c, f]) => ({ name: f!, text: readFileSync(join(corpus, c!, f!), "utf8") }));
const example = readFileSync(join(import.meta.dirname, "../../../examples/enum-collision/stoplight.proto"), "utf8");
seeds.push({ name: "myapi/v1/stoplight.proto", text: example });

const PIECES = ["{", "}", ";", "=", "enum ", "message ", "0", "[default = RED]", "option ", '"', "/*", "//", "\t", "é", "\n", "UNSPECIFIED = 0;"];

/** A random edit: delete a range, or insert a protobuf-ish piece. */
const mutation = fc.record({
  at: fc.nat(),
  deleteLength: fc.nat({ max: 12 }),
  insert: fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 4 })),
});

function mutate(text: string, edits: { at: number; deleteLength: number; insert: string }[]): string {
  let out = text;
  for (const e of edits) {
    const at = e.at % (out.length + 1);
    out = out.slice(0, at) + e.insert + out.slice(at + e.deleteLength);
  }
  return out;
}

function expectSpansInside(diagnostics: Diagnostic[], sources: Record<string, string>): void {
  for (const d of diagnostics) {
    if (d.span.kind !== "text") continue;
    const text = sources[d.span.file ?? ""] ?? "";
    expect(d.span.start.line).toBeGreaterThanOrEqual(1);
    expect(d.span.start.column).toBeGreaterThanOrEqual(1);
    expect(d.span.start.offset).toBeLessThanOrEqual(text.length);
    for (const fix of d.fixes ?? []) {
      for (const e of fix.edits) {
        expect(e.span.start.offset).toBeGreaterThanOrEqual(0);
        expect(e.span.end.offset).toBeLessThanOrEqual((sources[e.span.file ?? ""] ?? "").length);
      }
    }
  }
}

describe("lint and fixes on mutated schemas", () => {
  it("never throw, keep spans inside the text, and every offered fix applies", () => {
    fc.assert(
      fc.property(fc.constantFrom(...seeds), fc.array(mutation, { minLength: 1, maxLength: 4 }), (seed, edits) => {
        const sources = { [seed.name]: mutate(seed.text, edits) };
        const result = checkWorkspace(sources, { rules: "all" });
        const all = [...result.compileDiagnostics, ...result.lintDiagnostics];
        expectSpansInside(all, sources);
        for (const d of all) {
          for (const fix of d.fixes ?? []) {
            const fixed = applyFix(sources, fix);
            checkWorkspace(fixed, { rules: "default" });
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
