/**
 * The `varint` suite: the same integers as varints, fixed32 or fixed64, encoded and decoded as one
 * packed field with the engine's writer and reader. Every implementation must reproduce the same
 * values (encode cases are checked by decoding what they wrote). MB/s counts encoded bytes, so
 * compare ops/s (1001 values per op); `bytes` shows what each encoding costs on the wire.
 */
import { GrowableWriter } from "../../wire/index.ts";
import type { PreparedCase, Suite } from "../types.ts";
import { decodeInts, encodeInts, VALUE_SETS, valuesOutput, type Encoding, type ValueSet } from "./integers.ts";
import { COMPRESS_TIP } from "./sources.ts";

const SETS = Object.keys(VALUE_SETS) as ValueSet[];
const IMPLS: Encoding[] = ["varint", "fixed32", "fixed64"];

function prepare(caseName: string, impl: string): PreparedCase {
  const [op, set] = caseName.split(":") as ["encode" | "decode", ValueSet];
  if ((op !== "encode" && op !== "decode") || !SETS.includes(set)) throw new Error(`varint suite has no case "${caseName}"`);
  if (!(IMPLS as string[]).includes(impl)) throw new Error(`varint suite has no implementation "${impl}"`);
  const e = impl as Encoding;
  const values = VALUE_SETS[set]();
  const w = new GrowableWriter();
  const encoded = encodeInts(w, values, e, true).slice();
  const out = new Float64Array(values.length);
  const check = () => valuesOutput(out, decodeInts(encoded, e, out));
  if (op === "encode") {
    return {
      run: () => encodeInts(w, values, e, true),
      output: () => {
        const again = encodeInts(new GrowableWriter(), values, e, true);
        return valuesOutput(out, decodeInts(again, e, out));
      },
      bytes: encoded.length,
    };
  }
  return { run: () => decodeInts(encoded, e, out), output: check, bytes: encoded.length };
}

export const varintSuite: Suite = {
  name: "varint",
  description: "1001 integers as one packed field: varint vs fixed32 vs fixed64, encode and decode, small and large values (ops/s: 1001 values per op)",
  cases: SETS.flatMap((s) => [`encode:${s}`, `decode:${s}`]),
  impls: IMPLS,
  baseline: "varint",
  claim: {
    text:
      "Miguel Young de la Sota (\"Protobuf Tip #2: Compress Your Protos\") writes that fixed-width integers decode faster while varints are smaller: " +
      "0 to 1000 packed take 1877 bytes as varints and 4007 as fixed32; 100000 to 101000, 3006 and 4007",
    source: COMPRESS_TIP,
    figures: [
      { kind: "speedup", before: "varint", after: "fixed32", cases: SETS.map((s) => `decode:${s}`), detail: "\"Fixed integer types will decode faster\"" },
      { kind: "size-saved", before: "fixed32", after: "varint", cases: ["decode:small"], value: (1 - 1877 / 4007) * 100, detail: "b.pb 1877 bytes vs d.pb 4007 bytes" },
      { kind: "size-saved", before: "fixed32", after: "varint", cases: ["decode:100000"], value: (1 - 3006 / 4007) * 100, detail: "b.pb 3006 bytes vs d.pb 4007 bytes (100000 to 101000)" },
    ],
  },
  prepare,
};
