import { describe, expect, it } from "vitest";
import { compile } from "../schema/index.ts";
import { applyWhatIf, whatIfOptions, type WhatIfTarget } from "./what-if.ts";

const P3 = `syntax = "proto3";
package t;

message User {
  int32 id = 1;
  repeated int64 scores = 2;
  optional string name = 3;
  Address home = 4;
  message Address { string city = 1; }
}
`;
const P2 = `syntax = "proto2";
package t;

message User {
  optional int32 id = 1;
  repeated sint32 deltas = 2 [packed = true];
}
`;
const ED = `edition = "2023";
package t;

message User {
  int32 id = 1;
  repeated fixed32 ticks = 2;
  oneof contact {
    string email = 3;
    string phone = 4;
  }
}
`;
// Maps, groups, defaults and oneof members: the options that would not compile are not offered.
const P2_MORE = `syntax = "proto2";
package t;

message Order {
  optional int32 qty = 1 [default = -5];
  optional group Line = 2 {
    optional string sku = 1;
  }
  map<string, int32> counts = 3;
  oneof pay {
    string card = 4;
    int64 cash = 5;
  }
}
`;
const P3_MAP = `syntax = "proto3";
package t;

message Inventory {
  map<string, int64> stock = 1;
  int32 version = 2;
}
`;

function all(text: string, target: WhatIfTarget) {
  return whatIfOptions(text, target).map((o) => {
    const r = applyWhatIf(text, target, o.change);
    if ("error" in r) throw new Error(`${o.label}: ${r.error}`);
    return { label: o.label, text: r.text };
  });
}

describe("what if: one change to one field, as a text edit", () => {
  it("offers the changes that fit the field, and every result compiles", () => {
    for (const [text, message, fields] of [
      [P3, "User", [1, 2, 3, 4]],
      [P2, "User", [1, 2]],
      [ED, "User", [1, 2, 3, 4]],
      [P2_MORE, "Order", [1, 2, 4, 5]],
      [P3_MAP, "Inventory", [2]],
    ] as const) {
      for (const field of fields) {
        const results = all(text, { file: "u.proto", message, field });
        expect(results.length).toBeGreaterThan(0);
        for (const r of results) {
          const errors = compile({ "u.proto": r.text }).diagnostics.filter((d) => d.severity === "error");
          expect(errors, `${r.label}\n${r.text}`).toEqual([]);
          expect(r.text).not.toBe(text);
        }
      }
    }
  });

  it("writes the edits a person would", () => {
    const id = { file: "u.proto", message: "User", field: 1 };
    const labels = whatIfOptions(P3, id).map((o) => o.label);
    expect(labels.slice(0, 3)).toEqual(["int32 → sint32", "int32 → int64", "int32 → fixed32"]);
    const edit = (t: string, target: WhatIfTarget, label: string) => {
      const o = whatIfOptions(t, target).find((x) => x.label === label)!;
      const r = applyWhatIf(t, target, o.change);
      return "text" in r ? r.text : r.error;
    };
    expect(edit(P3, id, "int32 → sint32")).toContain("  sint32 id = 1;\n");
    expect(edit(P3, id, "singular → repeated")).toContain("  repeated int32 id = 1;\n");
    expect(edit(P3, id, "into a oneof")).toContain("  oneof id_choice {\n    int32 id = 1;\n  }\n");
    expect(edit(P3, id, "delete")).not.toContain("id = 1");
    expect(edit(P3, id, "delete, reserve 1")).toContain("  reserved 1;\n");
    expect(edit(P3, id, 'delete, reserve 1 and "id"')).toContain('  reserved 1;\n  reserved "id";\n');
    expect(edit(P3, id, "rename to id_renamed")).toContain("  int32 id_renamed = 1;\n");
    const scores = { file: "u.proto", message: "User", field: 2 };
    expect(edit(P3, scores, "packed ↔ expanded")).toContain("  repeated int64 scores = 2 [packed = false];\n");
    expect(edit(P3, scores, "repeated → singular")).toContain("  int64 scores = 2;\n");
    expect(edit(P3, { ...id, field: 3 }, "into a oneof")).toContain("  oneof name_choice {\n    string name = 3;\n  }\n");
    const deltas = { file: "u.proto", message: "User", field: 2 };
    expect(edit(P2, deltas, "packed ↔ expanded")).toContain("  repeated sint32 deltas = 2;\n");
    expect(edit(P2, deltas, "repeated → singular")).toContain("  optional sint32 deltas = 2;\n");
    expect(edit(ED, deltas, "packed ↔ expanded")).toContain("  repeated fixed32 ticks = 2 [features.repeated_field_encoding = EXPANDED];\n");
    expect(edit(ED, id, "delete, reserve 1 and id")).toContain("  reserved 1;\n  reserved id;\n");
    // A map field offers nothing (its entry type is the parser's); a oneof member no `reserved`;
    // a group no rename; a field with a default no new type, and no list (a list has no default).
    expect(whatIfOptions(P3_MAP, { file: "u.proto", message: "Inventory", field: 1 })).toEqual([]);
    expect(whatIfOptions(P2_MORE, { file: "u.proto", message: "Order", field: 2 }).map((o) => o.label)).toEqual(["delete", "delete, reserve 2", 'delete, reserve 2 and "line"']);
    expect(whatIfOptions(P2_MORE, { file: "u.proto", message: "Order", field: 1 }).map((o) => o.label)).toEqual(["into a oneof", "delete", "delete, reserve 1", 'delete, reserve 1 and "qty"', "rename to qty_renamed"]);
    expect(whatIfOptions(ED, { file: "u.proto", message: "User", field: 3 }).map((o) => o.label)).toEqual(["string → bytes", "delete", "rename to email_renamed"]);
  });

  it("finds nested messages and says when a field is not there", () => {
    const city = { file: "u.proto", message: "User.Address", field: 1 };
    expect(whatIfOptions(P3, city)[0]!.label).toBe("string → bytes");
    expect(applyWhatIf(P3, { ...city, field: 9 }, { kind: "rename", to: "x" })).toEqual({ error: "no field 9 in message User.Address of u.proto" });
  });
});
