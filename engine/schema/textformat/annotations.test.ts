import { describe, expect, it } from "vitest";
import type { Annotation } from "../../annotate/types.ts";
import { walkAnnotations } from "../../annotate/types.ts";
import { Reader } from "../../wire/index.ts";
import { encodeTextFormat } from "./index.ts";
import { corpusCases, corpusRegistry } from "./testing.ts";

function leaves(nodes: Annotation[]): Annotation[] {
  const out: Annotation[] = [];
  walkAnnotations(nodes, (n) => {
    if (!n.children || n.children.length === 0) out.push(n);
  });
  return out;
}

function encode(corpus: string, type: string, text: string) {
  const registry = corpusRegistry(corpus);
  const result = encodeTextFormat(text, registry.getMessage(type)!, registry);
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return result;
}

function find(nodes: Annotation[], path: (string | number)[]): Annotation {
  let found: Annotation | undefined;
  walkAnnotations(nodes, (n) => {
    if (!found && n.name !== undefined && JSON.stringify(n.path) === JSON.stringify(path)) found = n;
  });
  expect(found, JSON.stringify(path)).toBeDefined();
  return found!;
}

const slice = (text: string, n: Annotation) => (n.source ? text.slice(n.source.from, n.source.to) : undefined);

describe("the annotation tree of an encoded text-format message", () => {
  for (const c of corpusCases()) {
    it(`covers every byte once and reads back what it says: ${c.corpus}/${c.name}`, () => {
      const { bytes, annotations } = encode(c.corpus, c.type, c.text);
      // The leaves tile the output: in order, no gap, no overlap. Only an empty string or
      // bytes value has an empty range (it keeps its source: the `""` in the text).
      let at = 0;
      for (const leaf of leaves(annotations)) {
        expect(leaf.bytes[0], `${leaf.kind} ${JSON.stringify(leaf.path)}`).toBe(at);
        if (leaf.bytes[1] === leaf.bytes[0]) expect(["string", "bytes"]).toContain(leaf.kind);
        else expect(leaf.bytes[1]).toBeGreaterThan(leaf.bytes[0]);
        at = leaf.bytes[1];
      }
      expect(at).toBe(bytes.length);
      // Every node's children lie inside it, and each byte range says what is there.
      walkAnnotations(annotations, (n) => {
        for (const child of n.children ?? []) {
          expect(child.bytes[0]).toBeGreaterThanOrEqual(n.bytes[0]);
          expect(child.bytes[1]).toBeLessThanOrEqual(n.bytes[1]);
        }
        const r = new Reader(bytes.subarray(n.bytes[0], n.bytes[1]));
        if (n.kind === "tag" || n.kind === "group-start" || n.kind === "group-end") {
          expect(r.tag()).toEqual([n.field, n.wireType]);
          expect(r.pos).toBe(r.len);
          // A tag points at the field's name; an end-group tag at the closing brace.
          const pattern = n.kind === "group-end" ? /^[}>]$/ : /^(\w+|\[[\s\w./]+\])$/;
          if (n.source) expect(c.text.slice(n.source.from, n.source.to)).toMatch(pattern);
        } else if (n.kind === "length") {
          expect(String(r.uint32())).toBe(n.value);
          expect(r.pos).toBe(r.len);
        }
      });
      // Every field node's tag points at the field's name in the text.
      walkAnnotations(annotations, (n) => {
        const tag = n.children?.at(0);
        if (n.name !== undefined && tag?.source) {
          const written = c.text.slice(tag.source.from, tag.source.to).replace(/[[\]\s]/g, "");
          // Groups are written with their type's capital letter: Item for the field item; an
          // expanded Any's type URL stands for both its fields.
          if (written.includes("/")) expect(["type_url", "value"]).toContain(n.name);
          else expect(written.toLowerCase()).toBe(n.name.toLowerCase());
        }
      });
    });
  }

  it("gives paths with indexes, names, types, values and the source of each token", () => {
    const text = 'name: "sq"\npoints [{ x: 1 }, { x: 2 }, { x: 3, y: -4 }]\nradius: 0.5';
    const { bytes, annotations } = encode("proto3", "wl.p3.Shape", text);
    const x = find(annotations, ["points", 2, "x"]);
    expect(x).toMatchObject({ kind: "varint", field: 1, wireType: 0, name: "x", type: "int32", value: "3" });
    expect(slice(text, x)).toBe("x: 3");
    const [tag, value] = x.children!;
    expect(slice(text, tag!)).toBe("x");
    expect(tag!.kind).toBe("tag");
    expect(slice(text, value!)).toBe("3");
    expect(Array.from(bytes.subarray(x.bytes[0], x.bytes[1]))).toEqual([0x08, 0x03]);

    const y = find(annotations, ["points", 2, "y"]);
    expect(y.value).toBe("-4");
    expect(y.bytes[1] - y.bytes[0]).toBe(11); // a negative int32 takes ten bytes after its tag

    const point = find(annotations, ["points", 2]);
    expect(point).toMatchObject({ kind: "message", field: 3, wireType: 2, type: "wl.p3.Point" });
    // A whole-field node spans from the name to the end of its value.
    expect(slice(text, point)).toBe("points [{ x: 1 }, { x: 2 }, { x: 3, y: -4 }");
    expect(text.slice(point.children!.at(0)!.source!.from, point.children!.at(0)!.source!.to)).toBe("points");

    const name = find(annotations, ["name"]);
    expect(name).toMatchObject({ kind: "string", value: '"sq"', type: "string" });
    expect([...name.children!].map((n) => n.kind)).toEqual(["tag", "length", "string"]);
    expect(slice(text, name.children!.at(1)!)).toBe('"sq"');
    expect(slice(text, point.children!.at(1)!)).toBe("{ x: 3, y: -4 }");
    expect(slice(text, name.children!.at(2)!)).toBe('"sq"');

    const radius = find(annotations, ["radius"]);
    expect(radius).toMatchObject({ kind: "double", wireType: 1, value: "0.5" });
  });

  it("annotates packed fields element by element and groups with start and end tags", () => {
    const text = "r_sint32: [-1, 64]\nr_float: 0.1";
    const { annotations } = encode("proto3", "wl.p3.Repeated", text);
    const packed = find(annotations, ["r_float"]);
    expect(packed.kind).toBe("packed");
    expect([...find(annotations, ["r_sint32"]).children!].map((n) => [n.kind, n.value, slice(text, n)])).toEqual([
      ["tag", undefined, "r_sint32"],
      ["length", "3", "-1, 64"],
      ["zigzag", "-1", "-1"],
      ["zigzag", "64", "64"],
    ]);
    expect(packed.children!.at(2)).toMatchObject({ kind: "float", value: "0.1", path: ["r_float", 0] });

    const groupText = "id: 1 Item { item_id: 7 }";
    const group = find(encode("proto2", "wl.p2.Record", groupText).annotations, ["item", 0]);
    expect([...group.children!].map((n) => n.kind)).toEqual(["group-start", "varint", "group-end"]);
    expect(slice(groupText, group.children!.at(0)!)).toBe("Item");
    expect(slice(groupText, group.children!.at(2)!)).toBe("}");
    expect(find([group], ["item", 0, "item_id"]).value).toBe("7");
  });

  it("keeps offsets right when a nested message needs a two-byte length", () => {
    const label = "x".repeat(200);
    const text = `center { x: 1 label: "${label}" } name: "after"`;
    const { bytes, annotations } = encode("proto3", "wl.p3.Shape", text);
    const labelNode = find(annotations, ["center", "label"]);
    const data = labelNode.children!.at(2)!;
    expect(new TextDecoder().decode(bytes.subarray(data.bytes[0], data.bytes[1]))).toBe(label);
    const center = find(annotations, ["center"]);
    expect(center.children!.at(1)).toMatchObject({ kind: "length", value: String(2 + 3 + 200) });
    expect(center.children!.at(1)!.bytes[1] - center.children!.at(1)!.bytes[0]).toBe(2);
    const after = find(annotations, ["name"]);
    expect(new TextDecoder().decode(bytes.subarray(after.children!.at(2)!.bytes[0], after.bytes[1]))).toBe("after");
  });

  it("annotates an expanded Any's value as the packed message", () => {
    const text = "payload { [type.googleapis.com/wl.p3.Point] { x: 5 } }";
    const { annotations } = encode("proto3", "wl.p3.Envelope", text);
    const url = find(annotations, ["payload", "type_url"]);
    expect(url.value).toBe('"type.googleapis.com/wl.p3.Point"');
    expect(slice(text, url.children!.at(0)!)).toBe("[type.googleapis.com/wl.p3.Point]");
    const value = find(annotations, ["payload", "value"]);
    expect(value).toMatchObject({ kind: "message", type: "wl.p3.Point", field: 2 });
    const x = find(annotations, ["payload", "value", "x"]);
    expect(x.value).toBe("5");
    expect(slice(text, x)).toBe("x: 5");
  });

  it("marks map keys and values the encoder had to supply as having no source", () => {
    const text = 'by_name { key: "k" }';
    const { bytes, annotations } = encode("proto3", "wl.p3.Maps", text);
    expect(Array.from(bytes)).toEqual([0x0a, 0x05, 0x0a, 0x01, 0x6b, 0x10, 0x00]);
    const key = find(annotations, ["by_name", 0, "key"]);
    const value = find(annotations, ["by_name", 0, "value"]);
    expect(slice(text, key)).toBe('key: "k"');
    expect(value.source).toBeUndefined();
    expect(value.value).toBe("0");
  });
});
