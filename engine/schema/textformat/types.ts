/**
 * The parsed text-format message: what `parseTextFormat` returns and `encodeTextFormat` encodes.
 * Every value remembers the text it came from, so the encoder can point each byte back at it.
 */
import type { SourceRange } from "../../annotate/types.ts";
import type { FieldInfo, MessageInfo } from "./fields.ts";

export type TextValue =
  /** Any integer type (int32 ... sfixed64), already checked against the field's range. */
  | { kind: "int"; value: bigint }
  /**
   * float and double; a float field's value is already rounded to 32 bits. `negative` records the
   * sign of a NaN (`-nan`), which a JS number cannot carry.
   */
  | { kind: "float"; value: number; negative: boolean }
  | { kind: "bool"; value: boolean }
  /** string and bytes fields, as bytes: text-format escapes may spell any byte, in either. */
  | { kind: "bytes"; value: Uint8Array }
  /** An enum value by number; `name` when the text or the schema names it. */
  | { kind: "enum"; value: number; name: string | undefined }
  | { kind: "message"; value: TextMessage };

/** One value given to one field: `a: 1` is one entry, `r: [1, 2]` is two. */
export interface TextEntry {
  field: FieldInfo;
  /** The field name as written: `a`, or `[pkg.ext]` with its brackets. */
  name: SourceRange;
  value: TextValue;
  /** The value's text: one token, a run of adjacent strings, `-` and a number, or `{ ... }`. */
  source: SourceRange;
}

export interface TextMessage {
  type: MessageInfo;
  /** Entries in the order they were written. */
  entries: TextEntry[];
  /** The whole message: its braces for a nested one, the whole text for the top level. */
  source: SourceRange;
}
