// Lesson progress and view: which lesson is open, each exercise's attempt, hints shown, whether
// the solution is shown, which exercises are complete, each exercise's last check result and
// each prediction's guess (so a reload or a link to the lesson shows them again). Progress is saved on this device
// (absent, with a notice, when storage is blocked) and can be exported and imported as a file.
import type { StateCreator } from "zustand";
import type { AppState } from "../../store/types.ts";
import { browserStorage } from "../share/storage.ts";
import type { Workspace } from "../workspace/types.ts";
import { mergeProgress, sameProgress, stampChanges } from "./progressMerge.ts";

export const PROGRESS_KEY = "wirelab:lesson-progress";
export const PROGRESS_FORMAT = "wirelab-lesson-progress/1";

export interface LessonProgress {
  /** "slug/exercise" -> true once every check passed. */
  completed: Record<string, true>;
  /** "slug/exercise" -> file name -> the learner's text. */
  attempts: Record<string, Record<string, string>>;
  /** "slug/exercise" -> how many hints are unlocked. */
  hints: Record<string, number>;
  /** "slug/predict-N" (the lesson's Nth prediction, from 1) -> the learner's guess and whether the answer is shown. */
  guesses: Record<string, Guess>;
  /** "slug/exercise" -> the last check's result, as the checks reported it. */
  results: Record<string, CheckRecord>;
  /** key -> when it last changed (ms), a removal included: how two tabs' copies merge (progressMerge.ts). */
  stamps?: Record<string, number>;
}

export interface Guess {
  guess: string;
  revealed: boolean;
}

/** What the last Check said: the same data `wirelab check --json` prints for the exercise. */
export interface CheckRecord {
  passed: boolean;
  checks: { name: string; passed: boolean; message: string }[];
  /** A digest of the files that were checked (attemptDigest), to say when they have changed since. */
  of?: string;
}

/** A short digest (FNV-1a) of an attempt's files: equal files, equal digest. */
export function attemptDigest(files: Readonly<Record<string, string>>): string {
  const text = JSON.stringify(Object.keys(files).sort().map((k) => [k, files[k]]));
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/**
 * What the lesson keeps out of sight for now (features/lessons/veil.ts computes it): the hex view's
 * colours and hover text, or its bytes altogether, and panels, until a prediction is revealed or a
 * read exercise is answered. Components of the first chunk read it without loading the course.
 */
export interface Veil {
  /** "plain": bytes without colours or explanations; "hidden": no bytes at all. */
  hex?: "plain" | "hidden";
  /** Side panel ids shown veiled. */
  panels: string[];
  /** Files whose editor shows nothing (a read exercise's given bytes, whose disassembly would answer it). */
  files: string[];
  /** Why, in the learner's words, and what lifts it. */
  reason: string;
}

/** The open exercise's files as the editor tabs mark them (set with the veil, from the course). */
export interface ExerciseFiles {
  /** The learner's files: what Check grades. */
  graded: string[];
  /** Files the exercise gives: read-only. */
  given: string[];
  /** Files the Arena panel edits too: "arena.script" or "arena.goScript" -> file name. */
  bound: Record<string, string>;
}

export interface LessonsSlice {
  veil: Veil | undefined;
  setVeil(veil: Veil | undefined): void;
  exerciseFiles: ExerciseFiles | undefined;
  setExerciseFiles(files: ExerciseFiles | undefined): void;
  /** The open lesson's slug; "" shows the course overview. */
  lessonOpen: string;
  /**
   * The exercise (its id) whose files are the workspace while the lesson is open; "" while the
   * lesson's own example is. session.ts opens and closes exercises.
   */
  exerciseOpen: string;
  /** The learner's own workspace, kept aside while a lesson is open (it comes back when they leave). */
  lessonStash: Workspace | undefined;
  setExerciseOpen(id: string): void;
  setLessonStash(ws: Workspace | undefined): void;
  progress: LessonProgress;
  /** "slug/exercise" -> solution shown beside the attempt. */
  solutionShown: Record<string, boolean>;
  /** False when progress cannot be saved on this device. */
  progressSaved: boolean;
  openLesson(slug: string): void;
  setAttempt(key: string, file: string, text: string): void;
  resetAttempt(key: string): void;
  showNextHint(key: string): void;
  setSolutionShown(key: string, shown: boolean): void;
  markCompleted(key: string, done: boolean): void;
  /** Keeps a Check's result (and marks the exercise complete when it passed). */
  recordCheck(key: string, result: CheckRecord): void;
  setGuess(key: string, guess: string): void;
  revealGuess(key: string): void;
  resetLesson(slug: string): void;
  /** Puts back a lesson's progress that resetLesson removed (its entries, as they were). */
  restoreLessonProgress(part: LessonProgress): void;
  /** Replaces progress with an imported file's; returns why not when it is not one. */
  importProgress(text: string): string | undefined;
  exportProgress(): string;
}

const EMPTY: LessonProgress = { completed: {}, attempts: {}, hints: {}, guesses: {}, results: {} };

const MAX_TEXT = 1_000_000;

/** Validates progress from storage or a file (anyone can hand one over): keeps only well-formed parts. */
export function parseProgress(value: unknown): LessonProgress | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (v.format !== PROGRESS_FORMAT) return undefined;
  const out: LessonProgress = { completed: {}, attempts: {}, hints: {}, guesses: {}, results: {} };
  const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
  if (isObj(v.completed)) for (const [k, d] of Object.entries(v.completed)) if (d === true) out.completed[k] = true;
  if (isObj(v.hints)) for (const [k, n] of Object.entries(v.hints)) if (typeof n === "number" && Number.isInteger(n) && n >= 0 && n < 100) out.hints[k] = n;
  if (isObj(v.attempts)) {
    for (const [k, files] of Object.entries(v.attempts)) {
      if (!isObj(files)) continue;
      const kept: Record<string, string> = {};
      for (const [name, text] of Object.entries(files)) if (typeof text === "string" && text.length < MAX_TEXT) kept[name] = text;
      out.attempts[k] = kept;
    }
  }
  if (isObj(v.guesses)) {
    for (const [k, g] of Object.entries(v.guesses)) {
      if (isObj(g) && typeof g.guess === "string" && g.guess.length < 10_000 && typeof g.revealed === "boolean") out.guesses[k] = { guess: g.guess, revealed: g.revealed };
    }
  }
  if (isObj(v.results)) {
    for (const [k, r] of Object.entries(v.results)) {
      if (!isObj(r) || typeof r.passed !== "boolean" || !Array.isArray(r.checks)) continue;
      const checks = r.checks.filter(
        (c): c is CheckRecord["checks"][number] => isObj(c) && typeof c.name === "string" && typeof c.passed === "boolean" && typeof c.message === "string" && c.message.length < MAX_TEXT,
      );
      if (checks.length !== r.checks.length) continue;
      out.results[k] = { passed: r.passed, checks: checks.map(({ name, passed, message }) => ({ name, passed, message })), ...(typeof r.of === "string" && /^[0-9a-f]{8}$/.test(r.of) ? { of: r.of } : {}) };
    }
  }
  if (isObj(v.stamps)) {
    const stamps: Record<string, number> = {};
    for (const [k, t] of Object.entries(v.stamps)) if (typeof t === "number" && Number.isFinite(t) && t > 0) stamps[k] = t;
    if (Object.keys(stamps).length > 0) out.stamps = stamps;
  }
  return out;
}

function serialize(p: LessonProgress): string {
  return JSON.stringify({ format: PROGRESS_FORMAT, ...p });
}

function readProgress(raw: string | undefined): LessonProgress | undefined {
  if (raw === undefined) return undefined;
  try {
    return parseProgress(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

export const createLessonsSlice: StateCreator<AppState, [], [], LessonsSlice> = (set, get) => {
  const storage = browserStorage();
  /** The stored text as this tab last read or wrote it: anything else there is another tab's. */
  let known = storage.get(PROGRESS_KEY);
  const write = (progress: LessonProgress): boolean => {
    const text = serialize(progress);
    const ok = storage.set(PROGRESS_KEY, text);
    if (ok) known = text;
    return ok;
  };
  const save = (next: LessonProgress) => {
    let progress = stampChanges(get().progress, next, Date.now());
    // Another tab saved since: keep what it did too (key by key, the newer change wins).
    const stored = storage.get(PROGRESS_KEY);
    const theirs = stored !== known ? readProgress(stored) : undefined;
    if (theirs) progress = mergeProgress(progress, theirs);
    const ok = write(progress);
    set({ progress, progressSaved: ok && storage.available });
  };
  // Another tab's save: merge it in at once, so this tab shows (and keeps) what was done there.
  if (typeof window !== "undefined") {
    window.addEventListener("storage", (e) => {
      if (e.key !== PROGRESS_KEY || e.newValue === null) return;
      const theirs = readProgress(e.newValue);
      if (!theirs) return;
      known = e.newValue;
      const merged = mergeProgress(get().progress, theirs);
      if (!sameProgress(merged, get().progress)) set({ progress: merged });
      // This tab held something the other did not: save the merge, so both copies agree.
      if (!sameProgress(merged, theirs)) write(merged);
    });
  }
  const update = (f: (p: LessonProgress) => LessonProgress) => save(f(get().progress));
  return {
    veil: undefined,
    setVeil: (veil) => {
      if (JSON.stringify(veil) !== JSON.stringify(get().veil)) set({ veil });
    },
    exerciseFiles: undefined,
    setExerciseFiles: (exerciseFiles) => {
      if (JSON.stringify(exerciseFiles) !== JSON.stringify(get().exerciseFiles)) set({ exerciseFiles });
    },
    lessonOpen: "",
    exerciseOpen: "",
    lessonStash: undefined,
    setExerciseOpen: (exerciseOpen) => set({ exerciseOpen }),
    setLessonStash: (lessonStash) => set({ lessonStash }),
    progress: readProgress(known) ?? EMPTY,
    solutionShown: {},
    progressSaved: storage.available,
    openLesson: (lessonOpen) => set((s) => ({ lessonOpen, exerciseOpen: lessonOpen === s.lessonOpen ? s.exerciseOpen : "" })),
    setAttempt: (key, file, text) => update((p) => ({ ...p, attempts: { ...p.attempts, [key]: { ...p.attempts[key], [file]: text } } })),
    resetAttempt: (key) =>
      update((p) => {
        const attempts = { ...p.attempts };
        delete attempts[key];
        const results = { ...p.results };
        delete results[key];
        return { ...p, attempts, results };
      }),
    showNextHint: (key) => update((p) => ({ ...p, hints: { ...p.hints, [key]: (p.hints[key] ?? 0) + 1 } })),
    setSolutionShown: (key, shown) => set((s) => ({ solutionShown: { ...s.solutionShown, [key]: shown } })),
    markCompleted: (key, done) =>
      update((p) => {
        const completed = { ...p.completed };
        if (done) completed[key] = true;
        else delete completed[key];
        return { ...p, completed };
      }),
    recordCheck: (key, result) =>
      update((p) => ({
        ...p,
        results: { ...p.results, [key]: result },
        completed: result.passed ? { ...p.completed, [key]: true } : p.completed,
      })),
    setGuess: (key, guess) => update((p) => ({ ...p, guesses: { ...p.guesses, [key]: { guess, revealed: p.guesses[key]?.revealed ?? false } } })),
    revealGuess: (key) => update((p) => ({ ...p, guesses: { ...p.guesses, [key]: { guess: p.guesses[key]?.guess ?? "", revealed: true } } })),
    resetLesson: (slug) =>
      update((p) => {
        const keep = <T,>(r: Record<string, T>) => Object.fromEntries(Object.entries(r).filter(([k]) => !k.startsWith(`${slug}/`)));
        return { completed: keep(p.completed) as Record<string, true>, attempts: keep(p.attempts), hints: keep(p.hints), guesses: keep(p.guesses), results: keep(p.results) };
      }),
    restoreLessonProgress: (part) =>
      update((p) => ({
        completed: { ...p.completed, ...part.completed },
        attempts: { ...p.attempts, ...part.attempts },
        hints: { ...p.hints, ...part.hints },
        guesses: { ...p.guesses, ...part.guesses },
        results: { ...p.results, ...part.results },
      })),
    importProgress: (text) => {
      let parsed: LessonProgress | undefined;
      try {
        parsed = parseProgress(JSON.parse(text));
      } catch {
        parsed = undefined;
      }
      if (!parsed) return "this file is not Wirelab lesson progress";
      save(parsed);
      return undefined;
    },
    exportProgress: () => serialize(get().progress),
  };
};
