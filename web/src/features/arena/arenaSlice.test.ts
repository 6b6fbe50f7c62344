import { describe, expect, it } from "vitest";
import { createStore } from "zustand/vanilla";
import { createArenaSlice, parseArenaView, type ArenaSlice } from "./arenaSlice.ts";
import { parseLayoutView } from "../layout/layoutSlice.ts";

describe("the arena slice", () => {
  const make = () => createStore<ArenaSlice>()((...a) => createArenaSlice(...(a as Parameters<typeof createArenaSlice>)));

  it("starts a new trace from step 0, and keeps speeds to 0.25x..4x", () => {
    const s = make();
    s.getState().setArenaStep(7);
    s.getState().setArenaPlaying(true);
    s.getState().setArenaScript("alloc:8");
    expect(s.getState().arena).toMatchObject({ script: "alloc:8", step: 0, playing: false });
    s.getState().setArenaSpeed(4);
    expect(s.getState().arena.speed).toBe(4);
    s.getState().setArenaSpeed(3);
    expect(s.getState().arena.speed).toBe(1);
  });

  it("takes from a link only what is valid", () => {
    expect(parseArenaView({ script: "reset", mode: "listing", source: "message", step: 3.7, speed: 0.25, extra: 1 })).toEqual({ script: "reset", mode: "listing", source: "message", step: 3, speed: 0.25 });
    expect(parseArenaView({ mode: "fast", step: -1, speed: 3, script: 5 })).toEqual({});
    expect(parseArenaView("nope")).toEqual({});
    expect(parseLayoutView({ type: "log.LogEntry", left: "hybrid", right: "closed", decode: false })).toEqual({ type: "log.LogEntry", left: "hybrid", decode: false });
    expect(parseLayoutView({ type: "a b" })).toEqual({});
  });
});
