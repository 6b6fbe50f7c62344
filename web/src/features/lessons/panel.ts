// The Lessons panel: the course overview with completion, and each lesson's page beside the
// editor. Its state (the open lesson, progress) lives in lessonsSlice.ts; links can open a lesson.
import type { PanelDefinition } from "../panels/registry.ts";

export const panel: PanelDefinition = {
  id: "lessons",
  label: "Lessons",
  order: 90,
  heavy: true,
  load: () => import("./LessonsPanel.tsx").then((m) => m.LessonsPanel),
  view: {
    capture: (state) => ({ lesson: state.lessonOpen }),
    apply: (value, store) => {
      const lesson = (value as { lesson?: unknown } | null)?.lesson;
      if (typeof lesson === "string" && /^[a-z0-9-]{0,64}$/.test(lesson)) store.getState().openLesson(lesson);
    },
  },
};
