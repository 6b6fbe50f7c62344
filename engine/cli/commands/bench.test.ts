import { describe, expect, it } from "vitest";
import { memoryIO } from "../io.ts";
import { run } from "./bench.ts";

describe("wirelab bench", () => {
  it("--list names the writer suite's cases and implementations", async () => {
    const io = memoryIO();
    expect(await run(["writer", "--list"], io)).toBe(0);
    expect(io.out).toContain("cases: tiny-user, scalars, repeated, nested, map, large");
    expect(io.out).toContain("impls: GrowableWriter, ChunkWriter, @bufbuild/protobuf, @bufbuild/protobuf@2.13.0, protobufjs");
  });

  it("--json prints the documented shape, measured in worker threads", async () => {
    const io = memoryIO();
    expect(await run(["writer", "--quick", "--json", "--case", "tiny-user", "--impl", "GrowableWriter", "--impl", "@bufbuild/protobuf"], io)).toBe(0);
    const doc = JSON.parse(io.out) as { suites: { suite: string; results: Record<string, unknown>[] }[] };
    expect(doc.suites).toHaveLength(1);
    expect(doc.suites[0]!.suite).toBe("writer");
    const results = doc.suites[0]!.results;
    expect(results.map((r) => [r.case, r.impl])).toEqual([
      ["tiny-user", "GrowableWriter"],
      ["tiny-user", "@bufbuild/protobuf"],
    ]);
    for (const r of results) {
      expect(r).toMatchObject({ hz: expect.any(Number), rme: expect.any(Number), samples: 5, medianNs: expect.any(Number) });
      expect(r.hz as number).toBeGreaterThan(0);
    }
  });

  it("rejects an unknown suite with exit status 2", async () => {
    const io = memoryIO();
    expect(await run(["nope"], io)).toBe(2);
    expect(io.err).toContain('unknown suite "nope"');
  });
});
