/**
 * What an explanation needs to know about the bytes around a leaf: the chain of annotations from
 * the root to it, the field node it belongs to, and the schema's name and type when known.
 */
import type { Annotation, AnnotationList } from "../annotate/types.ts";

export interface LeafContext {
  bytes: Uint8Array;
  /** Root first, the leaf last. */
  chain: Annotation[];
  leaf: Annotation;
  /** The node standing for the whole field the leaf is part of (tag + value), when there is one. */
  field: Annotation | undefined;
  /** The packed field node, when the leaf is one element of a packed repeated field. */
  packed: Annotation | undefined;
  /** The schema's type of the value ("int32", "sint64", "pkg.Color", ...), when known. */
  type: string | undefined;
  /** The schema's name of the field, when known. */
  name: string | undefined;
  /** The byte that was asked about. */
  focus: number;
}

/** Index of the node (children are in byte order) whose range holds `byte`, or -1. */
function indexAt(nodes: AnnotationList, byte: number): number {
  let lo = 0;
  let hi = nodes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [start, end] = nodes.at(mid)!.bytes;
    if (byte < start) hi = mid - 1;
    else if (byte >= end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** The chain of annotations from the root to the deepest one holding `byte` (empty when none). */
export function chainAt(nodes: AnnotationList, byte: number): Annotation[] {
  const chain: Annotation[] = [];
  let level: AnnotationList | undefined = nodes;
  while (level && level.length > 0) {
    const i = indexAt(level, byte);
    if (i < 0) break;
    const node: Annotation = level.at(i)!;
    chain.push(node);
    level = node.children;
  }
  return chain;
}

/** Whether `node` stands for a whole field (it has a field number and children: tag, value...). */
function isFieldNode(node: Annotation | undefined): node is Annotation {
  return node !== undefined && node.field !== undefined && node.children !== undefined && node.children.length > 0;
}

export function contextOf(bytes: Uint8Array, chain: Annotation[], focus: number): LeafContext {
  const leaf = chain[chain.length - 1]!;
  const parent = chain[chain.length - 2];
  let field: Annotation | undefined;
  let packed: Annotation | undefined;
  if (parent?.kind === "packed" && leaf.kind !== "tag" && leaf.kind !== "length") {
    packed = parent;
    field = parent;
  } else if (isFieldNode(parent)) field = parent;
  const type = leaf.type ?? field?.type;
  const name = leaf.name ?? field?.name;
  return { bytes, chain, leaf, field, packed, type, name, focus };
}

/**
 * Where the leaf sits, from its path: "points[2].x" with a schema's names, "field 3 › field 1"
 * without; "" at the top level. A number right after a name is that repeated field's index.
 */
export function whereText(leaf: Annotation): string {
  let out = "";
  // What came last: a name, an index after a name, or a bare field number.
  let prev: "name" | "index" | "number" | undefined;
  for (const element of leaf.path) {
    // Field numbers past 2^53 are kept as their decimal text (FieldNumber).
    const p = typeof element === "string" && /^[0-9]+$/.test(element) ? BigInt(element) : element;
    if (typeof p !== "string" && prev === "name") {
      out += `[${p}]`;
      prev = "index";
    } else if (typeof p !== "string") {
      out += `${out === "" ? "" : " › "}field ${p}`;
      prev = "number";
    } else {
      out += `${out === "" ? "" : prev === "number" ? " › " : "."}${p}`;
      prev = p === "…" ? "number" : "name";
    }
  }
  return out;
}
