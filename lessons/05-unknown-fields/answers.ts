/** Right answers written differently, and near misses, for the unknown-fields exercises (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

const ACCOUNT = (reserved: string, extra = "") => `syntax = "proto3";\npackage lesson.unknown.v1;\nmessage Account {\n${reserved}  string name = 1;\n  int32 id = 2;\n  bool active = 4;\n${extra}}\n`;
const TELEMETRY = (n: number[]) =>
  `syntax = "proto3";\npackage lesson.unknown.v1;\nmessage Telemetry {\n  uint64 device_id = ${n[0]};\n  int64 timestamp_ms = ${n[1]};\n  sint32 temperature = ${n[2]};\n  uint32 battery = ${n[3]};\n  string firmware = ${n[4]};\n  bytes debug_dump = ${n[5]};\n}\n`;

export const answers: LessonAnswers = {
  skip: {
    right: [{ "answer.txt": "9 LEN\n12: Varint\nfield 15, start-group\n7: i64\n2047 varint\n" }],
    nearMisses: [
      // Reads the LEN payload of field 9 as fields of the message.
      { files: { "answer.txt": "field 9: LEN\nfield 3: LEN\nfield 12: VARINT\n" }, failing: ["unknown-records"], message: /answer\.txt:2: there is no top-level field 3 in the bytes/ },
      // Stops before the two-byte tag at the end.
      { files: { "answer.txt": "field 9: LEN\nfield 12: VARINT\nfield 15: SGROUP\nfield 7: I64\n" }, failing: ["unknown-records"], message: /answer\.txt lists 4 unknown records; the bytes hold 5/ },
      // Takes the group's tag for a LEN record.
      { files: { "answer.txt": "field 9: LEN\nfield 12: VARINT\nfield 15: LEN\nfield 7: I64\nfield 2047: VARINT\n" }, failing: ["unknown-records"], message: /answer\.txt:3: field 15 is not a length-delimited/ },
    ],
  },
  reserve: {
    right: [{ "account_v3.proto": ACCOUNT('  reserved 3 to 3;\n  reserved "email";\n') }, { "account_v3.proto": ACCOUNT('  reserved 3, 5 to max;\n  reserved "email", "phone";\n') }],
    nearMisses: [
      // Only the number.
      { files: { "account_v3.proto": ACCOUNT("  reserved 3;\n") }, failing: ["reserved"], message: /the number 3 is reserved, but the name email is not/ },
      // Only the name.
      { files: { "account_v3.proto": ACCOUNT('  reserved "email";\n') }, failing: ["reserved"], message: /the name email is reserved, but the number 3 is not/ },
      // The number handed to a new field.
      { files: { "account_v3.proto": ACCOUNT('  reserved "email";\n', "  string phone = 3;\n") }, failing: ["same-fields", "reserved"], message: /`phone` \(3\) is a field again: .* its number must never come back/ },
    ],
  },
  numbers: {
    right: [{ "telemetry.proto": TELEMETRY([15, 14, 13, 12, 100, 536870911]) }],
    nearMisses: [
      // A hot field at 16: its tag takes two bytes.
      { files: { "telemetry.proto": TELEMETRY([1, 2, 3, 16, 4, 536870911]) }, failing: ["numbers"], message: /`battery` is field 16: its tag takes 2 bytes/ },
      // 2^29 is one too many: protoc refuses it.
      { files: { "telemetry.proto": TELEMETRY([1, 2, 3, 4, 5, 536870912]) }, failing: ["compiles", "numbers"], message: /Field numbers cannot be greater than 536870911/ },
      // Inside the implementation's block.
      { files: { "telemetry.proto": TELEMETRY([1, 2, 3, 4, 19000, 536870911]) }, failing: ["compiles", "numbers"], message: /19000 through 19999 are reserved/ },
      // A big number, not the biggest.
      { files: { "telemetry.proto": TELEMETRY([1, 2, 3, 4, 5, 99999]) }, failing: ["numbers"], message: /`debug_dump` is field 99999; a larger field number is allowed/ },
    ],
  },
};
