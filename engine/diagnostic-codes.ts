/**
 * Every diagnostic code Wirelab reports, with what it means, in one table. A code is stable: the
 * UI, the CLI's `--json`, lessons and tests match on it, so a code is added here (never renamed)
 * when it is first emitted; `diagnostic-codes.test.ts` scans the sources and runs the corpora to
 * check that every code the engine and the app emit is listed, and that no row is stale.
 *
 * Families (the prefix before the slash):
 * - `protoscope/`: the protoscope assembler (text to bytes); `wire/`: bytes that do not decode, or
 *   decode into something protobuf forbids; `annotate/`: limits of the annotation tree; `grpc/`:
 *   gRPC's length-prefixed frames around messages.
 * - `protoc/`: schema errors in protoc's words; `buf/`: the few schema errors in buf's words
 *   (editions); `textformat/`: text-format messages, in protoc's words.
 * - `web/`: what the app itself says about an input (limits, a missing choice, an engine bug).
 * - `compress/`: compression errors (thrown as CompressError, shown as diagnostics).
 * - `arena/`: the arena's operation scripts; `goarena/`: Go arena package scripts; `layout/`:
 *   bytes the layout view cannot decode to count allocations.
 * - `bench/`: errors that stop a benchmark run (thrown with a `code`, not diagnostics of an input).
 *
 * Lint and breaking-change findings are the exceptions to the table: their code is buf's rule id
 * (`ENUM_VALUE_PREFIX`, `FIELD_SAME_TYPE`, ...), and the meaning of each is buf's own description
 * of the rule, kept with the rule: engine/schema/lint's `RULES` (description) and
 * engine/evolve/breaking.ts's `BREAKING_RULES` (purpose). The test checks those too.
 */
export const DIAGNOSTIC_CODES = {
  // ------------------------------------------------------------ protoscope (assembler)
  "protoscope/unterminated-string": 'a " with no closing "',
  "protoscope/bad-escape": "a string escape protoscope does not know (\\q, \\x without two hex digits, an octal escape above 255)",
  "protoscope/unterminated-hex": "a backtick with no closing backtick",
  "protoscope/bad-hex": "a hex literal with a non-hex character or an odd number of digits",
  "protoscope/unknown-symbol": "a word that is not a number, tag, float, keyword or long-form",
  "protoscope/integer-overflow": "an integer literal beyond 64 bits, or a negative one below -2^63",
  "protoscope/fixed-width-tag": "a tag with a fixed-width suffix (1i32:): tags are varints",
  "protoscope/bad-wire-type": "a wire type that is neither a name nor a number 0..7",
  "protoscope/field-number-too-large": "a field number that leaves no room for the three wire-type bits in 64 bits",
  "protoscope/integer-too-wide": "an i32 integer outside [-2^31, 2^32-1]",
  "protoscope/float-overflow": "a float literal beyond the largest finite value of its width",
  "protoscope/long-form-misplaced": "long-form:N not followed by a varint, a tag, '{' or the '}' of a group",
  "protoscope/long-form-too-large": "long-form:N pads more than a varint's 10 bytes allow",
  "protoscope/output-too-large": "the output would pass the assembler's size limit (256 MiB)",
  "protoscope/group-without-tag": "!{ not right after a field number without a wire type",
  "protoscope/bang-without-brace": "! not followed by {",
  "protoscope/unmatched-close": "a } with no { or !{ open",
  "protoscope/unclosed-brace": "the input ends with a { or !{ still open",
  "protoscope/too-many-errors": "recovering (the IDE's mode): more errors than the limit, the rest of the input is not read",
  "protoscope/annotations-omitted": "the input needs more annotation nodes than the limit: bytes complete, byte map omitted",

  // ------------------------------------------------------------ wire (bytes)
  "wire/truncated": "the input ends inside a value: more bytes could complete it",
  "wire/overlong-varint": "a varint longer than 10 bytes, or a 10th byte with more than one bit",
  "wire/bad-wire-type": "wire type 6 or 7, or field number 0",
  "wire/length-past-end": "a length prefix that runs past the end of the enclosing message",
  "wire/value-past-end": "a value that runs past the end of the enclosing message (no more input can fix it)",
  "wire/group-mismatch": "an end-group tag without its start, with another field number, or a group never closed",
  "wire/nesting-too-deep": "messages or groups nested deeper than the limit: not opened",
  "wire/invalid-utf8": "a string field whose bytes are not valid UTF-8",
  "wire/wire-type-mismatch": "a field that arrived with another wire type than its declared type: read as unknown",
  "wire/field-number-out-of-range": "a field number above 536870911 (2^29-1): it decodes, but no protobuf parser accepts it",
  "wire/invalid-value": "a value the writer cannot encode (out of range for its type, not an integer)",
  "wire/invalid-state": "the writer's fork()/join()/finish() called out of order (a programming error)",
  // ------------------------------------------------------------ gRPC framing (length-prefixed messages)
  "grpc/bad-flag": "a frame whose compressed flag is neither 0 nor 1 (warning)",
  "grpc/compressed": "a frame whose compressed flag is 1: its message is shown as bytes, not decoded (info)",

  // ------------------------------------------------------------ annotate
  "annotate/too-many-nodes": "more annotation nodes than the limit: the rest of the input is one raw node",

  // ------------------------------------------------------------ protoc (schema, protoc's words)
  "protoc/syntax": "a syntax error in a .proto file",
  "protoc/reserved-name-not-identifier": "a reserved name (proto2, proto3) that is not an identifier: it can never name a field or value (warning)",
  "protoc/file-not-found": "an input or imported file that does not exist (no position: protoc prints `file: File not found.`)",
  "protoc/import-error": "an import that was not found or had errors",
  "protoc/import-cycle": "a file that imports itself, directly or through others",
  "protoc/import-twice": "the same file imported twice",
  "protoc/unused-import": "an import nothing in the file uses (warning)",
  "protoc/not-imported": "a type defined in a file that is not imported",
  "protoc/not-defined": "a name that resolves to nothing",
  "protoc/resolved-not-defined": "a relative name that resolved to an outer scope where the rest of it is not defined",
  "protoc/not-a-type": "a name used as a type that is not a message or enum",
  "protoc/not-a-message": "a name used as a message (extendee, method input or output) that is not one",
  "protoc/not-an-enum": "an enum default or value lookup on a type that is not an enum",
  "protoc/already-defined": "a name defined twice in one scope (with C++ enum scoping's note for enum values)",
  "protoc/missing-name": "a declaration without a name",
  "protoc/invalid-identifier": "a name that is not a valid identifier",
  "protoc/package-depth": "a package name nested deeper than protoc allows",
  "protoc/too-deep": "messages nested deeper than protoc builds",
  "protoc/duplicate-number": "two fields with the same number",
  "protoc/invalid-number": "a field number out of range (0, negative, above 536870911, or in 19000-19999, which protoc checks last and prints without a position)",
  "protoc/suggested-numbers": "a duplicate or invalid number, with protoc's suggestion of free numbers",
  "protoc/reserved-number": "a field using a reserved number",
  "protoc/reserved-name": "a field using a reserved name",
  "protoc/reserved-overlap": "reserved ranges that overlap",
  "protoc/reserved-twice": "a name reserved twice",
  "protoc/invalid-range": "a reserved or extension range whose end is before its start, or out of range",
  "protoc/extension-range-overlap": "extension ranges that overlap each other or a reserved range",
  "protoc/extension-range-field": "an extension range that includes a field's number",
  "protoc/not-extension-number": "an extension whose number is not in the extendee's extension ranges",
  "protoc/required-extension": "an extension declared required",
  "protoc/enum-duplicate-number": "two enum values with one number without allow_alias",
  "protoc/enum-case-clash": "enum value names that collide once the enum's name as prefix and case are ignored",
  "protoc/empty-enum": "an enum with no values",
  "protoc/empty-oneof": "a oneof with no fields",
  "protoc/oneof-label": "a oneof member with a label (optional, required, repeated)",
  "protoc/oneof-not-consecutive": "the fields of a oneof not declared together",
  "protoc/proto3": "a proto2-only construct in a proto3 file (required, defaults, groups, extension ranges ...)",
  "protoc/open-enum-zero": "an open enum (proto3, or open by its editions features) whose first value is not zero",
  "protoc/editions": "a use of features or labels editions forbid (required, groups, packed, implicit presence with a default ...)",
  "protoc/generic-services": "a warning: cc/java/py_generic_services are deprecated",
  "protoc/feature-lifetime": "a feature or option used before the edition that introduced it or after the one that removed it (a warning when deprecated)",
  "protoc/naming-style": "a name against edition 2024's naming style (STYLE2024)",
  "protoc/not-visible": "a message or enum of another file that is local there (edition 2024 visibility)",
  "protoc/proto3-optional": "a misuse of proto3 optional",
  "protoc/map-key": "a map key type that is not an integral or string type",
  "protoc/map-entry": "map_entry set by hand, or a map entry type used outside its map",
  "protoc/map-conflict": "a map's generated entry type clashes with another nested type",
  "protoc/map-enum-zero": "a map value enum whose first value is not zero (proto3 maps of closed enums)",
  "protoc/json-conflict": "two fields whose JSON names are the same",
  "protoc/json-name": "json_name where protoc forbids it (extensions) or with a bad value",
  "protoc/bad-default": "a default value that does not fit its field's type",
  "protoc/message-default": "a default value on a message field",
  "protoc/repeated-default": "a default value on a repeated field",
  "protoc/bad-type": "a field whose type and type_name disagree",
  "protoc/bad-option": "an option on a field that cannot have it (packed on non-repeated-scalars, lazy on non-messages)",
  "protoc/option": "an option that does not resolve or whose value does not fit its type",
  "protoc/message-set": "a misuse of message_set_wire_format",
  "protoc/lite": "a non-lite file importing a lite (optimize_for = LITE_RUNTIME) one",

  // ------------------------------------------------------------ text format (protoc's words)
  "textformat/expected-token": "a token other than the one the grammar needs here",
  "textformat/invalid-character": "a character that starts no token",
  "textformat/unterminated-string": "a string with no closing quote",
  "textformat/invalid-escape": "a string escape text format does not know",
  "textformat/invalid-number": "a number literal that is not well formed",
  "textformat/invalid-value": "a value of the wrong kind for its field (an identifier for an integer, hex where decimal is needed)",
  "textformat/integer-out-of-range": "an integer that does not fit its field's type",
  "textformat/unknown-field": "a field name the message type does not have",
  "textformat/unknown-extension": "an extension name that is not defined or does not extend this message",
  "textformat/unknown-enum-value": "an enum value name or number the enum does not have",
  "textformat/unknown-any-type": "an Any type URL whose type is not in the schema",
  "textformat/bad-type-url": "a bracketed type URL or extension name that protoc 36 refuses (no or an empty prefix, a bad percent escape, a slash in an extension name)",
  "textformat/duplicate-field": "a non-repeated field given twice",
  "textformat/oneof-conflict": "two members of one oneof given",
  "textformat/too-deep": "messages nested deeper than the parser's limit",
  "textformat/missing-required": "required fields left out (a warning; no position: about the whole message)",
  "textformat/invalid-utf8": "a string field value that is not valid UTF-8 (a warning, as protoc's)",

  // ------------------------------------------------------------ workspace (engine/workspace: what the app shows)
  "workspace/internal-error": "the engine threw on an input (a bug in Wirelab, not in the input)",
  "workspace/no-message-type": "a text-format message with no schema or no message type chosen",
  "workspace/message-type-gone": "the input's message type is no longer in the schema (renamed or removed); names the closest",
  "workspace/annotations-skipped": "bytes too large for the field tree: the annotations are not built",
  "workspace/disassembly-skipped": "bytes too large to disassemble in the editor",

  // ------------------------------------------------------------ compress
  "compress/corrupt": "compressed data that does not decompress",
  "compress/brotli-unavailable": "brotli's wasm module could not be loaded",
  // ------------------------------------------------------------ memory (arena, Go arena, layout)
  "arena/bad-op": "an arena operation that is not alloc:BYTES, reset or realloc:I:BYTES with valid numbers (or grows an allocation not made yet)",
  "arena/too-many-ops": "an arena script longer than 10,000 operations",
  "arena/too-large": "an arena script whose growth would need a chunk of more than 2^40 words",
  "goarena/bad-op": "a Go arena script line that is not a valid new, makeslice, append, clone, free, read or write (names, types, bounds, use after free of the arena itself)",
  "layout/undecodable": "bytes the layout view cannot decode as the chosen message to count its allocations (truncated or malformed)",
  // ------------------------------------------------------------ benchmarks (errors of a run, shown by the Bench panel and the CLI)
  "bench/unknown-suite": "a benchmark suite name that no suite has",
  "bench/prepare-failed": "a suite could not prepare a case for an implementation (e.g. a lesson's message that is not a message)",
  "bench/not-open": "a benchmark isolate asked to sample before a case was opened in it",
  "bench/run-failed": "a benchmark operation threw while being timed",
  "bench/output-mismatch": "implementations of a case produced different output, so the run refused to time them",
  "bench/failed": "a benchmark run failed for a reason with no code of its own (a Worker that could not start reports rpc/ codes)",
} as const satisfies Record<string, string>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/** The one-line meaning of a listed code, or undefined (lint and breaking rule ids: see the rule). */
export function describeCode(code: string): string | undefined {
  return Object.hasOwn(DIAGNOSTIC_CODES, code) ? DIAGNOSTIC_CODES[code as DiagnosticCode] : undefined;
}
