/**
 * The `lazy` suite: decode a LogEntry whose request/response subtree is most of its bytes.
 * - `filter`: the consumer reads one top-level field (backend_server), as a logs pipeline that
 *   drops most records does; the case for lazy decoding.
 * - `read-all`: the consumer reads every field; lazy decoding then only adds work.
 * Both implementations are the engine's descriptor-walking decoder (engine/codec), eager or lazy,
 * so only the strategy differs; each counts the objects it creates per decode.
 */
import { toBinary } from "@bufbuild/protobuf";
import { canonical, Decoder } from "../../codec/index.ts";
import type { PreparedCase, Suite } from "../types.ts";
import { benchSchema, logEntryInit, make } from "./bench-data.ts";
import { OPAQUE_API } from "./sources.ts";

const CASES = ["filter", "read-all"] as const;
const IMPLS = ["eager", "lazy"] as const;

function prepare(caseName: string, impl: string): PreparedCase {
  if (!(CASES as readonly string[]).includes(caseName)) throw new Error(`lazy suite has no case "${caseName}"`);
  if (!(IMPLS as readonly string[]).includes(impl)) throw new Error(`lazy suite has no implementation "${impl}"`);
  const { logEntry } = benchSchema();
  const bytes = toBinary(logEntry, make(logEntry, logEntryInit()));
  const decoder = new Decoder();
  const lazy = impl === "lazy";
  const run =
    caseName === "filter"
      ? () => decoder.decode(logEntry, bytes, lazy).backendServer
      : () => canonical(logEntry, decoder.decode(logEntry, bytes, lazy));
  // One instrumented operation: the decoder's count of objects it created (the canonical string
  // read-all builds is the consumer's, not the decoder's, so it is not counted).
  decoder.counts.objects = 0;
  run();
  const objectsPerOp = decoder.counts.objects;
  return {
    run,
    // What the consumer got, and (reading every field, which forces every lazy one) the whole message.
    output: () => `${String(run())}\n${canonical(logEntry, decoder.decode(logEntry, bytes, lazy))}`,
    bytes: bytes.length,
    objectsPerOp,
  };
}

export const lazySuite: Suite = {
  name: "lazy",
  description:
    "decode a ~0.8 KB LogEntry and read one top-level field (filter) or every field (read-all): eager vs lazy submessages (engine/codec); objects/op counted by the decoder",
  cases: CASES,
  impls: IMPLS,
  baseline: "eager",
  claim: {
    text:
      "Michael Stapelberg (\"Go Protobuf: The new Opaque API\", The Go Blog) reports that lazy decoding of a message whose consumer skips its deep subtree " +
      "took 58 % less time and 87.5 % fewer allocations in Go (6.742 µs -> 2.816 µs, 64 -> 8 allocs per op)",
    source: OPAQUE_API,
    figures: [
      { kind: "time-saved", before: "eager", after: "lazy", cases: ["filter"], value: 58.23, detail: "6.742 µs -> 2.816 µs per Unmarshal" },
      { kind: "objects-saved", before: "eager", after: "lazy", cases: ["filter"], value: 87.5, detail: "64 -> 8 allocations per Unmarshal" },
    ],
  },
  prepare,
};
