/**
 * For each exercise: a second correct answer written differently from the solution, and a near
 * miss with the checks it must fail and the message (a pattern) that must explain why. Used by
 * course.test.ts and by the CLI tests.
 */
import { LATE_ANSWERS } from "./answers-late.ts";
export interface ExerciseAnswers {
  lesson: string;
  exercise: string;
  alternative: Record<string, string>;
  nearMiss: { files: Record<string, string>; failing: string[]; message: RegExp };
}

export const ANSWERS: ExerciseAnswers[] = [
  {
    lesson: "varints",
    exercise: "write-bytes",
    // Explicit wire types and an explicit length instead of braces.
    alternative: { "message.protoscope": '1:VARINT 150\n2:LEN 7 "testing"\n' },
    nearMiss: { files: { "message.protoscope": '1: 150\n2: {"Testing"}\n' }, failing: ["bytes"], message: /field 2's bytes read `Testing`; expected `testing`/ },
  },
  {
    lesson: "varints",
    exercise: "write-bytes",
    alternative: { "message.protoscope": "# 150 in hex, the string as hex bytes\n1: 0x96\n2: {`74657374696e67`}\n" },
    nearMiss: { files: { "message.protoscope": '`08` 150\n2: {"testing"}\n' }, failing: ["field-syntax"], message: /field 1's tag is not written with field syntax/ },
  },
  {
    lesson: "varints",
    exercise: "small-negative",
    alternative: { "message.protoscope": "# the zigzag value itself\n1: 3\n" },
    nearMiss: { files: { "message.protoscope": "1: -2\n" }, failing: ["reads-minus-2", "two-bytes"], message: /the way an int32 writes it: 10 bytes/ },
  },
  {
    lesson: "length-delimited",
    exercise: "nested",
    // An explicit length, and the inner tag written as its byte value 8.
    alternative: { "message.protoscope": "3:LEN 3\n8 150\n" },
    nearMiss: { files: { "message.protoscope": "3: {150}\n" }, failing: ["bytes"], message: /field 3's bytes are 96 01; expected 08 96 01/ },
  },
  {
    lesson: "length-delimited",
    exercise: "packed",
    alternative: { "message.protoscope": "4:LEN 4 1 2 150\n" },
    nearMiss: { files: { "message.protoscope": "4: 1\n4: 2\n4: 150\n" }, failing: ["packed-record"], message: /field 4 appears 3 times as separate varints/ },
  },
  {
    lesson: "enum-prefixes",
    exercise: "fix-collision",
    alternative: { "stoplight.proto": "// Written differently: values in another order, one-line enums, other names for the colours.\nsyntax = \"proto3\";\npackage myapi.v1;\nenum Speed { SPEED_UNSPECIFIED = 0; SPEED_FAST = 2; SPEED_SLOW = 1; }\nenum Stoplight {\n  STOPLIGHT_UNSPECIFIED = 0;\n  STOPLIGHT_STOP = 1;\n  STOPLIGHT_CAUTION = 2;\n  STOPLIGHT_GO = 3;\n}\n" },
    // Only Speed prefixed: it compiles, but Stoplight's values still break buf's rules.
    nearMiss: { files: { "stoplight.proto": "syntax = \"proto3\";\npackage myapi.v1;\nenum Stoplight {\n  UNSPECIFIED = 0;\n  RED = 1;\n  YELLOW = 2;\n  GREEN = 3;\n}\nenum Speed {\n  SPEED_UNSPECIFIED = 0;\n  SPEED_SLOW = 1;\n  SPEED_FAST = 2;\n}\n" }, failing: ["lint-clean"], message: /buf reports 5 findings; the first, ENUM_VALUE_PREFIX at stoplight\.proto:4:3: Enum value name "UNSPECIFIED" should be prefixed with "STOPLIGHT_"/ },
  },
  {
    lesson: "enum-prefixes",
    exercise: "fix-collision",
    alternative: { "stoplight.proto": "// Written differently: values in another order, one-line enums, other names for the colours.\nsyntax = \"proto3\";\npackage myapi.v1;\nenum Speed { SPEED_UNSPECIFIED = 0; SPEED_FAST = 2; SPEED_SLOW = 1; }\nenum Stoplight {\n  STOPLIGHT_UNSPECIFIED = 0;\n  STOPLIGHT_RED = 1;\n  STOPLIGHT_CAUTION = 2;\n  STOPLIGHT_GO = 3;\n}\n" },
    // Nesting Stoplight in a message also avoids the clash, but moves the enum.
    nearMiss: { files: { "stoplight.proto": "syntax = \"proto3\";\npackage myapi.v1;\nmessage Light {\n  enum Stoplight { UNSPECIFIED = 0; RED = 1; YELLOW = 2; GREEN = 3; }\n}\nenum Speed { SPEED_UNSPECIFIED = 0; SPEED_SLOW = 1; SPEED_FAST = 2; }\n" }, failing: ["same-enums", "lint-clean"], message: /there is no top-level enum Stoplight any more/ },
  },
  {
    lesson: "enum-prefixes",
    exercise: "cross-file",
    alternative: { "light.proto": "syntax = \"proto3\";\n\npackage myapi.v1;\n\nenum Light {\n  LIGHT_UNSPECIFIED = 0;\n  LIGHT_OFF = 2;\n  LIGHT_ON = 1;\n}\n", "speed.proto": "syntax = \"proto3\";\n\npackage myapi.v1;\n\nimport \"light.proto\";\n\nenum Speed {\n  SPEED_UNSPECIFIED = 0;\n  SPEED_SLOW = 1;\n  SPEED_FAST = 2;\n}\n\nmessage Car {\n  Light headlights = 1;\n  Speed speed = 2;\n}\n" },
    nearMiss: { files: { "light.proto": "syntax = \"proto3\";\n\npackage myapi.v1;\n\nenum Light {\n  LIGHT_UNSPECIFIED = 0;\n  LIGHT_ON = 1;\n  LIGHT_OFF = 2;\n}\n", "speed.proto": "syntax = \"proto3\";\n\npackage myapi.v1;\n\nimport \"light.proto\";\n\nenum Speed {\n  UNSPECIFIED = 0;\n  SLOW = 1;\n  FAST = 2;\n}\n\nmessage Car {\n  Light headlights = 1;\n  Speed speed = 2;\n}\n" }, failing: ["lint-clean"], message: /buf reports 4 findings; the first, ENUM_VALUE_PREFIX at speed\.proto/ },
  },
  {
    lesson: "compression",
    exercise: "smallest-raw",
    // An explicit length, values over several lines.
    alternative: { "message.protoscope": "1:LEN 20\n0 1 2 3 4\n5 6 7 8 9\n10 11 12 13 14\n15 16 17 18 19\n" },
    nearMiss: { files: { "message.protoscope": Array.from({ length: 20 }, (_, i) => `1: ${i}\n`).join("") }, failing: ["smallest"], message: /as repeated varint, the message takes 40 bytes; the four encodings of 0 to 19 take repeated varint 40, packed varint 22/ },
  },
  {
    lesson: "compression",
    exercise: "fixed-wins",
    alternative: { "message.protoscope": "2: {300000000i32 400000000i32 500000000i32 600000000i32 700000000i32 800000000i32}\n" },
    nearMiss: { files: { "message.protoscope": "2: {1i32 2i32 3i32 4i32 5i32}\n" }, failing: ["smaller-than-varints"], message: /as packed varints these 5 values would take 7 bytes, no more than your 22 as fixed32/ },
  },
  {
    lesson: "growable-writer",
    exercise: "force-shift",
    // The long field is the path this time, and fields are written in another order.
    alternative: { "message.txtpb": "request {\n  path: \"/pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp\"\n}\nbackend_server: \"a\"\n" },
    nearMiss: { files: { "message.txtpb": "request { body: \"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\" }\n" }, failing: ["shifts"], message: /the longest nested message is 101 bytes, under 128/ },
  },
  {
    lesson: "growable-writer",
    exercise: "two-grows",
    alternative: { "message.txtpb": "backend_server: \"abcdefghijklmnopqrst\"\nrequest { path: \"/abcdefghijkl\" }\n" },
    nearMiss: { files: { "message.txtpb": "backend_server: \"zrh01.prod\"\nrequest_size: 512\n" }, failing: ["grows-twice"], message: /the writer grew 0 times \(16 bytes\) for 15 bytes; two growths take more than 32 bytes and at most 64/ },
  },
];

// Lessons 06-09 (written in parallel from the end of the course), after every entry above.
ANSWERS.push(...LATE_ANSWERS);
