import { describe, expect, it } from "vitest";
import { formatDiagnostic, LineIndex, noSpan, spanFile } from "./diagnostics.ts";
import type { Diagnostic } from "./diagnostics.ts";

const at = (span: Diagnostic["span"]): Diagnostic => ({ code: "protoc/file-not-found", severity: "error", message: "File not found.", span, notes: ["a note"] });

describe("spans", () => {
  it("print as path:line:col, path:@offset, or the file alone when there is no position", () => {
    const lines = new LineIndex("ab\ncd");
    expect(formatDiagnostic("x.txt", at(lines.span(4, 5)))).toBe("x.txt:2:2: File not found.\nx.txt:2:2: a note");
    expect(formatDiagnostic("x.bin", at({ kind: "bytes", start: 7, end: 8 }))).toBe("x.bin:@7: File not found.\nx.bin:@7: a note");
    expect(formatDiagnostic("x.txt", at(noSpan()))).toBe("x.txt: File not found.\nx.txt: a note");
    expect(formatDiagnostic("x.txt", at(noSpan("a/b.proto", lines.span(0, 1))))).toBe("a/b.proto: File not found.\na/b.proto: a note");
  });

  it("name their file when they have one", () => {
    expect(spanFile(noSpan("m.proto"))).toBe("m.proto");
    expect(spanFile(noSpan())).toBeUndefined();
    expect(spanFile({ kind: "bytes", start: 0, end: 1 })).toBeUndefined();
    expect(spanFile(new LineIndex("x").span(0, 1, "f.proto"))).toBe("f.proto");
  });
});
