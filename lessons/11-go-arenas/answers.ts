/** Right answers written differently, and near misses, for the go-arenas exercises (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

export const answers: LessonAnswers = {
  "keep-result": {
    right: [
      // A clone of a clone, read after free.
      { "handler.txt": "new count int\nmakeslice ids int64 3 3\nwrite ids[0]\nwrite count\nclone copy count\nclone result copy\nfree\nread result\n" },
    ],
    nearMisses: [
      // Clone after Free: -asan is silent, the copy is of freed memory.
      { files: { "handler.txt": "new count int\nmakeslice ids int64 3 3\nwrite ids[0]\nwrite count\nfree\nclone result count\nread result\n" }, failing: ["no-stale-copies"], message: /line 6, `clone result count`: Clone copies count after the arena is freed/ },
      // Reads something after free, but never count's value: the slice moved to the heap.
      { files: { "handler.txt": "new count int\nmakeslice ids int64 3 3\nappend ids 1\nwrite count\nfree\nread ids[0]\n" }, failing: ["used-after-free"], message: /what is read after `free` is not count's value/ },
    ],
  },
  "escape-by-append": {
    right: [{ "handler.txt": "makeslice xs int32 0 1\nappend xs 2\nwrite xs[1]\nfree\nwrite xs[0]\nread xs[1]\n" }],
    // Appending up to the capacity exactly keeps the slice in the arena.
    nearMisses: [{ files: { "handler.txt": "makeslice names byte 2 4\nappend names 2\nfree\nwrite names[0]\n" }, failing: ["asan-clean"], message: /names has 4 elements in a capacity of 4: it still lives in the arena/ }],
  },
  "asan-report": {
    right: [{ "answer.txt": "lines 12 and 10\n" }],
    nearMisses: [
      // Thinks every append moves the slice to the heap.
      { files: { "answer.txt": "10\n" }, failing: ["lines"], message: /1 reported line is missing: .*\(a slice appended within its capacity stays in the arena\)/ },
      // Thinks the clone's read is reported too.
      { files: { "answer.txt": "10, 12, 13\n" }, failing: ["lines"], message: /line 13 \(`read snapshot`\) is not reported: what it touches is not in the freed arena/ },
    ],
  },
};
