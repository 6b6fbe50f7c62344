import { describe, expect, it } from "vitest";
import type { Annotation } from "../../../../engine/annotate/types.ts";
import { flattenTree, nodeKey, nodeLabel } from "./flatten.ts";

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
    expect(flattenTree(tree, new Set()).map((r) => [r.depth, r.node.bytes, r.index, r.siblings])).toEqual([
      [0, [0, 3], 1, 2],
      [0, [3, 5], 2, 2],
    ]);
    const open = new Set([nodeKey(tree[0]!, 0)]);
    expect(flattenTree(tree, open).map((r) => [r.depth, r.node.bytes, r.index, r.siblings])).toEqual([
      [0, [0, 3], 1, 2],
      [1, [0, 1], 1, 2],
      [1, [1, 3], 2, 2],
      [0, [3, 5], 2, 2],
    ]);
  });

  it("stops at the row limit", () => {
    expect(flattenTree(tree, new Set([nodeKey(tree[0]!, 0)]), 2)).toHaveLength(2);
  });
});

describe("nodeLabel", () => {
  it("names schema fields, numbers unknown ones, and shows tags as tags", () => {
    expect(nodeLabel(tree[0]!)).toBe("a (1) int32 = 150");
    expect(nodeLabel(tree[1]!)).toBe("field 2 varint = 7");
    expect(nodeLabel(tree[0]!.children![0]!)).toBe("tag = 1:VARINT");
  });
});
