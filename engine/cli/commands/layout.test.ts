import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { memoryIO } from "../io.ts";
import { main } from "../main.ts";

const ROOT = join(import.meta.dirname, "../../..");
const CORPUS = join(ROOT, "engine/layout/testdata/corpus");
const golden = JSON.parse(readFileSync(join(ROOT, "engine/layout/testdata/layout.golden.json"), "utf8")) as {
  levels: Record<string, { layouts: { type: string; size: number; fields: { go: string; offset: number; size: number }[] }[]; allocs: { payload: string; type: string; bytes: string; allocs: number }[] }>;
};
const files = { "editions.proto": readFileSync(join(CORPUS, "editions.proto")), "opaque_file.proto": readFileSync(join(CORPUS, "opaque_file.proto")) };

interface Doc {
  layouts: { type: string; api: string; size: number; fields: { go: string; proto?: string; offset: number; size: number; goType: string }[]; allocsPerDecode?: number }[];
}

describe("wirelab layout", () => {
  it("--api all --json: the offsets and sizes Go's reflect reports, per level", async () => {
    const io = memoryIO(files);
    expect(await main(["layout", "editions.proto", "--type", "wl.led.Shape", "--api", "all", "--json"], io)).toBe(0);
    const doc = JSON.parse(io.out) as Doc;
    expect(doc.layouts.map((l) => l.api)).toEqual(["open", "hybrid", "opaque"]);
    for (const l of doc.layouts) {
      const g = golden.levels[l.api]!.layouts.find((x) => x.type === "wl.led.Shape")!;
      expect(l.size).toBe(g.size);
      expect(l.fields.map((f) => [f.go, f.offset, f.size])).toEqual(g.fields.map((f) => [f.go, f.offset, f.size]));
    }
    const opaque = doc.layouts[2]!;
    expect(opaque.fields.find((f) => f.go === "xxx_hidden_Size")).toMatchObject({ proto: "oneof:size", goType: "isShape_Size" });
    expect(opaque.fields.find((f) => f.go === "xxx_hidden_Vertices")).toMatchObject({ proto: "vertices", goType: "*[]*Shape_Point" });
    expect(opaque.fields.find((f) => f.go === "sizeCache")).not.toHaveProperty("proto");
  });

  it("defaults to the level the file sets, else open", async () => {
    const io = memoryIO(files);
    expect(await main(["layout", "opaque_file.proto", "editions.proto", "--type", "wl.lop.Record", "--json"], io)).toBe(0);
    expect((JSON.parse(io.out) as Doc).layouts.map((l) => l.api)).toEqual(["opaque"]);
    const io2 = memoryIO(files);
    expect(await main(["layout", "editions.proto", "--type", "wl.led.LogEntry", "--json"], io2)).toBe(0);
    expect((JSON.parse(io2.out) as Doc).layouts.map((l) => [l.api, l.size])).toEqual([["open", 96]]);
  });

  it("--decode: allocations per proto.Unmarshal as testing.AllocsPerRun counted them", async () => {
    const six = golden.levels.open!.allocs.find((a) => a.payload === "logentry-six")!;
    const io = memoryIO({ ...files, "log.bin": Buffer.from(six.bytes, "hex") });
    expect(await main(["layout", "editions.proto", "--type", "wl.led.LogEntry", "--api", "all", "--decode", "log.bin", "--json"], io)).toBe(0);
    const doc = JSON.parse(io.out) as Doc;
    expect(doc.layouts.map((l) => [l.api, l.size, l.allocsPerDecode])).toEqual([
      ["open", 96, golden.levels.open!.allocs.find((a) => a.payload === "logentry-six")!.allocs],
      ["hybrid", 96, golden.levels.hybrid!.allocs.find((a) => a.payload === "logentry-six")!.allocs],
      ["opaque", 104, golden.levels.opaque!.allocs.find((a) => a.payload === "logentry-six")!.allocs],
    ]);
  });

  it("prints a table with padding and the allocations", async () => {
    const six = golden.levels.open!.allocs.find((a) => a.payload === "logentry-six")!;
    const io = memoryIO({ ...files, "log.bin": Buffer.from(six.bytes, "hex") });
    expect(await main(["layout", "editions.proto", "--type", "wl.led.LogEntry", "--api", "opaque", "--decode", "log.bin"], io)).toBe(0);
    expect(io.out).toContain("LogEntry (wl.led.LogEntry), opaque API: 104 bytes, aligned to 8");
    expect(io.out).toMatch(/\n\s+33\s+7\s+\(padding\)/);
    expect(io.out).toContain("proto.Unmarshal allocates 5 heap objects");
  });

  it("reports truncated bytes at their offset, unknown types and bad usage", async () => {
    const io = memoryIO({ ...files, "bad.bin": Uint8Array.of(0x0a, 0x05, 0x61) });
    expect(await main(["layout", "editions.proto", "--type", "wl.led.LogEntry", "--decode", "bad.bin"], io)).toBe(1);
    expect(io.err).toBe("bad.bin:@1: length 5 runs past the end of the message (1 bytes left)\n");
    const io2 = memoryIO(files);
    expect(await main(["layout", "editions.proto", "--type", "wl.led.Nope"], io2)).toBe(1);
    const io3 = memoryIO(files);
    expect(await main(["layout", "editions.proto", "--type", "wl.led.LogEntry", "--api", "closed"], io3)).toBe(2);
    const io4 = memoryIO(files);
    expect(await main(["layout", "elsewhere/editions.proto", "-I", "corpus", "--type", "wl.led.LogEntry"], io4)).toBe(1);
    // No such file as named nor under -I corpus: protoc's words for it.
    expect(io4.err).toBe("Could not make proto path relative: elsewhere/editions.proto: No such file or directory\n");
  });

  it("runs as a command from another directory with -I roots", () => {
    const dir = mkdtempSync(join(tmpdir(), "wirelab-layout-cli-"));
    const out = execFileSync(process.execPath, [join(ROOT, "bin/wirelab.mjs"), "layout", "-I", relative(dir, CORPUS), join(relative(dir, CORPUS), "editions.proto"), "--type", "wl.led.LogEntry", "--api", "opaque", "--json"], { cwd: dir });
    const doc = JSON.parse(out.toString()) as Doc;
    const g = golden.levels.opaque!.layouts.find((x) => x.type === "wl.led.LogEntry")!;
    expect(doc.layouts[0]!.fields.map((f) => [f.go, f.offset, f.size])).toEqual(g.fields.map((f) => [f.go, f.offset, f.size]));
  });
});
