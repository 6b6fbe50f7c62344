/** Hex helpers for tests, the CLI and the views: "08 96 01" <-> bytes. */

const HEX = "0123456789abcdef";
const BYTES = Array.from({ length: 256 }, (_, b) => HEX[b >> 4]! + HEX[b & 15]!);

/** One byte as two lower-case hex digits ("0a"). */
export function hexByte(b: number): string {
  return BYTES[b & 255]!;
}

/** Lower-case hex, bytes separated by `sep` (default one space). */
export function toHex(bytes: Uint8Array, sep = " "): string {
  const parts = new Array<string>(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    parts[i] = BYTES[bytes[i]!]!;
  }
  return parts.join(sep);
}

/** Parses hex text; whitespace, `0x` prefixes, commas and colons between bytes are ignored. Returns undefined if it is not hex. */
export function fromHex(text: string): Uint8Array | undefined {
  const clean = text.replace(/0x/gi, "").replace(/[\s,:]/g, "");
  if (clean.length % 2 !== 0 || /[^0-9a-f]/i.test(clean)) return undefined;
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(2 * i, 2 * i + 2), 16);
  return out;
}
