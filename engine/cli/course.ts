/**
 * The course as the CLI (and Node tests) see it: the lessons folder and examples/ read from disk
 * next to this package, the checks from lessons/index.ts. The page builds the same CourseInput
 * with Vite's import.meta.glob.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { COURSE_FIGURES, LESSON_CHECKS } from "../../lessons/index.ts";
import { loadCourse, type Course, type CourseInput, type LoadOptions } from "../lessons/index.ts";

/** The repository (package) root: the nearest folder above this module with lessons/ and package.json. */
export function packageRoot(from = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "lessons"))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find the Wirelab package (with lessons/) above ${from}`);
    dir = up;
  }
}

const TEXT = /\.(md|proto|protoscope|txtpb|txt|ops|json|hex)$/;

function readTree(root: string, dir: string, into: Record<string, string>, skip: (path: string) => boolean): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const rel = relative(root, path).split(sep).join("/");
    if (skip(rel)) continue;
    if (entry.isDirectory()) readTree(root, path, into, skip);
    else if (TEXT.test(entry.name)) into[rel] = readFileSync(path, "utf8");
  }
}

export function readCourseInput(root = packageRoot()): CourseInput {
  const files: Record<string, string> = {};
  const lessonsDir = join(root, "lessons");
  // Only lesson folders (NN-...): lessons/index.ts and tests are code, not content.
  for (const entry of readdirSync(lessonsDir, { withFileTypes: true })) {
    if (entry.isDirectory()) readTree(lessonsDir, join(lessonsDir, entry.name), files, () => false);
  }
  const examples: Record<string, string> = {};
  readTree(root, join(root, "examples"), examples, (rel) => rel.endsWith(".pb"));
  return { files, checks: LESSON_CHECKS, examples, figures: COURSE_FIGURES };
}

export function readCourse(options: LoadOptions = {}, root = packageRoot()): Course {
  return loadCourse(readCourseInput(root), options);
}
