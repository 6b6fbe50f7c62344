/** Right answers written differently, and near misses, for the arena exercises (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

export const answers: LessonAnswers = {
  "predict-growth": {
    right: [
      // Commas on one line instead of one number a line.
      { "chunks.txt": "8, 16, 32, 128, 256, 1024" },
      // In brackets, with the unit.
      { "chunks.txt": "[8, 16, 32, 128, 256, 1024] words\n" },
    ],
    nearMisses: [
      // Forgets that nextPow2 is "greater than": 512 words open 1024. The message gives the inputs, not the answer.
      { files: { "chunks.txt": "8 16 32 128 256 512" }, failing: ["chunks"], message: /^the 6th chunk is not 512 words: it opens for the 4096-byte request \(512 words\), after a chunk of 256 words: work out max\(8, 2 × the last chunk, nextPow2\(512\)\)/ },
    ],
  },
  "reuse-after-reset": {
    right: [
      // The other way round: the first request opens the 1024-word chunk too.
      { "requests.ops": "alloc:4096\nreset\nalloc:4096\n" },
      // A Realloc that ends at 4096 bytes: the 511-word block grows in place to 512 words.
      { "requests.ops": "alloc:4000, alloc:96\nreset\nalloc:4088\nrealloc:2:4096\n" },
    ],
    nearMisses: [
      { files: { "requests.ops": "alloc:2048 alloc:2048\nreset\nalloc:4096\n" }, failing: ["no-new-chunk"], message: /opens a new chunk of 1024 words \(nextPow2\(512\) = 1024\); the first request left only chunks of 512 words/ },
      // The second request short by a word.
      { files: { "requests.ops": "alloc:4000, alloc:96\nreset\nalloc:4088\n" }, failing: ["two-requests"], message: /request 2 ends up with 4088 bytes/ },
    ],
  },
  "read-decoded": {
    right: [{ "answer.txt": "message\nitems[1].name\nitems[1]\nitems[0]\nscores\ntitle\n" }],
    nearMisses: [
      // Counts the int64 as an allocation.
      { files: { "answer.txt": "(message)\ntitle\nscores\ncreated\nitems[0]\nitems[1]\nitems[1].name\n" }, failing: ["allocations"], message: /answer\.txt:4: `created` is not allocated on its own/ },
      // Forgets the string inside the second item.
      { files: { "answer.txt": "(message)\ntitle\nscores\nitems[0]\nitems[1]\n" }, failing: ["allocations"], message: /^1 allocation is missing/ },
    ],
  },
};
