// `wirelab assemble`, run in-process with captured IO.
import { describe, expect, it } from "vitest";
import { memoryIO } from "../io.ts";
import { main } from "../main.ts";

const hex = (b: Uint8Array | string | undefined) => Buffer.from(b as Uint8Array).toString("hex");

describe("wirelab assemble", () => {
  it("assembles a file to -o OUT", async () => {
    const io = memoryIO({ "m.txt": '1: 150 2: {"hi"}' });
    expect(await main(["assemble", "m.txt", "-o", "m.pb"], io)).toBe(0);
    expect(hex(io.written["m.pb"])).toBe("089601120268" + "69");
    expect(io.err).toBe("");
  });

  it("reads standard input and writes standard output", async () => {
    const io = memoryIO({}, "1: 1");
    expect(await main(["assemble"], io)).toBe(0);
    expect(io.outBytes.map(hex)).toEqual(["0801"]);
  });

  it("prints errors as path:line:col: message and exits 1", async () => {
    const io = memoryIO({ "bad.txt": "1: 2\n3: {\n" });
    expect(await main(["assemble", "bad.txt", "-o", "out.pb"], io)).toBe(1);
    expect(io.err).toMatch(/^bad\.txt:2:4: unmatched '\{'/);
    expect(io.written["out.pb"]).toBeUndefined();
  });

  it("prints protoscope's line:column (in bytes) where protoscope points after the token", async () => {
    // protoscope -s prints "bang.txt:1:10: expected { after !" (é is two bytes) and
    // "lf.txt:2:15: length modifier was not followed by ..." (after the long-form token).
    const io = memoryIO({ "bang.txt": '"é" 1: ! 2\n', "lf.txt": "1: 2\n3: long-form:1 true\n" });
    expect(await main(["assemble", "bang.txt"], io)).toBe(1);
    expect(await main(["assemble", "lf.txt"], io)).toBe(1);
    expect(io.err.split("\n").filter(Boolean).map((l) => l.split(": ")[0])).toEqual(["bang.txt:1:10", "lf.txt:2:15"]);
  });

  it("names standard input <stdin>", async () => {
    const io = memoryIO({}, "oops");
    expect(await main(["assemble", "-"], io)).toBe(1);
    expect(io.err).toMatch(/^<stdin>:1:1: unrecognized symbol "oops"/);
  });

  it("accepts UTF-8 and UTF-16 byte-order marks", async () => {
    const utf8 = memoryIO({ "a.txt": new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('1: "é"')]) });
    expect(await main(["assemble", "a.txt"], utf8)).toBe(0);
    expect(utf8.outBytes.map(hex)).toEqual(["08c3a9"]);
    const utf16 = memoryIO({ "b.txt": new Uint8Array([0xff, 0xfe, ...Buffer.from('1: "é"', "utf16le")]) });
    expect(await main(["assemble", "b.txt"], utf16)).toBe(0);
    expect(utf16.outBytes.map(hex)).toEqual(["08c3a9"]);
  });

  it("rejects invalid UTF-8 with the byte offset", async () => {
    const io = memoryIO({ "c.txt": new Uint8Array([0x31, 0x3a, 0x20, 0x22, 0xff, 0x22]) });
    expect(await main(["assemble", "c.txt"], io)).toBe(1);
    expect(io.err).toBe("c.txt:@4: the input is not valid UTF-8\n");
  });

  it("exits 2 on bad usage and 0 on --help", async () => {
    const bad = memoryIO();
    expect(await main(["assemble", "--nope"], bad)).toBe(2);
    expect(bad.err).toMatch(/unknown option --nope/);
    const help = memoryIO();
    expect(await main(["assemble", "--help"], help)).toBe(0);
    expect(help.out).toMatch(/^usage: wirelab assemble/);
  });

  it("exits 1 for a missing file", async () => {
    const io = memoryIO();
    expect(await main(["assemble", "nope.txt"], io)).toBe(1);
    expect(io.err).toMatch(/cannot read nope\.txt/);
  });
});
