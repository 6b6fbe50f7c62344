import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../diagnostics.ts";
import { encodeTextFormat } from "./index.ts";
import { corpusCases, corpusRegistry } from "./testing.ts";

// Bad input gets positioned diagnostics, never an exception: random text, and corpus messages
// with random edits (characters deleted, inserted, or swapped for syntax characters).
const cases = corpusCases();
const SYNTAX = [..."{}<>[]:;,.-/\"'\\#\n 0x9eE_f", "\u00e9", "\u0001"];

function checkSpans(text: string, diagnostics: Diagnostic[]): void {
  for (const d of diagnostics) {
    expect(d.code).toMatch(/^textformat\//);
    expect(d.message.length).toBeGreaterThan(0);
    // Positioned, except the one warning about the whole message, which protoc prints without one.
    if (d.code === "textformat/missing-required") expect(d.span.kind).toBe("none");
    else expect(d.span.kind).toBe("text");
    if (d.span.kind !== "text") continue;
    expect(d.span.start.offset).toBeGreaterThanOrEqual(0);
    expect(d.span.end.offset).toBeGreaterThanOrEqual(d.span.start.offset);
    expect(d.span.end.offset).toBeLessThanOrEqual(text.length);
  }
}

const arbEdited = fc
  .tuple(
    fc.constantFrom(...cases),
    fc.array(
      fc.tuple(fc.nat(), fc.oneof(fc.constant(""), fc.constantFrom(...SYNTAX), fc.string({ maxLength: 3 })), fc.nat({ max: 3 })),
      { minLength: 1, maxLength: 4 },
    ),
  )
  .map(([c, edits]) => {
    let text = c.text;
    for (const [at, insert, remove] of edits) {
      const i = at % (text.length + 1);
      text = text.slice(0, i) + insert + text.slice(i + remove);
    }
    return { c, text };
  });

describe("text format on bad input", () => {
  it("answers edited corpus messages with bytes or positioned errors, never an exception", () => {
    let errors = 0;
    fc.assert(
      fc.property(arbEdited, ({ c, text }) => {
        const registry = corpusRegistry(c.corpus);
        const result = encodeTextFormat(text, registry.getMessage(c.type)!, registry);
        checkSpans(text, result.diagnostics);
        const failed = result.diagnostics.some((d) => d.severity === "error");
        if (failed) errors++;
        expect(failed ? result.bytes.length : 0).toBe(0);
      }),
      { numRuns: 300 },
    );
    // The edits really do break messages (and some survive them).
    expect(errors).toBeGreaterThan(50);
  });

  it("answers random text with positioned errors, never an exception", () => {
    const registry = corpusRegistry("proto3");
    const type = registry.getMessage("wl.p3.Shape")!;
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (text) => {
        checkSpans(text, encodeTextFormat(text, type, registry).diagnostics);
      }),
      { numRuns: 200 },
    );
  });
});
