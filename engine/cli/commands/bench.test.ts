import { describe, expect, it } from "vitest";
import { memoryIO } from "../io.ts";
import { assemble } from "../../protoscope/index.ts";
import { run } from "./bench.ts";

type Doc = {
  suites: {
    suite: string;
    timerResolutionNs: number;
    timer: { resolutionNs: number; coarse: boolean };
    results: Record<string, unknown>[];
    claim?: { text: string; source: { author: string }; figures: unknown[]; measured: { case: string; value: number }[] };
  }[];
};

describe("wirelab bench", () => {
  it("--list names the writer suite's cases, implementations and claim", async () => {
    const io = memoryIO();
    expect(await run(["writer", "--list"], io)).toBe(0);
    expect(io.out).toContain("cases: tiny-user, scalars, repeated, nested, map, large");
    expect(io.out).toContain("impls: GrowableWriter, ChunkWriter, @bufbuild/protobuf, @bufbuild/protobuf@2.13.0, protobufjs");
    expect(io.out).toContain("claim: bufbuild/protobuf-es pull request #1108");
  });

  it("--json prints the documented shape, measured in worker threads, with the claim beside our figure", async () => {
    const io = memoryIO();
    const args = ["writer", "--quick", "--json", "--case", "nested", "--impl", "@bufbuild/protobuf@2.13.0", "--impl", "@bufbuild/protobuf"];
    expect(await run(args, io)).toBe(0);
    const doc = JSON.parse(io.out) as Doc;
    expect(doc.suites).toHaveLength(1);
    const suite = doc.suites[0]!;
    expect(suite.suite).toBe("writer");
    expect(suite.timer.resolutionNs).toBe(suite.timerResolutionNs);
    expect(suite.results.map((r) => [r.case, r.impl])).toEqual([
      ["nested", "@bufbuild/protobuf"],
      ["nested", "@bufbuild/protobuf@2.13.0"],
    ]);
    for (const r of suite.results) {
      expect(r).toMatchObject({ hz: expect.any(Number), rme: expect.any(Number), samples: expect.any(Number), medianNs: expect.any(Number), bytes: expect.any(Number) });
      expect(r.samples as number).toBeGreaterThanOrEqual(5);
      expect(r.hz as number).toBeGreaterThan(0);
    }
    const [after, before] = suite.results;
    expect(suite.claim!.source.author).toContain("jlucaso1");
    expect(suite.claim!.measured).toEqual([expect.objectContaining({ case: "nested", value: (after!.hz as number) / (before!.hz as number) })]);
  });

  it("--json carries objectsPerOp and the claim's figures for the lazy suite", async () => {
    const io = memoryIO();
    expect(await run(["lazy", "--quick", "--json", "--case", "filter"], io)).toBe(0);
    const suite = (JSON.parse(io.out) as Doc).suites[0]!;
    const [eager, lazy] = suite.results;
    expect([eager!.impl, lazy!.impl]).toEqual(["eager", "lazy"]);
    expect(lazy!.objectsPerOp).toBe(6);
    expect(eager!.objectsPerOp as number).toBeGreaterThan(100);
    const kinds = suite.claim!.measured.map((m) => (m as unknown as { kind: string }).kind);
    expect(kinds).toEqual(["time-saved", "objects-saved"]);
    expect(suite.claim!.measured[1]!.value).toBeCloseTo((1 - 6 / (eager!.objectsPerOp as number)) * 100, 6);
  });

  it("--list lists every suite the issue names", async () => {
    const io = memoryIO();
    expect(await run(["--list"], io)).toBe(0);
    for (const name of ["writer", "varint", "packed", "compress", "lazy", "reflect", "pool"]) expect(io.out).toMatch(new RegExp(`^${name}: `, "m"));
  });

  it("--message adds the lesson's message as the case custom", async () => {
    const message = assemble(`1: {"Ada"} 2: { 1: 150 }`, { annotations: false }).bytes;
    const io = memoryIO({ "m.bin": message });
    expect(await run(["writer", "--quick", "--json", "--message", "m.bin", "--case", "custom", "--impl", "GrowableWriter"], io)).toBe(0);
    const doc = JSON.parse(io.out) as Doc;
    expect(doc.suites[0]!.results).toEqual([expect.objectContaining({ case: "custom", impl: "GrowableWriter", bytes: message.length })]);
  });

  it("rejects an unknown suite or case with exit status 2", async () => {
    const io = memoryIO();
    expect(await run(["nope"], io)).toBe(2);
    expect(io.err).toContain('unknown suite "nope"');
    const io2 = memoryIO();
    expect(await run(["writer", "--quick", "--case", "custom"], io2)).toBe(2);
    expect(io2.err).toContain('suite "writer" has no case "custom"');
  });
});
