/**
 * The writer suites: GrowableWriter against the classic chunk writer and the writers people use
 * today, on six messages.
 *
 * `writer` is like for like: every writer is made per message, as @bufbuild/protobuf's
 * `toBinary()`, protobufjs's and protobuf-ts's generated `encode()` and pbf's do, GrowableWriter
 * and ChunkWriter too, so only the writing and finishing differ.
 *
 * `writer-reused` keeps one instance of every writer across messages (protobufjs needs `reset()`
 * first). That is where GrowableWriter's lead is widest: it skips the first buffer, and its
 * `finish()` returns a view that stays valid, where @bufbuild/protobuf, protobufjs and protobuf-ts
 * copy the result out (pbf returns a view too, but its next message overwrites it).
 */
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { BinaryWriter as TsBinaryWriter } from "@protobuf-ts/runtime";
import { BinaryWriter as BinaryWriter213 } from "bufbuild-protobuf-2-13/wire";
import { PbfWriter } from "pbf";
import protobuf from "protobufjs/minimal.js";
import { ChunkWriter, GrowableWriter } from "../../wire/index.ts";
import type { Claim, PreparedCase, Suite, SuiteInput } from "../types.ts";
import { pbfReplay, pbjsReplay, readOps, writeEs, type WriteOp } from "./custom-message.ts";
import { WRITER_PR } from "./sources.ts";
import {
  esEncoders, makeData, pbfData, pbfEncoders, pbjsEncoders, writerCases,
  type EsWriter, type PbjsWriter, type WriterCase, type WriterData,
} from "./writer-fixtures.ts";

export const writerImpls = [
  "GrowableWriter", "ChunkWriter", "@bufbuild/protobuf", "@bufbuild/protobuf@2.13.0", "protobufjs", "pbf", "@protobuf-ts/runtime",
] as const;

/** The case a lesson's own message becomes (see custom-message.ts). */
export const CUSTOM_CASE = "custom";

/** A writer of one library: how to make one, encode the case's message with it, and finish. */
interface Writing<W> {
  make(): W;
  /** Readies a reused writer for the next message (protobufjs needs reset()). */
  reset?(w: W): void;
  encode(w: W): void;
  finish(w: W): Uint8Array;
}

/**
 * How one writer style encodes the case's message: the lesson's own (case `custom`) replayed by
 * `replay`, or a fixture by the style's encoder of that case, given its data in the style's form.
 */
function caseEncoder<W>(
  caseName: string,
  input: SuiteInput | undefined,
  replay: (ops: readonly WriteOp[]) => (w: W) => void,
  encoders: Record<WriterCase, (w: W, d: never) => void>,
  styleData: (d: WriterData) => Record<WriterCase, unknown>,
): (w: W) => void {
  if (caseName === CUSTOM_CASE) return replay(readOps(customMessage(input)));
  const c = knownCase(caseName);
  const data = styleData(makeData())[c];
  const enc = encoders[c] as (w: W, d: unknown) => void;
  return (w) => enc(w, data);
}

function pbjsWriting(caseName: string, input?: SuiteInput): Writing<PbjsWriter> {
  return {
    make: () => protobuf.Writer.create() as unknown as PbjsWriter,
    reset: (w) => void w.reset(),
    encode: caseEncoder(caseName, input, pbjsReplay, pbjsEncoders, (d) => d),
    finish: (w) => w.finish(),
  };
}

function pbfWriting(caseName: string, input?: SuiteInput): Writing<PbfWriter> {
  return { make: () => new PbfWriter(), encode: caseEncoder(caseName, input, pbfReplay, pbfEncoders, pbfData), finish: (w) => w.finish() };
}

function esWriting(caseName: string, impl: string, input?: SuiteInput): Writing<EsWriter> {
  const encode = caseEncoder<EsWriter>(caseName, input, (ops) => (w) => writeEs(w, ops), esEncoders, (d) => d);
  const make = esWriterClass(impl);
  return { make: () => new make() as unknown as EsWriter, encode, finish: (w) => w.finish() };
}

function customMessage(input?: SuiteInput): Uint8Array {
  if (!input?.message) throw new Error(`the "${CUSTOM_CASE}" case needs a message from the lesson`);
  return input.message;
}

function knownCase(caseName: string): WriterCase {
  if (!(writerCases as readonly string[]).includes(caseName)) throw new Error(`unknown writer case "${caseName}"`);
  return caseName as WriterCase;
}

function esWriterClass(impl: string): new () => unknown {
  switch (impl) {
    case "GrowableWriter":
      return GrowableWriter;
    case "ChunkWriter":
      return ChunkWriter;
    case "@bufbuild/protobuf":
      return BinaryWriter;
    case "@bufbuild/protobuf@2.13.0":
      return BinaryWriter213;
    case "@protobuf-ts/runtime":
      return TsBinaryWriter;
    default:
      throw new Error(`unknown writer implementation "${impl}"`);
  }
}

function run<W>(writing: Writing<W>, reuse: boolean): () => Uint8Array {
  const { make, reset, encode, finish } = writing;
  if (!reuse) {
    return () => {
      const w = make();
      encode(w);
      return finish(w);
    };
  }
  const w = make();
  if (reset) {
    return () => {
      reset(w);
      encode(w);
      return finish(w);
    };
  }
  return () => {
    encode(w);
    return finish(w);
  };
}

function prepare(caseName: string, impl: string, reuse: boolean, input?: SuiteInput): PreparedCase {
  const go =
    impl === "protobufjs" ? run(pbjsWriting(caseName, input), reuse)
    : impl === "pbf" ? run(pbfWriting(caseName, input), reuse)
    : run(esWriting(caseName, impl, input), reuse);
  // A copy: a reused pbf writer's view is overwritten by its next message.
  const first = go().slice();
  return { run: go, output: () => first.slice(), bytes: first.length };
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
    "encode six messages, like for like: every writer (GrowableWriter too) is made per message, as toBinary()/encode() do; writer-reused keeps one of each (ops/s; ratio to @bufbuild/protobuf)",
  cases: writerCases,
  impls: writerImpls,
  baseline: "@bufbuild/protobuf",
  claim: writerClaim,
  acceptsMessage: true,
  prepare: (c, impl, input) => prepare(c, impl, false, input),
};

export const writerReusedSuite: Suite = {
  name: "writer-reused",
  description:
    "encode six messages with one instance of every writer reused across messages: GrowableWriter's finish() returns a view that stays valid, the others copy (pbf's view is overwritten by its next message) (ops/s; ratio to @bufbuild/protobuf)",
  cases: writerCases,
  impls: writerImpls,
  baseline: "@bufbuild/protobuf",
  claim: writerClaim,
  acceptsMessage: true,
  prepare: (c, impl, input) => prepare(c, impl, true, input),
};
