import { describe, expect, it } from "vitest";
import { serializeError } from "../../rpc/protocol.ts";
import { createBenchCommands } from "./commands.ts";

describe("bench Worker commands", () => {
  it("describe a suite as plain data, open a case and time it", async () => {
    const commands = createBenchCommands();
    const d = await commands.describe({ suite: "lazy" });
    expect(structuredClone(d).pairs).toEqual([
      ["filter", "eager"],
      ["filter", "lazy"],
      ["read-all", "eager"],
      ["read-all", "lazy"],
    ]);
    const opened = await commands.open({ suite: "lazy", case: "filter", impl: "lazy" });
    expect(opened.objectsPerOp).toBe(6);
    expect(opened.floorNs).toBeGreaterThan(0);
    expect(await commands.sample({ iterations: 10 })).toBeGreaterThanOrEqual(0);
    expect((await commands.timer()).coarse).toBe(false);
  });

  it("errors cross the RPC with their bench/ codes", async () => {
    const commands = createBenchCommands();
    const unknown = await commands.describe({ suite: "nope" }).catch((e: unknown) => serializeError(e));
    expect(unknown).toMatchObject({ code: "bench/unknown-suite", message: expect.stringContaining('unknown benchmark suite "nope"') });
    const notOpen = await commands.sample({ iterations: 1 }).catch((e: unknown) => serializeError(e));
    expect(notOpen).toMatchObject({ code: "bench/not-open" });
    const bad = await commands.open({ suite: "writer", case: "custom", impl: "GrowableWriter", input: { message: Uint8Array.of(0x0b) } }).catch((e: unknown) => serializeError(e));
    expect(bad).toMatchObject({ code: "bench/prepare-failed", message: expect.stringContaining("wire type 3 at byte 0") });
  });
});
