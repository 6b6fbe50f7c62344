/**
 * The .proto compiler: parser (proto2, proto3, edition 2023), linker with protoc's rules and
 * wording, descriptors with SourceCodeInfo. See compile.ts for the entry point.
 *
 * Positions: diagnostics and SourceLocations carry protoc's line and column (1-based in
 * diagnostics, 0-based in SourceCodeInfo; a tab advances to the next multiple of 8 and each UTF-8
 * byte counts as one column, because that is what protoc prints) and plain UTF-16 offsets. An
 * editor should place squiggles from the offsets (e.g. `new LineIndex(text).span(start, end)`).
 */
export { compile } from "./compile.ts";
export { declaredMessageTypes, closestName } from "./message-names.ts";
export type { CompileOptions, CompileResult } from "./compile.ts";
export { parseProto, mapEntryName, MAX_FIELD_NUMBER } from "./parser.ts";
export type { ParsedFile } from "./parser.ts";
export { findLocation, locationSpan, toSourceCodeInfo } from "./locations.ts";
export type { SourceLocation, SourcePoint, ErrorLocationKind } from "./locations.ts";
export { toJsonName } from "./names.ts";
export { formatSchemaDiagnostic, protocPrintsPosition } from "./format.ts";
export { wellKnownFile } from "./wkt.ts";
