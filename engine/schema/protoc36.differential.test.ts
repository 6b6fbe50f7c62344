/**
 * Against today's protoc (36.2): editions 2023 and 2024 and what protoc 36 changed, case by case.
 * Each case (one file, or several with main.proto compiled) is compiled by protoc 36.2 and by us:
 * the printed diagnostics must be identical, and a file that compiles must give the same
 * descriptor set (with SourceCodeInfo), byte for byte.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromBinary, toBinary, toJson } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { afterAll, describe, expect, it } from "vitest";
import { findTool, missingToolReason, protoc36Include } from "../testing/tools.ts";
import { compile, formatSchemaDiagnostic } from "./index.ts";

const protoc = findTool("protoc-36");
const wkt = protoc ? protoc36Include() : undefined;

const E = (body: string) => `edition = "2023";\npackage t;\n${body}`;
const E24 = (body: string, pkg = "t") => `edition = "2024";\npackage ${pkg};\n${body}`;
const OPT = 'syntax = "proto2";\npackage o;\nimport "google/protobuf/descriptor.proto";\nextend google.protobuf.FieldOptions {\n  optional int32 x = 50000;\n  optional int32 src = 50001 [retention = RETENTION_SOURCE];\n}\nmessage Y {}\n';
const OTHER24 = E24("message Outer {\n  message Inner {}\n  export message Shown {}\n}\nlocal message Hidden {}\nmessage Open {\n  extensions 100 to 200;\n}\nlocal message Closed {\n  extensions 100 to 200;\n}\n", "x");

const CASES: Record<string, string | Record<string, string>> = {
  // Edition 2023: reserved names are identifiers.
  "identifiers": E("message M {\n  reserved foo, bar;\n  reserved 3, 5 to 7;\n  int32 a = 1;\n}\nenum E {\n  E_0 = 0;\n  reserved ONE, TWO;\n  reserved 9;\n}\n"),
  "nested-identifiers": E("message M {\n  message N {\n    reserved old_name;\n    int32 a = 1;\n  }\n  enum K {\n    K_0 = 0;\n    reserved K_GONE;\n  }\n}\n"),
  "string-refused": E('message M {\n  reserved "foo";\n  int32 a = 1;\n}\n'),
  "enum-string-refused": E('enum E {\n  E_0 = 0;\n  reserved "ONE";\n}\n'),
  "mixed-message": E('message M {\n  reserved foo, "bar";\n}\n'),
  "mixed-enum-then-message": E('enum E {\n  E_0 = 0;\n  reserved ONE, "TWO";\n}\nmessage M {\n  reserved "foo", "bar";\n  int32 a = 1;\n}\n'),
  "identifier-then-number": E("message M {\n  reserved foo, 3;\n}\n"),
  "missing-comma": E("message M {\n  reserved foo bar;\n}\n"),
  "name-taken": E("message M {\n  reserved foo;\n  int32 foo = 1;\n}\n"),
  "enum-name-taken": E("enum E {\n  E_0 = 0;\n  reserved E_1;\n  E_1 = 1;\n}\n"),
  "proto3-identifier-refused": 'syntax = "proto3";\nmessage M {\n  reserved foo;\n}\nenum E {\n  E0 = 0;\n  reserved BAR;\n}\n',
  // Edition 2023: features checked where they are set.
  "implicit-default": E("message M {\n  int32 a = 1 [features.field_presence = IMPLICIT, default = 3];\n}\n"),
  "implicit-closed-enum": E("enum C {\n  option features.enum_type = CLOSED;\n  C_0 = 0;\n}\nmessage M {\n  C c = 1 [features.field_presence = IMPLICIT];\n}\n"),
  "packed-option": E("message M {\n  repeated int32 a = 1 [packed = true];\n}\n"),
  "presence-on-repeated": E("message M {\n  repeated int32 a = 1 [features.field_presence = EXPLICIT];\n}\n"),
  "presence-in-oneof": E("message M {\n  oneof o {\n    int32 a = 1 [features.field_presence = IMPLICIT];\n  }\n}\n"),
  "implicit-message": E("message M {\n  M m = 1 [features.field_presence = IMPLICIT];\n}\n"),
  "presence-on-extension": E("message M {\n  extensions 10 to 20;\n}\nextend M {\n  int32 e = 10 [features.field_presence = EXPLICIT];\n}\n"),
  "encoding-on-singular": E("message M {\n  int32 a = 1 [features.repeated_field_encoding = EXPANDED];\n}\n"),
  "packed-on-strings": E("message M {\n  repeated string a = 1 [features.repeated_field_encoding = PACKED];\n}\n"),
  "utf8-on-int": E("message M {\n  int32 a = 1 [features.utf8_validation = NONE];\n}\n"),
  "delimited-on-int": E("message M {\n  int32 a = 1 [features.message_encoding = DELIMITED];\n}\n"),
  "required-by-default": 'edition = "2023";\noption features.field_presence = LEGACY_REQUIRED;\nmessage M {\n  int32 a = 1;\n}\n',
  "json-conflict": E("message M {\n  int32 foo_bar = 1;\n  int32 fooBar = 2;\n}\n"),
  "open-enum-zero": E("enum E {\n  E_ONE = 1;\n}\n"),
  "closed-by-file": 'edition = "2023";\noption features.enum_type = CLOSED;\nenum E {\n  E_ONE = 1;\n}\n',
  "labels-and-groups": E("message M {\n  optional int32 a = 1;\n  required int32 b = 2;\n  group G = 3 {}\n}\n"),
  "not-defined": E("message M {\n  Gone g = 1;\n  .u.Gone h = 2;\n}\n"),
  "valid-features": E("message M {\n  int32 a = 1 [features.field_presence = IMPLICIT];\n  repeated int32 b = 2 [features.repeated_field_encoding = EXPANDED];\n  M c = 3 [features.message_encoding = DELIMITED];\n  string d = 4 [features.utf8_validation = NONE];\n}\n"),
  // What protoc 36 changed for every syntax.
  "reserved-name-not-identifier": 'syntax = "proto3";\nenum E {\n  E_0 = 0;\n  reserved "a b", "ok", "";\n}\nmessage M {\n  reserved "c-d", "9x";\n  reserved "e f\n  int32 x = 1;\n}\n',
  // A NUL character ends a string or a comment, as protoc's tokenizer marks its end of input with one.
  "nul-in-string": 'syntax = "prot\u0000o2";\nmessage M {}\n',
  "nul-in-comments": 'syntax = "proto2";\n// line \u0000 comment\n/* block \u0000 comment */\nmessage M {\n  optional string s = 1 [default = "x\u0000y"];\n}\n',
  "reserved-name-proto2": 'syntax = "proto2";\nmessage M {\n  reserved "has space", "_fine";\n}\n',
  "proto2-json-warning": 'syntax = "proto2";\nmessage M {\n  optional int32 foo_bar = 1;\n  optional int32 fooBar = 2;\n}\n',
  "proto2-enum-prefix": 'syntax = "proto2";\nenum Color {\n  COLOR_RED = 0;\n  RED = 1;\n}\n',
  "reserved-numbers-last": 'syntax = "proto3";\noption java_generic_services = true;\nmessage M {\n  int32 a = 19000;\n  message N {\n    int32 c = 19001;\n  }\n}\n',
  "inf-and-nan": { "main.proto": 'syntax = "proto2";\nimport "google/protobuf/descriptor.proto";\nextend google.protobuf.MessageOptions {\n  optional float f = 50000;\n  optional double d = 50001;\n}\nmessage A {\n  option (f) = -inf;\n  option (d) = nan;\n}\nmessage B {\n  option (d) = -nan;\n  option (f) = inf;\n}\nmessage C {\n  option (d) = -foo;\n}\n' },
  "options-merged-and-sorted": { "main.proto": 'syntax = "proto2";\nimport "google/protobuf/descriptor.proto";\nmessage R {\n  optional int32 x = 1;\n  optional int32 y = 2;\n  repeated int32 z = 3;\n}\nextend google.protobuf.MessageOptions {\n  optional R a = 50001;\n  optional int32 b = 50000;\n  repeated int32 c = 50002;\n}\nmessage M {\n  option (c) = 5;\n  option (a).y = 2;\n  option (b) = 7;\n  option (a).x = 1;\n  option (a) = { z: 4 z: 5 };\n  option (c) = 3;\n  option deprecated = true;\n}\n' },
  "source-retention": { "main.proto": 'syntax = "proto2";\nimport "opt.proto";\nmessage M {\n  optional int32 a = 1 [(o.x) = 1, (o.src) = 2];\n  optional int32 b = 2 [(o.src) = 3];\n  extensions 10 to 20 [verification = UNVERIFIED];\n}\n', "opt.proto": OPT },
  // Edition 2024.
  "edition-2024": E24("message M {\n  int32 a = 1;\n  message N {}\n  N n = 2;\n}\nenum E {\n  E_UNSPECIFIED = 0;\n}\n"),
  "naming-style": E24("message foo_bar {\n  int32 Bad = 1;\n  oneof X {\n    int32 c = 2;\n  }\n  enum color {\n    red = 0;\n  }\n}\nservice svc {\n  rpc do_it(foo_bar) returns (foo_bar);\n}\n", "Bad.pkg"),
  "naming-style-off": 'edition = "2024";\npackage Bad;\noption features.enforce_naming_style = STYLE_LEGACY;\nmessage foo_bar {\n  int32 Bad = 1;\n}\n',
  "naming-underscores": E24("message M {\n  int32 a__b = 1;\n  int32 c_1 = 2;\n  int32 d_ = 3;\n}\nenum E {\n  E_0 = 0;\n  E__1 = 1;\n}\n"),
  "naming-style-2026": 'edition = "2024";\npackage t;\noption features.enforce_naming_style = STYLE2026;\nmessage M {\n  int32 x = 1;\n  int32 has_x = 2;\n  int32 x_value = 3;\n  oneof choice {\n    int32 set_choice = 4;\n  }\n  int32 descriptor = 5;\n  int32 clear_y = 6;\n  extensions 10 to 20;\n}\nextend M {\n  int32 get_x = 10;\n}\n',
  "naming-style-2026-off-per-message": 'edition = "2024";\npackage t;\noption features.enforce_naming_style = STYLE2026;\nmessage M {\n  option features.enforce_naming_style = STYLE2024;\n  int32 x = 1;\n  int32 has_x = 2;\n}\n',
  "naming-style-off-per-element": 'edition = "2024";\npackage t;\nmessage M {\n  int32 Bad = 1 [features.enforce_naming_style = STYLE_LEGACY];\n  oneof O {\n    option features.enforce_naming_style = STYLE_LEGACY;\n    int32 c = 2;\n  }\n}\nenum e {\n  option features.enforce_naming_style = STYLE_LEGACY;\n  zero = 0;\n}\nenum F {\n  F_0 = 0;\n  one = 1 [features.enforce_naming_style = STYLE_LEGACY];\n}\nservice s {\n  option features.enforce_naming_style = STYLE_LEGACY;\n  rpc get(M) returns (M) {\n    option features.enforce_naming_style = STYLE_LEGACY;\n  }\n}\n',
  "lifetime-too-early": 'edition = "2023";\npackage p;\noption features.enforce_naming_style = STYLE2024;\noption java_multiple_files = true;\nmessage M {\n  string s = 1 [ctype = CORD];\n}\n',
  "lifetime-removed": 'edition = "2024";\npackage p;\noption java_multiple_files = true;\nmessage M {\n  int32 a = 1;\n}\n',
  "lifetime-deprecated": 'edition = "2024";\npackage p;\nimport "google/protobuf/java_features.proto";\noption features.(pb.java).utf8_validation = VERIFY;\nmessage M {\n  string s = 1 [features.(pb.java).utf8_validation = DEFAULT];\n}\n',
  "lifetime-in-proto3": 'syntax = "proto3";\npackage p;\noption java_multiple_files = true;\nmessage M {\n  string s = 1 [ctype = CORD];\n}\n',
  "lifetime-no-package": 'edition = "2023";\noption features.default_symbol_visibility = LOCAL_ALL;\nmessage M {}\n',
  "visibility": { "main.proto": E24('import "other.proto";\nmessage M {\n  x.Outer o = 1;\n  x.Outer.Shown s = 2;\n}\n'), "other.proto": OTHER24 },
  "visibility-nested": { "main.proto": E24('import "other.proto";\nmessage M {\n  x.Outer.Inner i = 1;\n}\n'), "other.proto": OTHER24 },
  "visibility-local": { "main.proto": E24('import "other.proto";\nmessage M {\n  x.Hidden h = 1;\n}\n'), "other.proto": OTHER24 },
  "visibility-extend": { "main.proto": E24('import "other.proto";\nextend x.Closed {\n  int32 e = 100;\n}\nextend x.Open {\n  int32 f = 100;\n}\n'), "other.proto": OTHER24 },
  "visibility-method": { "main.proto": E24('import "other.proto";\nservice S {\n  rpc Get(x.Hidden) returns (x.Outer);\n}\n'), "other.proto": OTHER24 },
  "visibility-export-all": { "main.proto": E24('import "other.proto";\nmessage M {\n  x.Outer.Inner i = 1;\n}\n'), "other.proto": OTHER24.replace("package x;\n", "package x;\noption features.default_symbol_visibility = EXPORT_ALL;\n") },
  "visibility-keyword-misplaced": E24("local message N {\n  export int32 x = 1;\n}\n"),
  "visibility-in-2023": E("export message M {}\n"),
  "option-import": { "main.proto": E24('import option "opt.proto";\nmessage M {\n  int32 a = 1 [(o.x) = 1];\n}\n'), "opt.proto": OPT },
  "option-import-not-for-types": { "main.proto": E24('import option "opt.proto";\nmessage M {\n  int32 a = 1 [(o.x) = 1];\n  o.Y y = 2;\n}\n'), "opt.proto": OPT },
  "option-import-missing": { "main.proto": E24('import option "missing.proto";\nmessage M {\n  int32 a = 1 [(x) = 1];\n}\n') },
  "option-import-before-2024": { "main.proto": E('import option "opt.proto";\nmessage M {}\n'), "opt.proto": OPT },
  "option-import-order": { "main.proto": E24('import option "opt.proto";\nimport "other.proto";\nmessage M {}\n'), "opt.proto": OPT, "other.proto": OTHER24 },
  "weak-in-2024": { "main.proto": E24('import weak "other.proto";\nmessage M {}\n'), "other.proto": OTHER24 },
  "ctype-in-2024": E24("message M {\n  string s = 1 [ctype = CORD];\n}\n"),
};

describe.skipIf(!protoc)(`editions and protoc 36's changes compile as protoc 36.2 compiles them${protoc ? "" : ` (${missingToolReason("protoc-36")})`}`, () => {
  const work = mkdtempSync(join(tmpdir(), "wirelab-protoc36-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  for (const [name, input] of Object.entries(CASES)) {
    it(name, () => {
      const files = typeof input === "string" ? { [`${name}.proto`]: input } : input;
      const main = typeof input === "string" ? `${name}.proto` : "main.proto";
      const dir = join(work, name);
      mkdirSync(dir, { recursive: true });
      for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
      const out = join(dir, "set.binpb");
      const result = spawnSync(protoc!, ["-I.", `-I${wkt}`, "--include_source_info", `--descriptor_set_out=${out}`, main], { cwd: dir, encoding: "utf8" });
      const theirs = result.stderr.split("\n").filter((l) => l !== "");
      const compiled = compile(files, { roots: [main] });
      const ours = compiled.diagnostics.flatMap((d) => formatSchemaDiagnostic(d).split("\n"));
      expect(ours).toEqual(theirs);
      if (result.status === 0) {
        const set = fromBinary(FileDescriptorSetSchema, readFileSync(out));
        const ourMain = compiled.fileSet.file.find((f) => f.name === main);
        expect(ourMain && toJson(FileDescriptorSetSchema, { ...set, file: [ourMain] } as never)).toEqual(toJson(FileDescriptorSetSchema, set));
        expect(Buffer.from(toBinary(FileDescriptorSetSchema, { ...set, file: [ourMain!] } as never)).equals(readFileSync(out))).toBe(true);
      } else expect(compiled.fileSet.file.find((f) => f.name === main)).toBeUndefined();
    });
  }
});
