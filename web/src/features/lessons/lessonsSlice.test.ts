import { describe, expect, it } from "vitest";
import { createStore } from "zustand/vanilla";
import { createAppState } from "../../store/appState.ts";
import type { AppState } from "../../store/types.ts";
import { attemptDigest, PROGRESS_FORMAT, parseProgress } from "./lessonsSlice.ts";

describe("lesson progress from storage or a file", () => {
  it("keeps well-formed parts and drops the rest", () => {
    expect(
      parseProgress({
        format: PROGRESS_FORMAT,
        completed: { "varints/write-bytes": true, "varints/small-negative": "yes" },
        attempts: { "varints/write-bytes": { "message.protoscope": "1: 150", bad: 7 }, junk: 3 },
        hints: { "varints/write-bytes": 2, "x/y": -1, "a/b": 1.5 },
        guesses: { "varints/predict-1": { guess: "2 bytes", revealed: true }, "varints/predict-2": { guess: 2, revealed: true }, "x/predict-1": "no" },
        results: {
          "varints/write-bytes": { passed: false, checks: [{ name: "assembles", passed: true, message: "ok" }, { name: "bytes", passed: false, message: "field 2 reads Testing" }], of: "0badf00d" },
          "length-delimited/nested": { passed: true, checks: [], of: "<script>" },
          "varints/small-negative": { passed: true, checks: [{ name: "x", passed: "yes", message: "" }] },
          "a/b": { passed: true },
        },
      }),
    ).toEqual({
      completed: { "varints/write-bytes": true },
      attempts: { "varints/write-bytes": { "message.protoscope": "1: 150" } },
      hints: { "varints/write-bytes": 2 },
      guesses: { "varints/predict-1": { guess: "2 bytes", revealed: true } },
      results: {
        "varints/write-bytes": { passed: false, checks: [{ name: "assembles", passed: true, message: "ok" }, { name: "bytes", passed: false, message: "field 2 reads Testing" }], of: "0badf00d" },
        "length-delimited/nested": { passed: true, checks: [] },
      },
    });
  });

  it("refuses anything that is not this format", () => {
    expect(parseProgress({ completed: {} })).toBeUndefined();
    expect(parseProgress(null)).toBeUndefined();
    expect(parseProgress("wirelab-lesson-progress/1")).toBeUndefined();
  });
});

describe("lesson state in the store", () => {
  it("keeps guesses and check results with the progress: exported, imported, reset per lesson", () => {
    const store = createStore<AppState>()(createAppState);
    const s = () => store.getState();
    s().setGuess("arena/predict-1", "8 and 16");
    s().revealGuess("arena/predict-1");
    s().recordCheck("arena/predict-growth", { passed: false, checks: [{ name: "sizes", passed: false, message: "the third chunk is 32 words, not 24" }] });
    expect(s().progress.completed["arena/predict-growth"]).toBeUndefined();
    s().recordCheck("varints/write-bytes", { passed: true, checks: [{ name: "bytes", passed: true, message: "the bytes match" }] });
    expect(s().progress.completed["varints/write-bytes"]).toBe(true);

    // What a reload reads back (the export is the same text storage holds).
    const saved = s().exportProgress();
    const fresh = createStore<AppState>()(createAppState);
    expect(fresh.getState().importProgress(saved)).toBeUndefined();
    expect(fresh.getState().progress.guesses).toEqual({ "arena/predict-1": { guess: "8 and 16", revealed: true } });
    expect(fresh.getState().progress.results["arena/predict-growth"]).toEqual({ passed: false, checks: [{ name: "sizes", passed: false, message: "the third chunk is 32 words, not 24" }] });

    // Reset clears one exercise's result; resetting a lesson clears its guesses and results only.
    s().resetAttempt("varints/write-bytes");
    expect(s().progress.results["varints/write-bytes"]).toBeUndefined();
    s().resetLesson("arena");
    expect(s().progress.guesses).toEqual({});
    expect(s().progress.results).toEqual({});
    expect(s().progress.completed).toEqual({ "varints/write-bytes": true });
  });
});

describe("an attempt's digest", () => {
  it("is the same for the same files in any order, and differs when one character does", () => {
    expect(attemptDigest({ "a.proto": "x", "b.txt": "y" })).toBe(attemptDigest({ "b.txt": "y", "a.proto": "x" }));
    expect(attemptDigest({ "a.proto": "x" })).not.toBe(attemptDigest({ "a.proto": "y" }));
    expect(attemptDigest({ "a.proto": "x" })).toMatch(/^[0-9a-f]{8}$/);
  });
});
