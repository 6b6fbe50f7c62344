/**
 * The `binarytrees` suite: the Computer Language Benchmarks Game's binary-trees (build complete
 * binary trees bottom-up, walk them to count their nodes, drop them), which the Go arena guide
 * (Uptrace) ran with and without `arena`. `objects` makes a JavaScript object per node; `arena`
 * keeps nodes as pairs of child indices in an Int32Array pool, rewound (reset) after every tree,
 * with the long-lived tree in a pool of its own. Both print the benchmark's lines.
 */
import type { Claim, PreparedCase, Suite } from "../types.ts";
import { GO_ARENAS_GUIDE } from "./sources.ts";

const CASES: Record<string, number> = { "depth-10": 10, "depth-12": 12 };
const MIN_DEPTH = 4;

interface TreeNode {
  left: TreeNode | null;
  right: TreeNode | null;
}

function bottomUp(depth: number): TreeNode {
  return depth > 0 ? { left: bottomUp(depth - 1), right: bottomUp(depth - 1) } : { left: null, right: null };
}

function check(n: TreeNode): number {
  return n.left === null ? 1 : 1 + check(n.left) + check(n.right!);
}

/** A pool of nodes: node i's children are at 2i and 2i+1 (-1: none). */
class NodePool {
  readonly nodes: Int32Array;
  private next = 0;
  constructor(capacity: number) {
    this.nodes = new Int32Array(2 * capacity);
  }
  reset() {
    this.next = 0;
  }
  bottomUp(depth: number): number {
    const i = this.next++;
    if (depth > 0) {
      this.nodes[2 * i] = this.bottomUp(depth - 1);
      this.nodes[2 * i + 1] = this.bottomUp(depth - 1);
    } else {
      this.nodes[2 * i] = -1;
      this.nodes[2 * i + 1] = -1;
    }
    return i;
  }
  check(i: number): number {
    const l = this.nodes[2 * i]!;
    return l < 0 ? 1 : 1 + this.check(l) + this.check(this.nodes[2 * i + 1]!);
  }
}

const nodesOf = (depth: number) => 2 ** (depth + 1) - 1;

/** The benchmark's program; `make` builds and checks one tree of a depth, `keep` the long-lived one. */
function program(maxDepth: number, tree: (depth: number) => number, longLived: (depth: number) => () => number): string {
  const lines: string[] = [];
  const stretch = maxDepth + 1;
  lines.push(`stretch tree of depth ${stretch}\t check: ${tree(stretch)}`);
  const keep = longLived(maxDepth);
  for (let d = MIN_DEPTH; d <= maxDepth; d += 2) {
    const iterations = 1 << (maxDepth - d + MIN_DEPTH);
    let sum = 0;
    for (let i = 0; i < iterations; i++) sum += tree(d);
    lines.push(`${iterations}\t trees of depth ${d}\t check: ${sum}`);
  }
  lines.push(`long lived tree of depth ${maxDepth}\t check: ${keep()}`);
  return lines.join("\n");
}

export const binarytreesClaim: Claim = {
  text:
    "The Go arena guide (Uptrace) ran the Benchmarks Game's binary-trees with Go's arena package: 7.84 s elapsed without arenas, 5.09 s with them",
  source: GO_ARENAS_GUIDE,
  figures: [{ kind: "speedup", before: "objects", after: "arena", value: 7.84 / 5.09, detail: "elapsed 0:07.84 without arenas, 0:05.09 with (user 77.27 s vs 35.25 s)" }],
};

export const binarytreesSuite: Suite = {
  name: "binarytrees",
  description: "the Benchmarks Game's binary-trees: an object per node, or nodes in an Int32Array pool reset after every tree (ops/s)",
  cases: Object.keys(CASES),
  impls: ["objects", "arena"],
  baseline: "objects",
  claim: binarytreesClaim,
  prepare(caseName: string, impl: string): PreparedCase {
    const maxDepth = CASES[caseName];
    if (maxDepth === undefined) throw new Error(`unknown binarytrees case ${caseName}`);
    let run: () => string;
    let objectsPerOp = 0;
    if (impl === "objects") {
      run = () =>
        program(
          maxDepth,
          (d) => check(bottomUp(d)),
          (d) => {
            const t = bottomUp(d);
            return () => check(t);
          },
        );
      objectsPerOp = nodesOf(maxDepth + 1) + nodesOf(maxDepth);
      for (let d = MIN_DEPTH; d <= maxDepth; d += 2) objectsPerOp += (1 << (maxDepth - d + MIN_DEPTH)) * nodesOf(d);
    } else if (impl === "arena") {
      const work = new NodePool(nodesOf(maxDepth + 1));
      const kept = new NodePool(nodesOf(maxDepth));
      run = () =>
        program(
          maxDepth,
          (d) => {
            work.reset();
            return work.check(work.bottomUp(d));
          },
          (d) => {
            kept.reset();
            const root = kept.bottomUp(d);
            return () => kept.check(root);
          },
        );
    } else throw new Error(`unknown binarytrees implementation ${impl}`);
    return { run, output: run, objectsPerOp };
  },
};
