/** Right answers written differently, and near misses, for the malformed exercises (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

export const answers: LessonAnswers = {
  "first-bad-byte": {
    right: [{ "answer.txt": "offset = 0x0d\n" }],
    nearMisses: [
      // The tag of the broken record, not its length.
      { files: { "answer.txt": "offset: 12\n" }, failing: ["offset"], message: /byte 12 is not where a reader gives up/ },
      // The end of the bytes, where the promised payload would run.
      { files: { "answer.txt": "offset: 17\n" }, failing: ["offset"], message: /byte 17 is not where a reader gives up/ },
    ],
  },
  overlong: {
    right: [{ "overlong.protoscope": "1: `81808080808080808000`\n" }],
    nearMisses: [
      // Nine bytes.
      { files: { "overlong.protoscope": "1: long-form:8 1\n" }, failing: ["ten-bytes"], message: /field 1's varint takes 9 bytes; write it in ten/ },
      // Eleven bytes: longer than a varint may be, and every decoder throws.
      { files: { "overlong.protoscope": "1: `8180808080808080808000`\n" }, failing: ["ten-bytes", "all-read-1"], message: /a reader gives up at byte 1: varint longer than 10 bytes/ },
    ],
  },
  divergence: {
    right: [{ "diverge.protoscope": '1: {"not a number"}\n' }],
    nearMisses: [
      // Every decoder refuses wire type 6.
      { files: { "diverge.protoscope": "`0e00`\n" }, failing: ["protobufjs-reads-bufbuild-refuses"], message: /protobufjs throws/ },
      // Well-formed bytes: all three read them.
      { files: { "diverge.protoscope": '1: 7\n2: {"ok"}\n' }, failing: ["protobufjs-reads-bufbuild-refuses"], message: /@bufbuild\/protobuf reads it; protobufjs reads it/ },
    ],
  },
};
