/**
 * Errors raised while reading or writing the wire format. Running out of input ("truncated",
 * need more bytes) is a different code from broken input ("malformed": bytes that no amount of
 * further input can fix), so a caller streaming data can tell the two apart.
 */

export type WireErrorCode =
  /** The input ended in the middle of a value: more bytes might make it valid. */
  | "wire/truncated"
  /** A varint longer than 10 bytes, or a 10th byte carrying more than one bit. */
  | "wire/overlong-varint"
  /** Wire type 6 or 7, or a field number of 0 or above 2^29 - 1. */
  | "wire/bad-wire-type"
  /** A length prefix that points past the end of the enclosing message. */
  | "wire/length-past-end"
  /** An end-group tag without a start, or with another field number than its start. */
  | "wire/group-mismatch"
  /** Groups or messages nested deeper than the reader's limit. */
  | "wire/nesting-too-deep"
  /** A string field whose bytes are not valid UTF-8 (only when the reader is asked to check). */
  | "wire/invalid-utf8"
  /** A value the writer cannot encode (out of range for its type, not an integer, ...). */
  | "wire/invalid-value"
  /** fork()/join()/finish() called out of order. */
  | "wire/invalid-state";

export class WireError extends Error {
  override readonly name = "WireError";

  constructor(
    readonly code: WireErrorCode,
    message: string,
    /** Byte offset where the problem starts (for writer errors: the writer's position). */
    readonly offset: number,
  ) {
    super(`${message} (at byte ${offset})`);
    this.reason = message;
  }

  /** The message without its position (for callers that print the offset their own way). */
  readonly reason: string;

  /** True for errors that more input could cure. */
  get truncated(): boolean {
    return this.code === "wire/truncated";
  }
}
