/** Byte inputs shaped like protobuf, shared by the targets that read bytes. */
import { join } from "node:path";
import fc from "fast-check";
import { protobufish } from "../../engine/testing/arbitraries.ts";
import { applyByteEdits, byteEdits, tagBytes, varint } from "../core.ts";
import { filesUnder, regressionCorpus, ROOT } from "./corpus.ts";

/** Groups or messages nested `depth` levels: the shapes that find recursion. */
export const deepNesting: fc.Arbitrary<Uint8Array> = fc
  .tuple(fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 300 }) }, { weight: 1, arbitrary: fc.integer({ min: 300, max: 3000 }) }), fc.constantFrom("group", "message", "mixed"), fc.integer({ min: 1, max: 20 }), fc.constantFrom("closed", "open", "mismatched"))
  .map(([depth, shape, field, ending]) => nest(depth, shape, field, ending));

/** Built in one pass from the sizes (copying the inside at every level would be quadratic). */
export function nest(depth: number, shape: "group" | "message" | "mixed", field: number, ending: "closed" | "open" | "mismatched"): Uint8Array {
  const inner = [...tagBytes(1, 0), 1];
  const heads: number[][] = [];
  const tails: number[][] = [];
  let size = inner.length;
  for (let level = 0; level < depth; level++) {
    const group = shape === "group" || (shape === "mixed" && level % 2 === 0);
    let head: number[];
    let tail: number[] = [];
    if (group) {
      head = tagBytes(field, 3);
      tail = ending === "open" && level === depth - 1 ? [] : ending === "mismatched" && level === 0 ? tagBytes(field + 1, 4) : tagBytes(field, 4);
    } else head = [...tagBytes(field, 2), ...varint(size)];
    size += head.length + tail.length;
    heads.push(head);
    tails.push(tail);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (let level = depth - 1; level >= 0; level--) for (const b of heads[level]!) out[at++] = b;
  for (const b of inner) out[at++] = b;
  for (let level = 0; level < depth; level++) for (const b of tails[level]!) out[at++] = b;
  return out;
}

/** Many tiny fields, long runs of varint continuation bytes, huge declared lengths. */
export const pathological: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.integer({ min: 1, max: 5000 }).map((n) => Uint8Array.from(Array.from({ length: n }, () => [0x08, 0x01]).flat())),
  fc.integer({ min: 1, max: 5000 }).map((n) => Uint8Array.from([0x08, ...Array(n).fill(0xff), 0x01])),
  fc.integer({ min: 0, max: 2 ** 31 }).map((n) => Uint8Array.from([0x0a, ...varint(n), 0x61, 0x62])),
  fc.integer({ min: 1, max: 3000 }).map((n) => Uint8Array.from([0x0a, ...varint(n * 2), ...Array.from({ length: n }, () => [0x08, 0x01]).flat()])),
);

/** The bytes of protoscope's disassembly goldens and of the target's regression corpus. */
export function byteCorpus(target: string): Uint8Array[] {
  const seeds = filesUnder(join(ROOT, "engine", "protoscope", "testdata", "disasm"), (n) => n.endsWith(".pb")).map(([, b]) => new Uint8Array(b));
  return [...seeds, ...regressionCorpus(target).map(([, b]) => new Uint8Array(b))];
}

/** Bytes of every kind: protobuf-shaped, random, edited corpus files, deep and pathological shapes. */
export function anyBytes(corpus: readonly Uint8Array[]): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    { weight: 4, arbitrary: protobufish },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 120 }) },
    { weight: 3, arbitrary: fc.tuple(corpus.length > 0 ? fc.constantFrom(...corpus) : fc.uint8Array(), byteEdits()).map(([b, e]) => applyByteEdits(b, e)) },
    { weight: 2, arbitrary: fc.tuple(protobufish, byteEdits()).map(([b, e]) => applyByteEdits(b, e)) },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: pathological },
  );
}
