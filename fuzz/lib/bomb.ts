/**
 * Raw DEFLATE streams that inflate to far more than they are, written directly (one
 * fixed-Huffman block) in milliseconds for any size: `prefix` as literals, then `byte` repeated
 * (one literal, then copies of 258 bytes at distance 1: 13 bits per 258 bytes out, so a
 * gigabyte is about 6.5 MB), then `suffix` as literals. zlib's best is about 1032-fold; this is
 * 159-fold, which is plenty to test a bound.
 */
export function deflateFill(prefix: Uint8Array, byte: number, size: number, suffix: Uint8Array = new Uint8Array()): Uint8Array {
  const copies = Math.max(0, Math.floor((size - 1) / 258));
  const out = new Uint8Array(Math.ceil((3 + 9 * (prefix.length + suffix.length + 1) + copies * 13 + 7) / 8));
  let bitPos = 0;
  // Huffman codes are sent most significant bit first, the header's bits least significant first.
  const code = (value: number, count: number) => {
    for (let i = count - 1; i >= 0; i--, bitPos++) if ((value >> i) & 1) out[bitPos >> 3]! |= 1 << (bitPos & 7);
  };
  const literal = (b: number) => (b < 144 ? code(0x30 + b, 8) : code(0x190 + b - 144, 9));
  out[0] = 0b011; // BFINAL, then BTYPE 01 (fixed Huffman codes)
  bitPos = 3;
  for (const b of prefix) literal(b);
  literal(byte);
  for (let i = 0; i < copies; i++) {
    code(0xc5, 8); // length code 285: 258 bytes
    code(0, 5); // distance code 0: distance 1
  }
  for (const b of suffix) literal(b);
  code(0, 7); // end of block
  return out.subarray(0, Math.ceil(bitPos / 8));
}

/** A DEFLATE stream of about `size` zero bytes (1 + 258·⌊(size − 1)/258⌋). */
export function deflateBomb(size: number): Uint8Array {
  return deflateFill(new Uint8Array(), 0, size);
}
