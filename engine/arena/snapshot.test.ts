import { describe, expect, it } from "vitest";
import { annotateBytes } from "../annotate/decode.ts";
import { allocationOps, arenaMarkers, arenaSnapshot, messageAllocations, parseArenaOps, simulateArena } from "./index.ts";

const trace = (ops: string, mode: "design" | "listing" = "design") => simulateArena(parseArenaOps(ops).ops, mode);

describe("arena snapshots", () => {
  it("step 0 is an empty arena; each step applies one event", () => {
    const t = trace("alloc:24,alloc:100,reset,alloc:8");
    expect(arenaSnapshot(t, 0)).toMatchObject({ step: 0, total: t.events.length, chunks: [], blocks: [], registers: { chunk: null, left: 0 } });
    const s2 = arenaSnapshot(t, 2);
    expect(s2.event).toEqual({ op: "alloc", size: 24, chunk: 0, offset: 0, left: 5 });
    expect(s2.registers).toMatchObject({ chunk: 0, offset: 24, left: 5, cap: 8 });
    expect(s2.chunks).toEqual([{ index: 0, words: 8, bytes: 64, current: true }]);
    expect(s2.blocks).toEqual([{ index: 0, chunk: 0, offset: 0, size: 24, live: true, overflow: false }]);
  });

  it("after a reset the old blocks are dangling and the registers are nil", () => {
    const t = trace("alloc:24,alloc:100,reset,alloc:8");
    const afterReset = arenaSnapshot(t, t.events.findIndex((e) => e.op === "reset") + 1);
    expect(afterReset.registers.chunk).toBeNull();
    expect(afterReset.blocks.map((b) => b.live)).toEqual([false, false]);
    const end = arenaSnapshot(t, 99);
    expect(end.step).toBe(t.events.length);
    expect(end.blocks.map((b) => [b.chunk, b.offset, b.live])).toEqual([
      [0, 0, false],
      [1, 0, false],
      [0, 0, true],
    ]);
    expect(end.registers.stats).toEqual(t.stats);
  });

  it("marks the listing's blocks that run past their chunk", () => {
    const t = trace("alloc:8,alloc:64,alloc:128", "listing");
    const end = arenaSnapshot(t, t.events.length);
    expect(end.blocks.filter((b) => b.overflow).map((b) => b.index)).toEqual([2]);
    expect(end.chunks).toHaveLength(1);
  });

  it("puts scrubber markers at growths and resets", () => {
    const t = trace("alloc:24,alloc:100,reset,alloc:8");
    expect(arenaMarkers(t)).toEqual([
      { step: 1, kind: "grow" },
      { step: 3, kind: "grow" },
      { step: 5, kind: "reset" },
      { step: 6, kind: "grow" },
    ]);
  });
});

describe("allocating a decoded message", () => {
  it("allocates the message, each sub-message and each string's contents", () => {
    const bytes = Uint8Array.from([0x0a, 0x03, 0x61, 0x62, 0x63, 0x12, 0x04, 0x08, 0x01, 0x10, 0x02, 0x18, 0x05]);
    const allocs = messageAllocations(annotateBytes(bytes).annotations);
    expect(allocs).toEqual([
      { label: "(message)", bytes: 40 + 3 * 8 },
      { label: "1", bytes: 3 },
      { label: "2", bytes: 40 + 2 * 8 },
    ]);
    expect(allocationOps(allocs).map((o) => (o.kind === "alloc" ? o.bytes : 0))).toEqual([64, 3, 56]);
  });
});
