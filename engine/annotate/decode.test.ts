import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createFileRegistry, fromBinary } from "@bufbuild/protobuf";
import type { DescMessage } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { assemble } from "../protoscope/assembler.ts";
import { annotateBytes } from "./decode.ts";
import type { Annotation } from "./types.ts";

const corpus = join(import.meta.dirname, "..", "protoscope", "testdata", "disasm");
const registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, new Uint8Array(readFileSync(join(corpus, "corpus.binpb")))));
const everything = registry.getMessage("wl.Everything")!;
const scalars = registry.getMessage("wl.Scalars")!;

function bytesOf(protoscope: string): Uint8Array {
  const result = assemble(protoscope, { annotations: false });
  expect(result.diagnostics).toEqual([]);
  return result.bytes;
}

/** The leaves (nodes without children) in order. */
function leaves(nodes: readonly Annotation[]): Annotation[] {
  const out: Annotation[] = [];
  const stack = [...nodes].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.children && n.children.length > 0) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children.at(i)!);
    else out.push(n);
  }
  return out;
}

/** Every byte is covered once by a leaf, in order, and every node holds its children's bytes. */
function expectCovers(nodes: readonly Annotation[], length: number): void {
  let at = 0;
  for (const leaf of leaves(nodes)) {
    expect(leaf.bytes[0], `leaf ${leaf.kind} at ${leaf.bytes}`).toBe(at);
    expect(leaf.bytes[1]).toBeGreaterThanOrEqual(leaf.bytes[0]);
    at = leaf.bytes[1];
  }
  expect(at).toBe(length);
  const stack = [...nodes];
  while (stack.length > 0) {
    const n = stack.pop()!;
    for (const c of n.children ?? []) {
      expect(c.bytes[0]).toBeGreaterThanOrEqual(n.bytes[0]);
      expect(c.bytes[1]).toBeLessThanOrEqual(n.bytes[1]);
      stack.push(c);
    }
  }
}

const summary = (n: Annotation) => ({ kind: n.kind, bytes: n.bytes, path: n.path, value: n.value });

describe("annotateBytes without a schema", () => {
  it("explains each field the way the disassembler reads it", () => {
    // "hello" is text: its bytes do not parse as fields ("hi" would: field 13, varint 105).
    const bytes = bytesOf('1: 150 2: {"hello"} 3: {1: 1} 4: 1.5i32 5: !{1: 2} 6: {`00ff`}');
    const { annotations, diagnostics } = annotateBytes(bytes);
    expect(diagnostics).toEqual([]);
    expect(annotations.map(summary)).toEqual([
      { kind: "varint", bytes: [0, 3], path: [1], value: "150" },
      { kind: "string", bytes: [3, 10], path: [2], value: "hello" },
      { kind: "message", bytes: [10, 14], path: [3], value: undefined },
      { kind: "float", bytes: [14, 19], path: [4], value: "1.5" },
      { kind: "message", bytes: [19, 23], path: [5], value: undefined },
      { kind: "bytes", bytes: [23, 27], path: [6], value: "00ff" },
    ]);
    expect([...annotations.at(0)!.children!].map(summary)).toEqual([
      { kind: "tag", bytes: [0, 1], path: [1], value: undefined },
      { kind: "varint", bytes: [1, 3], path: [1], value: "150" },
    ]);
    expect([...annotations.at(2)!.children!].map((c) => c.kind)).toEqual(["tag", "length", "varint"]);
    expect(annotations.at(2)!.children!.at(2)!.path).toEqual([3, 1]);
    expect([...annotations.at(4)!.children!].map((c) => c.kind)).toEqual(["group-start", "varint", "group-end"]);
    expectCovers(annotations, bytes.length);
  });

  it("reads payloads as the disassembler (and protoscope) does: message, text or bytes", () => {
    let compared = 0;
    for (const f of ["looks-like-message.pb", "strings.pb", "nested.pb", "message-2.pb", "message-7.pb"]) {
      // Classify each top-level length-delimited field in protoscope's text (the golden file).
      const lines = readFileSync(join(corpus, `${f}.golden`), "utf8").split("\n").slice(1);
      const fromText: string[] = [];
      lines.forEach((line, i) => {
        const m = /^(?:long-form:\d+ )?\d+: (?:long-form:\d+ )?\{(.?)/.exec(line);
        if (!m) return;
        const first = m[1] === "" ? lines[i + 1]!.trim()[0] : m[1];
        fromText.push(first === '"' ? "string" : first === "`" ? "bytes" : "message");
      });
      const bytes = new Uint8Array(readFileSync(join(corpus, f)));
      const fromTree = annotateBytes(bytes).annotations.filter((n) => n.wireType === 2).map((n) => n.kind);
      expect(fromTree, f).toEqual(fromText);
      compared += fromText.length;
    }
    expect(compared).toBeGreaterThan(25);
  });

  it("covers every byte of any input, and never throws", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.boolean(), (bytes, withSchema) => {
        const { annotations } = annotateBytes(bytes, withSchema ? { message: everything } : {});
        expectCovers(annotations, bytes.length);
      }),
      { numRuns: 500 },
    );
  });

  it("covers every byte of the golden corpus, with and without a schema", () => {
    for (const f of ["everything.pb", "schema-mismatch.pb", "groups.pb", "message-1.pb", "message-5.pb", "nested.pb", "strings.pb"]) {
      const bytes = new Uint8Array(readFileSync(join(corpus, f)));
      expectCovers(annotateBytes(bytes).annotations, bytes.length);
      expectCovers(annotateBytes(bytes, { message: everything }).annotations, bytes.length);
    }
  });
});

describe("annotateBytes with a schema", () => {
  const bytes = new Uint8Array(readFileSync(join(corpus, "everything.pb")));
  const { annotations, diagnostics } = annotateBytes(bytes, { message: everything });
  /** The first node (in byte order) at `path` that stands for a field or an element. */
  const find = (path: (string | number)[]) => {
    const key = JSON.stringify(path);
    const stack = [...annotations].reverse();
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (JSON.stringify(n.path) === key && n.kind !== "tag" && n.kind !== "length") return n;
      stack.push(...[...(n.children ?? [])].reverse());
    }
    throw new Error(`no node at ${key}`);
  };

  it("names fields, types them, and reads enums, zigzag, unsigned and bools", () => {
    // everything.txt ends with two broken packed lists: `2: {`ff`}` and `4: {1.0i32 `0000`}`.
    expect(diagnostics.map((d) => [d.code, d.span])).toEqual([
      ["wire/value-past-end", { kind: "bytes", start: 244, end: 245 }],
      ["wire/value-past-end", { kind: "bytes", start: 251, end: 253 }],
    ]);
    expect(find(["scalars"])).toMatchObject({ kind: "message", name: "scalars", type: "wl.Scalars" });
    expect(find(["scalars", "color"])).toMatchObject({ kind: "varint", name: "color", type: "wl.Color", value: "BLUE (3)" });
    expect(find(["packed_s64", 0])).toMatchObject({ kind: "zigzag", value: "-1" });
    expect(find(["packed_bool", 3])).toMatchObject({ value: "true (7)" });
    expect(find(["packed_f64", 1])).toMatchObject({ kind: "i64", value: "18446744073709551615" });
    expect(find(["packed_color", 3])).toMatchObject({ value: "99" });
  });

  it("expands packed fields, numbering elements on from unpacked ones", () => {
    const packed = find(["packed_i32"]);
    expect(packed).toMatchObject({ kind: "packed", name: "packed_i32", value: "[1, 2, 3, -1, 300] (5)" });
    expect([...packed.children!].slice(2).map((c) => c.path)).toEqual([0, 1, 2, 3, 4].map((i) => ["packed_i32", i]));
    // everything.txt sends packed_i32 again later: unpacked 7, then a packed list whose one byte
    // (ff) is a truncated varint.
    expect(find(["packed_i32", 5])).toMatchObject({ kind: "varint", value: "7" });
  });

  it("reads maps as entries with key and value, and groups with their type", () => {
    expect(find(["counts", 1, "key"])).toMatchObject({ kind: "string", value: "b" });
    expect(find(["by_id", 0, "value", "s"])).toMatchObject({ value: "seven" });
    const item = find(["item"]);
    expect(item).toMatchObject({ kind: "message", type: "wl.Everything.Item" });
    expect([...item.children!].map((c) => c.kind)).toEqual(["group-start", "varint", "string", "group-end"]);
    expect(find(["children", 0, "children", 0, "name"])).toMatchObject({ value: "grandchild" });
  });

  it("marks fields the schema does not declare, and wire types that do not match it", () => {
    const mismatch = new Uint8Array(readFileSync(join(corpus, "schema-mismatch.pb")));
    const result = annotateBytes(mismatch, { message: everything });
    const first = result.annotations.at(0)!;
    expect(first).toMatchObject({ field: 1, unknown: true, path: [1] });
    expect(first.name).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({ code: "wire/wire-type-mismatch", span: { kind: "bytes", start: 0, end: 2 } });
    const unknownField = [...result.annotations].find((n) => n.field === 99)!;
    expect(unknownField).toMatchObject({ kind: "message", unknown: true });
    expect(result.diagnostics.filter((d) => d.code === "wire/group-mismatch").map((d) => d.span)).toEqual([
      { kind: "bytes", start: 56, end: 71 },
      { kind: "bytes", start: 45, end: 71 },
    ]);
  });
});

describe("annotateBytes: diagnostics for what cannot be read", () => {
  const cases: [string, number[], DescMessage | undefined, string, [number, number]][] = [
    ["input ends inside a varint", [0x08, 0x96], undefined, "wire/truncated", [0, 2]],
    ["input ends inside a fixed64", [0x08, 0x01, 0x11, 0, 0], undefined, "wire/truncated", [2, 5]],
    ["length past the end of the input", [0x0a, 0x05, 0x61], undefined, "wire/truncated", [0, 3]],
    ["wire type 7", [0x08, 0x01, 0x0f], undefined, "wire/bad-wire-type", [2, 3]],
    ["field number 0", [0x00, 0x01], undefined, "wire/bad-wire-type", [0, 2]],
    ["11-byte varint", [0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01], undefined, "wire/overlong-varint", [0, 12]],
    // Scalars inside Everything (field 1), whose string field claims 9 bytes of the 3 there are.
    ["length past the end of the enclosing message", [0x0a, 0x04, 0x72, 0x09, 0x61, 0x62], everything, "wire/length-past-end", [2, 6]],
    ["varint cut by the end of the enclosing message", [0x0a, 0x02, 0x08, 0x96, 0x08, 0x01], everything, "wire/value-past-end", [2, 4]],
  ];
  for (const [what, input, message, code, [start, end]] of cases) {
    it(`${what}: ${code} at bytes ${start}..${end}`, () => {
      const bytes = Uint8Array.from(input);
      const result = annotateBytes(bytes, message ? { message } : {});
      const errors = result.diagnostics.filter((d) => d.severity === "error");
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ code, span: { kind: "bytes", start, end } });
      expectCovers(result.annotations, bytes.length);
      const errorNodes = leaves(result.annotations).filter((n) => n.kind === "error");
      expect(errorNodes.map((n) => n.bytes)).toEqual([[start, end]]);
    });
  }

  it("an end-group tag without a start is a warning, and stands alone", () => {
    const result = annotateBytes(Uint8Array.from([0x0c, 0x08, 0x01]));
    expect(result.diagnostics).toMatchObject([{ code: "wire/group-mismatch", severity: "warning", span: { start: 0, end: 1 } }]);
    expect([...result.annotations].map((n) => n.kind)).toEqual(["group-end", "varint"]);
  });

  it("inside a payload read as a message by guess, unmatched group tags are not reported", () => {
    // 0a 01 0c: field 1 holds one byte, which reads as an end-group tag for field 1.
    const result = annotateBytes(Uint8Array.from([0x0a, 0x01, 0x0c]));
    expect(result.diagnostics).toEqual([]);
    expect(result.annotations.at(0)!.kind).toBe("message");
    expect([...result.annotations.at(0)!.children!].map((n) => n.kind)).toEqual(["tag", "length", "group-end"]);
  });

  it("invalid UTF-8 in a string field is a warning on the bad bytes", () => {
    const result = annotateBytes(Uint8Array.from([0x72, 0x03, 0x61, 0xff, 0x62]), { message: scalars });
    expect(result.diagnostics).toMatchObject([{ code: "wire/invalid-utf8", span: { start: 3, end: 5 } }]);
    expect(result.annotations.at(0)).toMatchObject({ kind: "string", name: "s" });
  });
});

describe("annotateBytes on hostile input", () => {
  it("100 000 nested messages: opened to the depth limit, no stack overflow", () => {
    const levels = 100_000;
    const parts: number[][] = [];
    let size = 2;
    for (let i = 0; i < levels; i++) {
      const prefix = [0x0a];
      let n = size;
      while (n >= 0x80) {
        prefix.push((n & 0x7f) | 0x80);
        n >>>= 7;
      }
      prefix.push(n);
      parts.push(prefix);
      size += prefix.length;
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    for (let i = parts.length - 1; i >= 0; i--) for (const b of parts[i]!) bytes[at++] = b;
    bytes.set([0x08, 0x01], at);
    const result = annotateBytes(bytes);
    expect(result.diagnostics).toMatchObject([{ code: "wire/nesting-too-deep", severity: "info" }]);
    expectCovers(result.annotations, bytes.length);
  });

  it("past maxNodes the rest is one raw node per open message, with a warning", () => {
    const bytes = new Uint8Array(20_000).fill(0x08).map((b, i) => (i % 2 === 0 ? b : 1));
    const result = annotateBytes(bytes, { maxNodes: 1000 });
    expect(result.diagnostics).toMatchObject([{ code: "annotate/too-many-nodes", severity: "warning" }]);
    const last = result.annotations.at(result.annotations.length - 1)!;
    expect(last.kind).toBe("raw");
    expect(last.bytes[1]).toBe(bytes.length);
    expect(result.annotations.length).toBeLessThan(600);
    expectCovers(result.annotations, bytes.length);
  });
});
