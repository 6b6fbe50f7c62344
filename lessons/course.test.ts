/**
 * The course as content: every lesson loads without a problem from the content linter, every
 * start fails at least one check and every solution passes them all, and for every exercise the
 * right answers written differently (answers.ts beside each lesson) pass while each near miss
 * fails exactly the checks it should, with the message that explains it. The course's shape is
 * checked too: every lesson has at least three exercises of at least two kinds, the course at
 * least ten `read` exercises, and every lesson's benchmark names a prediction its suite can
 * answer.
 */
import { describe, expect, it } from "vitest";
import { readCourse, readCourseInput } from "../engine/cli/course.ts";
import { compileSchema } from "../engine/workspace/schema.ts";
import { gradeExercise, predictBlocks } from "../engine/lessons/index.ts";
import { loadSuite } from "../engine/bench/suites/index.ts";
import { LESSON_ANSWERS } from "./index.ts";

const course = readCourse();
const EXAMPLES = readCourseInput().examples;

/** What the lesson about enum prefixes shows on purpose: the collision and buf's findings on it. */
const ON_PURPOSE: Record<string, string[]> = { "enum-prefixes": ["protoc/already-defined", "ENUM_VALUE_PREFIX", "ENUM_ZERO_VALUE_SUFFIX"] };

/** The schema diagnostics the app's Problems list would show for these files (the app's rule set). */
function problems(files: Record<string, string>): string[] {
  const protos = Object.fromEntries(Object.entries(files).filter(([n]) => n.endsWith(".proto")));
  if (Object.keys(protos).length === 0) return [];
  return compileSchema(protos, { symbols: false }).diagnostics.map((d) => `${d.span.kind === "text" ? (d.span.file ?? "") : ""} ${d.code}: ${d.message}`);
}

describe("the course", () => {
  it("loads with no problems", () => {
    expect(course.problems).toEqual([]);
  });

  it("has at least three exercises of at least two kinds in every lesson, and ten read exercises in all", () => {
    for (const l of course.lessons) {
      expect(l.meta.exercises.length, l.slug).toBeGreaterThanOrEqual(3);
      expect(new Set(l.meta.exercises.map((e) => e.kind)).size, l.slug).toBeGreaterThanOrEqual(2);
    }
    expect(course.lessons.flatMap((l) => l.meta.exercises).filter((e) => e.kind === "read").length).toBeGreaterThanOrEqual(10);
  });

  for (const lesson of course.lessons) {
    describe(lesson.slug, () => {
      it("opens files the Problems list has nothing to say about, but what the lesson shows on purpose", () => {
        const allowed = ON_PURPOSE[lesson.slug] ?? [];
        const shown = (d: string) => !allowed.some((code) => d.includes(` ${code}:`));
        const sets: [string, Record<string, string>][] = [lesson.meta.presets, ...lesson.meta.steps].map((p, i) => [
          i === 0 ? "presets" : `step ${lesson.meta.steps[i - 1]!.id}`,
          Object.fromEntries(Object.entries(p.files ?? {}).map(([name, path]) => [name, EXAMPLES[path] ?? ""])),
        ]);
        for (const ex of lesson.meta.exercises) {
          // A fix exercise starts broken on purpose; every solution, and what each exercise gives, is clean.
          if (ex.kind !== "fix") sets.push([`${ex.id} start`, { ...lesson.given[ex.id], ...lesson.start[ex.id] }]);
          sets.push([`${ex.id} solution`, { ...lesson.given[ex.id], ...lesson.solution[ex.id] }]);
        }
        for (const [what, files] of sets) expect(problems(files).filter(shown), `${lesson.slug} ${what}`).toEqual([]);
      });

      it("has one benchmark in its story: a bench block in the prose and a prediction its suite can answer", async () => {
        expect(lesson.prose.match(/^```bench\s*$/gm)?.length, "bench blocks").toBe(1);
        const p = lesson.meta.bench.predict;
        expect(p, "bench.predict").toBeDefined();
        const suite = await loadSuite(lesson.meta.bench.suite);
        expect(suite.impls).toContain(p!.after);
        expect(suite.impls).toContain(p!.before);
        // "custom" is the workspace's own message, for suites that take one.
        const cases = lesson.meta.bench.message === "workspace" && suite.acceptsMessage ? [...suite.cases, "custom"] : suite.cases;
        for (const c of [...(p!.cases ?? []), ...(lesson.meta.bench.cases ?? [])]) expect(cases).toContain(c);
      });

      it("places its exercises in the prose, once", () => {
        expect(lesson.prose.match(/^```exercises\s*$/gm)?.length).toBe(1);
      });

      it("asks every prediction with an answer to compare a guess with", () => {
        for (const b of predictBlocks(lesson.prose)) expect(b.answer, b.name).toBeDefined();
      });

      const answers = LESSON_ANSWERS[lesson.dir] ?? {};
      for (const ex of lesson.meta.exercises) {
        describe(ex.id, () => {
          it("fails at the start and passes with the solution", () => {
            expect(gradeExercise(lesson, ex.id, lesson.start[ex.id]!).passed).toBe(false);
            const solved = gradeExercise(lesson, ex.id, lesson.solution[ex.id]!);
            expect(solved.checks.filter((c) => !c.passed)).toEqual([]);
          });

          const set = answers[ex.id];
          it("keeps at least one other right answer and one near miss", () => {
            expect(set?.right.length ?? 0).toBeGreaterThanOrEqual(1);
            expect(set?.nearMisses.length ?? 0).toBeGreaterThanOrEqual(1);
          });

          for (const [i, files] of (set?.right ?? []).entries()) {
            it(`passes right answer ${i + 1}, written differently from the solution`, () => {
              const grade = gradeExercise(lesson, ex.id, files);
              expect(grade.checks.filter((c) => !c.passed)).toEqual([]);
              expect(files).not.toEqual(lesson.solution[ex.id]);
            });
          }
          for (const [i, miss] of (set?.nearMisses ?? []).entries()) {
            it(`fails near miss ${i + 1} with the message that explains it`, () => {
              const grade = gradeExercise(lesson, ex.id, miss.files);
              expect(grade.passed).toBe(false);
              const failed = grade.checks.filter((c) => !c.passed);
              expect(failed.map((c) => c.name)).toEqual(miss.failing);
              expect(failed[0]!.message).toMatch(miss.message);
            });
          }
        });
      }
    });
  }

  it("has answers only for exercises the lessons declare", () => {
    for (const [dir, answers] of Object.entries(LESSON_ANSWERS)) {
      const lesson = course.lessons.find((l) => l.dir === dir);
      expect(lesson, dir).toBeDefined();
      for (const id of Object.keys(answers)) expect(lesson!.meta.exercises.map((e) => e.id), `${dir}: ${id}`).toContain(id);
    }
  });
});
