// Differential fuzzing against the real protoscope: random programs from a grammar (mostly valid,
// some deliberately broken) are assembled by ours and by `protoscope -s`, one file each in a
// temp dir. Valid for protoscope => same bytes from ours; rejected by protoscope => an error from
// ours. Programs come from fast-check with a seed printed on failure (FUZZ_SEED=... to replay).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { findTool, missingToolReason } from "../testing/tools.ts";
import { protoscopeProgram } from "../testing/arbitraries.ts";
import { assemble } from "./index.ts";

const protoscope = findTool("protoscope");
if (!protoscope) console.warn(missingToolReason("protoscope"));

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() ^ (Math.random() * 0x7fffffff);
// FUZZ_PROGRAMS=5000 for a longer local hunt; CI keeps it to a few seconds.
const PROGRAMS = Number(process.env.FUZZ_PROGRAMS ?? 300);

describe.skipIf(!protoscope)("differential fuzz against protoscope -s", () => {
  const dir = mkdtempSync(join(tmpdir(), "wirelab-fuzz-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`agrees on ${PROGRAMS} random programs (seed ${seed})`, () => {
    const programs = fc.sample(protoscopeProgram, { numRuns: PROGRAMS, seed });
    let accepted = 0;
    const mismatches: string[] = [];
    programs.forEach((text, i) => {
      const input = join(dir, `p${i}.txt`);
      const output = join(dir, `p${i}.pb`);
      writeFileSync(input, text);
      const run = spawnSync(protoscope!, ["-s", "-o", output, input]);
      const ours = assemble(text);
      if (run.status === 0) {
        accepted++;
        const want = Buffer.from(readFileSync(output)).toString("hex");
        const got = Buffer.from(ours.bytes).toString("hex");
        // Warnings (a field number past 536870911) are fine: protoscope accepts those too.
        if (ours.diagnostics.some((d) => d.severity === "error") || got !== want) {
          mismatches.push(`${JSON.stringify(text)}\n  protoscope: ${want}\n  ours:       ${got} ${ours.diagnostics.map((d) => d.message).join("; ")}`);
        }
      } else if (ours.diagnostics.every((d) => d.severity !== "error")) {
        mismatches.push(`${JSON.stringify(text)}\n  protoscope rejected it (${String(run.stderr).split("\n")[0]}), ours accepted it`);
      }
    });
    expect(mismatches.slice(0, 5), `seed ${seed}: ${mismatches.length} mismatches`).toEqual([]);
    // The generator must produce a good share of valid programs, or the test checks little.
    expect(accepted).toBeGreaterThan(PROGRAMS / 4);
  });
});
