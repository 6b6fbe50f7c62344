/**
 * Second answers and near misses (see answers.ts) for the lessons written from the end of the
 * course: 06 arena, 07 go-arenas, 08 opaque-api, 09 generated-code, in course order. answers.ts
 * appends them after its own, so the list stays in lesson order whatever is added before.
 */
import type { ExerciseAnswers } from "./answers.ts";

export const LATE_ANSWERS: ExerciseAnswers[] = [
  {
    lesson: "arena",
    exercise: "predict-growth",
    // Commas on one line instead of one number a line.
    alternative: {"chunks.txt": "8, 16, 32, 128, 256, 1024"},
    // Forgets that nextPow2 is "greater than": 512 words open 1024.
    nearMiss: { files: {"chunks.txt": "8 16 32 128 256 512"}, failing: ["chunks"], message: /the 6th chunk is 1024 words, not 512: it opens for the 4096-byte request \(512 words\), and max\(8, 2 × 256, nextPow2\(512\) = 1024\) = 1024/ },
  },
  {
    lesson: "arena",
    exercise: "reuse-after-reset",
    // The other way round: the first request opens the 1024-word chunk too.
    alternative: {"requests.ops": "alloc:4096\nreset\nalloc:4096\n"},
    nearMiss: { files: {"requests.ops": "alloc:2048 alloc:2048\nreset\nalloc:4096\n"}, failing: ["no-new-chunk"], message: /opens a new chunk of 1024 words \(nextPow2\(512\) = 1024\); the first request left only chunks of 512 words/ },
  },
  {
    lesson: "go-arenas",
    exercise: "keep-result",
    // The result leaves the arena through an append past a slice's capacity instead of Clone.
    alternative: {"handler.txt": "new count int\nwrite count\nmakeslice out int 1 1\nappend out 1\nfree\nread out[0]\n"},
    // Clone after Free: -asan is silent, the copy is of freed memory.
    nearMiss: { files: {"handler.txt": "new count int\nmakeslice ids int64 3 3\nwrite ids[0]\nwrite count\nfree\nclone result count\nread result\n"}, failing: ["no-stale-copies"], message: /line 6, `clone result count`: Clone copies count after the arena is freed/ },
  },
  {
    lesson: "go-arenas",
    exercise: "escape-by-append",
    alternative: {"handler.txt": "makeslice xs int32 0 1\nappend xs 2\nwrite xs[1]\nfree\nwrite xs[0]\nread xs[1]\n"},
    // Appending up to the capacity exactly keeps the slice in the arena.
    nearMiss: { files: {"handler.txt": "makeslice names byte 2 4\nappend names 2\nfree\nwrite names[0]\n"}, failing: ["asan-clean"], message: /names has 4 elements in a capacity of 4: it still lives in the arena/ },
  },
  {
    lesson: "opaque-api",
    exercise: "reorder-fields",
    // Also smallest: the 8-byte fields, then the bools, then the 4-byte ones.
    alternative: {"metrics.proto": "edition = \"2023\";\npackage metrics;\n\n// 8-byte fields, then the bools, then the 4-byte ones.\nmessage Sample {\n  int64 count = 7;\n  double value = 4;\n  int64 timestamp_ns = 2;\n  bool exemplar = 6;\n  bool partial = 3;\n  bool sampled = 1;\n  float weight = 8;\n  uint32 shard = 5;\n}\n"},
    nearMiss: { files: {"metrics.proto": "edition = \"2023\";\npackage metrics;\n\nmessage Sample {\n  int64 timestamp_ns = 2;\n  double value = 4;\n  bool sampled = 1;\n  int64 count = 7;\n  uint32 shard = 5;\n  float weight = 8;\n  bool partial = 3;\n  bool exemplar = 6;\n}\n"}, failing: ["smallest"], message: /the struct is 88 bytes, 13 of them padding: 7 bytes after `sampled`/ },
  },
  {
    lesson: "opaque-api",
    exercise: "opt-in",
    // The option on the message instead of the file.
    alternative: {"logentry.proto": "edition = \"2023\";\n\npackage logs;\n\nimport \"google/protobuf/go_features.proto\";\n\nmessage LogEntry {\n  option features.(pb.go).api_level = API_OPAQUE;\n\n  string backend_server = 1;\n  uint32 request_size = 2;\n  string ip_address = 3;\n  bool ok = 4;\n  int64 latency_ns = 5;\n  uint32 status = 6;\n  int64 timestamp = 7;\n}\n"},
    // API_HYBRID: protoc-gen-go's default build keeps the open struct.
    nearMiss: { files: {"logentry.proto": "// The same log record, with the file asking protoc-gen-go for the Opaque API.\nedition = \"2023\";\n\npackage logs;\n\nimport \"google/protobuf/go_features.proto\";\n\noption features.(pb.go).api_level = API_HYBRID;\n\nmessage LogEntry {\n  string backend_server = 1;\n  uint32 request_size = 2;\n  string ip_address = 3;\n  bool ok = 4;\n  int64 latency_ns = 5;\n  uint32 status = 6;\n  int64 timestamp = 7;\n}\n"}, failing: ["fewer-allocations"], message: /the hybrid API keeps the open struct .*allocates 10 objects/ },
  },
  {
    lesson: "generated-code",
    exercise: "case-labels",
    // Hex, commas, another order.
    alternative: { "cases.txt": "0x12, 0x0a, 0x08\n" },
    nearMiss: { files: { "cases.txt": "10 18\n" }, failing: ["labels"], message: /a case is missing for lengths: a parser must accept a repeated number both packed/ },
  },
  {
    lesson: "generated-code",
    exercise: "pool-reuse",
    // Explicit lengths and raw zigzag varints; two rows, one with a NULL cell (-1).
    alternative: { "second.protoscope": '2:LEN 7 1:LEN 2 2 1 2:LEN 1 "7"\n2: {1: {2z -1z} 2: {"42"}}\n' },
    nearMiss: {
      files: { "second.protoscope": '2: {1: {1z 4z} 2: {"4dave"}}\n2: {1: {1z 4z} 2: {"5erin"}}\n' },
      failing: ["no-new-objects"],
      message: /row 2's values take 5 bytes; the pool kept a 4-byte buffer for it/,
    },
  },
];
