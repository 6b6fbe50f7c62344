/**
 * The breaking-change corpus (engine/evolve/testdata/breaking/): case folders of old/ and new/
 * module roots and buf's goldens, read for the tests and the scripts that compare with buf.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export const breakingTestdata = join(import.meta.dirname, "..", "evolve", "testdata", "breaking");

/** One line of `buf breaking --error-format json`. */
export interface BufFinding {
  path?: string;
  start_line: number;
  start_column: number;
  end_line: number;
  end_column: number;
  type: string;
  message: string;
}

export interface BreakingGolden {
  generatedBy: string;
  old: string[];
  new: string[];
  categories: Record<string, BufFinding[]>;
  text: { config: string | null; status: number; stdout: string };
}

/** The .proto files under a module root, by path relative to it. */
export function readModule(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop()!;
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) stack.push(p);
      else if (name.endsWith(".proto")) out[relative(dir, p).split("\\").join("/")] = readFileSync(p, "utf8");
    }
  }
  return out;
}

export const breakingCases = (): string[] =>
  readdirSync(breakingTestdata)
    .filter((n) => statSync(join(breakingTestdata, n)).isDirectory())
    .sort();

export const readGolden = (name: string): BreakingGolden => JSON.parse(readFileSync(join(breakingTestdata, `${name}.golden.json`), "utf8")) as BreakingGolden;
