import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Annotation } from "../../../../../engine/annotate/types.ts";
import { assemble } from "../../../../../engine/protoscope/index.ts";
import { packAnnotations, unpackAnnotations, unpackAnnotationsLazy } from "./packAnnotations.ts";

const kinds = ["tag", "length", "varint", "zigzag", "string", "message", "raw", "error"] as const;

const node: fc.Memo<Annotation> = fc.memo((depth) =>
  fc.record(
    {
      bytes: fc.tuple(fc.nat(1000), fc.nat(1000)),
      kind: fc.constantFrom(...kinds),
      // Valid numbers, numbers past int32, and the exact text of those past 2^53 (up to 2^61-1).
      field: fc.oneof(
        fc.nat(536870911),
        fc.bigInt({ min: 2n ** 31n, max: 2n ** 61n - 1n }).map((b) => (b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : String(b))),
      ),
      wireType: fc.nat(7),
      source: fc.record({ from: fc.nat(5000), to: fc.nat(5000) }),
      path: fc.array(fc.oneof(fc.string(), fc.nat()), { maxLength: 3 }),
      name: fc.string(),
      type: fc.string(),
      value: fc.string(),
      children: depth > 1 ? fc.array(node(depth - 1), { maxLength: 3 }) : fc.constant([]),
    },
    { requiredKeys: ["bytes", "kind", "path"] },
  ),
);

/** Copies a tree into plain objects (reading every lazy `children` on the way). */
function materialize(nodes: readonly Annotation[]): Annotation[] {
  return nodes.map((n) => {
    const out: Annotation = { bytes: [n.bytes[0], n.bytes[1]], kind: n.kind, path: n.path };
    for (const key of ["field", "wireType", "source", "name", "type", "value"] as const) {
      if (n[key] !== undefined) (out as unknown as Record<string, unknown>)[key] = n[key];
    }
    if (n.children !== undefined) out.children = materialize(n.children);
    return out;
  });
}

describe("packAnnotations", () => {
  it("round-trips any tree exactly through the lazy rebuild too", () => {
    fc.assert(
      fc.property(fc.array(node(4), { maxLength: 5 }), (tree) => {
        expect(materialize(unpackAnnotationsLazy(packAnnotations(tree)))).toEqual(tree);
      }),
      { numRuns: 200 },
    );
  });

  it("round-trips any tree exactly", () => {
    fc.assert(
      fc.property(fc.array(node(4), { maxLength: 5 }), (tree) => {
        expect(unpackAnnotations(packAnnotations(tree))).toEqual(tree);
      }),
      { numRuns: 200 },
    );
  });

  it("round-trips the assembler's tree", () => {
    const { annotations } = assemble('1: 150\n2: {"testing" 3: {4: 5i32}}\n6: -2z');
    expect(annotations.length).toBeGreaterThan(0);
    // The assembler's nodes are lazy (children made when read): compare their plain copies.
    expect(unpackAnnotations(packAnnotations(annotations))).toEqual(materialize(annotations));
  });
});
