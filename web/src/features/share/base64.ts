// Base64 (RFC 4648) both alphabets, without btoa/atob so the same code runs in Node tests, on the
// page and in a Worker, and handles any length without building a giant binary string.

const STANDARD = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URL_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  DECODE[STANDARD.charCodeAt(i)] = i;
  DECODE[URL_SAFE.charCodeAt(i)] = i;
}

/** Encodes bytes; `urlSafe` uses `-_` and drops the `=` padding (for URL hashes). */
export function encodeBase64(bytes: Uint8Array, urlSafe = false): string {
  const alphabet = urlSafe ? URL_SAFE : STANDARD;
  const parts: string[] = [];
  let chunk = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    chunk += alphabet[n >> 18]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + alphabet[n & 63]!;
    // Flush now and then: string concatenation of megabytes makes deep ropes.
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = "";
    }
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = (bytes[i]! << 16) | (rest === 2 ? bytes[i + 1]! << 8 : 0);
    chunk += alphabet[n >> 18]! + alphabet[(n >> 12) & 63]!;
    chunk += rest === 2 ? alphabet[(n >> 6) & 63]! : urlSafe ? "" : "=";
    if (!urlSafe) chunk += "=";
  }
  parts.push(chunk);
  return parts.join("");
}

/**
 * Decodes either alphabet, with or without padding; whitespace is ignored. Returns undefined
 * for anything that is not base64 (a bad character, or a length that leaves a lone 6 bits).
 */
export function decodeBase64(text: string): Uint8Array | undefined {
  const clean = text.replace(/\s+/g, "").replace(/=+$/, "");
  if (clean.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (let i = 0; i < clean.length; i++) {
    const c = clean.charCodeAt(i);
    const d = c < 128 ? DECODE[c]! : -1;
    if (d < 0) return undefined;
    value = ((value << 6) | d) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 0xff;
    }
  }
  return out;
}
