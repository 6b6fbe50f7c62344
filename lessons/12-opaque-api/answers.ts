/** Right answers written differently, and near misses, for the opaque-api exercises (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

const ENTRY = (option: string, edition = "2023") =>
  `edition = "${edition}";\n\npackage logs.v1;\n\nimport "google/protobuf/go_features.proto";\n\n${option}message LogEntry {\n  string backend_server = 1;\n  uint32 request_size = 2;\n  string ip_address = 3;\n  bool ok = 4;\n  int64 latency_ns = 5;\n  uint32 status = 6;\n  int64 timestamp = 7;\n}\n`;

export const answers: LessonAnswers = {
  "reorder-fields": {
    // Also smallest: the 8-byte fields, then the bools, then the 4-byte ones.
    right: [{ "metrics.proto": 'edition = "2023";\npackage metrics.v1;\n\n// 8-byte fields, then the bools, then the 4-byte ones.\nmessage Sample {\n  int64 count = 7;\n  double value = 4;\n  int64 timestamp_ns = 2;\n  bool exemplar = 6;\n  bool partial = 3;\n  bool sampled = 1;\n  float weight = 8;\n  uint32 shard = 5;\n}\n' }],
    nearMisses: [{ files: { "metrics.proto": 'edition = "2023";\npackage metrics.v1;\n\nmessage Sample {\n  int64 timestamp_ns = 2;\n  double value = 4;\n  bool sampled = 1;\n  int64 count = 7;\n  uint32 shard = 5;\n  float weight = 8;\n  bool partial = 3;\n  bool exemplar = 6;\n}\n' }, failing: ["smallest"], message: /the struct is 88 bytes, 13 of them padding: 7 bytes after `sampled`/ }],
  },
  "opt-in": {
    // The option on the message instead of the file.
    right: [
      { "logentry.proto": ENTRY("").replace("message LogEntry {\n", "message LogEntry {\n  option features.(pb.go).api_level = API_OPAQUE;\n\n") },
      // Edition 2024, whose default for protoc-gen-go is the Opaque API.
      { "logentry.proto": ENTRY("", "2024") },
    ],
    nearMisses: [
      // API_HYBRID: protoc-gen-go's default build keeps the open struct.
      { files: { "logentry.proto": ENTRY("option features.(pb.go).api_level = API_HYBRID;\n\n") }, failing: ["fewer-allocations"], message: /the hybrid API keeps the open struct .*allocates 10 objects/ },
    ],
  },
  "read-presence": {
    right: [{ "answer.txt": "status\nlatency_ns\nok\nbackend_server\n" }],
    nearMisses: [
      // Leaves out the fields written as zero.
      { files: { "answer.txt": "backend_server, status\n" }, failing: ["set-fields"], message: /2 set fields are missing: with explicit presence, a field written as 0 or false is set too/ },
      // Reads 0x20 as field 2.
      { files: { "answer.txt": "backend_server, request_size, latency_ns, status\n" }, failing: ["set-fields"], message: /`request_size` is not set/ },
    ],
  },
};
