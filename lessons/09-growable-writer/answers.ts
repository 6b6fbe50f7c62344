/** Right answers written differently, and near misses, for the growable-writer exercises (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

export const answers: LessonAnswers = {
  "force-shift": {
    // The long field is the path this time, and fields are written in another order.
    right: [{ "message.txtpb": `request {\n  path: "/${"p".repeat(140)}"\n}\nbackend_server: "a"\n` }],
    nearMisses: [{ files: { "message.txtpb": `request { body: "${"b".repeat(99)}" }\n` }, failing: ["shifts"], message: /the longest nested message is 101 bytes, under 128/ }],
  },
  "two-grows": {
    right: [{ "message.txtpb": 'backend_server: "abcdefghijklmnopqrst"\nrequest { path: "/abcdefghijkl" }\n' }],
    nearMisses: [
      { files: { "message.txtpb": 'backend_server: "zrh01.prod"\nrequest_size: 512\n' }, failing: ["grows-twice"], message: /the writer grew 0 times \(16 bytes\) for 15 bytes: the message fits in 16 bytes: it needs to be longer/ },
      // 40 bytes, but one long string written at once doubles twice for itself.
      { files: { "message.txtpb": `backend_server: "${"x".repeat(38)}"\n` }, failing: ["grows-twice"], message: /one write did not fit even in the doubled buffer/ },
    ],
  },
  "read-prefix": {
    right: [{ "answer.txt": "payload = 0x81 bytes\nlength = 2 bytes\n" }],
    nearMisses: [
      // Reads the first length byte alone, 0x81.
      { files: { "answer.txt": "payload: 129\nlength bytes: 1\n" }, failing: ["length-bytes"], message: /the length does not take 1 byte: a varint goes on while a byte's top bit \(0x80\) is set/ },
      // Reads 81 01 big-endian-ish: 0x81 * 128 + 1.
      { files: { "answer.txt": "payload: 16513\nlength bytes: 2\n" }, failing: ["payload"], message: /the payload is not 16513 bytes/ },
    ],
  },
};
