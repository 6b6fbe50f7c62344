import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Annotation, AnnotationList } from "./types.ts";
import { assemble } from "../protoscope/index.ts";
import { packAnnotations, unpackAnnotations, unpackAnnotationsLazy } from "./pack.ts";

const kinds = [
  "tag", "length", "varint", "zigzag", "i32", "i64", "float", "double", "string", "bytes",
  "group-start", "group-end", "packed", "message", "raw", "error",
] as const satisfies readonly Annotation["kind"][];

/**
 * Every key an Annotation can have. The type below fails to compile when Annotation gains a key
 * this list (and so the generator and the comparison) lacks: the transfer must keep them all.
 */
const KEYS = ["bytes", "kind", "field", "wireType", "source", "path", "name", "type", "value", "unknown", "children"] as const;
type Missing = Exclude<keyof Annotation, (typeof KEYS)[number]>;
const everyKeyListed: [Missing] extends [never] ? true : Missing = true;

type Generators = { [K in keyof Required<Annotation>]: fc.Arbitrary<Required<Annotation>[K]> };

const node: fc.Memo<Annotation> = fc.memo((depth) => {
  const generators: Generators = {
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
    unknown: fc.boolean(),
    children: depth > 1 ? fc.array(node(depth - 1), { maxLength: 3 }) : fc.constant([]),
  };
  return fc.record(generators, { requiredKeys: ["bytes", "kind", "path"] });
});

/** Copies a tree into plain objects (reading every lazy `children` on the way). */
function materialize(nodes: AnnotationList): Annotation[] {
  return [...nodes].map((n) => {
    const out: Record<string, unknown> = {};
    for (const key of KEYS) {
      const value = key === "children" ? (n.children === undefined ? undefined : materialize(n.children)) : n[key];
      if (value !== undefined) out[key] = value;
    }
    return out as unknown as Annotation;
  });
}

describe("packAnnotations", () => {
  it("lists every key of Annotation", () => expect(everyKeyListed).toBe(true));

  it("keeps unknown fields marked, and field numbers past 2^31 and 2^53 exact", () => {
    const tree: Annotation[] = [
      { bytes: [0, 9], kind: "varint", field: 2147483649, wireType: 0, path: [2147483649], unknown: true },
      { bytes: [9, 19], kind: "varint", field: "2305843009213693951", wireType: 0, path: ["2305843009213693951"], unknown: false },
      { bytes: [19, 23], kind: "varint", field: 536870911, path: [536870911] },
    ];
    expect(unpackAnnotations(packAnnotations(tree))).toEqual(tree);
    expect(materialize(unpackAnnotationsLazy(packAnnotations(tree)))).toEqual(tree);
  });

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
