/**
 * A raw DEFLATE stream of zero bytes (1 + 258·⌊(size − 1)/258⌋ of them, just under `size`) written directly (one fixed-Huffman block: a literal
 * zero, then copies of 258 bytes at distance 1), in a few milliseconds for any size: 13 bits per
 * 258 bytes out, so a gigabyte is about 6.5 MB. zlib's best is about 1032-fold; this is 159-fold,
 * which is plenty to test a bound.
 */
export function deflateBomb(size: number): Uint8Array {
  const copies = Math.floor((size - 1) / 258);
  const out = new Uint8Array(Math.ceil((3 + 8 + copies * 13 + 7) / 8));
  let bitPos = 0;
  // Bits go in least significant first; Huffman codes are sent most significant bit first.
  const bits = (value: number, count: number) => {
    for (let i = 0; i < count; i++, bitPos++) if ((value >> i) & 1) out[bitPos >> 3]! |= 1 << (bitPos & 7);
  };
  const code = (value: number, count: number) => {
    for (let i = count - 1; i >= 0; i--, bitPos++) if ((value >> i) & 1) out[bitPos >> 3]! |= 1 << (bitPos & 7);
  };
  bits(1, 1); // BFINAL
  bits(1, 2); // BTYPE 01: fixed Huffman codes
  code(0x30, 8); // literal 0
  for (let i = 0; i < copies; i++) {
    code(0xc5, 8); // length code 285: 258 bytes
    code(0, 5); // distance code 0: distance 1
  }
  code(0, 7); // end of block
  return out.subarray(0, (bitPos >> 3) + 1);
}
