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

/**
 * descriptor.proto's field types (FieldDescriptorProto.Type): the numbers every descriptor
 * carries, and @bufbuild/protobuf's ScalarType uses for the scalars.
 */
export const FieldType = {
  DOUBLE: 1,
  FLOAT: 2,
  INT64: 3,
  UINT64: 4,
  INT32: 5,
  FIXED64: 6,
  FIXED32: 7,
  BOOL: 8,
  STRING: 9,
  GROUP: 10,
  MESSAGE: 11,
  BYTES: 12,
  UINT32: 13,
  ENUM: 14,
  SFIXED32: 15,
  SFIXED64: 16,
  SINT32: 17,
  SINT64: 18,
} as const;

export type FieldType = (typeof FieldType)[keyof typeof FieldType];

const KEYWORDS: Record<number, string> = Object.fromEntries(Object.entries(FieldType).map(([name, type]) => [type, name.toLowerCase()]));

/** The field type of a type keyword (`int32`, `string`, and `group`, `message`, `enum` for the others); undefined for any other word. */
export function fieldTypeOfKeyword(keyword: string): FieldType | undefined {
  const upper = keyword.toUpperCase();
  return keyword === keyword.toLowerCase() && Object.hasOwn(FieldType, upper) ? FieldType[upper as keyof typeof FieldType] : undefined;
}

/** The keyword of a field type (`int32`, ..., `group`, `message`, `enum`); undefined for a number that is none. */
export function fieldTypeKeyword(type: number): string | undefined {
  return KEYWORDS[type];
}

/**
 * The wire type one value of a field of `type` is written with (a packed repeated field writes
 * its run as LEN instead): 64-bit fixed types I64, 32-bit ones I32, strings, bytes and messages
 * LEN, groups SGROUP, every integer, bool and enum VARINT.
 */
export function wireTypeOfField(type: number): WireType {
  switch (type) {
    case FieldType.DOUBLE:
    case FieldType.FIXED64:
    case FieldType.SFIXED64:
      return WireType.I64;
    case FieldType.FLOAT:
    case FieldType.FIXED32:
    case FieldType.SFIXED32:
      return WireType.I32;
    case FieldType.STRING:
    case FieldType.BYTES:
    case FieldType.MESSAGE:
      return WireType.LEN;
    case FieldType.GROUP:
      return WireType.StartGroup;
    default:
      return WireType.Varint;
  }
}

/** Whether a repeated field of `type` may be packed (its values are not LEN or groups). */
export function isPackable(type: number): boolean {
  const wt = wireTypeOfField(type);
  return wt === WireType.Varint || wt === WireType.I32 || wt === WireType.I64;
}
