// The recovering mode (the IDE's): after an error the assembler keeps going. The bytes are those
// of the text without the bad token, every error is reported at its token, an `error` node marks
// where it was, and the tree still covers every byte with source ranges into the text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Annotation, type AnnotationList, walkAnnotations } from "../annotate/types.ts";
import { assemble, MAX_RECOVERED_ERRORS } from "./assembler.ts";
import { AssembleErrorCode as E } from "./errors.ts";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const strict = (text: string) => {
  const r = assemble(text);
  expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return hex(r.bytes);
};

/** Leaves in order cover the bytes exactly; every node's source lies in the text. */
function expectLinked(text: string, bytes: Uint8Array, roots: AnnotationList): Annotation[] {
  const errors: Annotation[] = [];
  let at = 0;
  walkAnnotations(roots, (node) => {
    expect(node.source!.from).toBeGreaterThanOrEqual(0);
    expect(node.source!.to).toBeLessThanOrEqual(text.length);
    if (node.kind === "error") errors.push(node);
    if (!node.children || node.children.length === 0) {
      if (node.kind === "message") return;
      expect(node.bytes[0], `${node.kind} at ${node.bytes}`).toBe(at);
      at = node.bytes[1];
    }
  });
  expect(at).toBe(bytes.length);
  return errors;
}

function recover(text: string) {
  const result = assemble(text, { recover: true });
  const errorNodes = expectLinked(text, result.bytes, result.annotations);
  return { ...result, errorNodes, errors: result.diagnostics.filter((d) => d.severity === "error") };
}

describe("assemble(text, { recover: true })", () => {
  it("keeps the bytes around a bad token and marks where it was", () => {
    const text = "1: 150\n2: {3: oops 4: 5}\n6: 7";
    const r = recover(text);
    expect(r.errors.map((d) => d.code)).toEqual([E.unknownSymbol]);
    expect(r.errors[0]!.span).toMatchObject({ kind: "text", start: { offset: text.indexOf("oops"), line: 2 }, end: { offset: text.indexOf("oops") + 4 } });
    // The bytes of the text without the bad token (the pending 3: becomes a lone tag).
    expect(hex(r.bytes)).toBe(strict("1: 150\n2: {3: 4: 5}\n6: 7"));
    expect(r.errorNodes).toHaveLength(1);
    const [node] = r.errorNodes;
    expect(node!.value).toBe(r.errors[0]!.message);
    expect(text.slice(node!.source!.from, node!.source!.to)).toBe("oops");
    // Zero bytes, inside field 2's payload.
    expect(node!.bytes[0]).toBe(node!.bytes[1]);
    const field2 = r.annotations.at(1)!;
    // The tag 3: was still waiting for its value when the error came, so it is written after.
    expect([...field2.children!].map((c) => c.kind)).toEqual(["tag", "length", "error", "tag", "varint"]);
    expect(field2.children!.at(2)).toBe(node);
    expect(node!.bytes[0]).toBe(field2.children!.at(3)!.bytes[0]);
    // The strict assembler (the CLI's) still stops with nothing.
    const plain = assemble(text);
    expect(plain.bytes.length).toBe(0);
    expect(plain.diagnostics.map((d) => d.code)).toEqual([E.unknownSymbol]);
  });

  it("closes braces left open at the end, length prefixes over what they hold", () => {
    const r = recover("1: {2: 3\n4: {5: 6");
    expect(r.errors.map((d) => d.code)).toEqual([E.unclosedBrace]);
    expect(r.errors[0]!.message).toContain("2 braces are open");
    expect(hex(r.bytes)).toBe(strict("1: {2: 3\n4: {5: 6}}"));
    expect(r.annotations.at(0)!.kind).toBe("message");
  });

  it("ends an open group without inventing its end tag", () => {
    const r = recover("1: !{2: 3");
    expect(r.errors.map((d) => d.code)).toEqual([E.unclosedBrace]);
    expect(hex(r.bytes)).toBe("0b1003");
  });

  it("skips a stray }, a misplaced long-form, a bad escape, a bad hex literal", () => {
    const r = recover('1: 2 } 3: 4 long-form:1 "x" 5: "a\\qb" 6: `zz` 7: 8');
    expect(r.errors.map((d) => d.code)).toEqual([E.unmatchedClose, E.longFormMisplaced, E.badEscape, E.badHex]);
    expect(hex(r.bytes)).toBe(strict("1: 2 3: 4 5: 6: 7: 8"));
    expect(r.errorNodes.map((n) => n.source!.from)).toEqual(r.errors.map((d) => (d.span.kind === "text" ? d.span.start.offset : -1)));
  });

  it("an unterminated string runs to the end; the open brace is closed there", () => {
    const r = recover('1: 5 2: {"abc');
    expect(r.errors.map((d) => d.code)).toEqual([E.unterminatedString, E.unclosedBrace]);
    expect(hex(r.bytes)).toBe(strict("1: 5 2: {}"));
  });

  it("stops reading after MAX_RECOVERED_ERRORS errors, keeping what came before", () => {
    const r = recover("1: 2 " + "x ".repeat(MAX_RECOVERED_ERRORS + 50) + "3: 4");
    expect(r.errors).toHaveLength(MAX_RECOVERED_ERRORS + 1);
    expect(r.errors.at(-1)!.code).toBe(E.tooManyErrors);
    expect(hex(r.bytes)).toBe("0802");
  });

  it("without errors it is the strict assembler, bytes and tree", () => {
    const text = '1: 150 2: {3: "abc" 4: !{5: 1.5}} 6: -2z';
    const a = assemble(text);
    const b = assemble(text, { recover: true });
    expect(hex(b.bytes)).toBe(hex(a.bytes));
    expect(b.diagnostics).toEqual(a.diagnostics);
    expect(JSON.stringify(b.annotations)).toBe(JSON.stringify(a.annotations));
  });

  it("a bad token anywhere: the bytes of the text without it (random programs)", () => {
    const good = ["1: 5", "2: {3: 4}", "1: {}", "4: !{5: 6}", '6: {"x"}', "7: 1.5", "8: -3z", "9: `00ff`", "{", "}", "10:"];
    const bad = ["oops", "1e5", "`zz`", '"\\q"', ":5", "!", "+5", "1i32:"];
    const program = fc
      .tuple(fc.array(fc.constantFrom(...good), { maxLength: 12 }), fc.nat(), fc.constantFrom(...bad))
      .filter(([tokens]) => assemble(tokens.join(" ")).diagnostics.length === 0);
    fc.assert(
      fc.property(program, ([tokens, where, badToken]) => {
        const at = where % (tokens.length + 1);
        const text = [...tokens.slice(0, at), badToken, ...tokens.slice(at)].join(" ");
        const r = recover(text);
        expect(r.errors).toHaveLength(1);
        expect(r.errorNodes).toHaveLength(1);
        const span = r.errors[0]!.span;
        if (span.kind !== "text") throw new Error("expected a text span");
        // The error is inside the bad token (a lone "!" points at itself).
        const tokenStart = [...tokens.slice(0, at)].join(" ").length + (at > 0 ? 1 : 0);
        expect(span.start.offset).toBeGreaterThanOrEqual(tokenStart);
        expect(span.end.offset).toBeLessThanOrEqual(tokenStart + badToken.length);
        const without = [...tokens.slice(0, at), ...tokens.slice(at)].join(" ");
        expect(hex(r.bytes)).toBe(hex(assemble(without).bytes));
      }),
      { numRuns: 300 },
    );
  });
});
