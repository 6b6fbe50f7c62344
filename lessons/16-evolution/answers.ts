/** Right answers written differently, and near misses, for the evolution exercises (course.test.ts). */
import type { LessonAnswers } from "../../engine/lessons/index.ts";

const SINT64 = "syntax = \"proto3\";\n\npackage lesson.evolve.v1;\n\n// Version 2 of the User row. Product asks for three changes:\n// - balance_cents must hold amounts past 32 bits (enterprise invoices);\n// - login_count is gone for good;\n// - a new field, string email.\n// Every row already stored (written with version 1) must read the same, and buf breaking's\n// WIRE category must find nothing.\nmessage User {\n  uint64 id = 1;\n  string name = 2;\n  // Goes negative after a refund before the first payment.\n  sint64 balance_cents = 3;\n  repeated int32 badges = 4;\n  Tier tier = 5;\n  reserved 6;\n  reserved \"login_count\";\n  bytes note = 7;\n  string email = 8;\n}\n\nenum Tier {\n  TIER_UNSPECIFIED = 0;\n  TIER_FREE = 1;\n  TIER_PRO = 2;\n  TIER_TEAM = 3;\n}\n";
const NORESERVE = "syntax = \"proto3\";\n\npackage lesson.evolve.v1;\n\n// Version 2 of the User row. Product asks for three changes:\n// - balance_cents must hold amounts past 32 bits (enterprise invoices);\n// - login_count is gone for good;\n// - a new field, string email.\n// Every row already stored (written with version 1) must read the same, and buf breaking's\n// WIRE category must find nothing.\nmessage User {\n  uint64 id = 1;\n  string name = 2;\n  // Goes negative after a refund before the first payment.\n  int64 balance_cents = 3;\n  repeated int32 badges = 4;\n  Tier tier = 5;\n  bytes note = 7;\n  string email = 8;\n}\n\nenum Tier {\n  TIER_UNSPECIFIED = 0;\n  TIER_FREE = 1;\n  TIER_PRO = 2;\n  TIER_TEAM = 3;\n}\n";
const REUSE6 = "syntax = \"proto3\";\n\npackage lesson.evolve.v1;\n\n// Version 2 of the User row. Product asks for three changes:\n// - balance_cents must hold amounts past 32 bits (enterprise invoices);\n// - login_count is gone for good;\n// - a new field, string email.\n// Every row already stored (written with version 1) must read the same, and buf breaking's\n// WIRE category must find nothing.\nmessage User {\n  uint64 id = 1;\n  string name = 2;\n  // Goes negative after a refund before the first payment.\n  int64 balance_cents = 3;\n  repeated int32 badges = 4;\n  Tier tier = 5;\n  bytes note = 7;\n  string email = 6;\n}\n\nenum Tier {\n  TIER_UNSPECIFIED = 0;\n  TIER_FREE = 1;\n  TIER_PRO = 2;\n  TIER_TEAM = 3;\n}\n";
const FIXED64 = "syntax = \"proto3\";\n\npackage lesson.evolve.v1;\n\n// Version 2 of the User row. Product asks for three changes:\n// - balance_cents must hold amounts past 32 bits (enterprise invoices);\n// - login_count is gone for good;\n// - a new field, string email.\n// Every row already stored (written with version 1) must read the same, and buf breaking's\n// WIRE category must find nothing.\nmessage User {\n  uint64 id = 1;\n  string name = 2;\n  // Goes negative after a refund before the first payment.\n  fixed64 balance_cents = 3;\n  repeated int32 badges = 4;\n  Tier tier = 5;\n  reserved 6;\n  reserved \"login_count\";\n  bytes note = 7;\n  string email = 8;\n}\n\nenum Tier {\n  TIER_UNSPECIFIED = 0;\n  TIER_FREE = 1;\n  TIER_PRO = 2;\n  TIER_TEAM = 3;\n}\n";
const UINT64 = "syntax = \"proto3\";\n\npackage lesson.evolve.v1;\n\n// Version 2 of the User row. Product asks for three changes:\n// - balance_cents must hold amounts past 32 bits (enterprise invoices);\n// - login_count is gone for good;\n// - a new field, string email.\n// Every row already stored (written with version 1) must read the same, and buf breaking's\n// WIRE category must find nothing.\nmessage User {\n  uint64 id = 1;\n  string name = 2;\n  // Goes negative after a refund before the first payment.\n  uint64 balance_cents = 3;\n  repeated int32 badges = 4;\n  Tier tier = 5;\n  reserved 6;\n  reserved \"login_count\";\n  bytes note = 7;\n  string email = 8;\n}\n\nenum Tier {\n  TIER_UNSPECIFIED = 0;\n  TIER_FREE = 1;\n  TIER_PRO = 2;\n  TIER_TEAM = 3;\n}\n";
const NUMONLY = "syntax = \"proto3\";\n\npackage lesson.evolve.v1;\n\n// Version 2 of the User row. Product asks for three changes:\n// - balance_cents must hold amounts past 32 bits (enterprise invoices);\n// - login_count is gone for good;\n// - a new field, string email.\n// Every row already stored (written with version 1) must read the same, and buf breaking's\n// WIRE category must find nothing.\nmessage User {\n  uint64 id = 1;\n  string name = 2;\n  // Goes negative after a refund before the first payment.\n  int64 balance_cents = 3;\n  repeated int32 badges = 4;\n  Tier tier = 5;\n  reserved 6;\n  bytes note = 7;\n  string email = 8;\n}\n\nenum Tier {\n  TIER_UNSPECIFIED = 0;\n  TIER_FREE = 1;\n  TIER_PRO = 2;\n  TIER_TEAM = 3;\n}\n";
const RANGE = "syntax = \"proto3\";\n\npackage lesson.evolve.v1;\n\n// Version 2 of the User row. Product asks for three changes:\n// - balance_cents must hold amounts past 32 bits (enterprise invoices);\n// - login_count is gone for good;\n// - a new field, string email.\n// Every row already stored (written with version 1) must read the same, and buf breaking's\n// WIRE category must find nothing.\nmessage User {\n  uint64 id = 1;\n  string name = 2;\n  // Goes negative after a refund before the first payment.\n  int64 balance_cents = 3;\n  repeated int32 badges = 4;\n  Tier tier = 5;\n  reserved 6, 9 to 11;\n  bytes note = 7;\n  string email = 8;\n}\n\nenum Tier {\n  TIER_UNSPECIFIED = 0;\n  TIER_FREE = 1;\n  TIER_PRO = 2;\n  TIER_TEAM = 3;\n}\n";
const ID32 = "syntax = \"proto3\";\n\npackage lesson.evolve.v1;\n\n// Version 2 of the User row. Product asks for three changes:\n// - balance_cents must hold amounts past 32 bits (enterprise invoices);\n// - login_count is gone for good;\n// - a new field, string email.\n// Every row already stored (written with version 1) must read the same, and buf breaking's\n// WIRE category must find nothing.\nmessage User {\n  int32 id = 1;\n  string name = 2;\n  // Goes negative after a refund before the first payment.\n  int64 balance_cents = 3;\n  repeated int32 badges = 4;\n  Tier tier = 5;\n  reserved 6;\n  reserved \"login_count\";\n  bytes note = 7;\n  string email = 8;\n}\n\nenum Tier {\n  TIER_UNSPECIFIED = 0;\n  TIER_FREE = 1;\n  TIER_PRO = 2;\n  TIER_TEAM = 3;\n}\n";
const BADGESU = "syntax = \"proto3\";\n\npackage lesson.evolve.v1;\n\n// Version 2 of the User row. Product asks for three changes:\n// - balance_cents must hold amounts past 32 bits (enterprise invoices);\n// - login_count is gone for good;\n// - a new field, string email.\n// Every row already stored (written with version 1) must read the same, and buf breaking's\n// WIRE category must find nothing.\nmessage User {\n  uint64 id = 1;\n  string name = 2;\n  // Goes negative after a refund before the first payment.\n  int64 balance_cents = 3;\n  repeated uint32 badges = 4;\n  Tier tier = 5;\n  reserved 6;\n  reserved \"login_count\";\n  bytes note = 7;\n  string email = 8;\n}\n\nenum Tier {\n  TIER_UNSPECIFIED = 0;\n  TIER_FREE = 1;\n  TIER_PRO = 2;\n  TIER_TEAM = 3;\n}\n";
const STILL32 = "syntax = \"proto3\";\n\npackage lesson.evolve.v1;\n\n// Version 2 of the User row. Product asks for three changes:\n// - balance_cents must hold amounts past 32 bits (enterprise invoices);\n// - login_count is gone for good;\n// - a new field, string email.\n// Every row already stored (written with version 1) must read the same, and buf breaking's\n// WIRE category must find nothing.\nmessage User {\n  uint64 id = 1;\n  string name = 2;\n  // Goes negative after a refund before the first payment.\n  int32 balance_cents = 3;\n  repeated int32 badges = 4;\n  Tier tier = 5;\n  reserved 6;\n  reserved \"login_count\";\n  bytes note = 7;\n  string email = 8;\n}\n\nenum Tier {\n  TIER_UNSPECIFIED = 0;\n  TIER_FREE = 1;\n  TIER_PRO = 2;\n  TIER_TEAM = 3;\n}\n";

export const answers: LessonAnswers = {
  "what-v2-reads": {
    right: [
      { "answer.txt": "id: 7\nname: \"Lin\"\nbalance_cents: -2147483647\nbadges: 2\nbadges: 5\ntier: 3\n6: 0  # login_count, kept by number\n" },
      // Another order, a list on one line, the string without quotes, a thousands separator.
      { "answer.txt": "6: 0\ntier = 3\nbadges: [2, 5]\nname: Lin\nbalance_cents: -2,147,483,647\nid: 7\n" },
      { "answer.txt": "id: 7\nname: 'Lin'\nbalance_cents: -2147483647\nbadges: 2, 5\ntier: 3\n6: 0\n" },
    ],
    nearMisses: [
      // Reads balance_cents as v1 wrote it.
      { files: { "answer.txt": "id: 7\nname: \"Lin\"\nbalance_cents: -3\nbadges: 2\nbadges: 5\ntier: 3\n6: 0\n" }, failing: ["v2-reads"], message: /answer\.txt:3: v2 does not read -3 for balance_cents: v1 wrote it as int32, v2 reads the same bytes as sint32/ },
      // Names the tier v2 no longer names.
      { files: { "answer.txt": "id: 7\nname: \"Lin\"\nbalance_cents: -2147483647\nbadges: 2\nbadges: 5\ntier: TIER_TEAM\n6: 0\n" }, failing: ["v2-reads"], message: /answer\.txt:6: v2 does not read TIER_TEAM for tier: .*open/ },
      // Still calls field 6 login_count.
      { files: { "answer.txt": "id: 7\nname: \"Lin\"\nbalance_cents: -2147483647\nbadges: 2\nbadges: 5\ntier: 3\nlogin_count: 0\n" }, failing: ["v2-reads"], message: /answer\.txt:7: v2 does not declare login_count: a reader prints a field it does not know by its number/ },
      // Field 3 by number: v2 knows it by name.
      { files: { "answer.txt": "id: 7\nname: \"Lin\"\n3: -2147483647\nbadges: 2\nbadges: 5\ntier: 3\n6: 0\n" }, failing: ["v2-reads"], message: /answer\.txt:3: v2 declares field 3: protoc prints it by its name in v2, balance_cents/ },
      // Forgets the unknown field.
      { files: { "answer.txt": "id: 7\nname: \"Lin\"\nbalance_cents: -2147483647\nbadges: 2\nbadges: 5\ntier: 3\n" }, failing: ["v2-reads"], message: /one record it does not declare is still kept, and printed by number/ },
    ],
  },
  "widen-safely": {
    right: [{ "user.proto": NUMONLY }, { "user.proto": RANGE }],
    nearMisses: [
      // sint64 zigzags: old negative balances read as other numbers, and WIRE says so.
      { files: { "user.proto": SINT64 }, failing: ["buf-wire", "rows-read-the-same"], message: /FIELD_WIRE_COMPATIBLE_TYPE/ },
      // A fixed type takes another wire type: old balances become unknown fields.
      { files: { "user.proto": FIXED64 }, failing: ["buf-wire", "rows-read-the-same"], message: /FIELD_WIRE_COMPATIBLE_TYPE/ },
      // uint64: WIRE allows it, but a negative int32 reads as a huge unsigned number.
      { files: { "user.proto": UINT64 }, failing: ["rows-read-the-same"], message: /does not read the same: v1 wrote balance_cents = -250, v2 reads balance_cents = 18446744073709551366/ },
      // Deleted without reserving the number.
      { files: { "user.proto": NORESERVE }, failing: ["buf-wire"], message: /FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED/ },
      // The new field takes the deleted number.
      { files: { "user.proto": REUSE6 }, failing: ["buf-wire", "rows-read-the-same"], message: /FIELD_WIRE_COMPATIBLE_TYPE/ },
      // Changes nobody asked for: buf's WIRE allows both, yet old ids past 2^31 would be cut, negative badges read as huge numbers.
      { files: { "user.proto": ID32 }, failing: ["does-what-product-asks", "rows-read-the-same"], message: /id was `uint64 id = 1`, now `int32 id = 1`/ },
      { files: { "user.proto": BADGESU }, failing: ["does-what-product-asks", "rows-read-the-same"], message: /badges was `repeated int32 badges = 4`, now `repeated uint32 badges = 4`/ },
      // Still 32 bits.
      { files: { "user.proto": STILL32 }, failing: ["does-what-product-asks"], message: /balance_cents still holds 32 bits at most/ },
    ],
  },
  "poison-row": {
    right: [{ "row.protoscope": "1: 7\n7: {`ff`}\n" }, { "row.protoscope": "2: {\"Lin\"}\n7: {`c328`}\n4: {1 2}\n" }],
    nearMisses: [
      // Valid UTF-8 reads fine as a string.
      { files: { "row.protoscope": "1: 7\n7: {\"héllo\"}\n" }, failing: ["v2-cannot-parse"], message: /v2 still reads this row/ },
      // Broken for v1 too: it would never have been stored.
      { files: { "row.protoscope": "1: 7\n7: {`ff`}\n3: {" }, failing: ["v2-cannot-parse"], message: /does not assemble|v1 cannot parse this row either/ },
      // A wire-type mismatch is not a parse failure: the record is kept as unknown.
      { files: { "row.protoscope": "1: 7\n7: 5\n" }, failing: ["v2-cannot-parse"], message: /v2 still reads this row/ },
    ],
  },
};
