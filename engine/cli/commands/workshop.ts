/**
 * `wirelab workshop init DIR [LESSON...]` and `wirelab workshop watch DIR`: the course as a folder
 * of exercises for a workshop room, Rustlings-style. `init` writes every exercise's start files
 * (and the files it gives) under DIR/<lesson>/<exercise>/, with a README in course order, and never
 * overwrites a file. `watch` grades the first unfinished exercise, then the exercise each save
 * touches, and moves on when it passes, printing the progress ("7/45 done"); Ctrl+C stops it. See docs/WORKSHOP.md.
 */
import { existsSync, mkdirSync, readFileSync, watch, writeFileSync, type FSWatcher } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { parseCommandArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { decodeText } from "../text-input.ts";
import { readCourse } from "../course.ts";
import { gradeExercise, type Course, type ExerciseMeta, type Grade, type Lesson } from "../../lessons/index.ts";

const HELP = `usage: wirelab workshop init DIR [LESSON...]
       wirelab workshop watch DIR

init   writes every exercise's start files (all lessons, or the LESSONs named) under
       DIR/<lesson>/<exercise>/, with the files the exercise gives beside them and a README.md
       listing the exercises in course order. A file that exists is never overwritten.
watch  grades the first unfinished exercise under DIR, then the exercise each save touches,
       and moves on to the next unfinished one when it passes, printing the progress (7/45 done). Ctrl+C stops it.

Exit status: 0 done (or stopped), 1 DIR could not be written or read, 2 bad usage.
`;

/** One exercise of the workshop folder. */
interface Entry {
  lesson: Lesson;
  ex: ExerciseMeta;
  dir: string;
}

function entries(course: Course, root: string, slugs?: readonly string[]): Entry[] {
  const out: Entry[] = [];
  for (const lesson of course.lessons) {
    if (slugs && slugs.length > 0 && !slugs.includes(lesson.slug)) continue;
    for (const ex of lesson.meta.exercises) out.push({ lesson, ex, dir: join(root, lesson.slug, ex.id) });
  }
  return out;
}

function readme(list: readonly Entry[], root: string): string {
  const lines = [
    "# Wirelab workshop",
    "",
    "One folder per exercise, in course order. Edit the files named below each exercise, then run",
    "",
    "    npx wirelab workshop watch .",
    "",
    "in this folder: it grades the exercise whose file you save and, once that passes, names the",
    "next unfinished one. `npx wirelab check LESSON EXERCISE FILE...` grades one exercise once. The files an",
    "exercise gives (read-only) sit beside yours; the grading uses the lesson's own copy of them.",
    "",
  ];
  list.forEach(({ lesson, ex, dir }, i) => {
    lines.push(`${i + 1}. ${lesson.slug}/${ex.id} (${ex.kind}): ${ex.title}`);
    lines.push(`   folder: ${relative(root, dir).split(sep).join("/")}/  edit: ${ex.files.join(", ")}`);
    const given = Object.keys(lesson.given[ex.id] ?? {});
    if (given.length > 0) lines.push(`   given: ${given.join(", ")}`);
    const against = Object.keys(lesson.against[ex.id] ?? {});
    if (against.length > 0) lines.push(`   v1 (the schema stored bytes were written with): ${against.map((n) => `v1/${n}`).join(", ")}`);
    lines.push(`   ${ex.prompt.replace(/\s+/g, " ")}`);
    lines.push("");
  });
  return lines.join("\n");
}

function init(root: string, slugs: string[], io: CliIO): number {
  const course = readCourse({ lint: false });
  const unknown = slugs.filter((s) => !course.lessons.some((l) => l.slug === s));
  if (unknown.length > 0) {
    io.stderr(`wirelab workshop: no lesson ${unknown.map((s) => `"${s}"`).join(", ")} (lessons: ${course.lessons.map((l) => l.slug).join(", ")})\n`);
    return 2;
  }
  const list = entries(course, root, slugs);
  let written = 0;
  let kept = 0;
  const put = (path: string, text: string) => {
    if (existsSync(path)) {
      kept++;
      return;
    }
    mkdirSync(resolve(path, ".."), { recursive: true });
    writeFileSync(path, text);
    written++;
  };
  try {
    for (const { lesson, ex, dir } of list) {
      for (const name of ex.files) put(join(dir, name), lesson.start[ex.id]?.[name] ?? "");
      for (const [name, text] of Object.entries(lesson.given[ex.id] ?? {})) put(join(dir, name), text);
      for (const [name, text] of Object.entries(lesson.against[ex.id] ?? {})) put(join(dir, "v1", name), text);
    }
    put(join(root, "README.md"), readme(list, root));
  } catch (e) {
    io.stderr(`wirelab workshop: cannot write under ${root}: ${(e as Error).message}\n`);
    return 1;
  }
  io.stdout(`${list.length} exercises in ${root}: ${written} file${written === 1 ? "" : "s"} written${kept ? `, ${kept} kept as they were` : ""}. Next: wirelab workshop watch ${root}\n`);
  return 0;
}

/** The learner's files of an exercise, read from its folder; undefined when one is missing or unreadable. */
function readAttempt(e: Entry): Record<string, string> | undefined {
  const files: Record<string, string> = {};
  for (const name of e.ex.files) {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(join(e.dir, name));
    } catch {
      return undefined;
    }
    const text = decodeText(bytes);
    if (typeof text === "number") return undefined;
    files[name] = text;
  }
  return files;
}

function grade(e: Entry): Grade | undefined {
  const files = readAttempt(e);
  return files ? gradeExercise(e.lesson, e.ex.id, files) : undefined;
}

function report(e: Entry, g: Grade | undefined, done: number, total: number): string {
  const lines = [`${done}/${total} done. Now: ${e.lesson.slug}/${e.ex.id} (${e.ex.kind}): ${e.ex.title}`, `  edit ${e.ex.files.map((f) => join(e.dir, f)).join(", ")}`];
  if (!g) lines.push(`  ${e.ex.files.join(" or ")} is missing or not UTF-8 text: wirelab workshop init puts the start files back`);
  else for (const c of g.checks) lines.push(`  ${c.passed ? "passed" : "FAILED"}  ${c.name}: ${c.message}`);
  return lines.join("\n") + "\n";
}

/** How long to wait after a change before grading: editors often write a file in several steps. */
const SETTLE_MS = 80;

export interface WorkshopHooks {
  /** Called after each grading with the progress (tests wait on it). */
  graded?: (done: number, total: number) => void;
  /** Resolves when watching should stop (default: never; Ctrl+C ends the process). */
  stop?: Promise<void>;
}

async function watchFolder(root: string, io: CliIO, hooks: WorkshopHooks): Promise<number> {
  const course = readCourse({ lint: false });
  const list = entries(course, root).filter((e) => existsSync(e.dir));
  if (list.length === 0) {
    io.stderr(`wirelab workshop: no exercises under ${root}: run wirelab workshop init ${root} first\n`);
    return 1;
  }
  const passed = new Set<Entry>();
  for (const e of list) if (grade(e)?.passed) passed.add(e);
  let current = list.find((e) => !passed.has(e));
  const finish = () => io.stdout(`${list.length}/${list.length} done: every exercise under ${root} passes.\n`);
  if (!current) {
    finish();
    hooks.graded?.(list.length, list.length);
    return 0;
  }
  io.stdout(report(current, grade(current), passed.size, list.length));
  io.stdout("Watching: save a file to grade it again, Ctrl+C to stop.\n");
  hooks.graded?.(passed.size, list.length);

  let resolveDone: () => void = () => {};
  const allDone = new Promise<void>((r) => (resolveDone = r));
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A save grades the exercise it belongs to: the learner may skip ahead or go back to one.
  const regrade = (saved: Entry) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const g = grade(saved);
      if (g?.passed) {
        const first = !passed.has(saved);
        passed.add(saved);
        if (first) io.stdout(`\n✓ ${saved.lesson.slug}/${saved.ex.id} passes.\n`);
        // Later exercises may already pass: move to the first that does not.
        for (const e of list) if (!passed.has(e) && grade(e)?.passed) passed.add(e);
        current = list.find((e) => !passed.has(e));
        if (!current) {
          finish();
          hooks.graded?.(passed.size, list.length);
          resolveDone();
          return;
        }
        if (first) io.stdout(report(current, grade(current), passed.size, list.length));
      } else {
        passed.delete(saved);
        current = saved;
        io.stdout("\n" + report(saved, g, passed.size, list.length));
      }
      hooks.graded?.(passed.size, list.length);
    }, SETTLE_MS);
  };
  // One watcher per exercise folder (their files may be replaced by a save, so watch the folder).
  const watchers: FSWatcher[] = list.map((e) =>
    watch(e.dir, (_event, name) => {
      if (name === null || e.ex.files.includes(name.toString())) regrade(e);
    }),
  );
  // Ctrl+C stops watching, with the progress said and exit status 0.
  const interrupted = hooks.stop ?? new Promise<void>((r) => process.once("SIGINT", () => r()));
  const ended = await Promise.race([allDone.then(() => "done" as const), interrupted.then(() => "stopped" as const)]);
  clearTimeout(timer);
  for (const w of watchers) w.close();
  if (ended === "stopped") io.stdout(`\nStopped: ${passed.size}/${list.length} done.\n`);
  return 0;
}

/**
 * An unknown option in the words of parseArgs's strict mode, which this command used first: it
 * names the first unknown letter of a single-dash word (`-x` for `-hx`).
 */
function unknownInNodeWords(arg: string, rawName: string): string {
  const name = /^-[a-z]./.test(arg) ? `-${[...arg.slice(1)].find((c) => c !== "h")}` : rawName;
  return `Unknown option '${name}'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- ${JSON.stringify(name)}`;
}

export async function run(args: string[], io: CliIO, hooks: WorkshopHooks = {}): Promise<number> {
  const parsed = parseCommandArgs(args, {}, { unknown: unknownInNodeWords });
  if (parsed.help) {
    io.stdout(HELP);
    return 0;
  }
  if (parsed.error !== undefined) {
    io.stderr(`wirelab workshop: ${parsed.error}\n\n${HELP}`);
    return 2;
  }
  const [action, dir, ...rest] = parsed.positionals;
  if ((action !== "init" && action !== "watch") || dir === undefined || (action === "watch" && rest.length > 0)) {
    io.stderr(`wirelab workshop: ${action === undefined ? "name an action" : action !== "init" && action !== "watch" ? `unknown action "${action}"` : dir === undefined ? "name a folder" : "watch takes one folder"}\n\n${HELP}`);
    return 2;
  }
  return action === "init" ? init(dir, rest, io) : watchFolder(dir, io, hooks);
}
