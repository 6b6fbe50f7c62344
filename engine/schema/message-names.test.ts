import { describe, expect, it } from "vitest";
import { compile } from "./index.ts";
import { closestName, declaredMessageTypes } from "./message-names.ts";

describe("declaredMessageTypes", () => {
  it("lists every message, nested ones too, without map entries", () => {
    const { files, diagnostics } = compile({
      "a.proto": `syntax = "proto3";\npackage p;\nmessage Outer { message Inner {} map<string, Inner> m = 1; }\nmessage Other {}\n`,
    });
    expect(diagnostics).toEqual([]);
    expect(declaredMessageTypes(files)).toEqual(["p.Other", "p.Outer", "p.Outer.Inner"]);
  });

  it("still lists them while the schema has a syntax error (no registry then)", () => {
    const result = compile({
      "a.proto": `syntax = "proto3";\npackage p;\nmessage Point { int32 x = 1 int32 y = 2; }\nmessage Line { Point a = 1; }\n`,
    });
    expect(result.diagnostics.some((d) => d.severity === "error")).toBe(true);
    expect(result.registry).toBeUndefined();
    expect(declaredMessageTypes(result.files)).toEqual(["p.Line", "p.Point"]);
  });
});

describe("closestName", () => {
  const names = ["shop.Order", "shop.OrderLine", "shop.Customer", "geo.Point"];
  it.each([
    ["shop.Ordr", "shop.Order"],
    ["shop.Orders", "shop.Order"],
    ["shop.OrderLines", "shop.OrderLine"],
    ["shop.Point", "geo.Point"],
    ["shop.Customers", "shop.Customer"],
    ["Custmer", "shop.Customer"],
  ])("%s -> %s", (wanted, closest) => {
    expect(closestName(wanted, names)).toBe(closest);
  });

  it("nothing to offer when the name is there or there are no names", () => {
    expect(closestName("shop.Order", names)).toBeUndefined();
    expect(closestName("shop.Order", [])).toBeUndefined();
  });
});
