import { describe, expect, it } from "vitest";
import { lineDiff } from "./diff.ts";

describe("lineDiff", () => {
  it("keeps common lines and marks what only the attempt or only the solution has", () => {
    expect(lineDiff("1: 150\n2: {\"Testing\"}\n", "1: 150\n2: {\"testing\"}\n")).toEqual([
      { kind: "same", text: "1: 150" },
      { kind: "attempt", text: '2: {"Testing"}' },
      { kind: "solution", text: '2: {"testing"}' },
    ]);
    expect(lineDiff("a\nb\nc", "a\nc\nd")).toEqual([
      { kind: "same", text: "a" },
      { kind: "attempt", text: "b" },
      { kind: "same", text: "c" },
      { kind: "solution", text: "d" },
    ]);
  });
});
