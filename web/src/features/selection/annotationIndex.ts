// Lookups over the annotation tree that the linked views need: which node covers a byte, which
// source ranges made a byte range, which node a cursor offset is in. Children are in byte order,
// so byte lookups binary-search each level (a 10 MB input has millions of nodes).
import { findAnnotation, type Annotation, type AnnotationList } from "../../../../engine/annotate/types.ts";
import { chainAt } from "../../../../engine/explain/context.ts";
import type { ByteRange } from "./selectionSlice.ts";

/** Index of the first node (sorted by start) whose range ends after `byte`: a binary search. */
function firstEndingAfter(nodes: AnnotationList, byte: number): number {
  let lo = 0;
  let hi = nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (nodes.at(mid)!.bytes[1] <= byte) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The deepest node holding `byte`. */
export function leafAt(nodes: AnnotationList, byte: number): Annotation | undefined {
  const chain = chainAt(nodes, byte);
  return chain[chain.length - 1];
}

/**
 * The smallest nodes that carry a source range and overlap `range`: the tokens that made those
 * bytes. Stops at `limit` ranges (a whole-document selection would otherwise light everything).
 */
export function sourcesForBytes(nodes: AnnotationList, range: ByteRange, limit = 2000): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  const visit = (level: AnnotationList) => {
    for (let i = firstEndingAfter(level, range.start); i < level.length && out.length < limit; i++) {
      const node = level.at(i)!;
      if (node.bytes[0] >= range.end) break;
      if (node.bytes[1] <= range.start) continue;
      if (node.children !== undefined && findAnnotation(node.children, (c) => c.source !== undefined) !== undefined) visit(node.children);
      else if (node.source) out.push(node.source);
    }
  };
  visit(nodes);
  return out;
}

/**
 * The deepest node whose source range holds `offset` (a cursor in the editor). A cursor just
 * after a token (`150|`) still counts as on it. Nodes without a source are looked into.
 */
export function nodeAtSource(nodes: AnnotationList, offset: number): Annotation | undefined {
  let best: Annotation | undefined;
  let bestDepth = -1;
  walkWithPruning(nodes, (node, depth) => {
    const src = node.source;
    if (!src) return true;
    if (offset < src.from || offset > src.to || src.to === src.from) return false;
    if (depth > bestDepth || (depth === bestDepth && offset < src.to)) {
      best = node;
      bestDepth = depth;
    }
    return true;
  });
  return best;
}

function walkWithPruning(nodes: AnnotationList, visit: (node: Annotation, depth: number) => boolean): void {
  const stack: [Annotation, number][] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push([nodes.at(i)!, 0]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (!visit(node, depth) || !node.children) continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children.at(i)!, depth + 1]);
  }
}
