// The assembly memo (./assembly-memo.ts): an assembly resumed from the memo of the run before
// must be exactly a fresh assembly of the new text: the same bytes, the same diagnostics (codes,
// messages, spans) and the same tree, every key of every node and every row of the columns a
// Worker sends. Random edits over the golden corpus and generated documents, with checkpoints
// every few characters so that most edits resume somewhere in the middle.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assembledTreeData, STRIDE } from "./assemble-annotations.ts";
import { assemble, type AssembleResult } from "./assembler.ts";
import { createAssemblyMemo, MEMO_MAX_ROWS } from "./assembly-memo.ts";

const dir = join(import.meta.dirname, "testdata", "asm");
const goldens = readdirSync(dir)
  .filter((n) => n.endsWith(".txt"))
  .sort()
  .map((n) => readFileSync(join(dir, n), "utf8"));

function generated(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    out.push(
      i % 5 === 0 ? `1: ${150 + i}` : i % 5 === 1 ? `2: {"entry ${i}"}` : i % 5 === 2 ? `3: {4: ${i}i32 5: -${i}z}` : i % 5 === 3 ? `6: !{7: ${i}.5 # note\n  8: \`0a0b\`}` : `long-form:2 9: {10: 1 11: {12: "x"}}`,
    );
  }
  return out.join("\n") + "\n";
}

/** Every observable part of a result, as plain data. */
function observed(r: AssembleResult) {
  const data = assembledTreeData(r.annotations);
  return {
    bytes: Buffer.from(r.bytes).toString("hex"),
    diagnostics: r.diagnostics,
    tree: JSON.parse(JSON.stringify(r.annotations)) as unknown,
    rows: data ? Array.from(data.rows.subarray(0, data.rowCount * STRIDE)) : null,
    messages: data?.messages ?? null,
  };
}

/** Pieces an edit inserts: tokens of every kind, and the ones that break things. */
const PIECES = ["7", " ", "\n", "1:", "2: {", "}", "{", "!{", "\"s\"", "`ff`", "-3z", "1.5", "5i32", "long-form:3 ", "#c\n", "oops", "\"", "4294967296:", "9: ", "true"];

// `at` picks a position modulo the text's length (a double in [0, 1) would mostly be 0: fast-check
// favours the ends of a range).
const edit = fc.record({ at: fc.nat(), remove: fc.nat(12), insert: fc.constantFrom(...PIECES) });

function apply(text: string, e: { at: number; remove: number; insert: string }): string {
  const at = e.at % (text.length + 1);
  return text.slice(0, at) + e.insert + text.slice(Math.min(text.length, at + e.remove));
}

describe("assembly memo", () => {
  it("gives a fresh assembly's result after any sequence of edits", () => {
    // Tokens that touch: an edit at the second can change the first ("5{" -> "57").
    const touching = Array.from({ length: 30 }, (_, i) => `1: ${i}{2: 3}${i}"s"\`ff\`{}-${i}z 7{}`).join("\n");
    const corpus = [...goldens, generated(40), touching, touching.replaceAll("\n", " "), generated(7) + "2: {3: oops\n", "1: {\n2: 3\n"];
    let resumed = 0;
    let runs = 0;
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.array(edit, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 64 }), (start, edits, interval) => {
        const memo = createAssemblyMemo(interval);
        let text = start;
        assemble(text, { recover: true, memo });
        for (const e of edits) {
          text = apply(text, e);
          const withMemo = observed(assemble(text, { recover: true, memo }));
          runs++;
          if (memo.resumedAt > 0) resumed++;
          expect(withMemo).toEqual(observed(assemble(text, { recover: true })));
        }
      }),
      { numRuns: 400 },
    );
    // Not vacuous: most runs resumed past the start.
    expect(resumed).toBeGreaterThan(runs / 2);
  });

  it("resumes near an edit at the end and re-reads little", () => {
    const memo = createAssemblyMemo();
    let text = generated(3000);
    assemble(text, { recover: true, memo });
    for (const key of ["7", " ", "7", "\n", "}", "1: 2"]) {
      text += key;
      const r = assemble(text, { recover: true, memo });
      expect(memo.resumedAt).toBeGreaterThan(text.length - 2048);
      expect(memo.resumedAt).toBeLessThanOrEqual(text.length);
      expect(observed(r)).toEqual(observed(assemble(text, { recover: true })));
    }
    // The last lines deleted, with a checkpoint at every line: the run resumes at the very end of
    // the text and adds nothing after the checkpoint.
    const everyLine = createAssemblyMemo(1);
    assemble(text, { recover: true, memo: everyLine });
    for (let i = 0; i < 3; i++) {
      text = text.slice(0, text.lastIndexOf("\n", text.length - 2) + 1);
      const r = assemble(text, { recover: true, memo: everyLine });
      expect(everyLine.resumedAt).toBe(text.length);
      expect(observed(r)).toEqual(observed(assemble(text, { recover: true })));
    }
  });

  it("is not used by strict or unannotated runs, and a run that cannot keep the tree starts afresh", () => {
    const memo = createAssemblyMemo(8);
    const text = generated(50);
    assemble(text, { memo });
    expect(memo.valid).toBe(false);
    assemble(text, { recover: true, annotations: false, memo });
    expect(memo.valid).toBe(false);
    assemble(text, { recover: true, memo });
    expect(memo.valid).toBe(true);
    // Over the annotation limit the tree is dropped: nothing is kept.
    const dropped = assemble(text + "1: 2\n", { recover: true, maxAnnotations: 10, memo });
    expect(dropped.diagnostics.map((d) => d.code)).toEqual(["protoscope/annotations-omitted"]);
    expect(memo.valid).toBe(false);
    const again = assemble(text, { recover: true, memo });
    expect(memo.resumedAt).toBe(-1);
    expect(observed(again)).toEqual(observed(assemble(text, { recover: true })));
  });

  it("keeps nothing of a document with more rows than MEMO_MAX_ROWS, and fixes its tree in place", () => {
    const memo = createAssemblyMemo();
    const text = generated(Math.ceil(MEMO_MAX_ROWS / 7) + 1000);
    const first = assemble(text, { recover: true, memo });
    const data = assembledTreeData(first.annotations)!;
    expect(data.rowCount).toBeGreaterThan(MEMO_MAX_ROWS);
    expect(memo.columns).toBeNull();
    // The builder's own columns (room to spare), not an exact-size copy made for a memo.
    expect(data.rows.length).toBeGreaterThan(data.rowCount * STRIDE);
    expect(observed(first)).toEqual(observed(assemble(text, { recover: true })));
    const edited = text + "1: 2\n";
    const second = assemble(edited, { recover: true, memo });
    expect(memo.resumedAt).toBe(-1);
    expect(observed(second)).toEqual(observed(assemble(edited, { recover: true })));
  });

  it("a different limit does not resume the run before", () => {
    const memo = createAssemblyMemo(8);
    const text = generated(50);
    assemble(text, { recover: true, memo });
    assemble(text + " ", { recover: true, memo, maxAnnotations: 100_000 });
    expect(memo.resumedAt).toBe(-1);
  });
});
