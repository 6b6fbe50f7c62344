// What a lesson keeps out of sight, kept in the store's `veil` (lessonsSlice.ts) for the first
// chunk's views (hex view, side panels, editors) to honour without loading the course:
// - a read exercise, until its checks pass or its solution is shown: the bytes without colours
//   or explanations, no field tree, Explain, Readings, Layout (its decode counts the fields set)
//   Arena (it can allocate the decoded message node by node) or the Line-up (three decoders
//   reading it), and no disassembly of the given
//   bytes (each would read them for the learner);
// - a lesson's `veil` preset, until the prediction it names is revealed: the bytes or a panel
//   that would give the answer away.
import type { StoreApi } from "zustand";
import { sidePanelId, type Lesson } from "../../../../engine/lessons/index.ts";
import type { AppState } from "../../store/types.ts";
import type { Veil } from "./lessonsSlice.ts";
import { exerciseKey } from "./course.ts";
import { exerciseOf, lessonBySlug } from "./session.ts";

/** Panels that would read a read exercise's bytes for the learner. */
const READERS = ["fields", "explain", "readings", "layout", "arena", "lineup", "evolve"];

export function computeVeil(s: AppState, lesson: Lesson | undefined): Veil | undefined {
  if (!lesson) return undefined;
  const ex = s.exerciseOpen ? exerciseOf(lesson, s.exerciseOpen) : undefined;
  if (ex) {
    if (ex.kind !== "read") return undefined;
    const key = exerciseKey(lesson.slug, ex.id);
    if (s.progress.completed[key] || s.solutionShown[key]) return undefined;
    const given = Object.keys(lesson.given[ex.id] ?? {}).filter((n) => n.endsWith(".hex"));
    return {
      hex: "plain",
      panels: READERS,
      files: given,
      reason: "A read exercise: read the bytes yourself. The colours and the panels that would read them (field tree, Explain, Readings, Layout, Arena, Line-up, Evolve) come back when your answer passes, or when you show the solution.",
    };
  }
  const veil = lesson.meta.presets.veil;
  if (!veil) return undefined;
  const panels: string[] = [];
  let hex: Veil["hex"];
  const waiting: string[] = [];
  for (const [target, name] of Object.entries(veil)) {
    if (s.progress.guesses[`${lesson.slug}/${name}`]?.revealed) continue;
    if (target === "bytes") hex = "hidden";
    else panels.push(sidePanelId(target));
    if (!waiting.includes(name)) waiting.push(name);
  }
  if (!hex && panels.length === 0) return undefined;
  return {
    ...(hex ? { hex } : {}),
    panels,
    files: [],
    reason: `Predict first: this shows once you have revealed your guess${waiting.length === 1 ? "" : "es"} in the lesson (${waiting.length} prediction${waiting.length === 1 ? "" : "s"} to go).`,
  };
}

/** Keeps the store's veil and the open exercise's files up to date while the lesson pane is mounted; returns a function that stops it. */
export function startVeil(store: StoreApi<AppState>): () => void {
  const update = (s: AppState) => {
    const lesson = lessonBySlug(s.lessonOpen);
    s.setVeil(computeVeil(s, lesson));
    const ex = lesson && s.exerciseOpen ? exerciseOf(lesson, s.exerciseOpen) : undefined;
    const bound = Object.fromEntries(Object.entries(ex?.bind ?? {}).map(([file, where]) => [where, file]));
    s.setExerciseFiles(ex && lesson ? { graded: [...ex.files], given: Object.keys(lesson.given[ex.id] ?? {}), bound } : undefined);
  };
  update(store.getState());
  const stop = store.subscribe((s, prev) => {
    if (s.lessonOpen !== prev.lessonOpen || s.exerciseOpen !== prev.exerciseOpen || s.progress !== prev.progress || s.solutionShown !== prev.solutionShown) update(s);
  });
  return () => {
    stop();
    store.getState().setVeil(undefined);
    store.getState().setExerciseFiles(undefined);
  };
}
