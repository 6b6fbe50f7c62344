import { describe, expect, it } from "vitest";
import { encodeTextFormat, parseTextFormat } from "./index.ts";
import { MAX_DEPTH } from "./parser.ts";
import { ERROR_CASES } from "./error-cases.ts";
import { corpusRegistry } from "./testing.ts";

/** Offsets of the nth (default: last) occurrence of `at` in `text`; "" means the end. */
function spanOf(text: string, at: string, nth?: number): [number, number] {
  if (at === "") return [text.length, text.length];
  const starts: number[] = [];
  for (let i = text.indexOf(at); i >= 0; i = text.indexOf(at, i + 1)) starts.push(i);
  const from = starts[nth ?? starts.length - 1]!;
  return [from, from + at.length];
}

describe("text format errors carry protoc's words, a stable code and the span of the problem", () => {
  for (const c of ERROR_CASES) {
    it(c.name, () => {
      const registry = corpusRegistry(c.corpus ?? "proto3");
      const type = registry.getMessage(c.type ?? "wl.p3.Scalars")!;
      const { value, diagnostics } = parseTextFormat(c.text, type, registry);
      expect(value).toBeUndefined();
      expect(diagnostics).toHaveLength(1);
      const d = diagnostics[0]!;
      expect(d.severity).toBe("error");
      expect(d.code).toBe(c.code);
      expect(d.message).toBe(c.message);
      expect(d.span.kind).toBe("text");
      if (d.span.kind !== "text") return;
      const [from, to] = spanOf(c.text, c.at, c.nth);
      expect([d.span.start.offset, d.span.end.offset]).toEqual([from, to]);
      const before = c.text.slice(0, from);
      expect(d.span.start.line).toBe(before.split("\n").length);
      expect(d.span.start.column).toBe(from - before.lastIndexOf("\n"));
      // Encoding stops at the same error and writes nothing.
      const encoded = encodeTextFormat(c.text, type, registry);
      expect(encoded.bytes.length).toBe(0);
      expect(encoded.diagnostics).toEqual(diagnostics);
    });
  }

  it("refuses messages nested deeper than MAX_DEPTH, without overflowing the stack", () => {
    const registry = corpusRegistry("proto3");
    const type = registry.getMessage("wl.p3.Shape")!;
    const ok = "child { ".repeat(MAX_DEPTH) + "}".repeat(MAX_DEPTH);
    expect(parseTextFormat(ok, type, registry).diagnostics).toEqual([]);
    const deep = "child { ".repeat(100_000) + "}".repeat(100_000);
    const { value, diagnostics } = parseTextFormat(deep, type, registry);
    expect(value).toBeUndefined();
    expect(diagnostics.map((d) => d.code)).toEqual(["textformat/too-deep"]);
    const span = diagnostics[0]!.span;
    expect(span.kind === "text" && span.start.offset).toBe("child { ".length * MAX_DEPTH + "child ".length);
  });

  it("warns about missing required fields, with protoc's paths, and still encodes", () => {
    const registry = corpusRegistry("proto2");
    const type = registry.getMessage("wl.p2.Record")!;
    const text = 'name: "x" child { } Item { label: "a" } Item { item_id: 2 } Item { } [wl.p2.ext_record] {} children {} children {id: 1}';
    const result = encodeTextFormat(text, type, registry);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ["textformat/missing-required", "warning", // protoc 3.21 prints exactly this list for this text (its line adds a second space).
        "Input message is missing required fields: id, item[0].item_id, item[2].item_id, child.id, children[0].id, (wl.p2.ext_record).id",],
    ]);
    expect(result.bytes.length).toBeGreaterThan(0);
  });

  it("warns about invalid UTF-8 in a proto3 string field, pointing at the value", () => {
    const registry = corpusRegistry("proto3");
    const type = registry.getMessage("wl.p3.Scalars")!;
    const text = 'f_bytes: "\\xff" f_string: "ok\\xff"';
    const result = encodeTextFormat(text, type, registry);
    expect(result.diagnostics).toHaveLength(1);
    const d = result.diagnostics[0]!;
    expect(d.code).toBe("textformat/invalid-utf8");
    expect(d.severity).toBe("warning");
    expect(d.message).toBe(
      "String field 'wl.p3.Scalars.f_string' contains invalid UTF-8 data when serializing a protocol buffer. Use the 'bytes' type if you intend to send raw bytes.",
    );
    expect(d.span.kind === "text" && [d.span.start.offset, d.span.end.offset]).toEqual([26, 34]);
  });
});
