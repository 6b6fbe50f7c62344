/**
 * The one notation for byte ranges everywhere in Wirelab: inclusive, 0-based offsets as the hex
 * view counts them, with the size: "bytes 1–2 (2 bytes)", "byte 4 (1 byte)". Never a half-open
 * "[1, 3)" beside an inclusive one.
 */

/** The bytes [start, end) (half-open, as annotations store them) in words. */
export function byteRangeText(start: number, end: number): string {
  const size = end - start;
  if (size <= 0) return `no bytes (at byte ${start})`;
  if (size === 1) return `byte ${start} (1 byte)`;
  return `bytes ${start}–${end - 1} (${grouped(size)} bytes)`;
}

/** "1 byte", "2 bytes", "1,024 bytes". */
export function byteCount(n: number): string {
  return n === 1 ? "1 byte" : `${grouped(n)} bytes`;
}

/** A count with thousands separators ("1,024"). Below 1,000 without Intl: the field tree labels every visible row with it, on every keystroke. */
function grouped(n: number): string {
  return n < 1000 && n > -1000 ? String(n) : n.toLocaleString("en");
}
