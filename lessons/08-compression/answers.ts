/** Right answers written differently, and near misses, for the compression exercises (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

export const answers: LessonAnswers = {
  "smallest-raw": {
    // An explicit length, values over several lines.
    right: [{ "message.protoscope": "1:LEN 20\n0 1 2 3 4\n5 6 7 8 9\n10 11 12 13 14\n15 16 17 18 19\n" }],
    nearMisses: [
      { files: { "message.protoscope": Array.from({ length: 20 }, (_, i) => `1: ${i}\n`).join("") }, failing: ["smallest"], message: /^as repeated varint, the message takes 40 bytes, and another of the four encodings takes fewer/ },
      // The smallest encoding, but one value short.
      { files: { "message.protoscope": "1: {0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18}\n" }, failing: ["values"], message: /expected the integers 0 to 19 in order/ },
    ],
  },
  "fixed-wins": {
    right: [{ "message.protoscope": "2: {300000000i32 400000000i32 500000000i32 600000000i32 700000000i32 800000000i32}\n" }],
    nearMisses: [{ files: { "message.protoscope": "2: {1i32 2i32 3i32 4i32 5i32}\n" }, failing: ["smaller-than-varints"], message: /as packed varints these 5 values would take 7 bytes, no more than your 22 as fixed32/ }],
  },
  "read-encoding": {
    right: [{ "answer.txt": "encoding = packed sfixed32\nvalues = 0x7 0x3e8 0x10000\n" }],
    nearMisses: [
      // Reads the tag's wire type (LEN) but takes field 2 for varints.
      { files: { "answer.txt": "encoding: packed varint\nvalues: 7, 1000, 65536\n" }, failing: ["encoding"], message: /it is not packed varint: the tag's field number says which field/ },
      // Reads the fixed32s big-endian.
      { files: { "answer.txt": "encoding: packed fixed32\nvalues: 117440512, 3892510720, 256\n" }, failing: ["values"], message: /value 1 is not 117440512: each value is four bytes, little-endian/ },
    ],
  },
};
