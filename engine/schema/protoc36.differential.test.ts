/**
 * Against today's protoc (36.2, the oracle the modern-protoc work moves every golden file to):
 * edition 2023 schemas, where protoc 3.21 has nothing to say. Each case is compiled by protoc 36.2
 * and by us: the printed errors must be identical, and a file that compiles must give the same
 * descriptor (with SourceCodeInfo). Cases so far: reserved names, which editions write as
 * identifiers and refuse as strings.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromBinary, toJson } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema, FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { afterAll, describe, expect, it } from "vitest";
import { findTool, missingToolReason } from "../testing/tools.ts";
import { compile, formatSchemaDiagnostic } from "./index.ts";

const protoc = findTool("protoc-36");

const E = (body: string) => `edition = "2023";\npackage t;\n${body}`;
const CASES: Record<string, string> = {
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
};

describe.skipIf(!protoc)(`edition 2023 schemas compile as protoc 36.2 compiles them${protoc ? "" : ` (${missingToolReason("protoc-36")})`}`, () => {
  const work = mkdtempSync(join(tmpdir(), "wirelab-protoc36-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(CASES)) {
    it(name, () => {
      const file = `${name}.proto`;
      writeFileSync(join(work, file), text);
      const out = join(work, `${name}.binpb`);
      const result = spawnSync(protoc!, ["-I.", "--include_source_info", `--descriptor_set_out=${out}`, file], { cwd: work, encoding: "utf8" });
      const theirs = result.stderr.split("\n").filter((l) => l !== "");
      const compiled = compile({ [file]: text });
      const ours = compiled.diagnostics.flatMap((d) => formatSchemaDiagnostic(d).split("\n"));
      expect(ours).toEqual(theirs);
      if (result.status === 0) {
        const descriptor = fromBinary(FileDescriptorSetSchema, readFileSync(out)).file[0]!;
        expect(toJson(FileDescriptorProtoSchema, compiled.fileSet.file[0]!)).toEqual(toJson(FileDescriptorProtoSchema, descriptor));
      } else expect(compiled.fileSet.file).toEqual([]);
    });
  }
});
