/**
 * `assemble`: protoscope text -> bytes. Generated programs (protoscope's grammar, some broken)
 * and edits of the golden corpus. Never a crash or a hang; every error positioned with a
 * protoscope/ code; the fast path (no annotations) gives the same bytes and diagnostics as the
 * full one; the tree lies inside the bytes and the text, and explains every byte. On a sample,
 * `protoscope -s`: it accepts => the same bytes; it refuses => an error.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { assemble } from "../../engine/protoscope/index.ts";
import { protoscopeProgram } from "../../engine/testing/arbitraries.ts";
import { applyTextEdits, checkDiagnostics, guard, hex, loadText, saveText, textEdits, wellFormed, type Finding, type Target } from "../core.ts";
import { filesUnder, regressionCorpus, ROOT } from "../lib/corpus.ts";
import { checkTree } from "../lib/trees.ts";
import { scratchDir, tool } from "../tools.ts";

const SNIPPETS = ["{", "}", "!{", ":", "1:", "2:LEN", "3:SGROUP", "4:EGROUP", "long-form:3", '"', "`", "`ff", "#", "\n", "0x", "-", ".", "e", "i32", "i64", "z", "inf64", "\\x", "\\", "9999999999999999999999", "18446744073709551615", "5:I32", "7:", "{}"];

export const target: Target<string> = {
  name: "assemble",
  about: "protoscope text -> bytes; positioned errors; bytes identical to protoscope -s on a sample",
  ext: "pbtxt",
  tools: ["protoscope"],
  arbitrary() {
    const seeds = [
      ...filesUnder(join(ROOT, "engine", "protoscope", "testdata", "asm"), (n) => n.endsWith(".txt")),
      ...regressionCorpus("assemble"),
    ].map(([, b]) => b.toString("utf8"));
    return fc.oneof(
      { weight: 2, arbitrary: protoscopeProgram },
      { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...seeds), textEdits(SNIPPETS)).map(([t, e]) => applyTextEdits(t, e)) },
      { weight: 1, arbitrary: fc.tuple(protoscopeProgram, textEdits(SNIPPETS)).map(([t, e]) => applyTextEdits(t, e)) },
      { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 60 }).map(wellFormed) },
    );
  },
  check(text, ctx) {
    const findings: Finding[] = [];
    const full = guard("assemble", () => assemble(text), findings);
    const fast = guard("assemble without annotations", () => assemble(text, { annotations: false }), findings);
    if (!full || !fast) return findings;
    const errors = full.diagnostics.filter((d) => d.severity === "error");
    checkDiagnostics("assemble", text, full.diagnostics, ["protoscope/", "wire/"], findings);
    // Warnings read off the tree (a field number past 2^29-1) come only with it, as protoscope prints none.
    const fastErrors = fast.diagnostics.filter((d) => d.severity === "error");
    if (hex(full.bytes) !== hex(fast.bytes) || JSON.stringify(errors) !== JSON.stringify(fastErrors)) {
      findings.push({ kind: "mismatch", summary: "assemble: the fast path and the annotated one disagree", detail: `annotated: ${hex(full.bytes)} ${errors.map((d) => d.code)}\nfast:      ${hex(fast.bytes)} ${fastErrors.map((d) => d.code)}` });
    }
    if (errors.length > 0 && full.bytes.length > 0) findings.push({ kind: "mismatch", summary: "assemble: bytes despite an error" });
    if (errors.length === 0) checkTree("assemble", full.bytes, full.annotations, text, findings);
    const protoscope = tool("protoscope");
    if (ctx.oracle && protoscope) {
      const dir = scratchDir();
      const input = join(dir, "in.txt");
      const output = join(dir, "out.pb");
      writeFileSync(input, text);
      writeFileSync(output, "");
      const run = ctx.outside(() => spawnSync(protoscope, ["-s", "-o", output, input], { encoding: "utf8" }));
      if (run.status === 0) {
        const want = hex(readFileSync(output));
        if (errors.length > 0) findings.push({ kind: "mismatch", summary: `assemble: protoscope accepts what we refuse (${errors[0]!.code})`, detail: `ours: ${errors[0]!.message}\nprotoscope: ${want}` });
        else if (want !== hex(full.bytes)) findings.push({ kind: "mismatch", summary: "assemble: bytes differ from protoscope -s", detail: `protoscope: ${want}\nours:       ${hex(full.bytes)}` });
      } else if (errors.length === 0) {
        findings.push({ kind: "mismatch", summary: "assemble: protoscope refuses what we accept", detail: `protoscope: ${run.stderr.split("\n")[0]}\nours: ${hex(full.bytes)}` });
      }
    }
    return findings;
  },
  save: saveText,
  load: loadText,
};
