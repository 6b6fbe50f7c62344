/** Right answers written differently, and near misses, for the generated-code exercises (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

export const answers: LessonAnswers = {
  "case-labels": {
    // Hex, commas, another order.
    right: [{ "cases.txt": "0x12, 0x0a, 0x08\n" }],
    nearMisses: [
      { files: { "cases.txt": "10 18\n" }, failing: ["labels"], message: /a case is missing for lengths: a parser must accept a repeated number both packed/ },
      // sint64 read as a fixed64 (wire type 1).
      { files: { "cases.txt": "9 10 18\n" }, failing: ["labels"], message: /^9 is field 1 `lengths` with wire type 1 \(I64\), which is not how `lengths` travels/ },
    ],
  },
  "pool-reuse": {
    // Explicit lengths and raw zigzag varints; two rows, one with a NULL cell (-1).
    right: [{ "second.protoscope": '2:LEN 7 1:LEN 2 2 1 2:LEN 1 "7"\n2: {1: {2z -1z} 2: {"42"}}\n' }],
    nearMisses: [
      {
        files: { "second.protoscope": '2: {1: {1z 4z} 2: {"4dave"}}\n2: {1: {1z 4z} 2: {"5erin"}}\n' },
        failing: ["no-new-objects"],
        message: /row 2's values take 5 bytes; the pool kept a 4-byte buffer for it/,
      },
    ],
  },
  "read-tags": {
    right: [{ "answer.txt": "1. rows\n2. rows\n3. throttled\n4. gtid\n" }],
    nearMisses: [
      // Takes the rows' inner fields for top-level ones.
      { files: { "answer.txt": "rows\nfields\nrows\nthrottled\ngtid\n" }, failing: ["fields"], message: /answer\.txt:2: the 2nd tag is not `fields`'s/ },
      // Misses that the same field comes twice.
      { files: { "answer.txt": "rows\nthrottled\ngtid\n" }, failing: ["fields"], message: /answer\.txt:2: the 2nd tag is not `throttled`'s/ },
    ],
  },
};
