/**
 * Shared by the `varint` and `packed` suites: value sets, and encoders/decoders for one repeated
 * integer field (field 1) in three encodings (varint, fixed32, fixed64), packed or expanded,
 * written with the engine's GrowableWriter and read with its Reader, so only the wire format
 * differs between implementations.
 */
import { GrowableWriter, Reader } from "../../wire/index.ts";
import { mulberry32 } from "../random.ts";

export type Encoding = "varint" | "fixed32" | "fixed64";

/**
 * The value sets: the post's two ranges (0 to 1000, mostly 2-byte varints; 100000 to 101000,
 * 3-byte varints; 1001 values each, as its file sizes show) and 1001 random values near 2^32
 * (5-byte varints, varint's worst case).
 */
export const VALUE_SETS = {
  small: () => Float64Array.from({ length: 1001 }, (_, i) => i),
  "100000": () => Float64Array.from({ length: 1001 }, (_, i) => 100000 + i),
  huge: () => {
    const rnd = mulberry32(0x5eed);
    return Float64Array.from({ length: 1001 }, () => 0xf0000000 + Math.floor(rnd() * 0x0fffffff));
  },
} as const;
export type ValueSet = keyof typeof VALUE_SETS;

const LEN = 2;
const wireTypeOf = (e: Encoding) => (e === "varint" ? 0 : e === "fixed32" ? 5 : 1);

/**
 * The writer call for an encoding, chosen once per message rather than by comparing the encoding's
 * name for every value. The name comes from splitting the case's name, so it is not the interned
 * literal it is compared with, and comparing it for every value cost more than writing the value,
 * more so in the packed loop than in the expanded one: the suite said packing made encoding
 * slower (0.67x and 0.79x in Node 20, 0.83x and 0.77x in Chromium 156, varint and fixed32), which
 * it does not (1.10x and 1.35x in Node, 1.27x and 1.23x in Chromium, with the call chosen once).
 */
function valueWriter(e: Encoding): (w: GrowableWriter, v: number) => void {
  if (e === "varint") return (w, v) => void w.uint32(v);
  if (e === "fixed32") return (w, v) => void w.fixed32(v);
  return (w, v) => void w.fixed64(v);
}

/** Encodes `values` as field 1, packed or one tag per value; returns a view of the writer's buffer. */
export function encodeInts(w: GrowableWriter, values: Float64Array, e: Encoding, packed: boolean): Uint8Array {
  const write = valueWriter(e);
  if (packed) {
    w.tag(1, LEN).fork();
    for (let i = 0; i < values.length; i++) write(w, values[i]!);
    w.join();
  } else {
    const wt = wireTypeOf(e);
    for (let i = 0; i < values.length; i++) write(w.tag(1, wt), values[i]!);
  }
  return w.finish();
}

/** The reader call for an encoding, chosen once per message (see valueWriter). */
function valueReader(e: Encoding): (r: Reader) => number {
  if (e === "varint") return (r) => r.uint32();
  if (e === "fixed32") return (r) => r.fixed32();
  return (r) => r.fixed32() + r.fixed32() * 4294967296;
}

/** Decodes field 1 (packed or expanded, as the bytes say) into `out`; returns the count. */
export function decodeInts(bytes: Uint8Array, e: Encoding, out: Float64Array): number {
  const r = new Reader(bytes);
  const readValue = valueReader(e);
  let n = 0;
  while (!r.done) {
    const tag = r.uint32();
    if (tag >>> 3 !== 1) throw new Error(`unexpected field ${tag >>> 3}`);
    if ((tag & 7) === LEN) {
      const end = r.length() + r.pos;
      while (r.pos < end) out[n++] = readValue(r);
    } else {
      out[n++] = readValue(r);
    }
  }
  return n;
}

/** The decoded values as bytes, for comparing implementations. */
export function valuesOutput(values: Float64Array, n: number): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, n * 8).slice();
}
