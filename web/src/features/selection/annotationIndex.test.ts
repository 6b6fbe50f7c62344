import { describe, expect, it } from "vitest";
import type { Annotation } from "../../../../engine/annotate/types.ts";
import { chainAt } from "../../../../engine/explain/context.ts";
import { leafAt, nodeAtSource, sourcesForBytes } from "./annotationIndex.ts";

// `1: 150  2: {3: 1}` as an assembler would annotate it: 08 96 01 12 02 18 01
const tree: Annotation[] = [
  {
    bytes: [0, 3], kind: "varint", field: 1, path: [1], children: [
      { bytes: [0, 1], kind: "tag", path: [1], source: { from: 0, to: 2 } },
      { bytes: [1, 3], kind: "varint", path: [1], source: { from: 3, to: 6 }, value: "150" },
    ],
  },
  {
    bytes: [3, 7], kind: "message", field: 2, path: [2], children: [
      { bytes: [3, 4], kind: "tag", path: [2], source: { from: 8, to: 10 } },
      { bytes: [4, 5], kind: "length", path: [2], source: { from: 11, to: 12 } },
      {
        bytes: [5, 7], kind: "varint", field: 3, path: [2, 3], children: [
          { bytes: [5, 6], kind: "tag", path: [2, 3], source: { from: 12, to: 14 } },
          { bytes: [6, 7], kind: "varint", path: [2, 3], source: { from: 15, to: 16 }, value: "1" },
        ],
      },
    ],
  },
];

describe("annotation lookups", () => {
  it("find the chain and the deepest node holding a byte", () => {
    expect(chainAt(tree, 6).map((n) => n.bytes)).toEqual([[3, 7], [5, 7], [6, 7]]);
    expect(leafAt(tree, 2)?.value).toBe("150");
    expect(leafAt(tree, 7)).toBeUndefined();
  });

  it("map a byte range to the source ranges that made it", () => {
    expect(sourcesForBytes(tree, { start: 1, end: 3 })).toEqual([{ from: 3, to: 6 }]);
    expect(sourcesForBytes(tree, { start: 2, end: 6 })).toEqual([
      { from: 3, to: 6 },
      { from: 8, to: 10 },
      { from: 11, to: 12 },
      { from: 12, to: 14 },
    ]);
  });

  it("map a cursor offset to the node whose token it is on", () => {
    expect(nodeAtSource(tree, 4)?.bytes).toEqual([1, 3]);
    expect(nodeAtSource(tree, 6)?.bytes).toEqual([1, 3]); // just after "150"
    expect(nodeAtSource(tree, 15)?.bytes).toEqual([6, 7]);
    expect(nodeAtSource(tree, 7)).toBeUndefined(); // the space between fields
  });
});
