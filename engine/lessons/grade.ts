/**
 * Grading: run an exercise's checks over the learner's files. The app, the CLI (`wirelab check`)
 * and the content linter all call this one function, so they always agree.
 */
import { Attempt } from "./attempt.ts";
import type { Check, Grade, Lesson } from "./types.ts";

export function runChecks(checks: readonly Check[], files: Readonly<Record<string, string>>, against: Readonly<Record<string, string>> = {}): Grade["checks"] {
  const attempt = new Attempt(files, against);
  return checks.map((check) => {
    try {
      const r = check.run(attempt);
      return { name: check.name, passed: r.passed, message: r.message };
    } catch (e) {
      // A check that throws is a bug in the lesson, not in the attempt: say so, do not crash.
      return { name: check.name, passed: false, message: `this check could not run (a bug in the lesson, please report it): ${(e as Error).message}` };
    }
  });
}

export function gradeExercise(lesson: Lesson, exerciseId: string, files: Readonly<Record<string, string>>): Grade {
  const checks = lesson.checks[exerciseId];
  if (!checks) throw new RangeError(`lesson ${lesson.slug} has no exercise "${exerciseId}"`);
  const results = runChecks(checks, { ...lesson.given[exerciseId], ...files }, lesson.against[exerciseId] ?? {});
  return { lesson: lesson.slug, exercise: exerciseId, passed: results.every((c) => c.passed), checks: results };
}
