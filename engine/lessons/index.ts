/** Lessons as data: loader and content linter, checks, grading, live figures. */
export { Attempt, hexText, type AssembledFile, type AttemptSchema, type EncodeResult } from "./attempt.ts";
export { expectedAnswer, guessNumber, judgeGuess, predictBlocks, type Expected, type PredictBlock, type Verdict } from "./predict.ts";
export { allocTrace, chunkSizes, grownChunks, nextPow2 } from "./arena-growth.ts";
export { FIGURES, type Figure, type FigureEnv } from "./figures.ts";
export { parseFrontMatter, splitFrontMatter } from "./front-matter.ts";
export { gradeExercise, runChecks } from "./grade.ts";
export { findLesson, loadCourse, type Course, type CourseInput, type LoadOptions } from "./loader.ts";
export { codeFences, computeFigure, escapeMarkdown, findMarkers, renderFigures, type Marker } from "./markers.ts";
export { LESSON_PANEL_IDS, PANEL_PRESET_KEYS, presetProblems, sidePanelId, stepLinks } from "./presets.ts";
export { BENCH_SUITES, PANELS } from "./panels.ts";
export { attribution, findSource, SOURCES, type Source } from "./sources.ts";
export { hexBytes, printableText, readFields, readPackedFixed32, readPackedVarints, type WireField, type WireFields } from "./wire-fields.ts";
export { replayWriter, REPLAY_INITIAL_CAPACITY, type ReplayResult, type WriterEvent } from "./writer-replay.ts";
export type * from "./types.ts";
export type { Annotation, AnnotationList } from "../annotate/types.ts";
export { assembles, check, describeField, explainDifference, fail, hex, pass, walkTags, wireTypeName } from "./check-helpers.ts";
export { lineDiff, type DiffLine } from "./diff.ts";
