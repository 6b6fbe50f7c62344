// The breaking check's API beyond buf's output (which breaking.golden.test.ts checks): the old
// version's positions, module files and imports, compile errors, rule selection, and Go's
// formatting of values in messages.
import { describe, expect, it } from "vitest";
import { compile } from "../schema/compile.ts";
import { breaking, breakingFromSources, selectBreakingRules, withWellKnownImports } from "./breaking.ts";
import { goFloat, goQuote } from "./go-format.ts";

const OLD = {
  "a.proto": 'syntax = "proto3";\npackage p;\n\nmessage M {\n  string renamed = 1;\n  int32 gone = 2;\n}\n',
  "b.proto": 'syntax = "proto3";\npackage p;\nmessage B { int32 x = 1; }\n',
};
const NEW = {
  "a.proto": 'syntax = "proto3";\npackage p;\nmessage M {\n  string now_named = 1;\n}\n',
  "b.proto": 'syntax = "proto3";\npackage p;\nmessage B { int64 x = 1; }\n',
};

describe("breakingFromSources", () => {
  it("gives each finding the old version's position too", () => {
    const { findings } = breakingFromSources(OLD, NEW, { use: ["FILE"] });
    const renamed = findings.find((f) => f.code === "FIELD_SAME_NAME")!;
    expect(renamed.message).toBe('Field "1" on message "M" changed name from "renamed" to "now_named".');
    expect(renamed.span).toMatchObject({ kind: "text", file: "a.proto", start: { line: 4, column: 10 }, end: { line: 4, column: 19 } });
    expect(renamed.against).toMatchObject({ kind: "text", file: "a.proto", start: { line: 5, column: 10, offset: OLD["a.proto"].indexOf("renamed") } });
    const deleted = findings.find((f) => f.code === "FIELD_NO_DELETE")!;
    expect(deleted.span).toMatchObject({ start: { line: 3, column: 1 } });
    expect(deleted.against).toMatchObject({ start: { line: 4, column: 1 } });
    for (const f of findings) expect(f.severity).toBe("warning");
  });

  it("a deleted file has no position in the current version, and the old file's start as against", () => {
    const { findings } = breakingFromSources(OLD, { "a.proto": OLD["a.proto"] }, { use: ["FILE_NO_DELETE"] });
    expect(findings).toEqual([
      {
        code: "FILE_NO_DELETE",
        severity: "warning",
        message: 'Previously present file "b.proto" was deleted.',
        span: { kind: "none" },
        against: { kind: "text", file: "b.proto", start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } },
      },
    ]);
  });

  it("returns no findings and both sides' compile errors when a version does not compile", () => {
    const result = breakingFromSources(OLD, { ...NEW, "b.proto": "syntax = \"proto3\";\nmessage B { int64 x = 1 }\n" });
    expect(result.findings).toEqual([]);
    expect(result.againstDiagnostics).toEqual([]);
    expect(result.currentDiagnostics.map((d) => d.code)).toEqual(["protoc/syntax"]);
  });

  it("compares imports like buf, and leaves them out with excludeImports", () => {
    const use = ["FIELD_SAME_TYPE"];
    expect(breakingFromSources(OLD, NEW, { use, files: ["a.proto"] }).findings.map((f) => f.span.kind === "text" && f.span.file)).toEqual(["b.proto"]);
    expect(breakingFromSources(OLD, NEW, { use, files: ["a.proto"], excludeImports: true }).findings).toEqual([]);
  });

  it("drops the last import of a well-known type as buf does: its file and package are gone", () => {
    const withTimestamp = { "a.proto": 'syntax = "proto3";\nimport "google/protobuf/timestamp.proto";\nmessage T { google.protobuf.Timestamp t = 1; }\n' };
    const without = { "a.proto": 'syntax = "proto3";\nmessage T { reserved 1; }\n' };
    const { findings } = breakingFromSources(withTimestamp, without, { use: ["FILE_NO_DELETE", "PACKAGE_NO_DELETE"] });
    expect(findings.map((f) => f.message)).toEqual([
      'Previously present file "google/protobuf/timestamp.proto" was deleted.',
      'Previously present package "google.protobuf" was deleted.',
    ]);
  });
});

describe("breaking over descriptors", () => {
  it("without the source texts, positions are protoc's columns and offsets are unknown (-1)", () => {
    const before = withWellKnownImports(compile(OLD).fileSet);
    const now = withWellKnownImports(compile(NEW).fileSet);
    const [f] = breaking(before, now, { use: ["FIELD_SAME_TYPE"] });
    expect(f).toMatchObject({ code: "FIELD_SAME_TYPE", span: { file: "b.proto", start: { line: 3, column: 13, offset: -1 } } });
  });

  it("FILE is the default, as in buf", () => {
    const before = compile(OLD).fileSet;
    const now = compile(NEW).fileSet;
    expect(breaking(before, now)).toEqual(breaking(before, now, { use: ["FILE"] }));
  });
});

describe("selectBreakingRules", () => {
  it("expands categories, removes except, and names what it does not know", () => {
    expect(selectBreakingRules(["WIRE"]).has("FIELD_WIRE_COMPATIBLE_TYPE")).toBe(true);
    expect(selectBreakingRules(["WIRE"]).has("FIELD_SAME_TYPE")).toBe(false);
    expect(selectBreakingRules(["WIRE"], ["FIELD_WIRE_COMPATIBLE_TYPE"]).has("FIELD_WIRE_COMPATIBLE_TYPE")).toBe(false);
    expect(() => selectBreakingRules(["FILE", "NOPE"])).toThrow("unknown breaking rule or category: NOPE");
    expect(() => selectBreakingRules(["FIELD_SAME_DEFAULT"], [], "v1")).toThrow(RangeError);
  });
});

describe("Go's formatting in buf's messages", () => {
  it("%q quotes as strconv.Quote", () => {
    expect(goQuote('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(goQuote("tab\there\nnl\u0001\u007f")).toBe('"tab\\there\\nnl\\x01\\x7f"');
    expect(goQuote("größer 😀")).toBe('"größer 😀"');
    expect(goQuote("\u200b\u{e0001}")).toBe('"\\u200b\\U000e0001"');
  });

  it("%v prints floats as Go does (shortest digits, exponent below 1e-4 and from 1e6)", () => {
    const cases: [number, 32 | 64, string][] = [
      [1.5, 64, "1.5"],
      [123456, 64, "123456"],
      [1234567, 32, "1.234567e+06"],
      [Math.fround(123456789), 32, "1.2345679e+08"],
      [Math.fround(0.1), 32, "0.1"],
      [0.1, 64, "0.1"],
      [1e21, 64, "1e+21"],
      [0.0001, 64, "0.0001"],
      [0.00001, 64, "1e-05"],
      [-2.5e-7, 64, "-2.5e-07"],
      [1e100, 64, "1e+100"],
      [0, 64, "0"],
      [-0, 64, "-0"],
      [Infinity, 64, "+Inf"],
      [-Infinity, 32, "-Inf"],
      [NaN, 64, "NaN"],
    ];
    for (const [value, bits, text] of cases) expect(goFloat(value, bits), `${value}`).toBe(text);
  });
});
