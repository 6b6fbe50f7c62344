import { describe, expect, it } from "vitest";
import { failingChecks } from "./InstructorView.tsx";
import type { LessonProgress } from "./lessonsSlice.ts";

const progress = (results: LessonProgress["results"], completed: LessonProgress["completed"] = {}): LessonProgress => ({ completed, attempts: {}, hints: {}, guesses: {}, results });
const failed = (...names: string[]) => ({ passed: false, checks: names.map((name) => ({ name, passed: false, message: `${name} failed` })) });

describe("failingChecks", () => {
  it("counts each failing check over learners, most common first, and skips exercises since completed", () => {
    const rows = failingChecks([
      { name: "ana", progress: progress({ "varints/a": failed("size", "tag"), "arena/b": failed("grow") }) },
      { name: "bo", progress: progress({ "varints/a": failed("size") }) },
      { name: "cy", progress: progress({ "varints/a": failed("size") }, { "varints/a": true }) },
    ]);
    expect(rows).toEqual([
      { key: "varints/a", check: "size", count: 2, example: "size failed" },
      { key: "arena/b", check: "grow", count: 1, example: "grow failed" },
      { key: "varints/a", check: "tag", count: 1, example: "tag failed" },
    ]);
  });
  it("ignores passing checks inside a failing result", () => {
    const result = { passed: false, checks: [{ name: "ok", passed: true, message: "fine" }, { name: "bad", passed: false, message: "no" }] };
    expect(failingChecks([{ name: "d", progress: progress({ "x/y": result }) }])).toEqual([{ key: "x/y", check: "bad", count: 1, example: "no" }]);
  });
});
