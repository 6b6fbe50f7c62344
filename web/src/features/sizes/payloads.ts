// The payloads the compare table measures: the store's list (examples by id, pinned bytes) with
// their bytes and labels. Shared by the panel (labels, post figures) and the layer that measures
// them (../derived/derivations.ts).
import { COMPRESSION_EXAMPLES, exampleBytes, type CompressionExample } from "../../../../engine/compress/index.ts";
import type { ComparedPayload } from "./sizesSlice.ts";

export interface Payload {
  /** Stable id: an example's id, or "pinned-N". */
  id: string;
  label: string;
  bytes: Uint8Array;
  /** The post's figures, when the payload is one of its examples. */
  post?: { raw: number; gzip?: number; zlib?: number; brotli: number };
}

function examplePayload(e: CompressionExample): Payload {
  return { id: e.id, label: `${e.postName}: ${e.title}`, bytes: exampleBytes(e), post: e.post };
}

/** The bytes and labels of the compared payloads the store holds (unknown example ids left out). */
export function resolvePayloads(list: readonly ComparedPayload[]): Payload[] {
  return list.flatMap((p): Payload[] => {
    if (p.kind === "pinned") return [{ id: p.id, label: p.label, bytes: p.bytes }];
    const example = COMPRESSION_EXAMPLES.find((e) => e.id === p.id);
    return example ? [examplePayload(example)] : [];
  });
}
