// Golden tests: every file in testdata/asm assembles to exactly the bytes the real protoscope
// produced for it (regenerate with `node scripts/golden-protoscope-asm.mjs`), every file in
// testdata/asm/invalid is rejected as protoscope rejects it (at the line:column protoscope
// prints, when it prints one), and the spec printed by the installed
// protoscope assembles byte-identically.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findTool, missingToolReason } from "../testing/tools.ts";
import { formatDiagnostic } from "../diagnostics.ts";
import { assemble } from "./index.ts";

const dir = join(import.meta.dirname, "testdata", "asm");
const invalidDir = join(dir, "invalid");
const valid = readdirSync(dir).filter((n) => n.endsWith(".txt")).sort();
const invalid = readdirSync(invalidDir).filter((n) => n.endsWith(".txt")).sort();

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

describe("assembler goldens (from protoscope -s)", () => {
  it("has a corpus", () => {
    expect(valid.length).toBeGreaterThanOrEqual(10);
    expect(invalid.length).toBeGreaterThanOrEqual(30);
  });

  for (const name of valid) {
    it(name, () => {
      const text = readFileSync(join(dir, name), "utf8");
      const want = readFileSync(join(dir, name.replace(/\.txt$/, ".pb")));
      const result = assemble(text);
      // No errors; the only warning allowed is the IDE's about field numbers past 536870911.
      expect(result.diagnostics.filter((d) => d.code !== "wire/field-number-out-of-range")).toEqual([]);
      expect(hex(result.bytes)).toBe(hex(want));
    });
  }

  for (const name of invalid) {
    it(`rejects invalid/${name}`, () => {
      const text = readFileSync(join(invalidDir, name), "utf8");
      const protoscopeSaid = readFileSync(join(invalidDir, name.replace(/\.txt$/, ".err")), "utf8");
      expect(protoscopeSaid).toMatch(/^protoscope: |^panic: /);
      const result = assemble(text);
      expect(result.bytes.length).toBe(0);
      expect(result.diagnostics).toHaveLength(1);
      const [d] = result.diagnostics;
      expect(d!.severity).toBe("error");
      expect(d!.code).toMatch(/^protoscope\//);
      expect(d!.span.kind).toBe("text");
      // Where protoscope prints a position, we print the same line:column, the column counted in
      // bytes as protoscope does.
      // "<input>:1:1" is protoscope's zero position (an unclosed "{" before any token inside it):
      // no real position, so we print the brace's (DIFFERENCES.md).
      const said = new RegExp(`^protoscope: syntax error: invalid/${name.replace(/\./g, "\\.")}:(\\d+):(\\d+): `).exec(protoscopeSaid);
      const printed = formatDiagnostic("invalid/" + name, d!);
      if (said) {
        expect(d!.printedAt ?? (d!.span.kind === "text" ? d!.span.start : undefined)).toEqual({ line: Number(said[1]), column: Number(said[2]) });
        expect(printed.startsWith(`invalid/${name}:${said[1]}:${said[2]}: `)).toBe(true);
      } else {
        // protoscope names no position ("unrecognized symbol ..."): we print the token's start.
        expect(protoscopeSaid).toMatch(/^protoscope: syntax error: (unrecognized symbol|<input>:1:1: unmatched '\{')|^panic: /);
        expect(d!.printedAt).toBeUndefined();
      }
    });
  }
});

const protoscope = findTool("protoscope");
if (!protoscope) console.warn(missingToolReason("protoscope"));

describe.skipIf(!protoscope)("the live spec (protoscope -spec)", () => {
  it("assembles byte-identically to protoscope -s", () => {
    const spec = execFileSync(protoscope!, ["-spec"], { env: { ...process.env, PAGER: "cat" } });
    const tmp = mkdtempSync(join(tmpdir(), "wirelab-spec-"));
    writeFileSync(join(tmp, "spec.txt"), spec);
    const want = execFileSync(protoscope!, ["-s", join(tmp, "spec.txt")]);
    const result = assemble(spec.toString("utf8"));
    expect(result.diagnostics).toEqual([]);
    expect(want.length).toBeGreaterThan(100);
    expect(hex(result.bytes)).toBe(hex(want));
  });
});
