/**
 * For each exercise: a second correct answer written differently from the solution, and a near
 * miss with the checks it must fail and the message (a pattern) that must explain why. Used by
 * course.test.ts and by the CLI tests.
 */
export interface ExerciseAnswers {
  lesson: string;
  exercise: string;
  alternative: Record<string, string>;
  nearMiss: { files: Record<string, string>; failing: string[]; message: RegExp };
}

export const ANSWERS: ExerciseAnswers[] = [
  {
    lesson: "varints",
    exercise: "write-bytes",
    // Explicit wire types and an explicit length instead of braces.
    alternative: { "message.protoscope": '1:VARINT 150\n2:LEN 7 "testing"\n' },
    nearMiss: { files: { "message.protoscope": '1: 150\n2: {"Testing"}\n' }, failing: ["bytes"], message: /field 2's bytes read `Testing`; expected `testing`/ },
  },
  {
    lesson: "varints",
    exercise: "write-bytes",
    alternative: { "message.protoscope": "# 150 in hex, the string as hex bytes\n1: 0x96\n2: {`74657374696e67`}\n" },
    nearMiss: { files: { "message.protoscope": '`08` 150\n2: {"testing"}\n' }, failing: ["field-syntax"], message: /field 1's tag is not written with field syntax/ },
  },
  {
    lesson: "varints",
    exercise: "small-negative",
    alternative: { "message.protoscope": "# the zigzag value itself\n1: 3\n" },
    nearMiss: { files: { "message.protoscope": "1: -2\n" }, failing: ["reads-minus-2", "two-bytes"], message: /the way an int32 writes it: 10 bytes/ },
  },
];
