// An unknown field's payload: protoscope reads it with the enclosing message's schema (so it
// names its fields after that message's), which the tree and the app never do; the disassembler
// does so only when asked, for output byte-identical to protoscope.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createFileRegistry, fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { annotateBytes } from "../annotate/decode.ts";
import { walkAnnotations } from "../annotate/types.ts";
import { assemble } from "./assembler.ts";
import { disassemble } from "./disassemble.ts";

const corpus = join(import.meta.dirname, "testdata", "disasm");
const registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, new Uint8Array(readFileSync(join(corpus, "corpus.binpb")))));
const scalars = registry.getMessage("wl.Scalars")!;

// Field 1 is Scalars.i32; field 99 is unknown to Scalars and holds a message with a field 1, and a group 98 too.
const bytes = assemble("1: 5\n99: {1: 7}\n98: !{1: 8}", { annotations: false }).bytes;

describe("the contents of an unknown field", () => {
  it("get no names by default", () => {
    const text = disassemble(bytes, { message: scalars, fieldNames: true });
    expect(text).toBe("1: 5  # i32\n99: {1: 7}\n98: !{1: 8}\n");
  });

  it("get the enclosing message's names with protoscopeUnknownFields, as protoscope prints them", () => {
    const text = disassemble(bytes, { message: scalars, fieldNames: true, protoscopeUnknownFields: true });
    // What protoscope -descriptor-set corpus.binpb -message-type wl.Scalars -print-field-names prints.
    expect(text).toBe("1: 5          # i32\n99: {1: 7}    # i32\n98: !{1: 8}   # i32\n");
  });

  it("get no names in the annotation tree", () => {
    const named: string[] = [];
    walkAnnotations(annotateBytes(bytes, { message: scalars }).annotations, (n) => {
      if (n.name !== undefined) named.push(`${n.path.join(".")}=${n.name}`);
    });
    // Only field 1 (and its tag and value) is named; nothing inside 99 or 98 is.
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((n) => n === "i32=i32")).toBe(true);
  });
});
