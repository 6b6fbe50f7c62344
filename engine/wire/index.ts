export { WireType, wireTypeNames, makeTag, MAX_FIELD_NUMBER, FieldType, fieldTypeOfKeyword, fieldTypeKeyword, wireTypeOfField, isPackable } from "./wire-type.ts";
export { WireError, type WireErrorCode } from "./errors.ts";
export {
  varintSize32,
  varintSize64,
  zigzagEncode32,
  zigzagDecode32,
  zigzagEncode64,
  zigzagDecode64,
  split64,
  zigzag64Halves,
  join64,
  writeVarint64,
  parseDecimal64,
  encodeVarint64,
  readVarint,
  VARINT_TRUNCATED,
  VARINT_TOO_LONG,
} from "./varint.ts";
export { GrowableWriter, type GrowableWriterOptions, type WriterObserver } from "./growable-writer.ts";
export { ChunkWriter } from "./chunk-writer.ts";
export { Reader, type ReaderOptions } from "./reader.ts";
export { toHex, fromHex, hexByte } from "./hex.ts";
export { concatBytes } from "./bytes.ts";
