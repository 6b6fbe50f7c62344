import { describe, expect, it } from "vitest";
import { assemble } from "../../protoscope/index.ts";
import { runSuite } from "../harness.ts";
import { inProcessPlatform } from "../isolate.ts";
import { CUSTOM_CASE, writerImpls, writerSuite } from "./writer.ts";

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

  it("states its source's claim with the pull request's figures", () => {
    const nested = writerSuite.claim!.figures.find((f) => f.cases?.includes("nested"))!;
    expect(nested.value).toBeCloseTo(1.85, 2);
    expect(writerSuite.claim!.source.title).toContain("#1108");
  });
});
