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

  it("the precompiled protobufjs code is what pbjs generates from the lesson's schema today", () => {
    const out = mkdtempSync(join(tmpdir(), "wirelab-lineup-gen-"));
    execFileSync("node", [join(root, "scripts/gen-lineup-code.mjs"), out]);
    for (const file of ["reading-proto.ts", "pbjs/reading.js", "pbjs/reading.d.ts"]) {
      expect(readFileSync(join(out, file), "utf8"), file).toBe(readFileSync(join(root, "engine/decode/generated", file), "utf8"));
    }
  });
});
