import { describe, expect, it } from "vitest";
import type { LessonProgress } from "./lessonsSlice.ts";
import { mergeProgress, sameProgress, stampChanges } from "./progressMerge.ts";

const empty = (): LessonProgress => ({ completed: {}, attempts: {}, hints: {}, guesses: {}, results: {} });
const failing = { passed: false, checks: [{ name: "bytes", passed: false, message: "no" }] };
const passing = { passed: true, checks: [{ name: "bytes", passed: true, message: "yes" }] };

describe("progress in two tabs", () => {
  it("stamps only the keys a change touched, removals included", () => {
    const before: LessonProgress = { ...empty(), attempts: { "a/x": { "m.protoscope": "1: 1" } }, hints: { "a/y": 1 } };
    const after: LessonProgress = { ...before, attempts: { ...before.attempts, "a/x": { "m.protoscope": "1: 2" } }, hints: {} };
    expect(stampChanges(before, after, 1000).stamps).toEqual({ "a/x": 1000, "a/y": 1000 });
    expect(stampChanges(after, after, 2000)).toBe(after);
  });

  it("carries the stamps of untouched keys through an update that rebuilt the records without them", () => {
    const before = stampChanges(empty(), { ...empty(), hints: { "a/x": 1, "b/y": 1 } }, 100);
    const { stamps: _dropped, ...rebuilt } = { ...before, hints: { "b/y": 1 } };
    expect(stampChanges(before, rebuilt, 200).stamps).toEqual({ "a/x": 200, "b/y": 100 });
  });

  it("keeps what each tab did: one completes an exercise, the other guesses and tries another", () => {
    const base = empty();
    // Tab 1 completes varints/write-bytes at t=10.
    const one = stampChanges(base, { ...base, completed: { "varints/write-bytes": true }, results: { "varints/write-bytes": passing } }, 10);
    // Tab 2, which never saw that, reveals a guess and fails a check at t=20 and t=30.
    let two = stampChanges(base, { ...base, guesses: { "varints/predict-1": { guess: "3", revealed: true } } }, 20);
    two = stampChanges(two, { ...two, results: { "arena/reuse": failing }, attempts: { "arena/reuse": { "s.ops": "alloc:8" } } }, 30);
    const merged = mergeProgress(two, one);
    expect(merged.completed).toEqual({ "varints/write-bytes": true });
    expect(merged.results).toEqual({ "varints/write-bytes": passing, "arena/reuse": failing });
    expect(merged.guesses).toEqual({ "varints/predict-1": { guess: "3", revealed: true } });
    expect(merged.attempts).toEqual({ "arena/reuse": { "s.ops": "alloc:8" } });
    // Merging is symmetric in content, and merging again changes nothing.
    expect(sameProgress(mergeProgress(one, two), merged)).toBe(true);
    expect(sameProgress(mergeProgress(merged, one), merged)).toBe(true);
  });

  it("lets the newer change to one exercise win, a reset included", () => {
    const base: LessonProgress = { ...empty(), completed: { "enum-prefixes/fix": true }, results: { "enum-prefixes/fix": passing } };
    // Tab 1 resets the lesson at t=50; tab 2 still holds the completion from before (no stamp).
    const reset = stampChanges(base, empty(), 50);
    expect(mergeProgress(base, reset).completed).toEqual({});
    // Tab 2 then completes it again at t=60: that is newer than the reset.
    const again = stampChanges(base, { ...base, results: { "enum-prefixes/fix": { ...passing } } }, 60);
    expect(mergeProgress(reset, again).completed).toEqual({ "enum-prefixes/fix": true });
  });

  it("keeps a key only one copy has, also from a save made before stamps existed", () => {
    const old: LessonProgress = { ...empty(), hints: { "varints/read-fields": 2 } };
    const mine = stampChanges(empty(), { ...empty(), hints: { "varints/small-negative": 1 } }, 5);
    expect(mergeProgress(mine, old).hints).toEqual({ "varints/small-negative": 1, "varints/read-fields": 2 });
  });
});
