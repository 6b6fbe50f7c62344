// Turning pasted text into bytes. People paste hex in many shapes (`08 96 01`, `089601`,
// `0x08, 0x96, 0x01`, `\x08\x96\x01`, hexdump-style columns) and base64 from logs and curl.
import { toHex } from "../../../../engine/wire/hex.ts";
import { decodeBase64 } from "../share/base64.ts";

export type BytesFormat = "hex" | "base64";

export type ParsedBytes =
  | { ok: true; bytes: Uint8Array; format: BytesFormat }
  | { ok: false; error: string };

/** Separators allowed between hex bytes. */
const HEX_SEPARATORS = /[\s,;:]+/g;

/**
 * Parses hex: pairs of hex digits, optionally each prefixed by `0x` or `\x`, separated by
 * whitespace, commas, colons or semicolons (or nothing). Returns undefined when it is not hex.
 */
export function parseHex(text: string): Uint8Array | undefined {
  const stripped = text.replace(/0x|\\x/gi, " ").trim();
  if (stripped === "") return new Uint8Array(0);
  const tokens = stripped.split(HEX_SEPARATORS).filter((t) => t !== "");
  // A token is either one or two digits ("8" in "0x8, 0x96") or a run of pairs ("089601").
  const out: number[] = [];
  for (const token of tokens) {
    if (!/^[0-9a-f]+$/i.test(token)) return undefined;
    if (token.length === 1) {
      out.push(parseInt(token, 16));
      continue;
    }
    if (token.length % 2 !== 0) return undefined;
    for (let i = 0; i < token.length; i += 2) out.push(parseInt(token.slice(i, i + 2), 16));
  }
  return Uint8Array.from(out);
}

/**
 * Reads pasted text as bytes. `format` forces one reading; without it hex wins when the text is
 * valid hex (so `0896` is two bytes, not base64), else base64 is tried.
 */
export function parseBytes(text: string, format?: BytesFormat): ParsedBytes {
  if (format !== "base64") {
    const hex = parseHex(text);
    if (hex) return { ok: true, bytes: hex, format: "hex" };
    if (format === "hex") {
      return { ok: false, error: "not hex: use pairs of hex digits (0-9, a-f), e.g. 08 96 01" };
    }
  }
  const b64 = decodeBase64(text);
  if (b64 && text.trim() !== "") return { ok: true, bytes: b64, format: "base64" };
  return {
    ok: false,
    error: format === "base64" ? "not base64" : "neither hex (e.g. 08 96 01) nor base64 (e.g. CJYB)",
  };
}

/** Bytes as lowercase hex pairs separated by spaces, the way the hex view shows them. */
export function formatHex(bytes: Uint8Array, start = 0, end = bytes.length): string {
  return toHex(bytes.subarray(start, end));
}
