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
import { varintSize32 } from "../wire/varint.ts";

/** Prefixes the plan has room for before it grows its arrays (they double). */
const INITIAL_CAPACITY = 1024;

export class LengthPrefixPlan {
  /** Raw offset of each prefix. */
  private at = new Float64Array(INITIAL_CAPACITY);
  /** `long-form:N` padding of each prefix (0: minimal). */
  private longForm = new Int32Array(INITIAL_CAPACITY);
  /** The length each prefix encodes (known at its `}`). */
  private length = new Float64Array(INITIAL_CAPACITY);
  /** Bytes of the prefixes opened inside each brace (which its raw extent does not count). */
  private inner = new Float64Array(INITIAL_CAPACITY);
  /** Prefixes of the open braces, innermost last. */
  private openBraces = new Int32Array(INITIAL_CAPACITY);
  private openCount = 0;
  private size = 0;
  private totalSize = 0;

  /** Prefixes opened so far. */
  get count(): number {
    return this.size;
  }

  /** Braces still open. */
  get depth(): number {
    return this.openCount;
  }

  /** Total bytes of the prefixes closed so far (with `count`, what `truncate` goes back to). */
  get total(): number {
    return this.totalSize;
  }

  /**
   * Forgets every prefix after the first `count`, going back to a point where no brace was open
   * and the first `count` prefixes (all closed) came to `total` bytes: how an assembly resumed
   * from a checkpoint (AssemblyMemo) reuses the plan of the run before.
   */
  truncate(count: number, total: number): void {
    this.size = count;
    this.totalSize = total;
    this.openCount = 0;
  }

  /** Records a `{` at raw offset `rawPos`; returns its index. */
  open(rawPos: number, longForm: number): number {
    const index = this.size;
    if (index === this.at.length) this.grow();
    this.at[index] = rawPos;
    this.longForm[index] = longForm;
    this.inner[index] = 0;
    this.size = index + 1;
    if (this.openCount === this.openBraces.length) {
      const bigger = new Int32Array(this.openBraces.length * 2);
      bigger.set(this.openBraces);
      this.openBraces = bigger;
    }
    this.openBraces[this.openCount++] = index;
    return index;
  }

  /** Records the matching `}` at raw offset `rawPos`; returns the length the prefix encodes. */
  close(rawPos: number): number {
    const index = this.openBraces[--this.openCount]!;
    const inner = this.inner[index]!;
    const length = rawPos - this.at[index]! + inner;
    const size = varintSize32(length) + this.longForm[index]!;
    this.length[index] = length;
    this.totalSize += size;
    if (this.openCount > 0) this.inner[this.openBraces[this.openCount - 1]!]! += inner + size;
    return length;
  }

  private grow(): void {
    const n = this.at.length * 2;
    const at = new Float64Array(n);
    at.set(this.at);
    this.at = at;
    const longForm = new Int32Array(n);
    longForm.set(this.longForm);
    this.longForm = longForm;
    const length = new Float64Array(n);
    length.set(this.length);
    this.length = length;
    const inner = new Float64Array(n);
    inner.set(this.inner);
    this.inner = inner;
  }

  /**
   * The raw output with every prefix in place, in one new exact-size buffer. (A plain loop, not
   * GrowableWriter: this is a copy of bytes the writer already produced, with known sizes.)
   */
  merge(raw: Uint8Array): Uint8Array {
    const count = this.size;
    if (count === 0) return raw;
    const out = new Uint8Array(raw.length + this.totalSize);
    interleave(raw, out, count, this.at, this.length, this.longForm);
    return out;
  }

  /** prefixBefore[k]: total bytes of the first k prefixes (for annotation offsets). */
  prefixBefore(): Float64Array {
    const count = this.size;
    const sums = new Float64Array(count + 1);
    sumSizes(sums, count, this.length, this.longForm);
    return sums;
  }
}

// The loops of merge() and prefixBefore() are functions of their own: a loop run once per call is
// compiled by on-stack replacement, which V8 kept discarding between the editor's runs.

/** Copies `raw` into `out` with the first `count` prefixes in place. */
function interleave(raw: Uint8Array, out: Uint8Array, count: number, ats: Float64Array, lengths: Float64Array, longForms: Int32Array): void {
  let from = 0;
  let to = 0;
  for (let i = 0; i < count; i++) {
    const at = ats[i]!;
    const n = at - from;
    if (n > 32) {
      out.set(raw.subarray(from, at), to);
      to += n;
    } else {
      for (let j = from; j < at; j++) out[to++] = raw[j]!;
    }
    from = at;
    to = writePrefix(out, to, lengths[i]!, longForms[i]!);
  }
  out.set(raw.subarray(from), to);
}

/** sums[i + 1] = sums[i] + size of prefix i, for the first `count`. */
function sumSizes(sums: Float64Array, count: number, lengths: Float64Array, longForms: Int32Array): void {
  for (let i = 0; i < count; i++) sums[i + 1] = sums[i]! + varintSize32(lengths[i]!) + longForms[i]!;
}

/** Writes `length` as a varint padded by `longForm` bytes at out[at]; returns the end. */
function writePrefix(out: Uint8Array, at: number, length: number, longForm: number): number {
  while (length > 0x7f) {
    out[at++] = (length & 0x7f) | 0x80;
    length >>>= 7;
  }
  if (longForm === 0) {
    out[at++] = length;
    return at;
  }
  out[at++] = length | 0x80;
  for (let i = 1; i < longForm; i++) out[at++] = 0x80;
  out[at++] = 0;
  return at;
}
