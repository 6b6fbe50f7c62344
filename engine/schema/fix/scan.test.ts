import { describe, expect, it } from "vitest";
import { scanProto } from "./scan.ts";

describe("scanProto", () => {
  it("names nested declarations by their full scope", () => {
    const r = scanProto("package a.b;\nmessage Outer { message Inner { enum Color { RED = 0; } } }\nenum Top { X = 0; }\n");
    expect(r.declarations.map((d) => [d.scope, d.name])).toEqual([
      ["a.b", "Outer"],
      ["a.b.Outer", "Inner"],
      ["a.b.Outer.Inner", "Color"],
      ["a.b", "Top"],
    ]);
  });

  it("scans 100 000 nested messages without rebuilding the scope at every level", () => {
    // Finding the scope used to walk every enclosing frame: quadratic, minutes at this depth.
    const n = 100_000;
    const r = scanProto("package deep;\n" + "message M {\n".repeat(n) + "}\n".repeat(n));
    expect(r.declarations).toHaveLength(n);
    expect(r.declarations[n - 1]!.scope.split(".")).toHaveLength(n);
  });
});
