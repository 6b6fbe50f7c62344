import { readCourse, readCourseInput } from "./engine/cli/course.ts";
import { renderFigures, gradeExercise } from "./engine/lessons/index.ts";
const input = readCourseInput();
const c = readCourse();
console.log(renderFigures(c.lessons[0]!.prose, { examples: input.examples }).split("\n").filter(l=>l.includes("**")).join("\n"));
const l = c.lessons[0]!;
for (const t of ['`08` 150 2: {"testing"}', '1: 150 2: {"Testing"}', '1:VARINT 150\n2:LEN 7 "testing"', '1: 150 2: {"testing"} 3: 1', '1: 150 2: {"testin"}']) console.log(JSON.stringify(gradeExercise(l, "write-bytes", {"message.protoscope": t})));
for (const t of ['1: -2', '1: 3', '1: -2z 2: 1', '1: 2z']) console.log(JSON.stringify(gradeExercise(l, "small-negative", {"message.protoscope": t})));
