/**
 * The message types a workspace declares, read from the parsed files even when they do not
 * compile (the parser recovers after a syntax error, so a typo in one field does not empty the
 * type picker), and the closest of them to a name that has gone (renamed or removed).
 */
import type { DescriptorProto } from "@bufbuild/protobuf/wkt";
import type { ParsedFile } from "./parser.ts";

/** Fully-qualified names ("pkg.Outer.Inner") of every message declared, map entries left out, sorted. */
export function declaredMessageTypes(files: readonly ParsedFile[]): string[] {
  const names = new Set<string>();
  const visit = (prefix: string, messages: readonly DescriptorProto[]) => {
    for (const m of messages) {
      if (m.options?.mapEntry || m.name === "") continue;
      const name = prefix === "" ? m.name : `${prefix}.${m.name}`;
      names.add(name);
      visit(name, m.nestedType);
    }
  };
  for (const f of files) visit(f.proto.package, f.proto.messageType);
  return [...names].sort();
}

/** Edit distance (insertions, deletions, substitutions), case-insensitive. */
function distance(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    prev = row;
  }
  return prev[b.length]!;
}

function simpleName(name: string): string {
  return name.slice(name.lastIndexOf(".") + 1);
}

/**
 * The name in `names` closest to `wanted`: the same simple name in another package or parent
 * first ("a.Point" for "b.Point"), else the smallest edit distance between simple names, then
 * between full names. Undefined when `names` is empty or `wanted` is one of them.
 */
export function closestName(wanted: string, names: readonly string[]): string | undefined {
  if (names.length === 0 || names.includes(wanted)) return undefined;
  const simple = simpleName(wanted);
  let best: string | undefined;
  let bestScore = Infinity;
  for (const name of names) {
    const s = simpleName(name);
    // Simple names weigh most; the full name breaks ties.
    const score = (s === simple ? 0 : 1 + distance(s, simple)) * 10_000 + distance(name, wanted);
    if (score < bestScore) {
      best = name;
      bestScore = score;
    }
  }
  return best;
}
