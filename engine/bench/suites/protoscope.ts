/**
 * The `protoscope` suite: the assembler and the disassembler on a generated ~8 MB program
 * (engine/bench/protoscope-corpus.ts) and its assembled bytes.
 *
 * - `assemble`: text to bytes. `wirelab` is the public `assemble(text)` (bytes and the annotation
 *   tree every view uses); `wirelab-bytes-only` turns the tree off, as the CLI does.
 * - `disassemble`: the assembled bytes back to text with `disassemble(bytes)`.
 *
 * Go protoscope cannot run in a Worker; scripts/bench-protoscope-vs-go.mjs compares whole
 * processes instead.
 */
import { benchProgram } from "../protoscope-corpus.ts";
import { assemble, disassemble } from "../../protoscope/index.ts";
import type { PreparedCase, Suite } from "../types.ts";

/** Characters of the generated program (ASCII, so also bytes). */
export const PROGRAM_SIZE = 8_000_000;

const pairs: Record<string, readonly string[]> = {
  assemble: ["wirelab", "wirelab-bytes-only"],
  disassemble: ["wirelab"],
};

/** The suite over a program of `size` characters (tests use a small one). */
export function makeProtoscopeSuite(size: number): Suite {
  let corpus: { text: string; bytes: Uint8Array } | undefined;
  const load = () => {
    if (!corpus) {
      const text = benchProgram(size);
      const result = assemble(text, { annotations: false });
      if (result.diagnostics.length > 0) throw new Error(`bench corpus does not assemble: ${result.diagnostics[0]!.message}`);
      corpus = { text, bytes: result.bytes };
    }
    return corpus;
  };

  function prepare(caseName: string, impl: string): PreparedCase {
    if (!pairs[caseName]?.includes(impl)) throw new Error(`protoscope suite: no case ${caseName} for ${impl}`);
    const { text, bytes } = load();
    if (caseName === "assemble") {
      const annotations = impl === "wirelab";
      const run = () => assemble(text, { annotations }).bytes;
      return { run, output: () => run().slice(), bytes: text.length };
    }
    const run = () => disassemble(bytes);
    return { run, output: run, bytes: bytes.length };
  }

  return {
    name: "protoscope",
    description: `protoscope assembler and disassembler on a generated ${size / 1e6} MB program and its bytes`,
    cases: ["assemble", "disassemble"],
    impls: ["wirelab", "wirelab-bytes-only"],
    baseline: "wirelab",
    has: (caseName, impl) => pairs[caseName]?.includes(impl) ?? false,
    prepare,
  };
}

export const protoscopeSuite: Suite = makeProtoscopeSuite(PROGRAM_SIZE);
