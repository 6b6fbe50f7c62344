/** Right answers written differently, and near misses, for the maps-oneof exercises (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

const LIST = (body: string) => `syntax = "proto3";\npackage lesson.maps.v1;\n${body}\n`;

export const answers: LessonAnswers = {
  "no-map-syntax": {
    right: [
      // The entry as a top-level message, with other names; proto2 works too.
      { "scorelist.proto": LIST("message Score { string player = 1; int32 points = 2; }\nmessage ScoreList { repeated Score entries = 1; }") },
      { "scorelist.proto": 'syntax = "proto2";\npackage lesson.maps.v1;\nmessage ScoreList {\n  message E { optional string k = 1; optional int64 v = 2; }\n  repeated E e = 1;\n}\n' },
    ],
    nearMisses: [
      // The map syntax itself.
      { files: { "scorelist.proto": LIST("message ScoreList { map<string, int32> scores = 1; }") }, failing: ["no-map-syntax", "reads-entries", "same-bytes"], message: /`scores` is declared with the map syntax/ },
      // Key and value swapped: the names read as numbers.
      { files: { "scorelist.proto": LIST("message E { int32 value = 1; string key = 2; }\nmessage ScoreList { repeated E scores = 1; }") }, failing: ["reads-entries", "same-bytes"], message: /ScoreList cannot read scores\.hex|leaves field/ },
      // The values as sint32: zigzag reads other numbers, and writes other bytes.
      { files: { "scorelist.proto": LIST("message E { string key = 1; sint32 value = 2; }\nmessage ScoreList { repeated E scores = 1; }") }, failing: ["reads-entries"], message: /reads the entries as kim=2, lee=-5/ },
      // Only the keys: the values are left unknown.
      { files: { "scorelist.proto": LIST("message E { string key = 1; }\nmessage ScoreList { repeated E scores = 1; }") }, failing: ["reads-entries", "same-bytes"], message: /leaves field 2 unknown somewhere/ },
    ],
  },
  "read-board": {
    right: [{ "answer.txt": "max = 0\nkim = 11\nlee = 6\nwinner: player: \"lee\"\n" }],
    nearMisses: [
      // Keeps the first value of a repeated key.
      { files: { "answer.txt": "kim: 4\nlee: 6\nmax: 0\nwinner: player lee\n" }, failing: ["values"], message: /answer\.txt:1: kim's score is not 4/ },
      // Leaves out the entry without a value.
      { files: { "answer.txt": "kim: 11\nlee: 6\nwinner: player lee\n" }, failing: ["values"], message: /the map holds 3 players; answer\.txt names 2/ },
      // Takes the first member of the oneof.
      { files: { "answer.txt": "kim: 11\nlee: 6\nmax: 0\nwinner: team 2\n" }, failing: ["values"], message: /the winner is not `team 2`/ },
    ],
  },
  sorted: {
    right: [{ "sorted.protoscope": '1: {2: 2 1: {"ann"}}\n1: {1: {"bo"} 2: 3}\n1:LEN 7 1:LEN 3 "zoe" 2:VARINT 1\n' }],
    nearMisses: [
      // In the order given in the prompt.
      { files: { "sorted.protoscope": '1: {1: {"zoe"} 2: 1}\n1: {1: {"ann"} 2: 2}\n1: {1: {"bo"} 2: 3}\n' }, failing: ["sorted"], message: /the entries come in the order zoe, ann, bo/ },
      // A key written twice: the map reads right, but the bytes are not what a deterministic writer writes.
      { files: { "sorted.protoscope": '1: {1: {"zoe"} 2: 1}\n1: {1: {"ann"} 2: 2}\n1: {1: {"bo"} 2: 3}\n1: {1: {"ann"} 2: 2}\n' }, failing: ["sorted"], message: /a key is written twice/ },
    ],
  },
};
