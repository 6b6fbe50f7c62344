/**
 * Reads the window size a brotli stream declares in its first bits (RFC 7932, section 9.1).
 * brotli-wasm gives no way to choose the window, so we report the one the encoder chose by
 * reading it back from what it wrote.
 */

/**
 * log2 of the declared sliding-window size (WBITS, 10-24), or undefined when the stream is
 * empty or uses the non-standard "large window" extension. Bits are read least significant
 * first, as brotli packs them.
 */
export function brotliWindowBits(stream: Uint8Array): number | undefined {
  let bit = 0;
  const read = (count: number): number | undefined => {
    let value = 0;
    for (let i = 0; i < count; i++) {
      const byte = stream[bit >> 3];
      if (byte === undefined) return undefined;
      value |= ((byte >> (bit & 7)) & 1) << i;
      bit++;
    }
    return value;
  };
  const first = read(1);
  if (first === undefined) return undefined;
  if (first === 0) return 16;
  const n = read(3);
  if (n === undefined) return undefined;
  if (n !== 0) return 17 + n;
  const m = read(3);
  if (m === undefined || m === 1) return undefined; // m = 1 marks a large-window stream
  return m === 0 ? 17 : 8 + m;
}
