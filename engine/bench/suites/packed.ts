/**
 * The `packed` suite: 0 to 1000 as a repeated field, packed (one tag and length) or expanded (a
 * tag per value), as varints and as fixed32: the four files of "Protobuf Tip #2" (a.pb to d.pb),
 * encoded and decoded with the engine's writer and reader.
 */
import { GrowableWriter } from "../../wire/index.ts";
import type { PreparedCase, Suite } from "../types.ts";
import { decodeInts, encodeInts, VALUE_SETS, valuesOutput, type Encoding } from "./integers.ts";
import { COMPRESS_TIP } from "./sources.ts";

const ENCODINGS: Encoding[] = ["varint", "fixed32"];
const IMPLS = ["expanded", "packed"] as const;

function prepare(caseName: string, impl: string): PreparedCase {
  const [op, e] = caseName.split(":") as ["encode" | "decode", Encoding];
  if ((op !== "encode" && op !== "decode") || !ENCODINGS.includes(e)) throw new Error(`packed suite has no case "${caseName}"`);
  if (impl !== "expanded" && impl !== "packed") throw new Error(`packed suite has no implementation "${impl}"`);
  const packed = impl === "packed";
  const values = VALUE_SETS.small();
  const w = new GrowableWriter();
  const encoded = encodeInts(w, values, e, packed).slice();
  const out = new Float64Array(values.length);
  if (op === "encode") {
    return {
      run: () => encodeInts(w, values, e, packed),
      output: () => valuesOutput(out, decodeInts(encodeInts(new GrowableWriter(), values, e, packed), e, out)),
      bytes: encoded.length,
    };
  }
  return { run: () => decodeInts(encoded, e, out), output: () => valuesOutput(out, decodeInts(encoded, e, out)), bytes: encoded.length };
}

export const packedSuite: Suite = {
  name: "packed",
  description: "0 to 1000 as a repeated field, packed vs expanded (a tag per value), as varints and fixed32, encode and decode",
  cases: ENCODINGS.flatMap((e) => [`encode:${e}`, `decode:${e}`]),
  impls: IMPLS,
  baseline: "expanded",
  claim: {
    text:
      "In \"Protobuf Tip #2: Compress Your Protos\", Miguel Young de la Sota encodes 0 to 1000 four ways: packing saves the tag per value, " +
      "2875 -> 1877 bytes as varints and 5005 -> 4007 as fixed32 (the post measures size, not speed)",
    source: COMPRESS_TIP,
    figures: [
      { kind: "size-saved", before: "expanded", after: "packed", cases: ["encode:varint", "decode:varint"], value: (1 - 1877 / 2875) * 100, detail: "a.pb 2875 bytes -> b.pb 1877 bytes" },
      { kind: "size-saved", before: "expanded", after: "packed", cases: ["encode:fixed32", "decode:fixed32"], value: (1 - 4007 / 5005) * 100, detail: "c.pb 5005 bytes -> d.pb 4007 bytes" },
    ],
  },
  prepare,
};
