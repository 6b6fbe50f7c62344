/**
 * What an explanation of a byte is: plain data a view renders, a hover or the CLI prints
 * (text.ts), and a test compares. Nothing here is prose a view has to parse: every number a
 * sentence quotes is also in a row or a fact.
 */
import type { AnnotationKind } from "../annotate/types.ts";

/** One byte of the explained run. */
export interface ByteRow {
  /** Offset of the byte in the whole input (0-based, as the hex view counts). */
  offset: number;
  /** Two lowercase hex digits, e.g. "96". */
  hex: string;
  /** The eight bits, most significant first, e.g. "10010110". */
  bits: string;
  /**
   * For a varint byte: the continuation bit (1: another byte follows; 0: the last byte) and the
   * seven payload bits, e.g. "0010110".
   */
  continuation?: 0 | 1;
  payload?: string;
  /** What the byte is, in a few words ("more bytes follow", "lowest 8 bits"). */
  note: string;
}

/** A labelled step of the arithmetic, e.g. { label: "sum", value: "22 + 128 = 150" }. */
export interface Fact {
  label: string;
  value: string;
}

/** One code point of a string payload (strings section only). */
export interface CodePointRow {
  /** Byte range of its UTF-8 encoding, half-open. */
  start: number;
  end: number;
  /** Its bytes in hex, e.g. "e2 82 ac". */
  hex: string;
  /** "U+20AC", or "invalid" for a byte that is not part of valid UTF-8. */
  codePoint: string;
  /** The character itself when it prints, else an escape: "\n", "\u{7f}", "\x80". */
  shown: string;
}

/** A part of an explanation: a heading, the bytes it is about, its arithmetic and sentences. */
export interface ExplainSection {
  /** e.g. "Tag", "Varint", "Zigzag", "Little-endian", "Readings", "Length prefix", "Group". */
  heading: string;
  rows: ByteRow[];
  facts: Fact[];
  sentences: string[];
  codePoints?: CodePointRow[];
}

export interface Explanation {
  /** One line: "Tag: field 1 (name), wire type 2 (LEN)". */
  title: string;
  /** The run of bytes explained (the annotation leaf holding the byte), half-open. */
  start: number;
  end: number;
  /** The same range in the one notation every view uses: "bytes 1–2 (2 bytes)". */
  range: string;
  /** The byte that was asked about. */
  focus: number;
  /** The leaf's annotation kind. */
  kind: AnnotationKind;
  /** Where the bytes sit: "point.x" or "field 3 › field 1"; "" at the top level. */
  where: string;
  sections: ExplainSection[];
  /**
   * Bytes that decode but that protoc would never write (overlong varints, field numbers past
   * 536870911 or in 19000–19999), each with why.
   */
  warnings: string[];
}
