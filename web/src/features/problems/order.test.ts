import { describe, expect, it } from "vitest";
import type { DiagnosticCode } from "../../../../engine/diagnostics.ts";
import { sortProblems, problemFile, type Problem } from "./order.ts";

describe("sortProblems", () => {
  it("lists a file's problems top to bottom, files in tab order, file-level ones first", () => {
    // Codes here are only labels to tell the problems apart.
    const d = (line: number, column: number, code: string, file?: string): Problem["d"] => ({
      severity: "warning",
      code: code as DiagnosticCode,
      message: code,
      span: { kind: "text", ...(file ? { file } : {}), start: { line, column, offset: 0 }, end: { line, column: column + 1, offset: 0 } },
    });
    const problems: Problem[] = [
      { file: "b.proto", d: d(9, 1, "B9") },
      { file: "a.proto", d: d(12, 3, "A12") },
      { file: "a.proto", d: d(2, 8, "A2c8") },
      { file: "a.proto", d: { severity: "error", code: "WHOLE", message: "whole file", span: { kind: "none" } } },
      { file: "a.proto", d: d(2, 1, "A2c1") },
      { file: "a.proto", d: d(1, 1, "B1", "b.proto") },
    ];
    const sorted = sortProblems(problems, ["a.proto", "b.proto"]);
    expect(sorted.map((p) => [problemFile(p), p.d.code])).toEqual([
      ["a.proto", "WHOLE"],
      ["a.proto", "A2c1"],
      ["a.proto", "A2c8"],
      ["a.proto", "A12"],
      ["b.proto", "B1"],
      ["b.proto", "B9"],
    ]);
  });
});
