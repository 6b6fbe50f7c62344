import { describe, expect, it } from "vitest";
import { applyFixToWorkspace, completeFix, runWorkspace, type Workspace } from "./index.ts";

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(" ");
const textOf = (ws: Workspace, name: string) => {
  const f = ws.files.find((x) => x.name === name)!;
  return f.kind === "bytes" ? "" : f.text;
};

const schema = `syntax = "proto3";
package traffic.v1;
enum Stoplight {
  STOPLIGHT_UNSPECIFIED = 0;
  RED = 1;
  GREEN = 2;
}
message Crossing {
  Stoplight light = 1;
  repeated Stoplight history = 2;
  map<string, Stoplight> by_street = 3;
  Crossing next = 4;
}
`;
const message = `# proto-message: traffic.v1.Crossing
light: RED
history: [GREEN, RED, 1]
by_street { key: "RED" value: GREEN }
next < light: GREEN >
`;

describe("fixes apply to the whole workspace", () => {
  it("the enum prefix fix renames the values a text-format message uses, and the bytes stay the same", () => {
    const ws: Workspace = {
      files: [
        { kind: "proto", name: "traffic.proto", text: schema },
        { kind: "textformat", name: "crossing.txtpb", text: message, messageType: "traffic.v1.Crossing" },
      ],
      active: "crossing.txtpb",
    };
    const before = runWorkspace(ws);
    expect(before.diagnostics["crossing.txtpb"]).toEqual([]);
    expect(before.bytes.length).toBeGreaterThan(0);
    const finding = before.diagnostics["traffic.proto"]!.find((d) => d.code === "ENUM_VALUE_PREFIX" && d.fixes?.length);
    expect(finding).toBeDefined();

    const fix = completeFix(ws, finding!.fixes![0]!);
    expect(fix.edits.filter((e) => e.span.file === "crossing.txtpb")).toHaveLength(5);
    const after = applyFixToWorkspace(ws, finding!.fixes![0]!);
    expect(textOf(after, "crossing.txtpb")).toBe(`# proto-message: traffic.v1.Crossing
light: STOPLIGHT_RED
history: [STOPLIGHT_GREEN, STOPLIGHT_RED, 1]
by_street { key: "RED" value: STOPLIGHT_GREEN }
next < light: STOPLIGHT_GREEN >
`);
    const result = runWorkspace(after);
    expect(result.diagnostics["crossing.txtpb"]).toEqual([]);
    expect(hex(result.bytes)).toBe(hex(before.bytes));
  });

  it("the C++-scoping collision fix renames each value after its own enum in the messages", () => {
    const collide = `syntax = "proto3";
package myapi.v1;
enum Stoplight {
  UNSPECIFIED = 0;
  RED = 1;
}
enum Speed {
  UNSPECIFIED = 0;
  FAST = 1;
}
message Car {
  Stoplight light = 1;
  Speed speed = 2;
}
`;
    const ws: Workspace = {
      files: [
        { kind: "proto", name: "car.proto", text: collide },
        { kind: "textformat", name: "car.txtpb", text: "light: RED\nspeed: FAST\n", messageType: "myapi.v1.Car" },
        { kind: "textformat", name: "idle.txtpb", text: "light: UNSPECIFIED speed: UNSPECIFIED", messageType: "myapi.v1.Car" },
      ],
      active: "car.txtpb",
    };
    const collision = runWorkspace(ws).diagnostics["car.proto"]!.find((d) => d.fixes?.length);
    expect(collision?.message).toBe('"UNSPECIFIED" is already defined in "myapi.v1".');
    const after = applyFixToWorkspace(ws, collision!.fixes![0]!);
    expect(textOf(after, "car.txtpb")).toBe("light: STOPLIGHT_RED\nspeed: SPEED_FAST\n");
    expect(textOf(after, "idle.txtpb")).toBe("light: STOPLIGHT_UNSPECIFIED speed: SPEED_UNSPECIFIED");
    const result = runWorkspace(after);
    expect(Object.values(result.diagnostics).flat().filter((d) => d.severity === "error")).toEqual([]);
    // light = 1 (RED), speed = 1 (FAST): the numbers the old names stood for.
    expect(hex(result.bytes)).toBe("08 01 10 01");
  });

  it("leaves a fix alone when no message uses the renamed values", () => {
    const ws: Workspace = {
      files: [
        { kind: "proto", name: "traffic.proto", text: schema },
        { kind: "protoscope", name: "p.protoscope", text: "1: 1", messageType: "" },
      ],
      active: "",
    };
    const fix = runWorkspace(ws).diagnostics["traffic.proto"]!.find((d) => d.code === "ENUM_VALUE_PREFIX")!.fixes![0]!;
    expect(completeFix(ws, fix)).toBe(fix);
  });
});
