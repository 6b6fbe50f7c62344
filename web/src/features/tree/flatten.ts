// The field tree as rows: the annotation tree flattened to the nodes whose ancestors are all
// expanded, so the tree can be virtualised like the hex view.
import type { Annotation, AnnotationList } from "../../../../engine/annotate/types.ts";

/** One shown row. Its key (a string) is built only when asked for: big trees have 100 000s of rows. */
export class TreeRow {
  constructor(
    readonly node: Annotation,
    readonly depth: number,
    /** Position among its siblings, 1-based, and the number of siblings (aria-posinset/setsize). */
    readonly index: number,
    readonly siblings: number,
  ) {}

  get key(): string {
    return nodeKey(this.node, this.depth);
  }

  /**
   * The row's React key: unique among the shown rows. Zero-width nodes (two errors at one byte)
   * share a `key`, so their position among their siblings tells them apart; a shared React key
   * would leave the first row on screen after the error is fixed.
   */
  get renderKey(): string {
    return this.node.bytes[0] === this.node.bytes[1] ? `${this.key}#${this.index}` : this.key;
  }
}

/** A node's identity across re-runs: its byte range and depth (paths can repeat). */
export function nodeKey(node: Annotation, depth: number): string {
  return `${node.bytes[0]}:${node.bytes[1]}:${depth}:${node.kind}`;
}

/** The shown rows: an array, or (nothing expanded) a view of the top level made as it is read. */
export interface TreeRows {
  readonly length: number;
  at(index: number): TreeRow | undefined;
}

/**
 * The top-level nodes as rows, each made when read. A megabyte of protoscope has some 70 000
 * top-level nodes and a new tree on every keystroke: rows made up front would be 70 000 objects
 * more for the garbage collector to move each time, for the 30 on screen.
 */
class TopLevelRows implements TreeRows {
  constructor(private readonly nodes: AnnotationList) {}

  get length(): number {
    return this.nodes.length;
  }

  at(index: number): TreeRow | undefined {
    const node = index >= 0 ? this.nodes.at(index) : undefined;
    return node === undefined ? undefined : new TreeRow(node, 0, index + 1, this.nodes.length);
  }
}

export function flattenTree(nodes: AnnotationList, expanded: ReadonlySet<string>, limit = 1_000_000): TreeRows {
  if (expanded.size === 0 && nodes.length <= limit) return new TopLevelRows(nodes);
  const rows: TreeRow[] = [];
  const stack: { list: AnnotationList; i: number; depth: number }[] = [{ list: nodes, i: 0, depth: 0 }];
  while (stack.length > 0 && rows.length < limit) {
    const top = stack[stack.length - 1]!;
    if (top.i >= top.list.length) {
      stack.pop();
      continue;
    }
    const node = top.list.at(top.i++)!;
    rows.push(new TreeRow(node, top.depth, top.i, top.list.length));
    // Children are read only for an expanded node: the assembler's nodes make their children
    // when first read, and a 100 KB document has thousands of folded top-level nodes.
    if (expanded.size > 0 && expanded.has(nodeKey(node, top.depth))) {
      const children = node.children;
      if (children && children.length > 0) stack.push({ list: children, i: 0, depth: top.depth + 1 });
    }
  }
  return rows;
}

/** A one-line label: `name (3) int32 = 150` or `field 3 varint = 150` or `tag 1:VARINT`. */
export function nodeLabel(node: Annotation): string {
  const who = node.name ? `${node.name}${node.field !== undefined ? ` (${node.field})` : ""}` : node.field !== undefined && node.kind !== "tag" ? `field ${node.field}` : node.kind;
  const type = node.type ?? (node.name || (node.field !== undefined && node.kind !== "tag") ? node.kind : "");
  const value = node.value !== undefined ? ` = ${node.value}` : "";
  return `${who}${type && type !== who ? ` ${type}` : ""}${value}`;
}
