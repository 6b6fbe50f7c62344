/**
 * The .proto compiler: parser (proto2, proto3, edition 2023), linker with protoc's rules and
 * wording, descriptors with SourceCodeInfo. See compile.ts for the entry point.
 */
export { compile } from "./compile.ts";
export type { CompileOptions, CompileResult } from "./compile.ts";
export { parseProto, mapEntryName, MAX_FIELD_NUMBER } from "./parser.ts";
export type { ParsedFile } from "./parser.ts";
export { findLocation, locationSpan, toSourceCodeInfo } from "./locations.ts";
export type { SourceLocation, SourcePoint, ErrorLocationKind } from "./locations.ts";
export { toJsonName } from "./linker.ts";
export { formatSchemaDiagnostic, protocPrintsPosition } from "./format.ts";
