/**
 * Text format: the human-readable protobuf message syntax that `protoc --encode` reads.
 *
 * `parseTextFormat` turns text into a tree of values with their source spans, checked against a
 * message type; `encodeTextFormat` also writes the binary encoding, byte for byte what protoc
 * writes (or, asked, buf), with the annotation tree that ties each byte to its text.
 */
import type { DescMessage, Registry } from "@bufbuild/protobuf";
import type { Annotation } from "../../annotate/types.ts";
import type { Diagnostic } from "../../diagnostics.ts";
import { LineIndex } from "../../diagnostics.ts";
import { messageWarnings } from "./checks.ts";
import { encodeTextMessage, type FieldOrder } from "./encode.ts";
import { messageInfo } from "./fields.ts";
import { parseMessageText } from "./parser.ts";
import type { TextMessage } from "./types.ts";

export type { TextEntry, TextMessage, TextValue } from "./types.ts";
export type { FieldInfo, MessageInfo } from "./fields.ts";
export type { FieldOrder } from "./encode.ts";
export { MAX_DEPTH } from "./parser.ts";

export interface EncodeOptions {
  /**
   * Whose serialization to reproduce. "protoc": fields and extensions by number, map entries as
   * written. "buf" (Go's deterministic marshal): extensions first, then fields by number, then
   * oneof members; map entries de-duplicated and sorted by key. Default: "protoc", for every
   * syntax (protoc 36.2, the oracle, encodes editions files too).
   */
  order?: FieldOrder;
}

/**
 * Parses a text-format message of type `message`. `registry` resolves extensions (`[pkg.ext]`).
 * `value` is undefined when there are errors; warnings (missing required fields, invalid UTF-8
 * in a string field) leave it defined.
 */
export function parseTextFormat(
  text: string,
  message: DescMessage,
  registry?: Registry,
): { value: TextMessage | undefined; diagnostics: Diagnostic[] } {
  const result = parseMessageText(text, messageInfo(message), registry);
  if (result.value) result.diagnostics.push(...messageWarnings(result.value, new LineIndex(text)));
  return result;
}

/**
 * Parses and encodes a text-format message. On errors, `bytes` is empty and `annotations` too.
 */
export function encodeTextFormat(
  text: string,
  message: DescMessage,
  registry?: Registry,
  options: EncodeOptions = {},
): { bytes: Uint8Array; annotations: Annotation[]; diagnostics: Diagnostic[] } {
  const { value, diagnostics } = parseTextFormat(text, message, registry);
  if (!value) return { bytes: new Uint8Array(0), annotations: [], diagnostics };
  const order = options.order ?? "protoc";
  return { ...encodeTextMessage(value, order), diagnostics };
}
