import { describe, expect, it } from "vitest";
import { WordsArena } from "../../arena/index.ts";
import { arenaSuite } from "./arena.ts";
import { binarytreesSuite } from "./binarytrees.ts";

describe("arena suite", () => {
  for (const c of arenaSuite.cases) {
    it(`${c}: every implementation fills and reads back the same records`, async () => {
      const outputs = await Promise.all(arenaSuite.impls.map(async (i) => (await arenaSuite.prepare(c, i)).output()));
      expect(new Set(outputs).size).toBe(1);
      const p = await arenaSuite.prepare(c, "arena-reset");
      expect(p.bytes).toBeGreaterThanOrEqual(80_000);
      expect(p.objectsPerOp).toBe(0);
    });
  }

  it("WordsArena grows by the post's rule and reuses its chunks after reset", () => {
    const a = new WordsArena();
    a.alloc(1);
    a.alloc(8); // 7 words left: a 16-word chunk (nextPow2(8) = 16)
    expect(a.words.length).toBe(16);
    a.alloc(512); // a 1024-word chunk: nextPow2 is strictly greater
    expect(a.words.length).toBe(1024);
    expect(a.chunksObtained).toBe(3);
    a.reset();
    a.alloc(1);
    a.alloc(8);
    expect(a.chunksObtained).toBe(3);
  });
});

describe("binarytrees suite", () => {
  it("prints the benchmark's lines for depth 10 with both implementations", async () => {
    const expected = [
      "stretch tree of depth 11\t check: 4095",
      "1024\t trees of depth 4\t check: 31744",
      "256\t trees of depth 6\t check: 32512",
      "64\t trees of depth 8\t check: 32704",
      "16\t trees of depth 10\t check: 32752",
      "long lived tree of depth 10\t check: 2047",
    ].join("\n");
    for (const impl of binarytreesSuite.impls) expect((await binarytreesSuite.prepare("depth-10", impl)).output()).toBe(expected);
  });
});
