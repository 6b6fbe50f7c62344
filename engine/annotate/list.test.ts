import { describe, expect, it } from "vitest";
import { annotationList, EAGER_LIST_LIMIT, LazyAnnotationList } from "./list.ts";
import { findAnnotation, type Annotation } from "./types.ts";

function node(i: number): Annotation {
  return { bytes: [i, i + 1], kind: "varint", path: [1], value: String(i) };
}

/** A lazy list of `n` nodes that records which it made. */
function watched(n: number) {
  const made: number[] = [];
  const list = new LazyAnnotationList(n, (i) => {
    made.push(i);
    return node(i);
  });
  return { list, made };
}

describe("LazyAnnotationList", () => {
  it("answers at() as an array of the same nodes does, for every kind of index", () => {
    const n = 7;
    const { list } = watched(n);
    const array = Array.from({ length: n }, (_, i) => node(i));
    for (const index of [-9, -8, -7, -6, -1, -0.5, 0, 0.9, 1, 3.7, 6, 7, 8, NaN, Infinity, -Infinity]) {
      expect(list.at(index)?.value, `at(${index})`).toBe(array.at(index)?.value);
    }
    expect(list.length).toBe(n);
  });

  it("makes a node only when it is read, and once", () => {
    const { list, made } = watched(100_000);
    expect(made).toEqual([]);
    const last = list.at(-1);
    expect(list.at(99_999)).toBe(last);
    expect(list.at(5)).toBe(list.at(5));
    expect(list.at(100_000)).toBeUndefined();
    expect(made).toEqual([99_999, 5]);
  });

  it("iterates and turns into JSON as the array of its nodes", () => {
    const { list } = watched(3);
    expect([...list].map((n) => n.value)).toEqual(["0", "1", "2"]);
    expect(JSON.stringify(list)).toBe(JSON.stringify([node(0), node(1), node(2)]));
    expect(JSON.stringify(new LazyAnnotationList(0, node))).toBe("[]");
  });
});

describe("annotationList", () => {
  it("makes a short list at once as an array, a long one lazily", () => {
    const short = annotationList(EAGER_LIST_LIMIT, node);
    expect(Array.isArray(short)).toBe(true);
    expect([...short].map((n) => n.value)).toEqual(Array.from({ length: EAGER_LIST_LIMIT }, (_, i) => String(i)));
    const long = annotationList(EAGER_LIST_LIMIT + 1, node);
    expect(long).toBeInstanceOf(LazyAnnotationList);
    expect(long.at(EAGER_LIST_LIMIT)?.value).toBe(String(EAGER_LIST_LIMIT));
  });
});

describe("findAnnotation", () => {
  it("reads nodes up to the first it accepts, and no further", () => {
    const { list, made } = watched(1000);
    expect(findAnnotation(list, (n) => n.value === "2")?.bytes).toEqual([2, 3]);
    expect(made).toEqual([0, 1, 2]);
    expect(findAnnotation([node(0), node(1)], (n) => n.value === "9")).toBeUndefined();
  });
});
