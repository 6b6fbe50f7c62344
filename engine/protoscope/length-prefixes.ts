/**
 * Length prefixes of `{...}` without recursion and without moving bytes.
 *
 * A prefix's size depends on the length of everything inside the braces, prefixes of inner
 * braces included, so it is known only at the `}`. Writing a one-byte placeholder and shifting
 * the payload when it needs more (GrowableWriter's fork/join) costs O(depth x size) for deeply
 * nested input: 100 000 nested braces would move gigabytes. Instead the assembler writes the
 * payload bytes alone ("raw" output) and this plan records, for each `{` in order of opening,
 * where its prefix goes in the raw output, the length it encodes and its size. At the end
 * `merge()` copies the raw output once, dropping each prefix into its place: O(size + braces).
 *
 * Braces open in raw-position order, and of two at the same position the outer opens first and
 * its prefix comes first, so the plan is already sorted.
 */
import { GrowableWriter, varintSize32 } from "../wire/index.ts";
import { writeVarint } from "./varint-writer.ts";

export class LengthPrefixPlan {
  /** Raw offset of each prefix. */
  private readonly at: number[] = [];
  /** `long-form:N` padding of each prefix (0: minimal). */
  private readonly longForm: number[] = [];
  /** The length each prefix encodes, and its size in bytes (0 until its `}`). */
  private readonly length: number[] = [];
  private readonly size: number[] = [];
  /** Bytes of the prefixes opened inside each brace (which its raw extent does not count). */
  private readonly inner: number[] = [];
  /** Prefixes of the open braces, innermost last. */
  private readonly openBraces: number[] = [];
  private totalSize = 0;

  /** Prefixes opened so far. */
  get count(): number {
    return this.at.length;
  }

  /** Braces still open. */
  get depth(): number {
    return this.openBraces.length;
  }

  /** Records a `{` at raw offset `rawPos`; returns its index. */
  open(rawPos: number, longForm: number): number {
    const index = this.at.length;
    this.at.push(rawPos);
    this.longForm.push(longForm);
    this.length.push(0);
    this.size.push(0);
    this.inner.push(0);
    this.openBraces.push(index);
    return index;
  }

  /** Records the matching `}` at raw offset `rawPos`; returns the length the prefix encodes. */
  close(rawPos: number): number {
    const index = this.openBraces.pop()!;
    const inner = this.inner[index]!;
    const length = rawPos - this.at[index]! + inner;
    const size = varintSize32(length) + this.longForm[index]!;
    this.length[index] = length;
    this.size[index] = size;
    this.totalSize += size;
    const parent = this.openBraces[this.openBraces.length - 1];
    if (parent !== undefined) this.inner[parent]! += inner + size;
    return length;
  }

  /** The raw output with every prefix in place. */
  merge(raw: Uint8Array): Uint8Array {
    const count = this.at.length;
    if (count === 0) return raw;
    const out = new GrowableWriter({ initialCapacity: raw.length + this.totalSize });
    let copied = 0;
    for (let i = 0; i < count; i++) {
      const at = this.at[i]!;
      if (at > copied) out.raw(new Uint8Array(raw.buffer, raw.byteOffset + copied, at - copied));
      copied = at;
      writeVarint(out, this.length[i]!, 0, this.longForm[i]!);
    }
    if (raw.length > copied) out.raw(new Uint8Array(raw.buffer, raw.byteOffset + copied, raw.length - copied));
    return out.finish();
  }

  /** prefixBefore[k]: total bytes of the first k prefixes (for annotation offsets). */
  prefixBefore(): Float64Array {
    const count = this.at.length;
    const sums = new Float64Array(count + 1);
    for (let i = 0; i < count; i++) sums[i + 1] = sums[i]! + this.size[i]!;
    return sums;
  }
}
