/** Right answers written differently, and near misses, for the length-delimited exercises (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

export const answers: LessonAnswers = {
  nested: {
    // An explicit length, and the inner tag written as its byte value 8.
    right: [{ "message.protoscope": "3:LEN 3\n8 150\n" }],
    nearMisses: [{ files: { "message.protoscope": "3: {150}\n" }, failing: ["bytes"], message: /field 3's bytes are 96 01; expected 08 96 01/ }],
  },
  packed: {
    right: [{ "message.protoscope": "4:LEN 4 1 2 150\n" }],
    nearMisses: [{ files: { "message.protoscope": "4: 1\n4: 2\n4: 150\n" }, failing: ["packed-record"], message: /field 4 appears 3 times as separate varints/ }],
  },
  "read-readings": {
    right: [{ "answer.txt": "Packed varints and a nested message\n" }, { "answer.txt": "varints / submessage" }],
    nearMisses: [
      // The string reading does not hold: 0x96 cannot start a UTF-8 character.
      { files: { "answer.txt": "string, message, packed varints\n" }, failing: ["readings"], message: /^string is not a valid reading of the payload: / },
      // Leaves out the packed reading.
      { files: { "answer.txt": "message\n" }, failing: ["readings"], message: /but another one holds too/ },
      // Four bytes are not a multiple of four... these three are not.
      { files: { "answer.txt": "message, packed varints, packed fixed32\n" }, failing: ["readings"], message: /^packed fixed32 is not a valid reading/ },
    ],
  },
  "read-nested": {
    right: [{ "answer.txt": "1 LEN 66 6f 6f\n2 0 2\n3 VARINT 0x07\n" }],
    nearMisses: [
      // Reads the outer record instead of the inner message.
      { files: { "answer.txt": "field 3: LEN 0a 03 66 6f 6f 10 02 18 07\n" }, failing: ["one-line-per-field", "field-numbers", "wire-types", "values"], message: /has 1 line, but the bytes hold more fields/ },
      // Mistakes the inner string's length byte for its value.
      { files: { "answer.txt": "field 1: VARINT 3\nfield 2: VARINT 2\nfield 3: VARINT 7\n" }, failing: ["wire-types", "values"], message: /answer\.txt:1: field 1 is not a varint/ },
    ],
  },
};
