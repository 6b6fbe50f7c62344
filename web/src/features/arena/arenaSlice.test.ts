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
    // The Go arena script is its own: editing it leaves the bump-pointer trace where it is.
    s.getState().setArenaStep(2);
    s.getState().setGoArenaScript("new p int\nfree\nread p");
    expect(s.getState().arena).toMatchObject({ script: "alloc:8", step: 2, goScript: "new p int\nfree\nread p" });
  });

  it("the panel's view carries every key of its state but the transient playing flag, and applies it back", async () => {
    const { panel } = await import("./panel.ts");
    const { DEFAULT_ARENA_VIEW } = await import("./arenaSlice.ts");
    const s = make();
    s.getState().setArenaView({ script: "alloc:64", goScript: "new q int64\nfree", mode: "listing", source: "script", step: 1, speed: 2 });
    const captured = panel.view!.capture(s.getState() as never) as Record<string, unknown>;
    const { playing: _playing, ...persistent } = DEFAULT_ARENA_VIEW;
    expect(Object.keys(captured).sort()).toEqual(Object.keys(persistent).sort());
    const other = make();
    panel.view!.apply(JSON.parse(JSON.stringify(captured)), other as never);
    expect(other.getState().arena).toEqual({ ...s.getState().arena, playing: false });
  });

  it("takes from a link only what is valid", () => {
    expect(parseArenaView({ script: "reset", goScript: "new p int\nfree", mode: "listing", source: "message", step: 3.7, speed: 0.25, extra: 1 })).toEqual({
      script: "reset",
      goScript: "new p int\nfree",
      mode: "listing",
      source: "message",
      step: 3,
      speed: 0.25,
    });
    expect(parseArenaView({ mode: "fast", step: -1, speed: 3, script: 5, goScript: ["free"] })).toEqual({});
    expect(parseArenaView("nope")).toEqual({});
    expect(parseLayoutView({ type: "log.LogEntry", left: "hybrid", right: "closed", decode: false })).toEqual({ type: "log.LogEntry", left: "hybrid", decode: false });
    expect(parseLayoutView({ type: "a b" })).toEqual({});
  });
});
