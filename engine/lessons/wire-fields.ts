/**
 * The top-level fields of some bytes, read without a schema: what many checks look at ("field 2
 * is a LEN record whose payload reads `testing`"). Never throws: bytes that do not parse come
 * back with the offset and the reader's message, so a check can say what is wrong.
 */
import { Reader, toHex, WireError } from "../wire/index.ts";

export interface WireField {
  field: number;
  wireType: number;
  /** Byte range of the whole record (tag through value). */
  start: number;
  end: number;
  /** The value's bytes: the payload of a LEN record, the varint or fixed bytes otherwise. */
  value: Uint8Array;
  /** For varints: the value as an unsigned 64-bit integer. */
  varint?: bigint;
}

export interface WireFields {
  fields: WireField[];
  /** Set when the bytes stop parsing; `fields` holds what came before. */
  error?: { offset: number; message: string };
}

export function readFields(bytes: Uint8Array): WireFields {
  const reader = new Reader(bytes);
  const fields: WireField[] = [];
  try {
    while (!reader.done) {
      const start = reader.pos;
      const [field, wireType] = reader.tag();
      const valueStart = reader.pos;
      if (wireType === 0) {
        const varint = reader.uint64();
        fields.push({ field, wireType, start, end: reader.pos, value: bytes.subarray(valueStart, reader.pos), varint });
      } else if (wireType === 2) {
        const payload = reader.bytes();
        fields.push({ field, wireType, start, end: reader.pos, value: payload });
      } else {
        const value = reader.skip(wireType, field);
        fields.push({ field, wireType, start, end: reader.pos, value });
      }
    }
    return { fields };
  } catch (e) {
    if (!(e instanceof WireError)) throw e;
    return { fields, error: { offset: e.offset, message: e.message } };
  }
}

/** Reads a packed run of varints; undefined when the payload is not exactly a run of varints. */
export function readPackedVarints(payload: Uint8Array): bigint[] | undefined {
  const reader = new Reader(payload);
  const out: bigint[] = [];
  try {
    while (!reader.done) out.push(reader.uint64());
    return out;
  } catch (e) {
    if (e instanceof WireError) return undefined;
    throw e;
  }
}

/** Reads a packed run of 32-bit little-endian values; undefined unless the length is a multiple of 4. */
export function readPackedFixed32(payload: Uint8Array): number[] | undefined {
  if (payload.length % 4 !== 0) return undefined;
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const out: number[] = [];
  for (let i = 0; i < payload.length; i += 4) out.push(view.getInt32(i, true));
  return out;
}

/** Bytes as the hex view shows them: "08 96 01". */
export function hexBytes(bytes: Uint8Array, max = 48): string {
  return toHex(bytes.subarray(0, max)) + (bytes.length > max ? ` … (${bytes.length} bytes)` : "");
}

/** Bytes as text when they are printable UTF-8, else undefined. */
export function printableText(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return /^[\x20-\x7e\u00a0-\uffff]*$/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}
