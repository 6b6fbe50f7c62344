/**
 * The writer suites: GrowableWriter against the classic chunk writer and the writers people use
 * today, on six messages.
 *
 * `writer` uses every writer the way it is used in practice: @bufbuild/protobuf's `toBinary()`
 * makes a `new BinaryWriter()` per message, protobufjs's generated `encode()` a `Writer.create()`
 * per message, and so does the classic ChunkWriter; GrowableWriter is built to be reused (its
 * `finish()` views stay valid), so one instance serves every message.
 *
 * `writer-reused` is the strict comparison: every writer is one instance reused across messages
 * (protobufjs needs `reset()` first), so only the encoding and finishing differ: GrowableWriter
 * returns a view, the others copy the result out.
 */
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { BinaryWriter as BinaryWriter213 } from "bufbuild-protobuf-2-13/wire";
import protobuf from "protobufjs/minimal.js";
import { ChunkWriter, GrowableWriter } from "../../wire/index.ts";
import type { PreparedCase, Suite } from "../types.ts";
import { esEncoders, makeData, pbjsEncoders, writerCases, type EsWriter, type PbjsWriter, type WriterCase } from "./writer-fixtures.ts";

export const writerImpls = ["GrowableWriter", "ChunkWriter", "@bufbuild/protobuf", "@bufbuild/protobuf@2.13.0", "protobufjs"] as const;

function prepare(caseName: string, impl: string, reuse: boolean): PreparedCase {
  if (!(writerCases as readonly string[]).includes(caseName)) throw new Error(`unknown writer case "${caseName}"`);
  const c = caseName as WriterCase;
  const data = makeData()[c];
  let run: () => Uint8Array;
  if (impl === "protobufjs") {
    const encode = pbjsEncoders[c] as (w: PbjsWriter, d: unknown) => void;
    const create = () => protobuf.Writer.create() as unknown as PbjsWriter;
    if (reuse) {
      const w = create();
      run = () => {
        w.reset();
        encode(w, data);
        return w.finish();
      };
    } else {
      run = () => {
        const w = create();
        encode(w, data);
        return w.finish();
      };
    }
  } else {
    const encode = esEncoders[c] as (w: EsWriter, d: unknown) => void;
    if (reuse || impl === "GrowableWriter") {
      const w = makeEsWriter(impl);
      run = () => {
        encode(w, data);
        return w.finish();
      };
    } else {
      run = () => {
        const w = makeEsWriter(impl);
        encode(w, data);
        return w.finish();
      };
    }
  }
  const first = run();
  return { run, output: () => first.slice(), bytes: first.length };
}

function makeEsWriter(impl: string): EsWriter {
  switch (impl) {
    case "GrowableWriter":
      return new GrowableWriter() as unknown as EsWriter;
    case "ChunkWriter":
      return new ChunkWriter() as unknown as EsWriter;
    case "@bufbuild/protobuf":
      return new BinaryWriter() as unknown as EsWriter;
    case "@bufbuild/protobuf@2.13.0":
      return new BinaryWriter213() as unknown as EsWriter;
    default:
      throw new Error(`unknown writer implementation "${impl}"`);
  }
}

export const writerSuite: Suite = {
  name: "writer",
  description:
    "encode six messages; peers make a writer per message as toBinary()/encode() do, GrowableWriter is reused (ops/s; ratio to @bufbuild/protobuf)",
  cases: writerCases,
  impls: writerImpls,
  baseline: "@bufbuild/protobuf",
  prepare: (c, impl) => prepare(c, impl, false),
};

export const writerReusedSuite: Suite = {
  name: "writer-reused",
  description: "encode six messages; every writer is one instance reused across messages (ops/s; ratio to @bufbuild/protobuf)",
  cases: writerCases,
  impls: writerImpls,
  baseline: "@bufbuild/protobuf",
  prepare: (c, impl) => prepare(c, impl, true),
};
