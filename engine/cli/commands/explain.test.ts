import { describe, expect, it } from "vitest";
import { annotateBytes } from "../../annotate/decode.ts";
import { explainByte, explanationText } from "../../explain/index.ts";
import { assemble } from "../../protoscope/index.ts";
import { memoryIO } from "../io.ts";
import { run } from "./explain.ts";

const files = {
  "m.pb": Uint8Array.from([0x08, 0x96, 0x01, 0x12, 0x02, 0x68, 0x69]),
  "m.protoscope": "3: -2z\n",
  "m.proto": 'syntax = "proto3";\nmessage M { int32 a = 1; string s = 2; sint32 d = 3; }\n',
};

describe("wirelab explain", () => {
  it("prints the engine's explanation of each byte asked for", async () => {
    const io = memoryIO(files);
    expect(await run(["m.pb", "--at", "0", "--at=2"], io)).toBe(0);
    const bytes = files["m.pb"];
    const { annotations } = annotateBytes(bytes);
    const expected = [0, 2].map((at) => explanationText(explainByte(bytes, annotations, at)!)).join("\n\n") + "\n";
    expect(io.out).toBe(expected);
    expect(io.out).toContain("Tag: field 1, wire type 0 (VARINT)");
    expect(io.out).toContain("22 + 1 × 2^7 = 22 + 128 = 150");
  });

  it("assembles protoscope text and names fields from a schema; --json gives the structure", async () => {
    const io = memoryIO(files);
    expect(await run(["m.protoscope", "--protoscope", "--proto", "m.proto", "--type", "M", "--at", "1", "--json"], io)).toBe(0);
    const parsed = JSON.parse(io.out) as { title: string; range: string };
    expect(parsed.title).toBe("d: sint32 (zigzag): -2");
    expect(parsed.range).toBe("byte 1 (1 byte)");
    expect(assemble(files["m.protoscope"]).bytes).toEqual(Uint8Array.from([0x18, 0x03]));
  });

  it("an offset past the end is an error; no offset is bad usage", async () => {
    const io = memoryIO(files);
    expect(await run(["m.pb", "--at", "7"], io)).toBe(1);
    expect(io.err).toContain("byte 7 is past the end (7 bytes)");
    const io2 = memoryIO(files);
    expect(await run(["m.pb"], io2)).toBe(2);
    expect(io2.err).toContain("--at OFFSET");
  });
});
