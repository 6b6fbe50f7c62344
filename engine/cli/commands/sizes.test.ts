import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { memoryIO } from "../io.ts";
import { main } from "../main.ts";
import { run } from "./sizes.ts";

const example = (name: string) => new Uint8Array(readFileSync(new URL(`../../../examples/compression/${name}`, import.meta.url)));
const files = {
  "b.pb": example("0-1000-packed-varint.pb"),
  "d.pb": example("0-1000-packed-fixed32.pb"),
  "b.protoscope": example("0-1000-packed-varint.protoscope"),
  "d.txt": example("0-1000-packed-fixed32.protoscope"),
  "bad.protoscope": "1: {\n  2 3\n",
};

interface Row {
  file: string;
  raw: number;
  gzip: number;
  zlib: number;
  deflate: number;
  brotli: number;
}

describe("wirelab sizes", () => {
  it("prints the JSON contract of CLI.md for binary files", async () => {
    const io = memoryIO(files);
    expect(await run(["b.pb", "d.pb", "--json"], io)).toBe(0);
    const rows = JSON.parse(io.out) as Row[];
    expect(rows.map((r) => Object.keys(r))).toEqual([
      ["file", "raw", "gzip", "zlib", "deflate", "brotli"],
      ["file", "raw", "gzip", "zlib", "deflate", "brotli"],
    ]);
    expect(rows.map((r) => [r.file, r.raw])).toEqual([
      ["b.pb", 1877],
      ["d.pb", 4007],
    ]);
    for (const r of rows) {
      expect(r.zlib).toBe(r.deflate + 6);
      expect(r.gzip).toBe(r.deflate + 18);
      expect(r.brotli).toBeLessThan(r.deflate);
    }
    // The post: brotli 885 and 1140 at default settings.
    expect(Math.abs(rows[0]!.brotli - 885)).toBeLessThanOrEqual(9);
    expect(Math.abs(rows[1]!.brotli - 1140)).toBeLessThanOrEqual(11);
    expect(io.err).toBe("");
  });

  it("prints a table whose legend names each implementation and its settings", async () => {
    const io = memoryIO(files);
    expect(await run(["b.pb", "--level", "9", "--quality=5"], io)).toBe(0);
    const lines = io.out.split("\n");
    expect(lines[0]).toMatch(/^file\s+raw\s+gzip\s+zlib\s+deflate\s+brotli$/);
    expect(lines[1]).toMatch(/^b\.pb\s+1877\s+\d+\s+\d+\s+\d+\s+\d+$/);
    expect(io.out).toContain("gzip: fflate 0.8.3, level 9\n");
    expect(io.out).toContain("zlib: fflate 0.8.3, level 9\n");
    expect(io.out).toContain("deflate: fflate 0.8.3, level 9\n");
    expect(io.out).toContain("brotli: brotli-wasm 3.0.1, quality 5, window 2^22\n");
  });

  it("changes the figures with --level and --quality", async () => {
    const sizesAt = async (...flags: string[]) => {
      const io = memoryIO(files);
      await run(["d.pb", "--json", ...flags], io);
      return (JSON.parse(io.out) as Row[])[0]!;
    };
    const stored = await sizesAt("--level", "0", "--quality", "0");
    const best = await sizesAt("--level", "9", "--quality", "11");
    expect(stored.deflate).toBeGreaterThan(4007); // level 0 stores: raw plus block headers
    expect(best.deflate).toBeLessThan(stored.deflate);
    expect(best.brotli).toBeLessThan(stored.brotli);
  });

  it("reads standard input for - and when no file is given", async () => {
    for (const args of [["-", "--json"], ["--json"]]) {
      const io = memoryIO({}, files["b.pb"]);
      expect(await run(args, io)).toBe(0);
      expect((JSON.parse(io.out) as Row[])[0]).toMatchObject({ file: "<stdin>", raw: 1877 });
    }
  });

  it("exits 1 naming a missing file, and still measures the others", async () => {
    const io = memoryIO(files);
    expect(await run(["missing.pb", "b.pb", "--json"], io)).toBe(1);
    expect(io.err).toBe("missing.pb: cannot read: no such file\n");
    expect((JSON.parse(io.out) as Row[]).map((r) => r.file)).toEqual(["b.pb"]);
  });

  it("assembles .protoscope and .txt files and measures the bytes, not the text", async () => {
    const binary = memoryIO(files);
    await run(["b.pb", "d.pb", "--json"], binary);
    const text = memoryIO(files);
    expect(await run(["b.protoscope", "d.txt", "--json"], text)).toBe(0);
    const strip = (rows: Row[]) => rows.map(({ file: _file, ...sizes }) => sizes);
    expect(strip(JSON.parse(text.out) as Row[])).toEqual(strip(JSON.parse(binary.out) as Row[]));
    expect((JSON.parse(text.out) as Row[]).map((r) => r.file)).toEqual(["b.protoscope", "d.txt"]);
  });

  it("exits 1 with the assembler's positioned error for bad protoscope", async () => {
    const io = memoryIO(files);
    expect(await run(["bad.protoscope", "b.pb", "--json"], io)).toBe(1);
    // protoscope -s points at the last token inside the brace, as the CLI does.
    expect(io.err).toBe("bad.protoscope:2:6: unmatched '{': the input ends before its '}'\n");
    expect((JSON.parse(io.out) as Row[]).map((r) => r.file)).toEqual(["b.pb"]);
  });

  it.each([
    [["--level", "10"], "--level must be an integer from 0 to 9, got 10"],
    [["--quality", "12"], "--quality must be an integer from 0 to 11, got 12"],
    [["--quality"], "--quality must be an integer from 0 to 11, got nothing"],
    [["--level", "1.5"], "--level must be an integer from 0 to 9, got 1.5"],
    [["--fast"], "unknown option --fast"],
  ])("exits 2 on bad usage %j", async (args, message) => {
    const io = memoryIO(files);
    expect(await run(["b.pb", ...args], io)).toBe(2);
    expect(io.err.split("\n")[0]).toBe(`wirelab sizes: ${message}`);
    expect(io.out).toBe("");
  });

  it("documents protoscope input in --help, and is in the command table", async () => {
    const io = memoryIO();
    expect(await main(["sizes", "--help"], io)).toBe(0);
    expect(io.out).toContain(".protoscope or .txt is\nprotoscope text and is assembled first");
    const top = memoryIO();
    await main(["--help"], top);
    expect(top.out).toMatch(/^ {2}sizes {2,}raw, gzip, zlib, deflate and brotli sizes/m);
  });
});
