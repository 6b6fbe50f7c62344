import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { workspaceLayouts } from "./index.ts";

const editions = readFileSync(join(import.meta.dirname, "testdata/corpus/editions.proto"), "utf8");

describe("workspaceLayouts", () => {
  it("lays out a chosen type under the three levels, with the allocations of decoding bytes", () => {
    const bytes = Uint8Array.from([0x0a, 0x02, 0x68, 0x69, 0x10, 0x05]);
    const r = workspaceLayouts({ "log.proto": editions }, "wl.led.LogEntry", bytes);
    expect(r.diagnostics).toEqual([]);
    expect(r.types).toEqual(["wl.led.LogEntry", "wl.led.Shape", "wl.led.Shape.Point", "wl.led.Features", "wl.led.Features.Inner"]);
    expect(r.levels.map((l) => [l.layout.api, l.layout.size, l.allocs?.total])).toEqual([
      ["open", 96, 4],
      ["hybrid", 96, 4],
      ["opaque", 104, 3],
    ]);
  });

  it("picks the first type when none is given, and reports bytes it cannot decode", () => {
    const r = workspaceLayouts({ "log.proto": editions }, undefined, Uint8Array.of(0x0a, 0x09));
    expect(r.type).toBe("wl.led.LogEntry");
    expect(r.diagnostics.map((d) => [d.code, d.span])).toEqual([["layout/undecodable", { kind: "bytes", start: 1, end: 1 }]]);
  });

  it("returns schema errors instead of layouts", () => {
    const r = workspaceLayouts({ "bad.proto": 'syntax = "proto3"; message M { int32 x = 1 }' }, "M");
    expect(r.levels).toEqual([]);
    expect(r.diagnostics.length).toBeGreaterThan(0);
  });
});
