/** Right answers written differently, and near misses, for the presence exercises (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

const SETTINGS = (volume: string) => `syntax = "proto3";\n\npackage lesson.presence.v1;\n\nmessage Settings {\n  ${volume}\n  string theme = 2;\n}\n`;

export const answers: LessonAnswers = {
  "zero-on-the-wire": {
    right: [
      // Edition 2023: explicit presence is the default.
      { "settings.proto": 'edition = "2023";\n\npackage lesson.presence.v1;\n\nmessage Settings {\n  int32 volume = 1;\n  string theme = 2 [features.field_presence = IMPLICIT];\n}\n' },
      // proto2: every singular field has explicit presence.
      { "settings.proto": 'syntax = "proto2";\npackage lesson.presence.v1;\nmessage Settings { optional int32 volume = 1; optional string theme = 2; }\n' },
    ],
    nearMisses: [
      // A list writes the zero (packed: 0a 01 00), but has no presence and is not one volume.
      { files: { "settings.proto": SETTINGS("repeated int32 volume = 1;") }, failing: ["same-fields", "zero-written"], message: /`volume` is now repeated/ },
      // A wrapper message is written, but it is another type on the wire.
      { files: { "settings.proto": 'syntax = "proto3";\npackage lesson.presence.v1;\nimport "google/protobuf/wrappers.proto";\nmessage Settings {\n  google.protobuf.Int32Value volume = 1;\n  string theme = 2;\n}\n' }, failing: ["same-fields", "zero-written"], message: /`volume` is now a message \(google\.protobuf\.Int32Value\)/ },
      // Edition 2023 with implicit presence asked for on volume: still not written.
      { files: { "settings.proto": 'edition = "2023";\npackage lesson.presence.v1;\nmessage Settings {\n  int32 volume = 1 [features.field_presence = IMPLICIT];\n  string theme = 2;\n}\n' }, failing: ["zero-written"], message: /the bytes still have no field 1/ },
    ],
  },
  "set-or-not": {
    right: [{ "answer.txt": "name = present\nage: yes\nkarma: can't tell\nnickname: not set\nadmin: unknown\nverified: Set.\n" }],
    nearMisses: [
      // Reads an absent implicit field as unset.
      { files: { "answer.txt": "name: set\nage: set\nkarma: unset\nnickname: unset\nadmin: unset\nverified: set\n" }, failing: ["states"], message: /answer\.txt:3: `karma` is not unset: .* implicit presence/ },
      // Takes a written zero for "not set".
      { files: { "answer.txt": "name: set\nage: unset\nkarma: cannot tell\nnickname: unset\nadmin: cannot tell\nverified: unset\n" }, failing: ["states"], message: /answer\.txt:2: `age` is not unset: field 2's tag is in the bytes/ },
      // Hedges on an absent explicit field.
      { files: { "answer.txt": "name: set\nage: set\nkarma: cannot tell\nnickname: cannot tell\nadmin: cannot tell\nverified: set\n" }, failing: ["states"], message: /`nickname` is not cannot tell: .* explicit presence/ },
    ],
  },
  "smallest-request": {
    right: [{ "request.txtpb": 'timeout_ms: 0xfa\npath: "/health"\n' }],
    nearMisses: [
      // Every field written: reads right, but retries costs two bytes for nothing.
      { files: { "request.txtpb": 'path: "/health"\nretries: 3\ntimeout_ms: 250\nverbose: false\n' }, failing: ["smallest"], message: /retries is on the wire \(2 bytes\) with 3/ },
      // Leaves out the timeout too: the reader gets 1000.
      { files: { "request.txtpb": 'path: "/health"\n' }, failing: ["reads"], message: /reads timeout_ms as 1000; the request needs 250/ },
    ],
  },
};
