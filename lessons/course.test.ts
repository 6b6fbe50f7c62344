/**
 * The course as content: every lesson loads without a problem from the content linter, every
 * start fails at least one check and every solution passes them all, and for every exercise a
 * second correct answer written differently passes while a near miss fails with the message
 * that explains it.
 */
import { describe, expect, it } from "vitest";
import { readCourse } from "../engine/cli/course.ts";
import { findLesson, gradeExercise } from "../engine/lessons/index.ts";
import { ANSWERS } from "./answers.ts";

const course = readCourse();

describe("the course", () => {
  it("loads with no problems", () => {
    expect(course.problems).toEqual([]);
  });

  it("has the lessons whose slugs the CLI contract names, in order", () => {
    expect(course.lessons.map((l) => l.slug)).toEqual(ANSWERS.map((a) => a.lesson).filter((s, i, all) => all.indexOf(s) === i));
  });

  for (const lesson of course.lessons) {
    describe(lesson.slug, () => {
      for (const ex of lesson.meta.exercises) {
        it(`${ex.id}: the start fails and the solution passes`, () => {
          expect(gradeExercise(lesson, ex.id, lesson.start[ex.id]!).passed).toBe(false);
          const solved = gradeExercise(lesson, ex.id, lesson.solution[ex.id]!);
          expect(solved.checks.filter((c) => !c.passed)).toEqual([]);
        });
      }
    });
  }

  it("has a second answer and a near miss for every exercise", () => {
    const declared = course.lessons.flatMap((l) => l.meta.exercises.map((e) => `${l.slug}/${e.id}`)).sort();
    expect([...new Set(ANSWERS.map((a) => `${a.lesson}/${a.exercise}`))].sort()).toEqual(declared);
  });

  for (const a of ANSWERS) {
    describe(`${a.lesson}/${a.exercise}`, () => {
      const lesson = findLesson(course, a.lesson)!;
      it("passes a second correct answer written differently", () => {
        const grade = gradeExercise(lesson, a.exercise, a.alternative);
        expect(grade.checks.filter((c) => !c.passed)).toEqual([]);
        // Written differently: not the solution's text.
        expect(a.alternative).not.toEqual(lesson.solution[a.exercise]);
      });
      it("fails a near miss with the message that explains it", () => {
        const grade = gradeExercise(lesson, a.exercise, a.nearMiss.files);
        expect(grade.passed).toBe(false);
        const failed = grade.checks.filter((c) => !c.passed);
        expect(failed.map((c) => c.name)).toEqual(a.nearMiss.failing);
        expect(failed[0]!.message).toMatch(a.nearMiss.message);
      });
    });
  }
});
