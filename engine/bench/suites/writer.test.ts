import { describe, expect, it } from "vitest";
import { assemble } from "../../protoscope/index.ts";
import { runSuite } from "../harness.ts";
import { inProcessPlatform } from "../isolate.ts";
import { CUSTOM_CASE, writerImpls, writerReusedSuite, writerSuite } from "./writer.ts";

const message = assemble(`1: {"Ada"} 2: {"Lovelace"} 3: 1 4: 18446744073709551615 5: 3i64 6: 7i32
  7: { 1: 150 2: { 1: {"deep"} } } 8: {1 2 3} 9: {} 10: {"\\xff\\xfe"}`, { annotations: false }).bytes;

describe("writer suite", () => {
  it("replays a lesson's message through every writer, giving back its bytes", async () => {
    for (const impl of writerImpls) {
      const prepared = await writerSuite.prepare(CUSTOM_CASE, impl, { message });
      expect(new Uint8Array(prepared.output() as Uint8Array), impl).toEqual(message);
      expect(prepared.bytes).toBe(message.length);
    }
  });

  it("adds the custom case to a run only when a message is given", async () => {
    const platform = inProcessPlatform();
    const plan = { sampleMs: 1, warmupMs: 0, minSamples: 2, maxSamples: 2, budgetMs: 0 };
    const impls = ["GrowableWriter", "protobufjs"];
    const withMessage = await runSuite(writerSuite, platform, { plan, impls, cases: [CUSTOM_CASE], input: { message } });
    expect(withMessage.results.map((r) => [r.case, r.impl])).toEqual([
      [CUSTOM_CASE, "GrowableWriter"],
      [CUSTOM_CASE, "protobufjs"],
    ]);
    await expect(runSuite(writerSuite, platform, { plan, impls, cases: [CUSTOM_CASE] })).rejects.toThrow('has no case "custom"');
  });

  it("refuses bytes that are not a message, saying where", async () => {
    await expect(Promise.resolve().then(() => writerSuite.prepare(CUSTOM_CASE, "GrowableWriter", { message: Uint8Array.of(0x0b) }))).rejects.toThrow(
      "wire type 3 at byte 0",
    );
  });

  it("refuses a message pbf cannot write exactly rather than timing other bytes", async () => {
    const big = assemble("1: 1152921504606846977", { annotations: false }).bytes; // 2^60 + 1: no double holds it
    await expect(Promise.resolve().then(() => writerSuite.prepare(CUSTOM_CASE, "pbf", { message: big }))).rejects.toThrow(
      "pbf cannot write 1152921504606846977",
    );
    const prepared = await writerSuite.prepare(CUSTOM_CASE, "GrowableWriter", { message: big });
    expect(new Uint8Array(prepared.output() as Uint8Array)).toEqual(big);
  });

  it("makes every writer per message in writer and keeps one in writer-reused", async () => {
    // GrowableWriter's results from one reused instance continue one buffer; made per message,
    // each small result still comes from the shared slab, but never the same view twice.
    const reused = await writerReusedSuite.prepare("tiny-user", "GrowableWriter");
    const a = reused.run() as Uint8Array;
    const b = reused.run() as Uint8Array;
    expect(b.byteOffset).toBe(a.byteOffset + a.length);
    for (const impl of writerImpls) {
      const fresh = await writerSuite.prepare("tiny-user", impl);
      const x = fresh.run() as Uint8Array;
      const y = fresh.run() as Uint8Array;
      expect(x === y || (x.buffer === y.buffer && x.byteOffset === y.byteOffset), impl).toBe(false);
      expect(new Uint8Array(x), impl).toEqual(new Uint8Array(fresh.output() as Uint8Array));
    }
  });

  it("states its source's claim with the pull request's figures", () => {
    const nested = writerSuite.claim!.figures.find((f) => f.cases?.includes("nested"))!;
    expect(nested.value).toBeCloseTo(1.85, 2);
    expect(writerSuite.claim!.source.title).toContain("#1108");
  });
});
