// A lesson session: what the workspace holds while a lesson is open, and the one notion of "the
// file" an exercise grades.
//
// - Opening a lesson keeps the learner's own workspace aside (`lessonStash`) and loads the
//   lesson's example; leaving the lesson brings the own workspace back. Nothing of it is touched
//   meanwhile (autosave writes the lesson's workspace under a key of its own: persistence.ts).
// - Opening an exercise makes its files the workspace: the files it gives (read-only) and the
//   learner's attempt (or the start files), with the exercise's input making the bytes. Every
//   edit to an exercise file, in the editor, by a one-click fix or in the Arena panel it is bound
//   to, is the attempt: it is kept in the progress at once, and Check grades exactly it.
import type { StoreApi } from "zustand";
import { gradeExercise, hexText, type ExerciseMeta, type Lesson } from "../../../../engine/lessons/index.ts";
import type { AppState } from "../../store/types.ts";
import { applyView } from "../view/viewState.ts";
import { kindForName, type Workspace, type WorkspaceFile } from "../workspace/types.ts";
import { COURSE, exerciseKey } from "./course.ts";
import { attemptDigest } from "./lessonsSlice.ts";
import { applyPreset, presetView } from "./presets.ts";

type Store = StoreApi<AppState>;

/** The lesson with this slug, or undefined. */
export function lessonBySlug(slug: string): Lesson | undefined {
  return COURSE.lessons.find((l) => l.slug === slug);
}

export function exerciseOf(lesson: Lesson, id: string): ExerciseMeta | undefined {
  return lesson.meta.exercises.find((e) => e.id === id);
}

/** One file of an exercise as the workspace holds it (a `.hex` given file becomes raw bytes). */
function workspaceFile(name: string, text: string, messageType: string): WorkspaceFile {
  if (name.endsWith(".hex")) return { kind: "bytes", name, bytes: hexText(text) ?? new Uint8Array(0), messageType };
  const kind = kindForName(name);
  if (kind === "proto" || kind === "text") return { kind, name, text };
  if (kind === "protoscope" || kind === "textformat") return { kind, name, text, messageType };
  return { kind: "text", name, text };
}

/** The exercise's input: the file it names, else its first file that makes bytes. */
export function exerciseInput(lesson: Lesson, ex: ExerciseMeta): string {
  if (ex.input) return ex.input;
  const names = [...ex.files, ...Object.keys(lesson.given[ex.id] ?? {})];
  return names.find((n) => /\.(protoscope|txtpb|hex)$/.test(n)) ?? "";
}

/** The workspace of an exercise: its given files, then the learner's (their attempt, else the start). */
export function exerciseWorkspace(lesson: Lesson, ex: ExerciseMeta, attempt: Readonly<Record<string, string>> | undefined): Workspace {
  const input = exerciseInput(lesson, ex);
  const type = ex.messageType ?? lesson.meta.presets.messageType ?? "";
  const texts: [string, string][] = [
    ...ex.files.map((n): [string, string] => [n, attempt?.[n] ?? lesson.start[ex.id]?.[n] ?? ""]),
    ...Object.entries(lesson.given[ex.id] ?? {}),
  ];
  return { files: texts.map(([name, text]) => workspaceFile(name, text, name === input ? type : "")), active: input };
}

/** The learner's files of the open exercise as the workspace holds them now. */
export function attemptFiles(s: AppState, ex: ExerciseMeta): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ex.files) {
    const f = s.files.find((x) => x.name === name);
    if (f && f.kind !== "bytes") out[name] = f.text;
  }
  return out;
}

/** Opens a lesson: the learner's own workspace goes aside (unless a lesson was open already), the lesson's example comes in. */
export function enterLesson(store: Store, lesson: Lesson): void {
  const s = store.getState();
  if (s.lessonOpen === "") {
    s.setLessonStash(s.snapshot());
    s.setEvolveStash(s.evolveView);
  }
  s.openLesson(lesson.slug);
  s.setExerciseOpen("");
  applyPreset(store, lesson, lesson.meta.presets, { files: "always", opening: true });
}

/** Leaves the lesson: the learner's own workspace comes back, and the course overview is in front. */
export function leaveLesson(store: Store): void {
  const s = store.getState();
  const own = s.lessonStash;
  s.setExerciseOpen("");
  s.openLesson("");
  if (own) s.loadWorkspace(own);
  s.setLessonStash(undefined);
  // The learner's own v1 (or none) comes back with their files.
  s.setEvolveView(s.evolveStash ?? { against: undefined, type: undefined, whatIf: undefined });
  s.setEvolveStash(undefined);
  s.setEvolveLocked(false);
  s.setSidePanelWide(false);
  s.setSidePanel("lessons");
}

/** Makes an exercise's files the workspace (the lesson stays open). */
export function openExercise(store: Store, lesson: Lesson, id: string): void {
  const ex = exerciseOf(lesson, id);
  if (!ex) return;
  const s = store.getState();
  if (s.lessonOpen !== lesson.slug) enterLesson(store, lesson);
  const key = exerciseKey(lesson.slug, id);
  store.getState().loadWorkspace(exerciseWorkspace(lesson, ex, store.getState().progress.attempts[key]));
  store.getState().setExerciseOpen(id);
  // The first file the learner edits is in front; the panels are the lesson's (its presets'), with
  // the whole window given back to the editors.
  applyView(store, { ...presetView({ ...lesson.meta.presets, files: undefined, selection: undefined }), editor: ex.files[0]!, wide: false, selection: null });
  // The exercise's v1 schema, kept in the Evolve panel: what its stored bytes were written with.
  const against = lesson.against[ex.id] ?? {};
  if (Object.keys(against).length > 0) store.getState().setEvolveView({ against: { ...against }, whatIf: undefined });
  store.getState().setEvolveLocked(Object.keys(against).length > 0);
}

/** Back from an exercise to the lesson's own example. */
export function closeExercise(store: Store, lesson: Lesson): void {
  store.getState().setExerciseOpen("");
  store.getState().setEvolveLocked(false);
  applyPreset(store, lesson, lesson.meta.presets, { files: "always", opening: true });
}

/** Grades the open exercise's files as the editor holds them, and keeps the result with the progress. */
export function checkExercise(store: Store, lesson: Lesson, ex: ExerciseMeta) {
  const files = attemptFiles(store.getState(), ex);
  const grade = gradeExercise(lesson, ex.id, files);
  store.getState().recordCheck(exerciseKey(lesson.slug, ex.id), { passed: grade.passed, checks: grade.checks, of: attemptDigest(files) });
  return grade;
}

/** Puts the start files back, and returns what the learner had (the way back: `undoReset`). */
export function resetExercise(store: Store, lesson: Lesson, ex: ExerciseMeta): Record<string, string> {
  const s = store.getState();
  const before = attemptFiles(s, ex);
  const fresh = exerciseWorkspace(lesson, ex, undefined);
  s.updateFiles(fresh.files.filter((f) => ex.files.includes(f.name)));
  s.resetAttempt(exerciseKey(lesson.slug, ex.id));
  return before;
}

/** Brings back the files a reset replaced. */
export function undoReset(store: Store, ex: ExerciseMeta, before: Readonly<Record<string, string>>): void {
  const s = store.getState();
  s.updateFiles(s.files.filter((f) => ex.files.includes(f.name) && f.kind !== "bytes" && before[f.name] !== undefined).map((f) => ({ ...f, text: before[f.name]! }) as WorkspaceFile));
}

/**
 * Keeps the progress in step with the open exercise: every change to an exercise file is its
 * attempt. Returns a function that stops it.
 */
export function startExerciseSync(store: Store): () => void {
  return store.subscribe((s, prev) => {
    if (s.exerciseOpen === "" || (s.files === prev.files && s.exerciseOpen === prev.exerciseOpen)) return;
    const lesson = lessonBySlug(s.lessonOpen);
    const ex = lesson && exerciseOf(lesson, s.exerciseOpen);
    if (!lesson || !ex) return;
    const key = exerciseKey(lesson.slug, ex.id);
    const saved = s.progress.attempts[key];
    const now = attemptFiles(s, ex);
    const start = lesson.start[ex.id] ?? {};
    for (const [name, text] of Object.entries(now)) {
      // Untouched start files are not an attempt yet (so a later change to the lesson's start shows).
      if (saved?.[name] === text || (saved?.[name] === undefined && text === start[name])) continue;
      s.setAttempt(key, name, text);
    }
  });
}
