/**
 * Explanations of what has a length or a partner: length prefixes and the payload they cover
 * (with every reading), strings as code points, packed elements, and groups' start and end tags.
 */
import { findAnnotation, type Annotation } from "../annotate/types.ts";
import { decodeCodePoint, utf8 } from "../annotate/heuristics.ts";
import { byteCount, byteRangeText } from "./range.ts";
import { clipText, escapeCodePoint, MAX_FACT, readingsSection, section } from "./scalars.ts";
import type { ByteRow, CodePointRow, ExplainSection, Fact } from "./types.ts";
import { bits8, hex2, overlongWarning, readVarintParts, varintFacts } from "./varint.ts";

export interface PayloadExplanation {
  title: string;
  sections: ExplainSection[];
  warnings: string[];
}

/** The payload a length prefix at [start, end) covers, clipped to the input. */
export function coveredBy(bytes: Uint8Array, start: number, end: number): { from: number; to: number; length: bigint } {
  const parts = readVarintParts(bytes, start, end);
  const from = end;
  const to = Number(BigInt(from) + parts.value > BigInt(bytes.length) ? BigInt(bytes.length) : BigInt(from) + parts.value);
  return { from, to, length: parts.value };
}

/** A length prefix: its varint, the range it covers, and every reading of that payload. */
export function explainLength(bytes: Uint8Array, start: number, end: number, what: string | undefined): PayloadExplanation {
  const parts = readVarintParts(bytes, start, end);
  const { from, to, length } = coveredBy(bytes, start, end);
  const facts: Fact[] = [...varintFacts(parts), { label: "length", value: byteCount(Number(length)) }, { label: "covers", value: byteRangeText(from, to) }];
  if (what !== undefined) facts.push({ label: "read as", value: what });
  const sections = [
    section("Length prefix", parts.rows, facts, [
      "A LEN field is its tag, a varint length, then exactly that many bytes. The length lets a reader skip the field without knowing what is inside.",
    ]),
    readingsSection(bytes, from, to, 2),
  ];
  const warnings: string[] = [];
  const overlong = overlongWarning(parts, "length prefix");
  if (overlong) warnings.push(overlong);
  if (BigInt(from) + length > BigInt(bytes.length)) warnings.push(`The length runs past the end of the input: only ${byteCount(to - from)} follow.`);
  return { title: `Length prefix: ${byteCount(Number(length))} follow`, sections, warnings };
}

/** The length prefix and payload of the LEN field `field`, as a section (for a byte inside the payload). */
export function lenContext(bytes: Uint8Array, field: Annotation | undefined): ExplainSection | undefined {
  const length = field?.children && findAnnotation(field.children, (c) => c.kind === "length");
  if (!field || !length) return undefined;
  const { from, to, length: n } = coveredBy(bytes, length.bytes[0], length.bytes[1]);
  return section(
    "Length-delimited",
    [],
    [
      { label: "length prefix", value: `${byteRangeText(length.bytes[0], length.bytes[1])} = ${n}` },
      { label: "payload", value: byteRangeText(from, to) },
    ],
    ["These bytes are the payload of a LEN field: the varint before them says how many there are."],
  );
}

/** Most code points listed around the one asked about. */
const MAX_CODE_POINTS = 48;

/** UTF-8 text: the code point holding the focus byte, its bytes' bit patterns, and its neighbours. */
export function explainString(bytes: Uint8Array, start: number, end: number, focus: number): ExplainSection {
  // One pass counts the characters and finds the focus; rows are made only for the listed window
  // and text only for what the clipped fact shows (a hover in a megabyte string stays cheap).
  let count = 0;
  let focusIndex = 0;
  let invalid = false;
  for (let pos = start; pos < end; count++) {
    const cp = decodeCodePoint(bytes, pos, end);
    const width = cp < 0 ? 1 : utf8.width;
    if (cp < 0) invalid = true;
    if (focus >= pos && focus < pos + width) focusIndex = count;
    pos += width;
  }
  const from = Math.max(0, Math.min(focusIndex - MAX_CODE_POINTS / 2, count - MAX_CODE_POINTS));
  const listed: CodePointRow[] = [];
  let at: CodePointRow | undefined;
  let text = "";
  for (let pos = start, i = 0; pos < end && (i < from + MAX_CODE_POINTS || i <= focusIndex || text.length <= MAX_FACT); i++) {
    const cp = decodeCodePoint(bytes, pos, end);
    const width = cp < 0 ? 1 : utf8.width;
    const inWindow = (i >= from && i < from + MAX_CODE_POINTS) || i === focusIndex;
    if (inWindow || text.length <= MAX_FACT) {
      const hex = Array.from(bytes.subarray(pos, pos + width), hex2).join(" ");
      const row: CodePointRow = {
        start: pos,
        end: pos + width,
        hex,
        codePoint: cp < 0 ? "invalid" : `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`,
        shown: cp < 0 ? `\\x${hex}` : cp === 0x20 ? "␠" : escapeCodePoint(cp),
      };
      if (i >= from && i < from + MAX_CODE_POINTS) listed.push(row);
      if (i === focusIndex) at = row;
      if (text.length <= MAX_FACT) text += row.codePoint === "U+0020" ? " " : row.shown;
    }
    pos += width;
  }
  const rows: ByteRow[] = [];
  const facts: Fact[] = [];
  if (at) {
    for (let i = at.start; i < at.end; i++) {
      const b = bytes[i]!;
      const note =
        b < 0x80
          ? "0xxxxxxx: a one-byte (ASCII) character"
          : (b & 0xc0) === 0x80
            ? "10xxxxxx: a continuation byte (6 more bits)"
            : (b & 0xe0) === 0xc0
              ? "110xxxxx: starts a 2-byte character"
              : (b & 0xf0) === 0xe0
                ? "1110xxxx: starts a 3-byte character"
                : (b & 0xf8) === 0xf0
                  ? "11110xxx: starts a 4-byte character"
                  : "not a valid UTF-8 byte here";
      rows.push({ offset: i, hex: hex2(b), bits: bits8(b), note });
    }
    facts.push({ label: `character at ${byteRangeText(at.start, at.end)}`, value: `${at.codePoint} ${at.shown}` });
  }
  facts.push({ label: "characters", value: String(count) }, { label: "bytes", value: String(end - start) });
  facts.push({ label: "text (escaped)", value: `"${clipText(text)}"` });
  const section_: ExplainSection = section("UTF-8 text", rows, facts, [
    "A string is UTF-8: ASCII characters take one byte, others two to four. The first byte's high bits say how many (0xxxxxxx one, 110xxxxx two, 1110xxxx three, 11110xxx four); the rest start with 10.",
    ...(invalid ? ["Bytes marked invalid are not UTF-8: a string field must hold valid UTF-8, so a proto3 parser rejects them."] : []),
  ]);
  section_.codePoints = listed;
  return section_;
}

/** Raw bytes of a `bytes` field (or any payload read as bytes). */
export function explainBytes(bytes: Uint8Array, start: number, end: number): ExplainSection {
  const hex = Array.from(bytes.subarray(start, Math.min(end, start + 64)), hex2).join(" ") + (end - start > 64 ? " …" : "");
  return section("Bytes", [], [{ label: "hex", value: hex }, { label: "size", value: byteCount(end - start) }], [
    "Read as bytes: the payload is kept exactly as it is, with no meaning attached.",
  ]);
}

/** Most element boundaries listed around the element asked about. */
const MAX_ELEMENTS = 12;

/** A packed repeated field: where each element starts and ends, and which one holds the byte. */
export function packedSection(packed: Annotation, leaf: Annotation): ExplainSection {
  const elements = [...(packed.children ?? [])].filter((c) => c.kind !== "tag" && c.kind !== "length");
  const index = elements.indexOf(leaf);
  const from = Math.max(0, Math.min(index - MAX_ELEMENTS / 2, elements.length - MAX_ELEMENTS));
  const facts: Fact[] = [{ label: "element", value: `${index + 1} of ${elements.length}` }];
  for (const e of elements.slice(from, from + MAX_ELEMENTS)) {
    const i = elements.indexOf(e);
    facts.push({ label: `${i === index ? "▸ " : ""}element ${i + 1}`, value: `${byteRangeText(e.bytes[0], e.bytes[1])}${e.value !== undefined ? ` = ${e.value}` : ""}` });
  }
  const fixed = leaf.kind === "i32" || leaf.kind === "i64" || leaf.kind === "float" || leaf.kind === "double";
  return section("Packed", [], facts, [
    "A packed repeated field writes one tag and one length, then the elements back to back, without a tag each.",
    fixed
      ? "Fixed-width elements: each is the same size, so the boundaries are every few bytes."
      : "Varint elements: each ends at the first byte whose continuation bit is 0, so a reader finds the boundaries by reading them in order.",
  ]);
}

/** The start and end tags of a group and what pairs them. */
export function groupSection(leaf: Annotation, group: Annotation | undefined): ExplainSection {
  const kids = group?.children ?? [];
  const startTag = kids.at(0);
  const endTag = kids.at(-1);
  const paired = group !== undefined && group.wireType === 3 && startTag?.kind === "group-start" && endTag?.kind === "group-end" && startTag !== endTag;
  if (paired) {
    return section(
      "Group",
      [],
      [
        { label: "start tag (SGROUP)", value: byteRangeText(startTag.bytes[0], startTag.bytes[1]) },
        { label: "contents", value: byteRangeText(startTag.bytes[1], endTag.bytes[0]) },
        { label: "end tag (EGROUP)", value: byteRangeText(endTag.bytes[0], endTag.bytes[1]) },
      ],
      [
        `A group has no length: its fields run until an end-group tag with the same field number (${leaf.field}). Start and end tags pair like brackets, the innermost open group first.`,
        "Groups are proto2's older way to nest a message (and editions' DELIMITED encoding); a LEN field is what protoc writes for a message otherwise.",
      ],
    );
  }
  return section("Group", [], [], [
    leaf.kind === "group-start"
      ? `No end-group tag with field number ${leaf.field} closes this group in the same message, so the start tag stands alone; a parser rejects the message.`
      : `No start-group tag with field number ${leaf.field} is open here, so this end tag stands alone; a parser rejects the message.`,
  ]);
}

/** Bytes that could not be read, with the decoder's reason. */
export function explainUnreadable(bytes: Uint8Array, leaf: Annotation): ExplainSection {
  const [start, end] = leaf.bytes;
  const rows: ByteRow[] = [];
  for (let i = start; i < Math.min(end, start + 16); i++) rows.push({ offset: i, hex: hex2(bytes[i]!), bits: bits8(bytes[i]!), note: "" });
  return section(leaf.kind === "error" ? "Cannot be read" : "Raw bytes", rows, [], [
    leaf.kind === "error" ? `These bytes do not decode: ${leaf.value ?? "no field can be read here"}.` : "These bytes are shown raw, not read as fields.",
  ]);
}
