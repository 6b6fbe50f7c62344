import { describe, expect, it } from "vitest";
import type { Annotation } from "../../../../engine/annotate/types.ts";
import { LazyAnnotationList } from "../../../../engine/annotate/list.ts";
import { flattenTree, nodeKey, nodeLabel, type TreeRows } from "./flatten.ts";

/** Every row, read the way the tree reads them. */
const all = (rows: TreeRows) => Array.from({ length: rows.length }, (_, i) => rows.at(i)!);

const tree: Annotation[] = [
  {
    bytes: [0, 3], kind: "varint", field: 1, name: "a", type: "int32", value: "150", path: ["a"], children: [
      { bytes: [0, 1], kind: "tag", field: 1, path: ["a"], value: "1:VARINT" },
      { bytes: [1, 3], kind: "varint", path: ["a"], value: "150" },
    ],
  },
  { bytes: [3, 5], kind: "varint", field: 2, path: [2], value: "7" },
];

describe("flattenTree", () => {
  it("shows only the children of expanded nodes, in order, with ARIA positions", () => {
    expect(all(flattenTree(tree, new Set())).map((r) => [r.depth, r.node.bytes, r.index, r.siblings])).toEqual([
      [0, [0, 3], 1, 2],
      [0, [3, 5], 2, 2],
    ]);
    const open = new Set([nodeKey(tree[0]!, 0)]);
    expect(all(flattenTree(tree, open)).map((r) => [r.depth, r.node.bytes, r.index, r.siblings])).toEqual([
      [0, [0, 3], 1, 2],
      [1, [0, 1], 1, 2],
      [1, [1, 3], 2, 2],
      [0, [3, 5], 2, 2],
    ]);
  });

  it("gives every shown row its own render key, zero-width error nodes at one byte included", () => {
    const errors: Annotation[] = [
      { bytes: [2, 2], kind: "error", path: [], value: "unexpected end" },
      { bytes: [2, 2], kind: "error", path: [], value: "missing length" },
      ...tree,
    ];
    const keys = all(flattenTree(errors, new Set([nodeKey(tree[0]!, 0)]))).map((r) => r.renderKey);
    expect(new Set(keys).size).toBe(keys.length);
    // Non-empty nodes keep the key expansion uses, so a re-run keeps them mounted.
    expect(all(flattenTree(tree, new Set())).map((r) => r.renderKey)).toEqual(all(flattenTree(tree, new Set())).map((r) => r.key));
  });

  it("reads nothing past the rows asked for when nothing is expanded, and nothing outside them", () => {
    // Nodes made when read, as the assembler's and the unpacked trees make them.
    const read: number[] = [];
    const watched = new LazyAnnotationList(1000, (i): Annotation => {
      read.push(i);
      return { bytes: [i, i + 1], kind: "varint", path: [1] };
    });
    const rows = flattenTree(watched, new Set());
    expect(rows.length).toBe(1000);
    expect(read).toEqual([]);
    expect([rows.at(0), rows.at(999)].map((r) => [r!.depth, r!.node.bytes, r!.index, r!.siblings])).toEqual([
      [0, [0, 1], 1, 1000],
      [0, [999, 1000], 1000, 1000],
    ]);
    expect(rows.at(1000)).toBeUndefined();
    expect(rows.at(-1)).toBeUndefined();
    expect(read).toEqual([0, 999]);
  });

  it("stops at the row limit", () => {
    expect(flattenTree(tree, new Set([nodeKey(tree[0]!, 0)]), 2)).toHaveLength(2);
  });
});

describe("nodeLabel", () => {
  it("names schema fields, numbers unknown ones, and shows tags as tags", () => {
    expect(nodeLabel(tree[0]!)).toBe("a (1) int32 = 150");
    expect(nodeLabel(tree[1]!)).toBe("field 2 varint = 7");
    expect(nodeLabel(tree[0]!.children!.at(0)!)).toBe("tag = 1:VARINT");
  });
});
