/**
 * The assembler's error codes, one table. Every error carries a code from here, a character
 * range of the source and a message; protoscope's own wording is kept where it is clear, and
 * made clearer where it was not (protoscope's messages are quoted in the README's table).
 */

export const AssembleErrorCode = {
  /** A `"` with no closing `"`. */
  unterminatedString: "protoscope/unterminated-string",
  /** `\q`, `\x` without two hex digits, `\400` (octal above 255), `\u` (protoscope has none). */
  badEscape: "protoscope/bad-escape",
  /** A backtick with no closing backtick. */
  unterminatedHex: "protoscope/unterminated-hex",
  /** A hex literal with a non-hex character or an odd number of digits. */
  badHex: "protoscope/bad-hex",
  /** A word that is not a number, tag, float, keyword or long-form. */
  unknownSymbol: "protoscope/unknown-symbol",
  /** An integer literal beyond 64 bits, or a negative one beyond -2^63. */
  integerOverflow: "protoscope/integer-overflow",
  /** `1i32:` — tags are varints; fixed-width suffixes do not apply. */
  fixedWidthTag: "protoscope/fixed-width-tag",
  /** A wire type that is not a name, or a number above 7. */
  badWireType: "protoscope/bad-wire-type",
  /** A field number that leaves no room for the three wire-type bits in 64 bits. */
  fieldNumberTooLarge: "protoscope/field-number-too-large",
  /** An `i32` integer outside [-2^31, 2^32-1]. */
  integerTooWide: "protoscope/integer-too-wide",
  /** A float literal beyond the largest finite value of its width. */
  floatOverflow: "protoscope/float-overflow",
  /** `long-form:N` not followed by a varint, `{`, or the `}` of a group. */
  longFormMisplaced: "protoscope/long-form-misplaced",
  /** `long-form:N` with N above the assembler's limit. */
  longFormTooLarge: "protoscope/long-form-too-large",
  /** The output would pass the assembler's size limit. */
  outputTooLarge: "protoscope/output-too-large",
  /** `!{` not right after a tag without an explicit wire type. */
  groupWithoutTag: "protoscope/group-without-tag",
  /** `!` not followed by `{`. */
  bangWithoutBrace: "protoscope/bang-without-brace",
  /** A `}` with nothing open. */
  unmatchedClose: "protoscope/unmatched-close",
  /** End of input with a `{` or `!{` still open. */
  unclosedBrace: "protoscope/unclosed-brace",
  /** Recovering (the IDE): so many errors that the rest of the input is not read. */
  tooManyErrors: "protoscope/too-many-errors",
} as const;

export type AssembleErrorCode = (typeof AssembleErrorCode)[keyof typeof AssembleErrorCode];

/**
 * Thrown inside the assembler at the first error and turned into a Diagnostic at its edge.
 * `from`/`to` are character offsets into the source text.
 */
export class AssembleError extends Error {
  /**
   * The offset protoscope reports for the same error (its scanner's position then: often the end
   * of the token, or just after an opening quote), or -1 where it reports none ("unrecognized
   * symbol"). The CLI prints it, as line:byte-column, so its output matches protoscope's.
   */
  at: number;

  constructor(
    readonly code: AssembleErrorCode,
    readonly from: number,
    readonly to: number,
    message: string,
    at = from,
  ) {
    super(message);
    this.at = at;
  }
}
