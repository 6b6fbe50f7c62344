/**
 * The lesson loader and content linter. It takes the lessons folder as plain data (path -> text,
 * plus each lesson's checks), so Node reads it with fs, the page bundles it with Vite's
 * import.meta.glob, and tests do either; it never touches a file system itself.
 *
 * Every problem names the file it is in: a start that already passes, a solution that fails, an
 * unknown source, panel or suite, a missing or duplicate file or id, a live figure that does not
 * compute, a preset that names a missing example.
 */
import { parseFrontMatter } from "./front-matter.ts";
import { gradeExercise } from "./grade.ts";
import { computeFigure, findMarkers } from "./markers.ts";
import { BENCH_SUITES, PANELS } from "./panels.ts";
import { stepLinks } from "./presets.ts";
import { expectedAnswer, predictBlocks } from "./predict.ts";
import { parseArenaOps, parseGoArenaScript, simulateArena } from "../arena/index.ts";
import { compile } from "../schema/index.ts";
import { findSource } from "../sources.ts";
import type { FigureEnv } from "./figures.ts";
import type { Lesson, LessonChecks, LessonProblem } from "./types.ts";

export interface CourseInput {
  /** Files of the lessons folder: path relative to it ("01-varints/lesson.md") -> text. */
  files: Readonly<Record<string, string>>;
  /** Each lesson's checks.ts default export, by folder name ("01-varints"). */
  checks: Readonly<Record<string, LessonChecks>>;
  /** examples/ files (path from the repository root, "examples/...") -> text. */
  examples: Readonly<Record<string, string>>;
  /** The live figures the lessons' markers may name (lessons/index.ts's COURSE_FIGURES). */
  figures: FigureEnv["figures"];
}

export interface Course {
  lessons: Lesson[];
  problems: LessonProblem[];
}

export interface LoadOptions {
  /**
   * Also grade every start (must fail) and solution (must pass) and compute every live figure.
   * Default true; the page turns it off because the build and the tests already did it.
   */
  lint?: boolean;
}

const DIR = /^(\d\d)-([a-z0-9]+(?:-[a-z0-9]+)*)$/;

export function loadCourse(input: CourseInput, options: LoadOptions = {}): Course {
  const lint = options.lint ?? true;
  const problems: LessonProblem[] = [];
  const lessons: Lesson[] = [];
  const dirs = new Set<string>();
  for (const path of Object.keys(input.files)) dirs.add(path.split("/")[0]!);
  for (const dir of Object.keys(input.checks)) dirs.add(dir);
  const seenSlugs = new Map<string, string>();
  const seenOrders = new Map<number, string>();
  const figureEnv: FigureEnv = { examples: input.examples, figures: input.figures };

  for (const dir of [...dirs].sort()) {
    const problem = (file: string, message: string) => problems.push({ file: `${dir}/${file}`, message });
    const m = DIR.exec(dir);
    if (!m) {
      problems.push({ file: dir, message: 'a lesson folder is named NN-slug, e.g. "01-varints"' });
      continue;
    }
    const order = Number(m[1]);
    const slug = m[2]!;
    if (seenSlugs.has(slug)) problem("", `duplicate lesson slug "${slug}" (also ${seenSlugs.get(slug)})`);
    if (seenOrders.has(order)) problem("", `duplicate lesson number ${m[1]} (also ${seenOrders.get(order)})`);
    seenSlugs.set(slug, dir);
    seenOrders.set(order, dir);

    const md = input.files[`${dir}/lesson.md`];
    if (md === undefined) {
      problem("lesson.md", "missing: every lesson has a lesson.md");
      continue;
    }
    const fm = parseFrontMatter(md);
    for (const e of fm.errors) problem("lesson.md", e);
    if (!fm.meta) continue;
    const meta = fm.meta;
    const checks = input.checks[dir];
    if (!checks) problem("checks.ts", "missing: every lesson has a checks.ts whose default export maps exercise ids to checks");

    for (const s of meta.sources) if (!findSource(s)) problem("lesson.md", `unknown source "${s}" (not in engine/sources.ts)`);
    for (const p of meta.panels) if (!PANELS.includes(p)) problem("lesson.md", `unknown panel "${p}" (panels: ${PANELS.join(", ")})`);
    if (!BENCH_SUITES.includes(meta.bench.suite)) problem("lesson.md", `unknown benchmark suite "${meta.bench.suite}" (suites: ${BENCH_SUITES.join(", ")})`);
    // Presets and steps: the files they name exist, and the files the view names are among them.
    const lessonFiles = Object.keys(meta.presets.files ?? {});
    const stepIds = new Set<string>();
    for (const [where, preset] of [["presets", meta.presets] as const, ...meta.steps.map((s, i) => [`steps[${i}] (${s.id})`, s] as const)]) {
      if ("id" in preset) {
        if (stepIds.has(preset.id)) problem("lesson.md", `duplicate step id "${preset.id}"`);
        stepIds.add(preset.id);
      }
      for (const [name, path] of Object.entries(preset.files ?? {})) {
        if (input.examples[path] === undefined) problem("lesson.md", `${where}.files["${name}"]: no such example file ${path}`);
        if (!/\.(proto|protoscope|txtpb)$/.test(name)) problem("lesson.md", `${where}.files["${name}"]: a workspace file is a .proto, .protoscope or .txtpb file (an arena script goes in panels.arena.script)`);
      }
      const names = preset.files ? Object.keys(preset.files) : lessonFiles;
      if (preset.active !== undefined && !names.includes(preset.active)) problem("lesson.md", `${where}.active "${preset.active}" is not one of the files it presets`);
      if (preset.editor !== undefined && !names.includes(preset.editor)) problem("lesson.md", `${where}.editor "${preset.editor}" is not one of the files it presets`);
      const layoutType = preset.panels?.layout?.type;
      if (lint && typeof layoutType === "string") {
        // The Layout panel's message type must be one the preset's schema defines.
        const named = preset.files ?? meta.presets.files ?? {};
        const protos = Object.fromEntries(Object.entries(named).flatMap(([name, path]) => (name.endsWith(".proto") && input.examples[path] !== undefined ? [[name, input.examples[path]!]] : [])));
        const compiled = Object.keys(protos).length > 0 ? compile(protos) : undefined;
        if (!compiled?.registry?.getMessage(layoutType)) problem("lesson.md", `${where}.panels.layout.type "${layoutType}": the files it presets define no such message`);
      }
      const arena = preset.panels?.arena;
      if (typeof arena?.goScript === "string") {
        for (const d of parseGoArenaScript(arena.goScript).diagnostics) problem("lesson.md", `${where}.panels.arena.goScript: ${d.message}`);
      }
      if (typeof arena?.script === "string") {
        // The arena's script must run, and the step it opens at must be one of its trace's.
        const parsed = parseArenaOps(arena.script);
        for (const d of parsed.diagnostics) problem("lesson.md", `${where}.panels.arena.script: ${d.message}`);
        const mode = arena.mode === "listing" ? "listing" : "design";
        const total = simulateArena(parsed.ops, mode).events.length;
        if (typeof arena.step === "number" && arena.step > total) problem("lesson.md", `${where}.panels.arena.step ${arena.step} is past the end of its trace (${total} events)`);
      }
    }
    for (const id of stepLinks(fm.prose)) if (!stepIds.has(id)) problem("lesson.md", `the prose links to step "${id}", which the front matter's "steps" do not declare`);
    // Predictions: unique names, answers that compute, veils that name one of them.
    const predicts = predictBlocks(fm.prose);
    const predictNames = new Set<string>();
    for (const p of predicts) {
      if (predictNames.has(p.name)) problem("lesson.md", `two predictions are named "${p.name}"`);
      predictNames.add(p.name);
      if (p.answer === undefined) problem("lesson.md", `prediction "${p.name}" has no "answer:" line to compare a guess with`);
      else if (lint) {
        const e = expectedAnswer(p.answer, figureEnv);
        if ("error" in e && !/brotli is not loaded/.test(e.error)) problem("lesson.md", `prediction "${p.name}": ${e.error}`);
      }
    }
    for (const [where, preset] of [["presets", meta.presets] as const, ...meta.steps.map((s) => [`steps (${s.id})`, s] as const)]) {
      for (const [target, name] of Object.entries(preset.veil ?? {})) if (!predictNames.has(name)) problem("lesson.md", `${where}.veil.${target}: no prediction named "${name}" in the prose`);
    }
    if (meta.exercises.length < 2) problem("lesson.md", "a lesson has at least two exercises");

    // Live figures: known names, declared sources, and they compute.
    for (const marker of findMarkers(fm.prose)) {
      const src = marker.options.source;
      if (marker.options.quote !== undefined && src === undefined) problem("lesson.md", `${marker.raw}: a quoted figure needs source=ID`);
      if (src !== undefined && !findSource(src)) problem("lesson.md", `${marker.raw}: unknown source "${src}"`);
      else if (src !== undefined && !meta.sources.includes(src)) problem("lesson.md", `${marker.raw}: source "${src}" is not listed in the front matter's sources`);
      if (lint) {
        const r = computeFigure(marker, figureEnv);
        // brotli is the one figure allowed to wait for a module; everything else must compute.
        if (r.error && !/brotli is not loaded/.test(r.error)) problem("lesson.md", r.error);
      }
    }

    const start: Lesson["start"] = {};
    const solution: Lesson["solution"] = {};
    const given: Lesson["given"] = {};
    const against: Lesson["against"] = {};
    const ids = new Set<string>();
    for (const ex of meta.exercises) {
      if (ids.has(ex.id)) problem("lesson.md", `duplicate exercise id "${ex.id}"`);
      ids.add(ex.id);
      if (new Set(ex.files).size !== ex.files.length) problem("lesson.md", `exercise ${ex.id} lists a file twice`);
      start[ex.id] = {};
      given[ex.id] = {};
      for (const [name, path] of Object.entries(ex.given ?? {})) {
        const text = input.examples[path];
        if (text === undefined) problem("lesson.md", `exercise ${ex.id}: given file ${name}: no such example file ${path}`);
        else given[ex.id]![name] = text;
        if (ex.files.includes(name)) problem("lesson.md", `exercise ${ex.id}: ${name} is both given and the learner's`);
      }
      against[ex.id] = {};
      for (const [name, path] of Object.entries(ex.against ?? {})) {
        const text = input.examples[path];
        if (text === undefined) problem("lesson.md", `exercise ${ex.id}: against file ${name}: no such example file ${path}`);
        else against[ex.id]![name] = text;
      }
      solution[ex.id] = {};
      for (const name of ex.files) {
        const s = input.files[`${dir}/start/${ex.id}/${name}`];
        const sol = input.files[`${dir}/solution/${ex.id}/${name}`];
        if (s === undefined) problem(`start/${ex.id}/${name}`, "missing start file");
        else start[ex.id]![name] = s;
        if (sol === undefined) problem(`solution/${ex.id}/${name}`, "missing solution file");
        else solution[ex.id]![name] = sol;
      }
      if (checks && !checks[ex.id]) problem("checks.ts", `no checks for exercise "${ex.id}"`);
    }
    if (checks) for (const id of Object.keys(checks)) if (!ids.has(id)) problem("checks.ts", `checks for "${id}", which lesson.md does not declare`);
    // Files in start/ or solution/ that no exercise declares are mistakes too.
    for (const path of Object.keys(input.files)) {
      const f = /^[^/]+\/(start|solution)\/([^/]+)\/(.+)$/.exec(path);
      if (!f || !path.startsWith(`${dir}/`)) continue;
      const ex = meta.exercises.find((e) => e.id === f[2]);
      if (!ex || !ex.files.includes(f[3]!)) problems.push({ file: path, message: "no exercise declares this file" });
    }

    const lesson: Lesson = { dir, slug, order, meta, prose: fm.prose, start, solution, given, against, checks: checks ?? {} };
    if (lint && checks) {
      for (const ex of meta.exercises) {
        if (!checks[ex.id]) continue;
        const startFiles = start[ex.id]!;
        const solutionFiles = solution[ex.id]!;
        if (Object.keys(startFiles).length !== ex.files.length || Object.keys(solutionFiles).length !== ex.files.length) continue;
        if (ex.files.every((n) => startFiles[n] === solutionFiles[n])) problem(`solution/${ex.id}`, "the solution is identical to the start");
        const s = gradeExercise(lesson, ex.id, startFiles);
        if (s.passed) problem(`start/${ex.id}`, "the start already passes every check: there is nothing to do");
        const sol = gradeExercise(lesson, ex.id, solutionFiles);
        for (const c of sol.checks) if (!c.passed) problem(`solution/${ex.id}`, `the solution fails check "${c.name}": ${c.message}`);
      }
    }
    lessons.push(lesson);
  }
  lessons.sort((a, b) => a.order - b.order);
  return { lessons, problems };
}

/** The lesson with this slug (the CLI's LESSON argument). */
export function findLesson(course: Course, slug: string): Lesson | undefined {
  return course.lessons.find((l) => l.slug === slug);
}
