/**
 * `wirelab check LESSON EXERCISE FILE... [--json] [--watch]` and `wirelab check --list [--json]`:
 * grade an exercise from a terminal with the same checks the app runs (engine/lessons), so a
 * workshop room can be graded without a browser. See docs/WORKSHOP.md.
 */
import { watch, type FSWatcher } from "node:fs";
import { basename, dirname, extname, resolve } from "node:path";
import { parseCommandArgs, type Flags } from "../args.ts";
import type { CliIO } from "../io.ts";
import { decodeText } from "../text-input.ts";
import { readCourse } from "../course.ts";
import { findLesson, gradeExercise, type Course, type Grade, type Lesson } from "../../lessons/index.ts";

const HELP = `usage: wirelab check LESSON EXERCISE FILE... [--json] [--watch]
       wirelab check --list [--json]

Grades your answer to a lesson's exercise with the checks the app runs, and prints each check
as passed or failed with what is wrong. LESSON is the lesson's slug (e.g. varints), EXERCISE
the exercise's id (e.g. write-bytes); \`wirelab check --list\` lists them and the files each
exercise takes. FILEs are matched to the exercise's files by name, then by extension; one FILE
for a one-file exercise needs no particular name.

options:
  --json        print one JSON document:
                {"lesson","exercise","passed","checks":[{"name","passed","message"}]}
                with --list: {"lessons":[{"id","title","exercises":[{"id","title","kind","files"}]}]}
                (kind: write, read, fix, predict or design)
  --watch       grade again every time a FILE is saved (Ctrl+C stops)
  --list        list lessons and exercises
  -h, --help    show this help

Exit status: 0 every check passed (or --list), 1 a check failed or a FILE could not be read,
2 bad usage (unknown lesson or exercise, wrong number of files).
`;

interface Options {
  list: boolean;
  json: boolean;
  watch: boolean;
  positional: string[];
}

const FLAGS = { json: { type: "boolean" }, watch: { type: "boolean" }, list: { type: "boolean" } } as const satisfies Flags;

function parseOptions(args: string[]): Options | { help: true } | { error: string } {
  const parsed = parseCommandArgs(args, FLAGS, { stopAtHelp: true });
  if (parsed.help) return { help: true };
  if (parsed.error !== undefined) return { error: parsed.error };
  return { ...parsed.values, positional: parsed.positionals };
}

function listJson(course: Course) {
  return {
    lessons: course.lessons.map((l) => ({
      id: l.slug,
      title: l.meta.title,
      exercises: l.meta.exercises.map((e) => ({ id: e.id, title: e.title, kind: e.kind, files: e.files })),
    })),
  };
}

function listText(course: Course): string {
  const lines: string[] = [];
  for (const l of course.lessons) {
    lines.push(`${l.slug}: ${l.meta.title}`);
    for (const e of l.meta.exercises) lines.push(`  ${e.id} [${e.kind}]: ${e.title} (${e.files.join(", ")})`);
  }
  return lines.join("\n") + "\n";
}

/** Which path answers which of the exercise's files; a string is a usage error. */
export function matchFiles(wanted: readonly string[], paths: readonly string[]): Record<string, string> | string {
  if (paths.length !== wanted.length) {
    return `this exercise takes ${wanted.length} file${wanted.length === 1 ? "" : "s"} (${wanted.join(", ")}); got ${paths.length}`;
  }
  if (wanted.length === 1) return { [wanted[0]!]: paths[0]! };
  const out: Record<string, string> = {};
  const left = [...paths];
  for (const name of wanted) {
    let i = left.findIndex((p) => basename(p) === name);
    if (i < 0) {
      const sameExt = left.filter((p) => extname(p) === extname(name));
      const wantedSameExt = wanted.filter((w) => extname(w) === extname(name));
      if (sameExt.length === 1 && wantedSameExt.length === 1) i = left.indexOf(sameExt[0]!);
    }
    if (i < 0) return `cannot tell which FILE is ${name}: name the files as the exercise does (${wanted.join(", ")})`;
    out[name] = left.splice(i, 1)[0]!;
  }
  return out;
}

function readFiles(mapping: Record<string, string>, io: CliIO): Record<string, string> | undefined {
  const files: Record<string, string> = {};
  for (const [name, path] of Object.entries(mapping)) {
    let bytes: Uint8Array;
    try {
      bytes = io.readFile(path);
    } catch (e) {
      const code = (e as { code?: string }).code;
      io.stderr(`${path}: cannot read: ${code === "ENOENT" ? "no such file" : (e as Error).message}\n`);
      return undefined;
    }
    const text = decodeText(bytes);
    if (typeof text === "number") {
      io.stderr(`${path}:@${text}: the file is not valid UTF-8\n`);
      return undefined;
    }
    files[name] = text;
  }
  return files;
}

function formatGrade(grade: Grade, lesson: Lesson): string {
  const ex = lesson.meta.exercises.find((e) => e.id === grade.exercise)!;
  const lines = [`${lesson.slug} / ${grade.exercise}: ${ex.title}`];
  for (const c of grade.checks) lines.push(`  ${c.passed ? "passed" : "FAILED"}  ${c.name}: ${c.message}`);
  const failed = grade.checks.filter((c) => !c.passed).length;
  lines.push(failed === 0 ? "All checks passed." : `${failed} of ${grade.checks.length} checks failed.`);
  return lines.join("\n") + "\n";
}

/** Grades once; returns the exit status (0 passed, 1 failed or unreadable). */
function gradeOnce(lesson: Lesson, exercise: string, mapping: Record<string, string>, json: boolean, io: CliIO): number {
  const files = readFiles(mapping, io);
  if (!files) return 1;
  const grade = gradeExercise(lesson, exercise, files);
  io.stdout(json ? JSON.stringify(grade) + "\n" : formatGrade(grade, lesson));
  return grade.passed ? 0 : 1;
}

/** How long to wait after a change before grading: editors often write a file in several steps. */
const SETTLE_MS = 80;

export interface WatchHooks {
  /** Called after each grading (tests wait on it). */
  graded?: (status: number) => void;
  /** Resolves when watching should stop (default: never; Ctrl+C ends the process). */
  stop?: Promise<void>;
}

export async function run(args: string[], io: CliIO, hooks: WatchHooks = {}): Promise<number> {
  const parsed = parseOptions(args);
  if ("help" in parsed) {
    io.stdout(HELP);
    return 0;
  }
  if ("error" in parsed) {
    io.stderr(`wirelab check: ${parsed.error}\n\n${HELP}`);
    return 2;
  }
  const course = readCourse({ lint: false });
  if (parsed.list) {
    if (parsed.positional.length > 0 || parsed.watch) {
      io.stderr(`wirelab check: --list takes no lesson, exercise or files\n`);
      return 2;
    }
    io.stdout(parsed.json ? JSON.stringify(listJson(course)) + "\n" : listText(course));
    return 0;
  }
  const [slug, exercise, ...paths] = parsed.positional;
  if (slug === undefined || exercise === undefined) {
    io.stderr(`wirelab check: name a lesson and an exercise (wirelab check --list shows them)\n\n${HELP}`);
    return 2;
  }
  const lesson = findLesson(course, slug);
  if (!lesson) {
    io.stderr(`wirelab check: no lesson "${slug}" (lessons: ${course.lessons.map((l) => l.slug).join(", ")})\n`);
    return 2;
  }
  const ex = lesson.meta.exercises.find((e) => e.id === exercise);
  if (!ex) {
    io.stderr(`wirelab check: lesson ${slug} has no exercise "${exercise}" (exercises: ${lesson.meta.exercises.map((e) => e.id).join(", ")})\n`);
    return 2;
  }
  if (paths.includes("-")) {
    io.stderr(`wirelab check: give the exercise's files by name; standard input cannot be matched to a file\n`);
    return 2;
  }
  const mapping = matchFiles(ex.files, paths);
  if (typeof mapping === "string") {
    io.stderr(`wirelab check: ${mapping}\n`);
    return 2;
  }
  const status = gradeOnce(lesson, exercise, mapping, parsed.json, io);
  hooks.graded?.(status);
  if (!parsed.watch) return status;

  // Watch each file's folder, not the file: editors that save by writing a new file and renaming
  // it over the old one would otherwise leave the watcher on a deleted file.
  const targets = new Map<string, Set<string>>();
  for (const path of Object.values(mapping)) {
    const dir = dirname(resolve(path));
    if (!targets.has(dir)) targets.set(dir, new Set());
    targets.get(dir)!.add(basename(path));
  }
  if (!parsed.json) io.stdout(`Watching ${Object.values(mapping).join(", ")}: save to grade again, Ctrl+C to stop.\n`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const regrade = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!parsed.json) io.stdout("\n");
      hooks.graded?.(gradeOnce(lesson, exercise, mapping, parsed.json, io));
    }, SETTLE_MS);
  };
  const watchers: FSWatcher[] = [];
  for (const [dir, names] of targets) {
    watchers.push(watch(dir, (_event, name) => {
      if (name !== null && names.has(basename(name.toString()))) regrade();
    }));
  }
  await (hooks.stop ?? new Promise<void>(() => {}));
  clearTimeout(timer);
  for (const w of watchers) w.close();
  return status;
}
