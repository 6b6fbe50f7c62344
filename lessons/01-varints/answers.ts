/** Right answers written differently, and near misses, for the varints exercises (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

export const answers: LessonAnswers = {
  "write-bytes": {
    right: [
      // Explicit wire types and an explicit length instead of braces.
      { "message.protoscope": '1:VARINT 150\n2:LEN 7 "testing"\n' },
      { "message.protoscope": "# 150 in hex, the string as hex bytes\n1: 0x96\n2: {`74657374696e67`}\n" },
    ],
    nearMisses: [
      { files: { "message.protoscope": '1: 150\n2: {"Testing"}\n' }, failing: ["bytes"], message: /field 2's bytes read `Testing`; expected `testing`/ },
      { files: { "message.protoscope": '`08` 150\n2: {"testing"}\n' }, failing: ["field-syntax"], message: /field 1's tag is not written with field syntax/ },
    ],
  },
  "small-negative": {
    right: [{ "message.protoscope": "# the zigzag value itself\n1: 3\n" }],
    nearMisses: [
      { files: { "message.protoscope": "1: -2\n" }, failing: ["reads-minus-2", "two-bytes"], message: /the way an int32 writes it: 10 bytes .* write the zigzag form$/ },
      // Zigzag of +2 instead of -2.
      { files: { "message.protoscope": "1: 2z\n" }, failing: ["reads-minus-2"], message: /a sint32 reader reads field 1 as 2, not -2/ },
    ],
  },
  "read-fields": {
    right: [
      // Numbers for the wire types, hex for the varint, no quotes, no "field".
      { "answer.txt": "1: 0 0x12c\n2: 2 wire\n3: 5 5\n" },
      // The string as hex bytes; the fixed32 as a float would not be 5, but as an integer it is.
      { "answer.txt": "field 1, varint, 300\nfield 2, length-delimited, 77 69 72 65\nfield 3, fixed32, 0x00000005\n" },
    ],
    nearMisses: [
      // Reads the varint's bytes the wrong way round (big-endian groups): 0x2c << 7 | 2.
      { files: { "answer.txt": "field 1: VARINT 5634\nfield 2: LEN \"wire\"\nfield 3: I32 5\n" }, failing: ["values"], message: /answer\.txt:1: `5634` is not what field 1's bytes \(ac 02\) read: a varint puts its low seven bits first/ },
      // Takes the tag byte 0x12 for field 18.
      { files: { "answer.txt": "field 1: VARINT 300\nfield 18: LEN \"wire\"\nfield 3: I32 5\n" }, failing: ["field-numbers"], message: /answer\.txt:2: the second tag .* does not hold field 18/ },
      // Misses the third field.
      { files: { "answer.txt": "field 1: VARINT 300\nfield 2: LEN \"wire\"\n" }, failing: ["one-line-per-field", "field-numbers", "wire-types", "values"], message: /has 2 lines, but the bytes hold more fields/ },
    ],
  },
  "read-zigzag": {
    right: [{ "answer.txt": "# my reading\nraw = 5\ndelta = -3\n" }],
    nearMisses: [
      // Reads delta as a plain varint.
      { files: { "answer.txt": "delta: 5\nraw: 5\n" }, failing: ["values"], message: /answer\.txt:1: delta is not `5` for a reader with the schema/ },
      // Undoes zigzag on raw too.
      { files: { "answer.txt": "delta: -3\nraw: -3\n" }, failing: ["values"], message: /raw is not `-3`/ },
    ],
  },
};
