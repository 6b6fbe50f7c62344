/**
 * Lessons as data: what a lesson folder declares (front matter), what an exercise is, and what a
 * check returns. A lesson is `lessons/NN-slug/` with `lesson.md` (front matter, then prose),
 * start and solution files per exercise, and `checks.ts` (pure functions over engine results).
 */
import type { Attempt } from "./attempt.ts";

/**
 * What an exercise asks (the CLI contract's `kind`): `write` bytes or text that do something,
 * `read` given bytes and say what they mean, `fix` a schema or script, `predict` a figure before
 * the engine shows it, `design` an encoding, a layout or a schema.
 */
export type ExerciseKind = "write" | "read" | "fix" | "predict" | "design";
export const EXERCISE_KINDS: readonly ExerciseKind[] = ["write", "read", "fix", "predict", "design"];

/**
 * Where an exercise file lives in the app besides its editor tab: the Arena panel's operations
 * (`arena.script`) or its Go arena script (`arena.goScript`); the panel edits the same text.
 */
export type ExerciseBinding = "arena.script" | "arena.goScript";
export const EXERCISE_BINDINGS: readonly ExerciseBinding[] = ["arena.script", "arena.goScript"];

/** One exercise as `lesson.md` declares it. */
export interface ExerciseMeta {
  /** Stable id within the lesson, part of the CLI contract (`wirelab check LESSON EXERCISE`). */
  id: string;
  kind: ExerciseKind;
  title: string;
  /** What to do, in one or two sentences (markdown). */
  prompt: string;
  /** File names the learner edits; each has `start/<id>/<name>` and `solution/<id>/<name>`. */
  files: string[];
  /** Files the exercise provides and the learner does not edit: name -> path under examples/. */
  given?: Record<string, string>;
  /**
   * The schema kept as v1 in the Evolve panel while the exercise is open (name -> path under
   * examples/): the version stored bytes were written with. Checks read it as `Attempt.against`.
   */
  against?: Record<string, string>;
  /** The file whose bytes the views show while the exercise is open (default: its first input file). */
  input?: string;
  /** The input's message type, for names in the tree (and text format's encoding). */
  messageType?: string;
  /** Files the Arena panel edits as well as the editor. */
  bind?: Record<string, ExerciseBinding>;
  /** Hints, revealed one at a time, most general first. */
  hints: string[];
}

/** A source the lesson quotes facts and figures from; `id` must be one of SOURCES. */
export type SourceId = string;

/**
 * What a lesson (or one step of it) presets: workspace files and any view state the app's store
 * carries through `ViewState`. engine/lessons/presets.ts lists the keys and checks them.
 */
export interface LessonPreset {
  /** Workspace files: name in the workspace -> path under examples/. */
  files?: Record<string, string>;
  /** The file whose bytes the views show. */
  active?: string;
  /** Message type for text-format inputs, e.g. "log.LogEntry". */
  messageType?: string;
  /** The editor in front (a file name). */
  editor?: string;
  /** The side panel in front, a lesson panel name ("tree", "arena", "layout", ...). */
  panel?: string;
  /** Selected bytes [start, end). */
  selection?: [number, number];
  /** The side panels use the whole window. */
  wide?: boolean;
  /** Each panel's own state by panel id (arena, layout, sizes, bench, explain): see PANEL_PRESET_KEYS. */
  panels?: Record<string, Record<string, unknown>>;
  /**
   * What stays out of sight until a prediction of the prose is revealed: "bytes" (the hex view)
   * or a side panel (a lesson panel name) -> the prediction's name (` ```predict NAME `).
   */
  veil?: Record<string, string>;
}

/** A step the prose points at (`[label](#step-ID)`): a preset with an id and a button label. */
export interface LessonStep extends LessonPreset {
  id: string;
  /** The button's text, e.g. "Open the Arena at the first growth". */
  label: string;
}

export interface LessonMeta {
  title: string;
  /** The practitioner's question the lesson opens on. */
  question: string;
  /** Ids of the sources (engine/sources.ts) the lesson quotes. */
  sources: SourceId[];
  /** Panels shown beside the prose, from PANELS. */
  panels: string[];
  presets: LessonPreset;
  /** Steps the prose points at, each presetting the panels for one point. */
  steps: LessonStep[];
  /**
   * The lesson's benchmark (engine/bench/suites), placed in the prose by a ` ```bench ` block that
   * asks the learner to predict, before Run, how many times as fast `predict.after` is as
   * `predict.before` (the median over `predict.cases`, else over the cases run). `cases` narrows
   * the run; `message: "workspace"` runs the suite on the workspace's own bytes as case `custom`
   * (suites that take a message).
   */
  bench: { suite: string; cases?: string[]; message?: "workspace"; predict?: BenchPrediction };
  exercises: ExerciseMeta[];
}

/** What a lesson's benchmark asks the learner to predict: after's ops/s over before's. */
export interface BenchPrediction {
  after: string;
  before: string;
  cases?: string[];
}

/** A lesson as loaded: its folder name, slug, metadata, prose and files. */
export interface Lesson {
  /** Folder name, e.g. "01-varints". */
  dir: string;
  /** Slug, e.g. "varints" (the CLI's LESSON argument). */
  slug: string;
  /** 1-based position in the course (from the folder name). */
  order: number;
  meta: LessonMeta;
  /** The markdown after the front matter (with live-figure markers still in it). */
  prose: string;
  /** Exercise id -> file name -> text. */
  start: Record<string, Record<string, string>>;
  solution: Record<string, Record<string, string>>;
  /** Exercise id -> the given files' text (graded with the learner's files). */
  given: Record<string, Record<string, string>>;
  /** Exercise id -> the v1 schema texts of its `against` (empty when it has none). */
  against: Record<string, Record<string, string>>;
  checks: LessonChecks;
}

/** What one check says about an attempt: always a message a learner understands. */
export interface CheckResult {
  passed: boolean;
  message: string;
}

/** A check: a pure function of the attempt (the engine's results over the learner's files). */
export interface Check {
  /** Short stable name, e.g. "assembles", "uses-field-syntax". */
  name: string;
  run(attempt: Attempt): CheckResult;
}

/** checks.ts exports one of these: exercise id -> its checks, in the order they are reported. */
export type LessonChecks = Record<string, readonly Check[]>;

/** The result of grading one exercise: exactly the JSON `wirelab check --json` prints. */
export interface Grade {
  lesson: string;
  exercise: string;
  passed: boolean;
  checks: { name: string; passed: boolean; message: string }[];
}

/** A problem the content linter found, naming the file it is in. */
export interface LessonProblem {
  /** Path relative to the lessons folder, e.g. "01-varints/lesson.md". */
  file: string;
  message: string;
}

/**
 * What the course's tests grade for one exercise, kept beside the lesson (`answers.ts`): right
 * answers written differently from the solution (every one must pass), and near misses (each
 * must fail exactly the checks named, the first with a message matching `message`).
 */
export interface ExerciseAnswerSet {
  right: Record<string, string>[];
  nearMisses: { files: Record<string, string>; failing: string[]; message: RegExp }[];
}

/** A lesson's answers, by exercise id. */
export type LessonAnswers = Readonly<Record<string, ExerciseAnswerSet>>;
