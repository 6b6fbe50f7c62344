import { describe, expect, it } from "vitest";
import { runWorkspace } from "../workspace/index.ts";
import { Attempt } from "./attempt.ts";

const SCHEMA = `syntax = "proto3";
package myapi.v1;

enum Stoplight {
  UNSPECIFIED = 0;
  RED = 1;
}

message Light {
  Stoplight color = 1;
  string name = 2;
}
`;

describe("an attempt grades what the app's workspace run shows", () => {
  it("a protoscope file: the same bytes, source tree and diagnostics as runWorkspace", () => {
    const files = { "message.protoscope": '1: 150\n2: {"testing"}\n' };
    const a = new Attempt(files);
    const app = runWorkspace({ files: [{ kind: "protoscope", name: "message.protoscope", text: files["message.protoscope"], messageType: "" }], active: "message.protoscope" });
    const got = a.assemble("message.protoscope");
    expect([...got.bytes]).toEqual([...app.bytes]);
    expect(JSON.stringify(got.annotations)).toBe(JSON.stringify(app.annotations));
    expect(got.diagnostics).toEqual(app.diagnostics["message.protoscope"]);
    expect(a.run("message.protoscope")).toBe(a.run("message.protoscope"));
  });

  it("after a syntax error the bytes before it stay, as in the editor, and the error is positioned", () => {
    const a = new Attempt({ "message.protoscope": "1: 150\n2: {oops\n" });
    const got = a.assemble("message.protoscope");
    expect([...got.bytes.slice(0, 3)]).toEqual([0x08, 0x96, 0x01]);
    expect(Attempt.firstError(got.diagnostics)).toMatch(/^message\.protoscope:2:\d+: /);
  });

  it("a schema: protoc's diagnostics and buf's findings for the rules asked, from the workspace run", () => {
    const a = new Attempt({ "light.proto": SCHEMA });
    const app = runWorkspace({ files: [{ kind: "proto", name: "light.proto", text: SCHEMA }], active: "" });
    const s = a.schema(["ENUM_VALUE_PREFIX", "ENUM_ZERO_VALUE_SUFFIX"]);
    expect(s.failed).toBe(false);
    expect(s.compileDiagnostics).toEqual(app.diagnostics["light.proto"]!.filter((d) => d.code.startsWith("protoc/")));
    expect(s.lintDiagnostics.map((d) => [d.code, d.span.kind === "text" ? d.span.start.line : -1])).toEqual([
      ["ENUM_VALUE_PREFIX", 5],
      ["ENUM_ZERO_VALUE_SUFFIX", 5],
      ["ENUM_VALUE_PREFIX", 6],
    ]);
    expect(s.lintDiagnostics).toEqual(app.diagnostics["light.proto"]!.filter((d) => d.code === "ENUM_VALUE_PREFIX" || d.code === "ENUM_ZERO_VALUE_SUFFIX"));
    expect(s.files.map((f) => [f.name, f.package, f.enumType.map((e) => e.name)])).toEqual([["light.proto", "myapi.v1", ["Stoplight"]]]);
    expect(a.messageType("myapi.v1.Light")?.fields.map((f) => f.name)).toEqual(["color", "name"]);
    expect(() => a.schema(["NO_SUCH_RULE"])).toThrow(/does not lint with NO_SUCH_RULE/);
  });

  it("a text-format message: the workspace run's bytes, or what stops it", () => {
    const a = new Attempt({ "light.proto": SCHEMA, "light.txtpb": 'color: RED\nname: "x"\n' });
    const app = runWorkspace({
      files: [
        { kind: "proto", name: "light.proto", text: SCHEMA },
        { kind: "textformat", name: "light.txtpb", text: 'color: RED\nname: "x"\n', messageType: "myapi.v1.Light" },
      ],
      active: "light.txtpb",
    });
    const got = a.encode("light.txtpb", "myapi.v1.Light");
    expect(got.problem).toBeUndefined();
    expect([...got.bytes]).toEqual([...app.bytes]);
    expect([...got.bytes]).toEqual([0x08, 0x01, 0x12, 0x01, 0x78]);
    expect(a.encode("light.txtpb", "myapi.v1.Nope").problem).toBe("the schema has no message type myapi.v1.Nope");
    const broken = new Attempt({ "light.proto": SCHEMA.replace("RED = 1;", "RED = 1"), "light.txtpb": "color: RED\n" });
    expect(broken.encode("light.txtpb", "myapi.v1.Light").problem).toMatch(/^the schema does not compile: light\.proto:\d+:\d+: /);
    expect(broken.schema().failed).toBe(true);
    expect(broken.schema().files).toEqual([]);
  });
});
