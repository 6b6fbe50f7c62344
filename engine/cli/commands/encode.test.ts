import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TESTDATA, corpora, corpusCases, hex } from "../../schema/textformat/testing.ts";
import { findTool, protoc36Include } from "../../testing/tools.ts";
import { memoryIO } from "../io.ts";
import { main } from "../main.ts";
import { run } from "./encode.ts";

const read = (corpus: string, file: string) => new Uint8Array(readFileSync(join(TESTDATA, corpus, file)));

/** The corpus schemas and messages as files of an in-memory file system, under corpus/. */
function corpusFiles(): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const corpus of corpora()) {
    files[`${corpus}/schema.proto`] = read(corpus, "schema.proto");
    files[`${corpus}/schema.binpb`] = read(corpus, "schema.binpb");
  }
  for (const c of corpusCases()) files[`${c.corpus}/${c.name}.txtpb`] = new TextEncoder().encode(c.text);
  return files;
}

describe("wirelab encode", () => {
  const files = corpusFiles();

  for (const c of corpusCases()) {
    it(`writes the reference tool's bytes for ${c.corpus}/${c.name} (schema compiled from .proto)`, async () => {
      const io = memoryIO(files);
      const status = await run(["--proto", `${c.corpus}/schema.proto`, "-I", c.corpus, "--type", c.type, `${c.corpus}/${c.name}.txtpb`, "-o", "out.bin"], io);
      expect(io.err.split("\n").filter((l) => l && !l.includes(": warning: "))).toEqual([]);
      expect(status).toBe(0);
      expect(hex(io.written["out.bin"] as Uint8Array)).toBe(hex(c.golden));
    });
  }

  it("reads standard input and writes standard output, with a descriptor set as the schema", async () => {
    const c = corpusCases().find((c) => c.corpus === "proto3" && c.name === "maps")!;
    const io = memoryIO(files, c.text);
    expect(await run(["--descriptor-set", "proto3/schema.binpb", "--type", c.type], io)).toBe(0);
    expect(io.outBytes).toHaveLength(1);
    expect(hex(io.outBytes[0]!)).toBe(hex(c.golden));
  });

  it("is in the command table", async () => {
    const io = memoryIO(files, "x: 1 y: 2");
    expect(await main(["encode", "--proto", "proto3/schema.proto", "-Iproto3", "--type=wl.p3.Point", "-"], io)).toBe(0);
    expect(hex(io.outBytes[0]!)).toBe("08 01 10 02");
  });

  it("prints message errors as path:line:col: message and exits 1", async () => {
    const io = memoryIO({ ...files, "bad.txtpb": 'x: 1\ny: "two"\n' });
    expect(await run(["--proto", "proto3/schema.proto", "-I", "proto3", "--type", "wl.p3.Point", "bad.txtpb", "-o", "out.bin"], io)).toBe(1);
    expect(io.err).toBe("bad.txtpb:2:4: Expected integer, got: \"two\"\n");
    expect(io.written["out.bin"]).toBeUndefined();
  });

  it("reads bytes that are not UTF-8 as they are: outside a string, the byte protoc names", async () => {
    const bytes = Uint8Array.of(...new TextEncoder().encode("x: 1\ny: "), 0xff, 0xfe);
    const io = memoryIO({ ...files, "raw.txtpb": bytes });
    expect(await run(["--proto", "proto3/schema.proto", "-I", "proto3", "--type", "wl.p3.Point", "raw.txtpb", "-o", "out.bin"], io)).toBe(1);
    expect(io.err).toBe("raw.txtpb:2:4: Interpreting non ascii codepoint 255.\n");
    expect(io.written["out.bin"]).toBeUndefined();
  });

  it("names standard input <stdin> in errors", async () => {
    const io = memoryIO(files, "nope: 1");
    expect(await run(["--proto", "proto3/schema.proto", "-I", "proto3", "--type", "wl.p3.Point"], io)).toBe(1);
    // protoc: "input:1:5: ...", at the token after the unknown name.
    expect(io.err).toBe('<stdin>:1:5: Message type "wl.p3.Point" has no field named "nope".\n');
  });

  it("prints warnings and still writes the bytes (missing required fields)", async () => {
    const io = memoryIO(files, 'name: "x"');
    expect(await run(["--proto", "proto2/schema.proto", "-I", "proto2", "--type", "wl.p2.Record", "-o", "out.bin"], io)).toBe(0);
    // protoc names no position for it; neither do we (no made-up 1:1).
    expect(io.err).toBe("<stdin>: warning: Input message is missing required fields: id\n");
    expect(hex(io.written["out.bin"] as Uint8Array)).toBe("12 01 78");
  });

  it("prints schema errors in protoc's words and exits 1", async () => {
    const io = memoryIO({ "broken.proto": 'syntax = "proto3";\nmessage M { int32 a = 1 }\n' }, "a: 1");
    expect(await run(["--proto", "broken.proto", "--type", "M"], io)).toBe(1);
    expect(io.err).toMatch(/^broken\.proto:2:25: /);
  });

  it("finds imported files through -I", async () => {
    const io = memoryIO(
      {
        "protos/app/order.proto": 'syntax = "proto3";\npackage app;\nimport "common/money.proto";\nmessage Order { common.Money total = 1; }\n',
        "protos/common/money.proto": 'syntax = "proto3";\npackage common;\nmessage Money { int64 cents = 1; string currency = 2; }\n',
      },
      'total { cents: -5 currency: "EUR" }',
    );
    expect(await run(["--proto", "protos/app/order.proto", "-I", "protos", "--type", "app.Order"], io)).toBe(0);
    expect(hex(io.outBytes[0]!)).toBe("0a 10 08 fb ff ff ff ff ff ff ff ff 01 12 03 45 55 52");
  });

  it("says when the type is not defined (protoc's words) and exits 1", async () => {
    const io = memoryIO(files, "");
    expect(await run(["--proto", "proto3/schema.proto", "-I", "proto3", "--type", "wl.p3.Nope"], io)).toBe(1);
    expect(io.err).toBe("Type not defined: wl.p3.Nope\n");
  });

  it("follows --order to choose whose field order to reproduce", async () => {
    const text = 'note: "n" name: "a"';
    const protocOrder = memoryIO(files, text);
    expect(await run(["--proto", "proto3/schema.proto", "-I", "proto3", "--type", "wl.p3.Shape"], protocOrder)).toBe(0);
    const goOrder = memoryIO(files, text);
    expect(await run(["--proto", "proto3/schema.proto", "-I", "proto3", "--type", "wl.p3.Shape", "--order", "buf"], goOrder)).toBe(0);
    expect(hex(protocOrder.outBytes[0]!)).toBe("0a 01 61 3a 01 6e");
    expect(hex(goOrder.outBytes[0]!)).toBe("0a 01 61 3a 01 6e");
    const withLater = memoryIO(files, 'note: "n" after_oneofs: 1');
    await run(["--proto", "proto3/schema.proto", "-I", "proto3", "--type", "wl.p3.Shape", "--order", "buf"], withLater);
    // Go writes oneof members after the other fields, even those with larger numbers.
    expect(hex(withLater.outBytes[0]!)).toBe("40 01 3a 01 6e");
  });

  for (const [args, message] of [
    [["--type", "a.B"], "give the schema with --proto F.proto (or --descriptor-set SET.binpb)"],
    [["--proto", "a.proto"], "--type pkg.Msg is required"],
    [["--proto", "a.proto", "--type", "a.B", "--frobnicate"], "unknown option --frobnicate"],
    [["--proto", "a.proto", "--type", "a.B", "x.txtpb", "y.txtpb"], "more than one message file: x.txtpb and y.txtpb"],
    [["--proto", "a.proto", "--type", "a.B", "--order", "java"], "--order must be protoc or buf"],
    [["--proto", "a.proto", "--descriptor-set", "s.binpb", "--type", "a.B"], "give --proto or --descriptor-set, not both"],
  ] as const) {
    it(`exits 2 on bad usage: ${message}`, async () => {
      const io = memoryIO();
      expect(await run([...args], io)).toBe(2);
      expect(io.err.startsWith(`wirelab encode: ${message}\n\nusage: wirelab encode`)).toBe(true);
    });
  }

  it("prints its help with --help", async () => {
    const io = memoryIO();
    expect(await run(["--help"], io)).toBe(0);
    expect(io.out).toContain("--descriptor-set SET");
  });
});

const protoc36 = findTool("protoc-36");

describe.skipIf(!protoc36)("wirelab encode reads bytes that are not UTF-8 as protoc 36.2 does: as they are", () => {
  const schema = readFileSync(join(TESTDATA, "proto3", "schema.proto"));
  const inputs: Record<string, Uint8Array> = {
    "in a string field": Uint8Array.from([...Buffer.from('f_string: "a'), 0xff, 0xfe, ...Buffer.from('b"\n')]),
    "in a bytes field": Uint8Array.from([...Buffer.from('f_bytes: "'), 0xc3, 0x28, 0x80, ...Buffer.from('"\n')]),
    "outside a string": Uint8Array.from([...Buffer.from("f_int32: 1\nf_int32: "), 0xe9, ...Buffer.from("\n")]),
  };
  for (const [name, input] of Object.entries(inputs)) {
    it(name, async () => {
      const theirs = spawnSync(protoc36!, ["-I.", `-I${protoc36Include()}`, "--encode=wl.p3.Scalars", "schema.proto"], { cwd: join(TESTDATA, "proto3"), input });
      const io = memoryIO({ "schema.proto": schema, "in.txtpb": input });
      const status = await run(["--proto", "schema.proto", "--type", "wl.p3.Scalars", "in.txtpb", "-o", "out.bin"], io);
      expect(status).toBe(theirs.status);
      if (theirs.status === 0) expect(hex(io.written["out.bin"] as Uint8Array)).toBe(hex(new Uint8Array(theirs.stdout)));
      // The first error at protoc's line:column, in protoc's words.
      else expect(io.err.split("\n")[0]!.replace(/^in\.txtpb:/, "")).toBe(theirs.stderr.toString().split("\n")[0]!.replace(/^input:/, ""));
    });
  }
});
