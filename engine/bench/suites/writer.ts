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
import type { Claim, PreparedCase, Suite, SuiteInput } from "../types.ts";
import { pbjsReplay, readOps, writeEs } from "./custom-message.ts";
import { WRITER_PR } from "./sources.ts";
import { esEncoders, makeData, pbjsEncoders, writerCases, type EsWriter, type PbjsWriter, type WriterCase } from "./writer-fixtures.ts";

export const writerImpls = ["GrowableWriter", "ChunkWriter", "@bufbuild/protobuf", "@bufbuild/protobuf@2.13.0", "protobufjs"] as const;

/** The case a lesson's own message becomes (see custom-message.ts). */
export const CUSTOM_CASE = "custom";

function prepare(caseName: string, impl: string, reuse: boolean, input?: SuiteInput): PreparedCase {
  let data: unknown;
  let pbjsEncode: (w: PbjsWriter, d: unknown) => void;
  let esEncode: (w: EsWriter, d: unknown) => void;
  if (caseName === CUSTOM_CASE) {
    if (!input?.message) throw new Error(`the "${CUSTOM_CASE}" case needs a message from the lesson`);
    const ops = readOps(input.message);
    data = ops;
    const replay = pbjsReplay(ops);
    pbjsEncode = (w) => replay(w);
    esEncode = (w) => writeEs(w, ops);
  } else {
    if (!(writerCases as readonly string[]).includes(caseName)) throw new Error(`unknown writer case "${caseName}"`);
    const c = caseName as WriterCase;
    data = makeData()[c];
    pbjsEncode = pbjsEncoders[c] as (w: PbjsWriter, d: unknown) => void;
    esEncode = esEncoders[c] as (w: EsWriter, d: unknown) => void;
  }
  let run: () => Uint8Array;
  if (impl === "protobufjs") {
    const encode = pbjsEncode;
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
    const encode = esEncode;
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

/**
 * The pull request that gave @bufbuild/protobuf its growable writer printed ops/s before and
 * after; 2.13.0 is the last release before it and 2.14+ includes it, so both run here.
 */
export const writerClaim: Claim = {
  text:
    "bufbuild/protobuf-es pull request #1108 (jlucaso1, April 2025) replaced chunks + concat with one growable buffer; " +
    "its first benchmark saw toBinary() from 0.91x (perf-payload.bin, long strings and bytes) to 1.85x (1000 nested messages); " +
    "a later rebench flipped the regression (perf-payload.bin +56 %, the tiny User -43 %)",
  source: WRITER_PR,
  figures: [
    { kind: "speedup", before: "@bufbuild/protobuf@2.13.0", after: "@bufbuild/protobuf", cases: ["tiny-user"], value: 1252113 / 1176788, detail: "tiny example.User 1,176,788 -> 1,252,113 ops/s" },
    { kind: "speedup", before: "@bufbuild/protobuf@2.13.0", after: "@bufbuild/protobuf", cases: ["scalars"], value: 353611 / 292358, detail: "scalar values 292,358 -> 353,611 ops/s" },
    { kind: "speedup", before: "@bufbuild/protobuf@2.13.0", after: "@bufbuild/protobuf", cases: ["repeated"], value: 129307 / 101041, detail: "repeated scalar values 101,041 -> 129,307 ops/s" },
    { kind: "speedup", before: "@bufbuild/protobuf@2.13.0", after: "@bufbuild/protobuf", cases: ["nested"], value: 7059 / 3812, detail: "repeated field with 1000 messages 3,812 -> 7,059 ops/s" },
    { kind: "speedup", before: "@bufbuild/protobuf@2.13.0", after: "@bufbuild/protobuf", cases: ["map"], value: 1126 / 771, detail: "map field with 1000 messages 771 -> 1,126 ops/s" },
    { kind: "speedup", before: "@bufbuild/protobuf@2.13.0", after: "@bufbuild/protobuf", cases: ["large"], value: 5162 / 5680, detail: "perf-payload.bin 5,680 -> 5,162 ops/s in the first run (the rebench: 3,200 -> 5,000)" },
  ],
};

export const writerSuite: Suite = {
  name: "writer",
  description:
    "encode six messages; peers make a writer per message as toBinary()/encode() do, GrowableWriter is reused (ops/s; ratio to @bufbuild/protobuf)",
  cases: writerCases,
  impls: writerImpls,
  baseline: "@bufbuild/protobuf",
  claim: writerClaim,
  acceptsMessage: true,
  prepare: (c, impl, input) => prepare(c, impl, false, input),
};

export const writerReusedSuite: Suite = {
  name: "writer-reused",
  description: "encode six messages; every writer is one instance reused across messages (ops/s; ratio to @bufbuild/protobuf)",
  cases: writerCases,
  impls: writerImpls,
  baseline: "@bufbuild/protobuf",
  claim: writerClaim,
  acceptsMessage: true,
  prepare: (c, impl, input) => prepare(c, impl, true, input),
};
