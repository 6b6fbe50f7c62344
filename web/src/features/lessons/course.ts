// The course on the page: the lessons' text and the examples bundled by Vite, the checks from
// lessons/index.ts, loaded by the same engine loader the CLI and the tests use (without grading
// every start and solution again: the build's tests did).
import { loadCourse, type Course, type FigureEnv } from "../../../../engine/lessons/index.ts";
import { COURSE_FIGURES, LESSON_CHECKS } from "../../../../lessons/index.ts";

const lessonFiles = import.meta.glob<string>(["/lessons/*/lesson.md", "/lessons/*/start/**/*", "/lessons/*/solution/**/*"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const exampleFiles = import.meta.glob<string>("/examples/**/*.{proto,protoscope,txtpb,txt,ops,hex}", { query: "?raw", import: "default", eager: true });

function strip(prefix: string, files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([path, text]) => [path.slice(prefix.length), text]));
}

const examples = strip("/", exampleFiles);

export const COURSE: Course = loadCourse({ files: strip("/lessons/", lessonFiles), checks: LESSON_CHECKS, examples, figures: COURSE_FIGURES }, { lint: false });

export const FIGURE_ENV: FigureEnv = { examples, figures: COURSE_FIGURES };

/** "slug/exercise": the key progress is kept under. */
export const exerciseKey = (slug: string, exercise: string) => `${slug}/${exercise}`;
