import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { memoryIO } from "../io.ts";
import { run } from "./decode.ts";

const testdata = join(import.meta.dirname, "..", "..", "decode", "testdata");
const golden = JSON.parse(readFileSync(join(testdata, "decode.golden.json"), "utf8")) as { cases: { name: string; proto: string; type: string; hex: string; stdout: string; stderr: string; status: number }[] };
const files = {
  "proto2.proto": readFileSync(join(testdata, "proto2.proto"), "utf8"),
  "proto3.proto": readFileSync(join(testdata, "proto3.proto"), "utf8"),
};

describe("wirelab decode", () => {
  for (const name of ["p2-everything", "p3-invalid-utf8-fails", "fail-wire-type-6"]) {
    it(`prints what protoc --decode prints, on both streams, with its exit status: ${name}`, async () => {
      const c = golden.cases.find((x) => x.name === name)!;
      const io = memoryIO({ ...files, "in.bin": Buffer.from(c.hex, "hex") });
      const status = await run(["--proto", c.proto, "--type", c.type, "in.bin"], io);
      // Log lines carry the time and process they were written at, like protoc's (absl's prefix);
      // the golden's are fixed at January 1st, midnight, thread 0.
      const when = /^([EWIF])\d{4} \d{2}:\d{2}:\d{2}\.\d{6} +\d+ /gm;
      expect(io.err.match(when)?.length ?? 0).toBe(c.stderr.match(when)?.length ?? 0);
      const stderr = io.err.replace(when, "$10101 00:00:00.000000       0 ");
      expect({ status, stdout: io.out, stderr }).toEqual({ status: c.status, stdout: c.stdout, stderr: c.stderr });
    });
  }

  it("--lineup --json: each decoder with its version, whether it read the bytes, its error and its fields", async () => {
    // proto2: field 1 (i32) as a ten-byte varint, then field 5 (str) holding invalid UTF-8. All three read it alike.
    const read = memoryIO({ ...files, "in.bin": new Uint8Array([0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0x2a, 0x02, 0xc3, 0x28]) });
    expect(await run(["--proto", "proto2.proto", "--type", "dec.p2.M", "in.bin", "--lineup", "--json"], read)).toBe(0);
    const all = JSON.parse(read.out) as { decoders: Record<string, unknown>[] };
    expect(Object.keys(all)).toEqual(["decoders"]);
    const fields = [
      { number: 1, name: "i32", value: "-1" },
      { number: 5, name: "str", value: JSON.stringify("\ufffd(") },
    ];
    expect(all.decoders).toEqual(["wirelab", "@bufbuild/protobuf", "protobufjs"].map((name) => ({ name, version: expect.stringMatching(/^\d+\.\d+\.\d+$/), ok: true, fields })));
    // proto3: the same string fails protoc's rules and both libraries, each in its own words.
    const utf8 = memoryIO({ ...files, "in.bin": new Uint8Array([0x1a, 0x02, 0xc3, 0x28]) });
    expect(await run(["--proto", "proto3.proto", "--type", "dec.p3.M", "in.bin", "--lineup", "--json"], utf8)).toBe(1);
    const failed = JSON.parse(utf8.out) as { decoders: Record<string, unknown>[] };
    expect(failed.decoders).toEqual([
      { name: "wirelab", version: expect.any(String), ok: false, error: "Failed to parse input: invalid UTF-8", fields: [] },
      { name: "@bufbuild/protobuf", version: expect.any(String), ok: false, error: expect.stringMatching(/utf-8/i), fields: [] },
      { name: "protobufjs", version: expect.any(String), ok: false, error: expect.stringMatching(/utf-8/i), fields: [] },
    ]);
  });

  it("says what is missing or wrong before it reads anything", async () => {
    const none = memoryIO(files);
    expect(await run(["--proto", "proto3.proto", "in.bin"], none)).toBe(2);
    expect(none.err).toContain("--type is required");
    const json = memoryIO(files);
    expect(await run(["--proto", "proto3.proto", "--type", "dec.p3.M", "--json"], json)).toBe(2);
    expect(json.err).toContain("--json goes with --lineup");
    const unknown = memoryIO({ ...files, "in.bin": new Uint8Array(0) });
    expect(await run(["--proto", "proto3.proto", "--type", "dec.p3.Nope", "in.bin"], unknown)).toBe(1);
    expect(unknown.err).toBe("Type not defined: dec.p3.Nope\n");
  });
});
