// The annotation tree the assembler returns: every byte covered once by a leaf, containers
// spanning exactly their children, sources pointing at the text that made the bytes, and the
// node shapes DESIGN.md describes (field nodes with tag, length and nested nodes).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Annotation, type AnnotationList, walkAnnotations } from "../annotate/types.ts";
import { LazyAnnotationList } from "../annotate/list.ts";
import { assemble } from "./index.ts";

/** Checks the structural invariants; returns the leaves in order. */
function checkTree(text: string, bytes: Uint8Array, roots: AnnotationList): Annotation[] {
  const leaves: Annotation[] = [];
  walkAnnotations(roots, (node) => {
    expect(node.bytes[0]).toBeLessThanOrEqual(node.bytes[1]);
    expect(node.source).toBeDefined();
    expect(node.source!.from).toBeGreaterThanOrEqual(0);
    expect(node.source!.to).toBeLessThanOrEqual(text.length);
    expect(node.source!.from).toBeLessThanOrEqual(node.source!.to);
    if (node.children && node.children.length > 0) {
      expect(node.bytes[0]).toBe(node.children.at(0)!.bytes[0]);
      expect(node.bytes[1]).toBe(node.children.at(node.children.length - 1)!.bytes[1]);
      for (let i = 1; i < node.children.length; i++) {
        expect(node.children.at(i)!.bytes[0]).toBe(node.children.at(i - 1)!.bytes[1]);
      }
    } else if (node.kind !== "message") {
      leaves.push(node);
    } else {
      // An empty group cannot happen (it has its tags); an empty container has no bytes.
      expect(node.bytes[0]).toBe(node.bytes[1]);
    }
  });
  let at = 0;
  for (const leaf of leaves) {
    expect(leaf.bytes[0]).toBe(at);
    at = leaf.bytes[1];
  }
  expect(at).toBe(bytes.length);
  return leaves;
}

const dir = join(import.meta.dirname, "testdata", "asm");

describe("annotation tree invariants on every golden file", () => {
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".txt"))) {
    it(name, () => {
      const text = readFileSync(join(dir, name), "utf8");
      const result = assemble(text);
      checkTree(text, result.bytes, result.annotations);
    });
  }
});

describe("annotation shapes", () => {
  const src = (text: string, node: Annotation) => text.slice(node.source!.from, node.source!.to);

  it("a varint field: one field node with tag and value children", () => {
    const text = "1: 150";
    const [field] = assemble(text).annotations;
    expect(field).toMatchObject({ kind: "varint", field: 1, wireType: 0, bytes: [0, 3], value: "150", path: [1] });
    const [tag, value] = field!.children!;
    expect(tag).toMatchObject({ kind: "tag", field: 1, wireType: 0, bytes: [0, 1] });
    expect(value).toMatchObject({ kind: "varint", bytes: [1, 3], value: "150" });
    expect(src(text, tag!)).toBe("1:");
    expect(src(text, value!)).toBe("150");
    expect(src(text, field!)).toBe("1: 150");
  });

  it("readings: zigzag, negative, fixed width, floats, bools", () => {
    const text = "1: -3z 2: -1 3: 7i32 4: -23i64 5: 1.1i32 6: 2.5 7: true 8: inf64 9: 18446744073709551615";
    const fields = [...assemble(text).annotations];
    expect(fields.map((f) => [f.field, f.kind, f.value])).toEqual([
      [1, "zigzag", "-3"],
      [2, "varint", "-1"],
      [3, "i32", "7"],
      [4, "i64", "-23"],
      [5, "float", "1.1"],
      [6, "double", "2.5"],
      [7, "varint", "true"],
      [8, "double", "inf"],
      [9, "varint", "18446744073709551615"],
    ]);
    expect(fields.map((f) => f.wireType)).toEqual([0, 0, 5, 1, 5, 1, 0, 1, 0]);
  });

  it("a message field: tag, length, then the nested nodes", () => {
    const text = '1: {2: 150 3: {"abc"}}';
    const result = assemble(text);
    const [field] = result.annotations;
    expect(field).toMatchObject({ kind: "message", field: 1, wireType: 2, bytes: [0, result.bytes.length], path: [1] });
    const kids = [...field!.children!];
    expect(kids.map((k) => k.kind)).toEqual(["tag", "length", "varint", "string"]);
    expect(kids[1]).toMatchObject({ bytes: [1, 2], value: String(result.bytes.length - 2) });
    expect(kids[2]).toMatchObject({ field: 2, path: [1, 2], value: "150" });
    expect(kids[3]).toMatchObject({ field: 3, wireType: 2, value: '"abc"', path: [1, 3] });
    expect(src(text, kids[3]!)).toBe('3: {"abc"}');
    expect(src(text, field!)).toBe(text);
  });

  it("packed and bytes fields", () => {
    const [packed, bytes] = assemble("4: {1 2 300} 5: {`ff00`}").annotations;
    expect(packed).toMatchObject({ kind: "packed", field: 4 });
    expect([...packed!.children!].map((c) => c.kind)).toEqual(["tag", "length", "varint", "varint", "varint"]);
    expect(bytes).toMatchObject({ kind: "bytes", field: 5, value: "`ff00`" });
  });

  it("a group: group-start tag, nested nodes, group-end tag", () => {
    const text = "8: !{ 1: 2 }";
    const [group] = assemble(text).annotations;
    expect(group).toMatchObject({ kind: "message", field: 8, wireType: 3, bytes: [0, 4], path: [8] });
    const kids = [...group!.children!];
    expect(kids.map((k) => [k.kind, k.field, k.wireType])).toEqual([
      ["group-start", 8, 3],
      ["varint", 1, 0],
      ["group-end", 8, 4],
    ]);
    expect(kids[2]!.path).toEqual([8]);
    expect(src(text, kids[2]!)).toBe("}");
  });

  it("long-form: the padded bytes belong to the value, whose source includes the long-form token", () => {
    const text = "1: long-form:2 {}";
    const result = assemble(text);
    expect(Buffer.from(result.bytes).toString("hex")).toBe("0a808000");
    const [field] = result.annotations;
    const length = field!.children!.at(1)!;
    expect(length).toMatchObject({ kind: "length", bytes: [1, 4], value: "0" });
    expect(src(text, length)).toBe("long-form:2 {");
  });

  it("tags that are not followed by their value stand alone", () => {
    const text = '2:LEN 4 "abcd" 1: "x"';
    const nodes = [...assemble(text).annotations];
    expect(nodes.map((n) => n.kind)).toEqual(["tag", "varint", "string", "tag", "string"]);
    expect(nodes[0]).toMatchObject({ field: 2, wireType: 2 });
    expect(nodes[3]).toMatchObject({ field: 1, wireType: 0 });
  });

  it("offsets after deeply nested prefixes are right", () => {
    const inner = "x".repeat(200);
    const text = `1: { 2: { 3: {"${inner}"} } 4: 5 }`;
    const result = assemble(text);
    const leaves = checkTree(text, result.bytes, result.annotations);
    const last = leaves[leaves.length - 1]!;
    expect(last).toMatchObject({ kind: "varint", value: "5", bytes: [result.bytes.length - 1, result.bytes.length] });
  });

  it("a long list (the top level, a big message's fields) makes its nodes as they are read", () => {
    const lines = Array.from({ length: 200 }, (_, i) => `1: ${i}`);
    const text = `${lines.join("\n")}\n2: {${lines.join(" ")}}`;
    const result = assemble(text);
    const roots = result.annotations;
    expect(roots).toBeInstanceOf(LazyAnnotationList);
    expect(roots.length).toBe(201);
    // Read out of order, then in order: the same node objects, in the source's order.
    const last = roots.at(-1)!;
    const middle = roots.at(100)!;
    expect(middle).toMatchObject({ kind: "varint", field: 1, value: "100", path: [1] });
    expect(src(text, middle)).toBe("1: 100");
    expect([...roots][100]).toBe(middle);
    expect([...roots].map((n) => n.value).slice(0, 200)).toEqual(lines.map((_, i) => String(i)));
    // The message's children: its tag, its length, then its 200 fields.
    const inner = last.children!;
    expect(inner).toBeInstanceOf(LazyAnnotationList);
    expect(inner.length).toBe(202);
    expect(inner.at(-1)).toMatchObject({ value: "199", path: [2, 1] });
    expect(src(text, inner.at(-1)!)).toBe("1: 199");
    checkTree(text, result.bytes, roots);
  });

  it("can be turned off", () => {
    const result = assemble("1: {2: 3}", { annotations: false });
    expect(result.annotations).toEqual([]);
    expect(Buffer.from(result.bytes).toString("hex")).toBe("0a021003");
  });

  it("past maxAnnotations: no tree, a warning, the same bytes", () => {
    const text = Array.from({ length: 100 }, (_, i) => `${i + 1}: ${i}`).join(" ");
    const full = assemble(text);
    const capped = assemble(text, { maxAnnotations: 50 });
    expect(capped.bytes).toEqual(full.bytes);
    expect(capped.annotations).toEqual([]);
    expect(capped.diagnostics.map((d) => [d.code, d.severity])).toEqual([["protoscope/annotations-omitted", "warning"]]);
  });
});

describe("the tree while its columns grow", () => {
  // The columns start at one row per 8 characters and double when full. A node whose row is the
  // one that grows them must keep its links and field number: moving a comment's length moves
  // that row through every shape of node (a field, a `{`, its length, a value).
  it("is the same wherever the growth falls", () => {
    const lines: string[] = [];
    for (let i = 0; i < 1500; i++) lines.push(`1: {2: ${i} 3: {"s"}} 4: -${i}z`);
    const body = lines.join("\n") + "\n";
    const shape = (roots: AnnotationList) =>
      JSON.stringify(roots, (key, value: unknown) => (key === "source" ? undefined : value));
    const want = shape(assemble(body, { recover: true }).annotations);
    for (let pad = 0; pad < 120; pad++) {
      const text = "#" + "-".repeat(pad * 8) + "\n" + body;
      const got = assemble(text, { recover: true });
      expect(shape(got.annotations), `pad ${pad}`).toBe(want);
    }
  });
});
