/** Right answers written differently, and near misses, for the enum-prefixes exercises (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

const STOPLIGHT_START = 'syntax = "proto3";\npackage myapi.v1;\n';

export const answers: LessonAnswers = {
  "fix-collision": {
    right: [
      // Written differently: values in another order, one-line enums.
      { "stoplight.proto": `${STOPLIGHT_START}enum Speed { SPEED_UNSPECIFIED = 0; SPEED_FAST = 2; SPEED_SLOW = 1; }\nenum Stoplight {\n  STOPLIGHT_UNSPECIFIED = 0;\n  STOPLIGHT_RED = 1;\n  STOPLIGHT_YELLOW = 2;\n  STOPLIGHT_GREEN = 3;\n}\n` },
      // The lesson's own advice for a published enum: a prefixed alias beside the renamed value.
      { "stoplight.proto": `${STOPLIGHT_START}enum Stoplight {\n  option allow_alias = true;\n  STOPLIGHT_UNSPECIFIED = 0;\n  STOPLIGHT_RED = 1;\n  STOPLIGHT_YELLOW = 2;\n  STOPLIGHT_AMBER = 2;\n  STOPLIGHT_GREEN = 3;\n}\nenum Speed {\n  SPEED_UNSPECIFIED = 0;\n  SPEED_SLOW = 1;\n  SPEED_FAST = 2;\n}\n` },
    ],
    nearMisses: [
      // Only Speed prefixed: it compiles, but Stoplight's values still break buf's rules.
      { files: { "stoplight.proto": `${STOPLIGHT_START}enum Stoplight {\n  UNSPECIFIED = 0;\n  RED = 1;\n  YELLOW = 2;\n  GREEN = 3;\n}\nenum Speed {\n  SPEED_UNSPECIFIED = 0;\n  SPEED_SLOW = 1;\n  SPEED_FAST = 2;\n}\n` }, failing: ["lint-clean"], message: /buf reports 5 findings; the first, ENUM_VALUE_PREFIX at stoplight\.proto:4:3: Enum value name "UNSPECIFIED" should be prefixed with "STOPLIGHT_"/ },
      // Nesting Stoplight in a message also avoids the clash, but moves the enum.
      { files: { "stoplight.proto": `${STOPLIGHT_START}message Light {\n  enum Stoplight { UNSPECIFIED = 0; RED = 1; YELLOW = 2; GREEN = 3; }\n}\nenum Speed { SPEED_UNSPECIFIED = 0; SPEED_SLOW = 1; SPEED_FAST = 2; }\n` }, failing: ["same-enums", "lint-clean"], message: /there is no top-level enum Stoplight any more/ },
      // Renumbered among themselves: it compiles and lints clean, but stored data changes meaning.
      { files: { "stoplight.proto": `${STOPLIGHT_START}enum Stoplight {\n  STOPLIGHT_UNSPECIFIED = 0;\n  STOPLIGHT_RED = 2;\n  STOPLIGHT_YELLOW = 1;\n  STOPLIGHT_GREEN = 3;\n}\nenum Speed {\n  SPEED_UNSPECIFIED = 0;\n  SPEED_SLOW = 1;\n  SPEED_FAST = 2;\n}\n` }, failing: ["same-enums"], message: /Stoplight\.STOPLIGHT_RED is numbered 2, but RED had another number/ },
    ],
  },
  "cross-file": {
    right: [
      {
        "light.proto": 'syntax = "proto3";\n\npackage myapi.v1;\n\nenum Light {\n  LIGHT_UNSPECIFIED = 0;\n  LIGHT_OFF = 2;\n  LIGHT_ON = 1;\n}\n',
        "speed.proto": 'syntax = "proto3";\n\npackage myapi.v1;\n\nimport "light.proto";\n\nenum Speed {\n  SPEED_UNSPECIFIED = 0;\n  SPEED_SLOW = 1;\n  SPEED_FAST = 2;\n}\n\nmessage Car {\n  Light headlights = 1;\n  Speed speed = 2;\n}\n',
      },
    ],
    nearMisses: [
      {
        files: {
          "light.proto": 'syntax = "proto3";\n\npackage myapi.v1;\n\nenum Light {\n  LIGHT_UNSPECIFIED = 0;\n  LIGHT_ON = 1;\n  LIGHT_OFF = 2;\n}\n',
          "speed.proto": 'syntax = "proto3";\n\npackage myapi.v1;\n\nimport "light.proto";\n\nenum Speed {\n  UNSPECIFIED = 0;\n  SLOW = 1;\n  FAST = 2;\n}\n\nmessage Car {\n  Light headlights = 1;\n  Speed speed = 2;\n}\n',
        },
        failing: ["lint-clean"],
        message: /buf reports 4 findings; the first, ENUM_VALUE_PREFIX at speed\.proto/,
      },
    ],
  },
  "read-enum": {
    right: [
      // Names without their prefix, lower case, with `=`.
      { "answer.txt": "light = green\nspeed = fast\nprevious = 5\n" },
    ],
    nearMisses: [
      // The numbers the bytes carry, where the schema has names for them.
      { files: { "answer.txt": "light: 3\nspeed: 2\nprevious: 5\n" }, failing: ["values"], message: /answer\.txt:1: 3 is the number the bytes carry for light; the schema names that number/ },
      // Off by one: counts the enum's values from 1.
      { files: { "answer.txt": "light: STOPLIGHT_YELLOW\nspeed: SPEED_FAST\nprevious: 5\n" }, failing: ["values"], message: /answer\.txt:1: light is not `STOPLIGHT_YELLOW`/ },
      // Expects the unknown number to be dropped.
      { files: { "answer.txt": "light: STOPLIGHT_GREEN\nspeed: SPEED_FAST\nprevious: STOPLIGHT_UNSPECIFIED\n" }, failing: ["values"], message: /previous is not `STOPLIGHT_UNSPECIFIED`/ },
    ],
  },
};
