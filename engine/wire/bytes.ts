/** Byte-array helpers the writers, parsers and benchmarks share. */

/** The parts joined end to end, in one new array (a copy even of a single part). */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
