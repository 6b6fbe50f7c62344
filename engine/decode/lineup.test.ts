import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assemble } from "../protoscope/index.ts";
import { compile } from "../schema/index.ts";
import { lineup } from "./lineup.ts";
import { READING_PROTO } from "./generated/reading-proto.ts";

const root = join(import.meta.dirname, "../..");

describe("the decoder line-up", () => {
  const desc = compile({ "reading.proto": READING_PROTO }).registry!.getMessage("lesson.malformed.v1.Reading")!;
  const run = (protoscope: string, text = READING_PROTO) => lineup(desc, assemble(protoscope).bytes, { "reading.proto": text });

  it("reads the lesson's schema with protobufjs's precompiled decoder, and any other text by reflection, alike", () => {
    for (const p of ['1: 150 2: {"Ann"} 3: {1 2} 3: 3 4: {1: 7}', "2: 5", "1: `ffffffffffffffffff02`", "`0e00`"]) {
      const precompiled = run(p).decoders[2]!;
      const reflected = run(p, READING_PROTO + "\n// another text: reflection\n").decoders[2]!;
      expect({ ...precompiled, error: precompiled.error && "threw" }, p).toEqual({ ...reflected, error: reflected.error && "threw" });
    }
  });

  it("shows where the libraries part ways: a string sent as a varint", () => {
    const r = run("1: 7 2: 5");
    expect(r.decoders.map((d) => [d.name, d.ok])).toEqual([["wirelab", true], ["@bufbuild/protobuf", false], ["protobufjs", true]]);
    expect(r.decoders[0]!.fields).toEqual([{ number: 1, name: "id", value: "7" }]);
    expect(r.decoders[1]!.error).toBe("premature EOF");
  });

  it("reads a map entry without its value as the value's default, as every decoder does", () => {
    const proto = 'syntax = "proto3";\npackage m;\nmessage V { int32 x = 1; }\nmessage M {\n  map<int32, V> byId = 1;\n  map<string, double> d = 2;\n}\n';
    const desc = compile({ "m.proto": proto }).registry!.getMessage("m.M")!;
    // Entries with a key and no value (it crashed the engine's reading, shown as its error).
    const result = lineup(desc, assemble('1: {1: 5} 2: {1: {"k"}}').bytes, { "m.proto": proto });
    for (const d of result.decoders) expect(d, d.name).toMatchObject({ ok: true, fields: [{ number: 1, value: "{5: {}}" }, { number: 2, value: "{k: 0}" }] });
  });

  it("the precompiled protobufjs code is what pbjs generates from the lesson's schema today", () => {
    const out = mkdtempSync(join(tmpdir(), "wirelab-lineup-gen-"));
    execFileSync("node", [join(root, "scripts/gen-lineup-code.mjs"), out]);
    for (const file of ["reading-proto.ts", "pbjs/reading.js", "pbjs/reading.d.ts"]) {
      expect(readFileSync(join(out, file), "utf8"), file).toBe(readFileSync(join(root, "engine/decode/generated", file), "utf8"));
    }
  });
});
