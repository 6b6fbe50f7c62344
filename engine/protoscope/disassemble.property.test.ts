/**
 * Properties of the disassembler: for any bytes and any options, the text assembles back to
 * exactly those bytes (with our assembler, and with protoscope's), and for protoscope's own
 * flags the text is protoscope's.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createFileRegistry, fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { protobufish } from "../testing/arbitraries.ts";
import { findTool, missingToolReason } from "../testing/tools.ts";
import { comparableWithProtoscope } from "../testing/protoscope-text.ts";
import { assemble } from "./assembler.ts";
import { disassemble } from "./disassemble.ts";
import type { DisassembleOptions } from "./disassemble.ts";

const options: fc.Arbitrary<DisassembleOptions> = fc.record({
  explicitWireTypes: fc.boolean(),
  explicitLengthPrefixes: fc.boolean(),
  noGroups: fc.boolean(),
  noQuotedStrings: fc.boolean(),
  allFieldsAreMessages: fc.boolean(),
});

const corpus = join(import.meta.dirname, "testdata", "disasm");
const setPath = join(corpus, "corpus.binpb");
const everything = createFileRegistry(fromBinary(FileDescriptorSetSchema, new Uint8Array(readFileSync(setPath)))).getMessage("wl.Everything")!;
const schemaOptions: fc.Arbitrary<DisassembleOptions> = fc
  .tuple(options, fc.boolean(), fc.boolean())
  .map(([o, fieldNames, enumNames]) => ({ ...o, message: everything, fieldNames, enumNames }));

function ourAssemble(text: string): Uint8Array {
  const result = assemble(text, { annotations: false });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return result.bytes;
}

describe("assemble(disassemble(b)) === b", () => {
  it("for random bytes and every option", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), options, (bytes, opts) => {
        expect(ourAssemble(disassemble(bytes, opts))).toEqual(bytes);
      }),
      { numRuns: 400 },
    );
  });

  it("for protobuf-shaped bytes (some damaged) and every option", () => {
    fc.assert(
      fc.property(protobufish, options, (bytes, opts) => {
        expect(ourAssemble(disassemble(bytes, opts))).toEqual(bytes);
      }),
      { numRuns: 400 },
    );
  });

  it("with a schema (names as remarks, packed fields, zigzag, bools)", () => {
    fc.assert(
      fc.property(fc.oneof(protobufish, fc.uint8Array({ maxLength: 120 })), schemaOptions, (bytes, opts) => {
        expect(ourAssemble(disassemble(bytes, opts))).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
  });

  it("with a small depth limit (flat groups and messages past it)", () => {
    fc.assert(
      fc.property(protobufish, options, fc.integer({ min: 0, max: 3 }), (bytes, opts, maxDepth) => {
        expect(ourAssemble(disassemble(bytes, { ...opts, maxDepth }))).toEqual(bytes);
      }),
      { numRuns: 200 },
    );
  });
});

const protoscope = findTool("protoscope");
if (!protoscope) console.warn(missingToolReason("protoscope"));

describe.skipIf(!protoscope)("differential against protoscope", () => {
  const dir = mkdtempSync(join(tmpdir(), "wirelab-disasm-"));
  const flagsOf = (o: DisassembleOptions) =>
    [
      o.explicitWireTypes && "-explicit-wire-types",
      o.explicitLengthPrefixes && "-explicit-length-prefixes",
      o.noGroups && "-no-groups",
      o.noQuotedStrings && "-no-quoted-strings",
      o.allFieldsAreMessages && "-all-fields-are-messages",
      ...(o.message ? ["-descriptor-set", setPath, "-message-type", o.message.typeName] : []),
      o.fieldNames && "-print-field-names",
      o.enumNames && "-print-enum-names",
    ].filter((f): f is string => typeof f === "string");

  it("protoscope -s reassembles our text to the same bytes", () => {
    const cases = fc.sample(fc.tuple(fc.oneof(protobufish, fc.uint8Array({ maxLength: 100 })), options), { numRuns: 40, seed: 7 });
    for (const [i, [bytes, opts]] of cases.entries()) {
      const src = join(dir, `case-${i}.txt`);
      const out = join(dir, `case-${i}.pb`);
      writeFileSync(src, disassemble(bytes, opts));
      execFileSync(protoscope!, ["-s", "-o", out, src]);
      expect(new Uint8Array(readFileSync(out)), `case ${i}`).toEqual(bytes);
    }
  });

  it("our text equals protoscope's for random bytes and flags, with and without a schema", () => {
    const cases = [
      ...fc.sample(fc.tuple(fc.oneof(protobufish, fc.uint8Array({ maxLength: 100 })), options), { numRuns: 40, seed: 11 }),
      ...fc.sample(fc.tuple(protobufish, schemaOptions), { numRuns: 40, seed: 13 }),
    ];
    for (const [i, [bytes, opts]] of cases.entries()) {
      const pb = join(dir, `text-${i}.pb`);
      writeFileSync(pb, bytes);
      // protoscope reads an unknown field's payload with the enclosing message's schema.
      const [want, got] = comparableWithProtoscope(execFileSync(protoscope!, [...flagsOf(opts), pb]).toString(), disassemble(bytes, { ...opts, protoscopeUnknownFields: true }));
      expect(got, `case ${i}: ${flagsOf(opts).join(" ")}`).toBe(want);
    }
  });
});
