import { describe, expect, it } from "vitest";
import { PROGRESS_FORMAT, parseProgress } from "./lessonsSlice.ts";

describe("lesson progress from storage or a file", () => {
  it("keeps well-formed parts and drops the rest", () => {
    expect(
      parseProgress({
        format: PROGRESS_FORMAT,
        completed: { "varints/write-bytes": true, "varints/small-negative": "yes" },
        attempts: { "varints/write-bytes": { "message.protoscope": "1: 150", bad: 7 }, junk: 3 },
        hints: { "varints/write-bytes": 2, "x/y": -1, "a/b": 1.5 },
      }),
    ).toEqual({
      completed: { "varints/write-bytes": true },
      attempts: { "varints/write-bytes": { "message.protoscope": "1: 150" } },
      hints: { "varints/write-bytes": 2 },
    });
  });

  it("refuses anything that is not this format", () => {
    expect(parseProgress({ completed: {} })).toBeUndefined();
    expect(parseProgress(null)).toBeUndefined();
    expect(parseProgress("wirelab-lesson-progress/1")).toBeUndefined();
  });
});
