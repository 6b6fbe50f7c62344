// The Lessons panel: the course overview with completion, and each lesson's page beside the
// editor. Its state (the open lesson and exercise, progress) lives in lessonsSlice.ts; links,
// the autosave and embeds carry the open lesson and exercise (the workspace they restore is
// already the lesson's: session.ts and share/persistence.ts).
import type { PanelDefinition } from "../panels/registry.ts";

const ID = /^[a-z0-9-]{0,64}$/;

export const panel: PanelDefinition = {
  id: "lessons",
  label: "Lessons",
  order: 90,
  heavy: true,
  load: () => import("./LessonsPanel.tsx").then((m) => m.LessonsPanel),
  view: {
    capture: (state) => ({ lesson: state.lessonOpen, ...(state.exerciseOpen ? { exercise: state.exerciseOpen } : {}) }),
    apply: (value, store) => {
      const { lesson, exercise } = (value ?? {}) as { lesson?: unknown; exercise?: unknown };
      if (typeof lesson !== "string" || !ID.test(lesson)) return;
      store.getState().openLesson(lesson);
      store.getState().setExerciseOpen(lesson !== "" && typeof exercise === "string" && ID.test(exercise) ? exercise : "");
    },
  },
};
