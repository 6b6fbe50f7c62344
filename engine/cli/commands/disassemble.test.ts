import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { memoryIO } from "../io.ts";
import { run as annotate } from "./annotate.ts";
import { run } from "./disassemble.ts";

const corpus = join(import.meta.dirname, "..", "..", "protoscope", "testdata", "disasm");
const read = (f: string) => new Uint8Array(readFileSync(join(corpus, f)));
/** protoscope's text from a golden file (its first line records the flags). */
const golden = (f: string) => readFileSync(join(corpus, f), "utf8").replace(/^[^\n]*\n/, "");

/** What a command wrote to standard output, as text. */
const out = (io: { out: string; outBytes: Uint8Array[] }) => io.out + io.outBytes.map((b) => new TextDecoder().decode(b)).join("");

const files = {
  "everything.pb": read("everything.pb"),
  "groups.pb": read("groups.pb"),
  "corpus.binpb": read("corpus.binpb"),
  "corpus.proto": readFileSync(join(corpus, "corpus.proto"), "utf8"),
  "truncated-varint.pb": read("truncated-varint.pb"),
  "broken.proto": 'syntax = "proto3";\nmessage M { int32 a = 1 }\n',
};

describe("wirelab disassemble", () => {
  it("reads an unknown field's payload without the schema, unless asked to print protoscope's names", async () => {
    // 1: 5, then field 99 (unknown to wl.Scalars) holding {1: 7}.
    const withFile = { ...files, "u.pb": new Uint8Array([0x08, 0x05, 0x9a, 0x06, 0x02, 0x08, 0x07]) };
    const args = ["u.pb", "--descriptor-set", "corpus.binpb", "--type", "wl.Scalars", "--field-names"];
    const plain = memoryIO(withFile);
    expect(await run(args, plain)).toBe(0);
    expect(out(plain)).toBe("1: 5  # i32\n99: {1: 7}\n");
    const compatible = memoryIO(withFile);
    expect(await run([...args, "--protoscope-unknown-fields"], compatible)).toBe(0);
    // protoscope -print-field-names names the inner field after wl.Scalars' field 1.
    expect(out(compatible)).toBe("1: 5        # i32\n99: {1: 7}  # i32\n");
  });

  it("prints protoscope's text for protoscope's flags", async () => {
    const io = memoryIO(files);
    expect(await run(["groups.pb", "--no-groups"], io)).toBe(0);
    expect(out(io)).toBe(golden("groups.pb.no-groups.golden"));
    const io2 = memoryIO(files);
    expect(await run(["-explicit-length-prefixes", "everything.pb"], io2)).toBe(0);
    expect(out(io2)).toBe(golden("everything.pb.explicit-length-prefixes.golden"));
  });

  it("reads standard input", async () => {
    const io = memoryIO({}, Uint8Array.from([0x08, 0x96, 0x01]));
    expect(await run([], io)).toBe(0);
    expect(out(io)).toBe("1: 150\n");
  });

  it("uses a schema from a descriptor set or from .proto files, as protoscope -message-type", async () => {
    const want = golden("everything.pb.wl.Everything.print-field-names.print-enum-names.golden");
    const fromSet = memoryIO(files);
    expect(await run(["everything.pb", "--descriptor-set", "corpus.binpb", "--type", "wl.Everything", "--field-names", "--enum-names"], fromSet)).toBe(0);
    expect(out(fromSet)).toBe(want);
    const fromProto = memoryIO(files);
    expect(await run(["everything.pb", "--proto", "corpus.proto", "--type=wl.Everything", "--field-names", "--enum-names"], fromProto)).toBe(0);
    expect(fromProto.err).toBe("");
    expect(out(fromProto)).toBe(want);
  });

  it("schema errors are printed with their position (exit 1); an unknown type too", async () => {
    const broken = memoryIO(files);
    expect(await run(["everything.pb", "--proto", "broken.proto", "--type", "M"], broken)).toBe(1);
    expect(broken.err).toMatch(/^broken\.proto:2:\d+: /);
    const unknown = memoryIO(files);
    expect(await run(["everything.pb", "--descriptor-set", "corpus.binpb", "--type", "wl.Nope"], unknown)).toBe(1);
    expect(unknown.err).toBe("Type not defined: wl.Nope\n");
  });

  it("bad usage exits 2 with a message", async () => {
    for (const args of [["--type", "wl.X", "everything.pb"], ["--frobnicate"], ["a.pb", "b.pb"], ["--proto", "corpus.proto", "everything.pb"]]) {
      const io = memoryIO(files);
      expect(await run(args, io), args.join(" ")).toBe(2);
      expect(io.err).toMatch(/^wirelab disassemble: /);
    }
  });

  it("a missing file is an input error", async () => {
    const io = memoryIO(files);
    expect(await run(["nope.pb"], io)).toBe(1);
    expect(io.err).toMatch(/^nope\.pb: ENOENT/);
  });
});

describe("wirelab annotate", () => {
  it("--json prints the tree and the diagnostics; byte errors go to stderr as path:@OFFSET", async () => {
    const io = memoryIO(files);
    expect(await annotate(["truncated-varint.pb", "--json"], io)).toBe(1);
    const doc = JSON.parse(io.out) as { annotations: { kind: string; bytes: number[] }[]; diagnostics: { code: string }[] };
    expect([...doc.annotations].map((n) => [n.kind, n.bytes])).toEqual([
      ["varint", [0, 3]],
      ["error", [3, 5]],
    ]);
    expect(doc.diagnostics.map((d) => d.code)).toEqual(["wire/truncated"]);
    expect(io.err).toBe("truncated-varint.pb:@3: varint: the input ends inside a varint\n");
  });

  it("names fields with a schema", async () => {
    const io = memoryIO(files);
    expect(await annotate(["everything.pb", "--descriptor-set", "corpus.binpb", "--type", "wl.Everything", "--json"], io)).toBe(1);
    const doc = JSON.parse(io.out) as { annotations: { name?: string }[] };
    expect([...doc.annotations].slice(0, 3).map((n) => n.name)).toEqual(["scalars", "packed_i32", "packed_s64"]);
  });

  it("--framing delimited splits a stream; the outline without --json", async () => {
    const io = memoryIO({}, Uint8Array.from([0x02, 0x08, 0x01, 0x00]));
    expect(await annotate(["--framing", "delimited"], io)).toBe(0);
    expect(out(io)).toBe(
      [
        "0..3         message 0",
        "  0..1         length 0 = \"2\"",
        "  1..3         varint 0.1 = \"1\"",
        "    1..2         tag 0.1",
        "    2..3         varint 0.1 = \"1\"",
        "3..4         message 1",
        "  3..4         length 1 = \"0\"",
        "",
      ].join("\n"),
    );
  });

  it("--framing grpc, as JSON with the frames", async () => {
    const io = memoryIO({}, Uint8Array.from([0, 0, 0, 0, 9, 0x08]));
    expect(await annotate(["--framing=grpc", "--json"], io)).toBe(1);
    const doc = JSON.parse(io.out) as { frames: unknown[] };
    expect(doc.frames).toEqual([{ bytes: [0, 6], message: [5, 6], length: 9, compressed: false, truncated: true }]);
    expect(io.err).toBe("<stdin>:@0: frame 0 at byte 0: length 9 but only 1 bytes left\n");
  });
});
