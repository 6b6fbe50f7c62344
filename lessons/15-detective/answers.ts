/** Right answers written differently, and near misses, for the detective's mysteries (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

export const answers: LessonAnswers = {
  "mystery-user": {
    right: [
      // proto2, another package, other names, sint64.
      { "mystery.proto": 'syntax = "proto2";\npackage case.one;\nmessage Mystery {\n  optional string who = 1;\n  optional uint32 years = 2;\n  optional sint64 delta = 3;\n}\n' },
      // Edition 2023, the age as int64.
      { "mystery.proto": 'edition = "2023";\npackage detective.v1;\nmessage Mystery {\n  string name = 1;\n  int64 age = 2;\n  sint32 score_change = 3;\n}\n' },
    ],
    nearMisses: [
      // The score change as an int32: it reads 5.
      { files: { "mystery.proto": 'syntax = "proto3";\npackage detective.v1;\nmessage Mystery {\n  string name = 1;\n  int32 age = 2;\n  int32 score_change = 3;\n}\n' }, failing: ["story"], message: /no field reads the score change −3; the values read are name = "Ann", age = 42, score_change = 5/ },
      // Field 3 left out: it stays unknown, and is not written back.
      { files: { "mystery.proto": 'syntax = "proto3";\npackage detective.v1;\nmessage Mystery {\n  string name = 1;\n  int32 age = 2;\n}\n' }, failing: ["nothing-unknown", "story", "round-trip"], message: /field 3 is left unknown/ },
      // Named differently.
      { files: { "mystery.proto": 'syntax = "proto3";\npackage detective.v1;\nmessage User {\n  string name = 1;\n}\n' }, failing: ["nothing-unknown", "story", "round-trip"], message: /declares no message Mystery yet/ },
    ],
  },
  "mystery-order": {
    right: [
      {
        "mystery.proto":
          'syntax = "proto3";\npackage detective.v1;\nmessage Mystery {\n  message Where { string line = 1; string town = 2; string zip = 3; }\n  uint64 id = 1;\n  Where where = 2;\n  repeated bytes items = 3;\n  bool gift = 4;\n}\n',
      },
    ],
    nearMisses: [
      // The address as a string: it reads the nested bytes as text.
      { files: { "mystery.proto": 'syntax = "proto3";\npackage detective.v1;\nmessage Mystery {\n  int32 number = 1;\n  string ship_to = 2;\n  repeated string items = 3;\n  bool gift = 4;\n}\n' }, failing: ["story"], message: /no field reads the street Storgata 1/ },
      // One item, not a list: the last one read wins, and only it is written back.
      { files: { "mystery.proto": 'syntax = "proto3";\npackage detective.v1;\nmessage A { string street = 1; string city = 2; string postcode = 3; }\nmessage Mystery {\n  int32 number = 1;\n  A ship_to = 2;\n  string items = 3;\n  bool gift = 4;\n}\n' }, failing: ["story", "round-trip"], message: /no field reads the items book and pen, in order/ },
    ],
  },
  "mystery-sensor": {
    right: [
      { "mystery.proto": 'syntax = "proto3";\npackage detective.v1;\nmessage Mystery {\n  string place = 1;\n  repeated int64 samples = 2;\n  float celsius = 3;\n  sfixed64 taken_at_ms = 4;\n}\n' },
    ],
    nearMisses: [
      // The temperature as a fixed32: it reads the float's bits as an integer.
      { files: { "mystery.proto": 'syntax = "proto3";\npackage detective.v1;\nmessage Mystery {\n  string place = 1;\n  repeated uint32 samples = 2;\n  fixed32 celsius = 3;\n  fixed64 taken_at_ms = 4;\n}\n' }, failing: ["story"], message: /no field reads the temperature 21\.5/ },
      // The time as a double: eight bytes, but not the timestamp.
      { files: { "mystery.proto": 'syntax = "proto3";\npackage detective.v1;\nmessage Mystery {\n  string place = 1;\n  repeated uint32 samples = 2;\n  float celsius = 3;\n  double taken_at_ms = 4;\n}\n' }, failing: ["story"], message: /no field reads the time 1734307200123/ },
      // The samples as bytes: the packed payload read as text.
      { files: { "mystery.proto": 'syntax = "proto3";\npackage detective.v1;\nmessage Mystery {\n  string place = 1;\n  bytes samples = 2;\n  float celsius = 3;\n  fixed64 taken_at_ms = 4;\n}\n' }, failing: ["story"], message: /no field reads the samples 1, 2 and 300, in order/ },
    ],
  },
};
