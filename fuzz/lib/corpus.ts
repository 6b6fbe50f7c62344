/** Reading a target's seed corpus: files in the repository's test data, and the regression corpus. */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(import.meta.dirname, "..", "..");

/** Files under `dir` (recursively) whose names pass `accept`, as [path, contents]. */
export function filesUnder(dir: string, accept: (name: string) => boolean): [string, Buffer][] {
  const out: [string, Buffer][] = [];
  if (!existsSync(dir)) return out;
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (accept(name)) out.push([p, readFileSync(p)]);
    }
  };
  walk(dir);
  return out;
}

/** The regression corpus of a target: every input a fuzz run once found something with. */
export function regressionCorpus(target: string): [string, Buffer][] {
  return filesUnder(join(ROOT, "fuzz", "corpus", target), () => true);
}
