/**
 * The six wire types of the protobuf binary format: the low three bits of every tag.
 * 6 and 7 are invalid; readers report them as malformed.
 */
export const WireType = {
  /** int32, int64, uint32, uint64, sint32, sint64, bool, enum. */
  Varint: 0,
  /** fixed64, sfixed64, double: 8 bytes, little-endian. */
  I64: 1,
  /** string, bytes, embedded messages, packed repeated fields: a varint length, then the bytes. */
  LEN: 2,
  /** Start of a group (deprecated proto2 feature, and editions' DELIMITED encoding). */
  StartGroup: 3,
  /** End of a group; its field number must match the start's. */
  EndGroup: 4,
  /** fixed32, sfixed32, float: 4 bytes, little-endian. */
  I32: 5,
} as const;

export type WireType = (typeof WireType)[keyof typeof WireType];

export const wireTypeNames: readonly string[] = ["VARINT", "I64", "LEN", "SGROUP", "EGROUP", "I32"];

/** Largest valid field number, 2^29 - 1. */
export const MAX_FIELD_NUMBER = 0x1fffffff;

/** Encodes a tag: `(fieldNo << 3 | wireType)` as an unsigned 32-bit number. */
export function makeTag(fieldNo: number, wireType: number): number {
  return ((fieldNo << 3) | wireType) >>> 0;
}
