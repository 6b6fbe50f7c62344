import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import type { Diagnostic, TextSpan } from "../diagnostics.ts";
import { compile, findLocation, formatSchemaDiagnostic, parseProto, protocPrintsPosition } from "./index.ts";

function textSpan(d: Diagnostic): TextSpan {
  if (d.span.kind !== "text") throw new Error("expected a text span");
  return d.span;
}

/** The text a span covers. */
function covered(text: string, d: Diagnostic): string {
  const s = textSpan(d);
  return text.slice(s.start.offset, s.end.offset);
}

const stoplight = `syntax = "proto3";

package myapi.v1;

enum Stoplight {
  UNSPECIFIED = 0;
  RED = 1;
}

enum Speed {
  UNSPECIFIED = 0;
  SLOW = 1;
}
`;

describe("compile: the seed's Stoplight/Speed collision", () => {
  const result = compile({ "api.proto": stoplight });

  it("reports protoc's two lines as one diagnostic with a note", () => {
    expect(result.diagnostics).toHaveLength(1);
    const d = result.diagnostics[0]!;
    expect(d.code).toBe("protoc/already-defined");
    expect(d.severity).toBe("error");
    expect(d.message).toBe('"UNSPECIFIED" is already defined in "myapi.v1".');
    expect(d.notes).toEqual([
      'Note that enum values use C++ scoping rules, meaning that enum values are siblings of their type, not children of it.  Therefore, "UNSPECIFIED" must be unique within "myapi.v1", not just within "Speed".',
    ]);
    const span = textSpan(d);
    expect(span.file).toBe("api.proto");
    expect(span.start).toMatchObject({ line: 11, column: 3 });
    expect(covered(stoplight, d)).toBe("UNSPECIFIED");
  });

  it("prints like protoc", () => {
    expect(formatSchemaDiagnostic(result.diagnostics[0]!).split("\n")).toEqual([
      'api.proto:11:3: "UNSPECIFIED" is already defined in "myapi.v1".',
      expect.stringMatching(/^api\.proto:11:3: Note that enum values use C\+\+ scoping rules/),
    ]);
  });

  it("leaves the failing file out of the set and the registry", () => {
    expect(result.fileSet.file).toHaveLength(0);
    expect(result.registry).toBeUndefined();
  });

  it("compiles once the values are prefixed", () => {
    const fixed = stoplight.replace(/ {2}UNSPECIFIED = 0;\n {2}RED/, "  STOPLIGHT_UNSPECIFIED = 0;\n  RED").replace(/UNSPECIFIED = 0;\n {2}SLOW/, "SPEED_UNSPECIFIED = 0;\n  SLOW");
    const ok = compile({ "api.proto": fixed });
    expect(ok.diagnostics).toEqual([]);
    expect(ok.registry?.getEnum("myapi.v1.Speed")?.values.map((v) => v.name)).toEqual(["SPEED_UNSPECIFIED", "SLOW"]);
  });
});

describe("compile: errors carry protoc's code, words and span", () => {
  const cases: Array<{ name: string; text: string; code: string; message: string; at: [number, number]; covers: string; then?: string }> = [
    {
      name: "unresolved type",
      text: 'syntax = "proto3";\nmessage M {\n  Foo foo = 1;\n}\n',
      code: "protoc/not-defined",
      message: '"Foo" is not defined.',
      at: [3, 3],
      covers: "Foo",
    },
    {
      name: "duplicate field number",
      text: 'syntax = "proto3";\nmessage M {\n  int32 a = 1;\n  int32 b = 1;\n}\n',
      code: "protoc/duplicate-number",
      message: 'Field number 1 has already been used in "M" by field "a". Next available field number is 2.',
      at: [4, 13],
      covers: "1",
    },
    {
      name: "field number zero",
      text: 'syntax = "proto3";\nmessage M {\n  int32 a = 0;\n}\n',
      code: "protoc/invalid-number",
      message: "Field numbers must be positive integers.",
      at: [3, 13],
      covers: "0",
      then: "Suggested field numbers for M: 1",
    },
    {
      name: "proto3 enum starting at one",
      text: 'syntax = "proto3";\nenum E {\n  E_ONE = 1;\n}\n',
      code: "protoc/open-enum-zero",
      message: "The first enum value must be zero for open enums.",
      at: [3, 11],
      covers: "1",
    },
    {
      name: "missing semicolon",
      text: 'syntax = "proto3";\nmessage M {\n  int32 a = 1\n}\n',
      code: "protoc/syntax",
      message: 'Expected ";".',
      at: [4, 1],
      covers: "}",
    },
    {
      name: "tab before the error",
      text: 'syntax = "proto3";\nmessage M {\n\tNope\tn = 1;\n}\n',
      code: "protoc/not-defined",
      message: '"Nope" is not defined.',
      at: [3, 9],
      covers: "Nope",
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { diagnostics } = compile({ "m.proto": c.text });
      expect(diagnostics.slice(1).map((d) => d.message)).toEqual(c.then ? [c.then] : []);
      const d = diagnostics[0]!;
      expect(d.code).toBe(c.code);
      expect(d.message).toBe(c.message);
      expect([textSpan(d).start.line, textSpan(d).start.column]).toEqual(c.at);
      expect(covered(c.text, d)).toBe(c.covers);
      expect(protocPrintsPosition(d)).toBe(true);
    });
  }

  it("marks the errors protoc prints without a position, but still points at the declaration", () => {
    // protoc 36 checks 19000-19999 on its command line, after building, with no position.
    const text = 'syntax = "proto3";\nmessage M {\n  int32 a = 19000;\n}\n';
    const { diagnostics, fileSet } = compile({ "m.proto": text });
    expect(diagnostics.map((d) => formatSchemaDiagnostic(d))).toEqual(["m.proto: Field numbers 19000 through 19999 are reserved for the protocol buffer library implementation."]);
    expect(diagnostics[0]!.code).toBe("protoc/invalid-number");
    expect(fileSet.file).toEqual([]);
    const span = diagnostics[0]!.span;
    expect(span.kind).toBe("none");
    if (span.kind !== "none") return;
    expect(span.file).toBe("m.proto");
  });

  it("keeps going after a syntax error so later ones are reported too", () => {
    const text = 'syntax = "proto3";\nmessage A { int32 a = ; }\nmessage B { int32 b = 1 }\nmessage C { strin g c = 1; }\n';
    const { diagnostics } = compile({ "m.proto": text });
    expect(diagnostics.map((d) => `${textSpan(d).start.line}:${textSpan(d).start.column} ${d.message}`)).toEqual([
      "2:23 Expected field number.",
      "3:25 Expected \";\".",
      "4:21 Missing field number.",
    ]);
  });
});

describe("compile: workspaces", () => {
  it("resolves imports, public imports and well-known types", () => {
    const result = compile({
      "app/main.proto": 'syntax = "proto3";\npackage app;\nimport "lib/b.proto";\nimport "google/protobuf/timestamp.proto";\nmessage Use { lib.Thing t = 1; google.protobuf.Timestamp at = 2; }\n',
      "lib/b.proto": 'syntax = "proto3";\npackage lib;\nimport public "lib/a.proto";\n',
      "lib/a.proto": 'syntax = "proto3";\npackage lib;\nmessage Thing {}\n',
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.fileSet.file.map((f) => f.name)).toEqual(["lib/a.proto", "lib/b.proto", "app/main.proto"]);
    const use = result.registry!.getMessage("app.Use")!;
    expect(use.fields.map((f) => f.message?.typeName)).toEqual(["lib.Thing", "google.protobuf.Timestamp"]);
  });

  it("reports a clash with another file's symbol with protoc's cross-file wording", () => {
    const result = compile(
      {
        "a.proto": 'syntax = "proto3";\npackage pkg;\nmessage X {}\n',
        "main.proto": 'syntax = "proto3";\npackage pkg;\nimport "a.proto";\nmessage X {}\n',
      },
      { roots: ["main.proto"] },
    );
    expect(result.diagnostics.map((d) => formatSchemaDiagnostic(d))).toEqual(['main.proto:4:9: "pkg.X" is already defined in file "a.proto".']);
    expect(result.fileSet.file.map((f) => f.name)).toEqual(["a.proto"]);
  });

  it("uses the global-scope wording without a package", () => {
    const { diagnostics } = compile({ "m.proto": 'syntax = "proto3";\nenum A { X = 0; }\nenum B { X = 0; }\n' });
    expect(diagnostics[0]!.message).toBe('"X" is already defined.');
    expect(diagnostics[0]!.notes?.[0]).toContain('must be unique within the global scope, not just within "B".');
  });

  it("fails the innermost-scope partial match like protoc", () => {
    const text = 'syntax = "proto3";\npackage a.b;\nmessage b { message C {} }\nmessage Outer {\n  message a {}\n  a.b.C c = 1;\n}\n';
    const { diagnostics } = compile({ "m.proto": text });
    expect(diagnostics.map((d) => d.message)).toEqual([
      `"a.b.C" is resolved to "a.b.Outer.a.b.C", which is not defined. The innermost scope is searched first in name resolution. Consider using a leading '.'(i.e., ".a.b.C") to start from the outermost scope.`,
    ]);
  });
});

describe("parser: spans, comments and descriptors", () => {
  const text = `syntax = "proto3";
package p;

// Leading comment of M.
message M {
  // The id.
  string id = 1; // trailing
}
`;
  const parsed = parseProto("m.proto", text);

  it("records a location for every declaration, with comments", () => {
    expect(parsed.hadErrors).toBe(false);
    const message = findLocation(parsed.locations, [4, 0])!;
    expect(message.leadingComments).toBe(" Leading comment of M.\n");
    expect(text.slice(message.start.offset, message.end!.offset)).toBe("message M {\n  // The id.\n  string id = 1; // trailing\n}");
    const field = findLocation(parsed.locations, [4, 0, 2, 0])!;
    expect(field.leadingComments).toBe(" The id.\n");
    expect(field.trailingComments).toBe(" trailing\n");
    const name = findLocation(parsed.locations, [4, 0, 2, 0, 1])!;
    expect(text.slice(name.start.offset, name.end!.offset)).toBe("id");
    expect([name.start.line, name.start.column]).toEqual([6, 9]);
  });

  it("builds a FileDescriptorProto that round-trips through the wire format", () => {
    const result = compile({ "m.proto": text });
    const proto = result.fileSet.file[0]!;
    const again = fromBinary(FileDescriptorProtoSchema, toBinary(FileDescriptorProtoSchema, proto));
    expect(again.messageType[0]!.field[0]!.jsonName).toBe("id");
    expect(again.sourceCodeInfo?.location.length).toBeGreaterThan(5);
    expect(create(FileDescriptorProtoSchema).name).toBe("");
  });
});
