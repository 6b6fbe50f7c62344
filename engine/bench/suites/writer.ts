/**
 * The writer suite: GrowableWriter against the classic chunk writer and the writers people use
 * today, on six messages. Every writer is used the fastest documented way: one instance, reused
 * across operations, each operation encoding the message and finishing it (GrowableWriter returns
 * a view; @bufbuild/protobuf and protobufjs copy the result out; protobufjs needs reset() first).
 */
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { BinaryWriter as BinaryWriter213 } from "bufbuild-protobuf-2-13/wire";
import protobuf from "protobufjs/minimal.js";
import { ChunkWriter, GrowableWriter } from "../../wire/index.ts";
import type { PreparedCase, Suite } from "../types.ts";
import { esEncoders, makeData, pbjsEncoders, writerCases, type EsWriter, type PbjsWriter, type WriterCase } from "./writer-fixtures.ts";

export const writerImpls = ["GrowableWriter", "ChunkWriter", "@bufbuild/protobuf", "@bufbuild/protobuf@2.13.0", "protobufjs"] as const;

function prepare(caseName: string, impl: string): PreparedCase {
  if (!(writerCases as readonly string[]).includes(caseName)) throw new Error(`unknown writer case "${caseName}"`);
  const c = caseName as WriterCase;
  const data = makeData()[c];
  let run: () => Uint8Array;
  if (impl === "protobufjs") {
    const w = protobuf.Writer.create() as unknown as PbjsWriter;
    const encode = pbjsEncoders[c] as (w: PbjsWriter, d: unknown) => void;
    run = () => {
      w.reset();
      encode(w, data);
      return w.finish();
    };
  } else {
    const w = makeEsWriter(impl);
    const encode = esEncoders[c] as (w: EsWriter, d: unknown) => void;
    run = () => {
      encode(w, data);
      return w.finish();
    };
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
  description: "Encode six messages with each binary writer (ops/s; ratio to @bufbuild/protobuf's BinaryWriter)",
  cases: writerCases,
  impls: writerImpls,
  baseline: "@bufbuild/protobuf",
  prepare,
};
