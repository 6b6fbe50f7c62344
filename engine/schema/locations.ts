/**
 * Source locations recorded while parsing, in the shape of protoc's SourceCodeInfo: a path of
 * field numbers and indexes into the FileDescriptorProto, a span, and the comments attached to the
 * declaration. Also the "error locations" protoc's linker uses to position its messages (the
 * start of a declaration's name, number, type, ...).
 */
import { create } from "@bufbuild/protobuf";
import type { SourceCodeInfo } from "@bufbuild/protobuf/wkt";
import { SourceCodeInfoSchema, SourceCodeInfo_LocationSchema } from "@bufbuild/protobuf/wkt";
import type { TextPosition, TextSpan } from "../diagnostics.ts";

/** A point in a .proto file: protoc's 0-based line and tab-expanded column, plus the UTF-16 offset. */
export interface SourcePoint {
  line: number;
  column: number;
  offset: number;
}

/** One recorded location, like protoc's SourceCodeInfo.Location (with offsets added). */
export interface SourceLocation {
  path: number[];
  start: SourcePoint;
  /** Unset while the declaration is still being parsed. */
  end?: SourcePoint;
  leadingComments?: string;
  trailingComments?: string;
  leadingDetachedComments: string[];
}

/** Where protoc's linker points for an error about a declaration (its ErrorLocation enum). */
export type ErrorLocationKind =
  | "NAME"
  | "NUMBER"
  | "TYPE"
  | "EXTENDEE"
  | "DEFAULT_VALUE"
  | "INPUT_TYPE"
  | "OUTPUT_TYPE"
  | "OPTION_NAME"
  | "OPTION_VALUE"
  | "OTHER"
  | "EDITIONS"
  /** Not protoc's: where we point when protoc prints an error without a position. */
  | "UNRECORDED";

/** Maps descriptor objects (by identity) to the locations of their parts. */
export class ErrorLocationTable {
  private readonly table = new WeakMap<object, Map<ErrorLocationKind, SourceLocation>>();
  readonly imports = new Map<string, SourceLocation>();

  add(descriptor: object, kind: ErrorLocationKind, location: SourceLocation): void {
    let entry = this.table.get(descriptor);
    if (!entry) this.table.set(descriptor, (entry = new Map()));
    entry.set(kind, location);
  }

  find(descriptor: object, kind: ErrorLocationKind): SourceLocation | undefined {
    return this.table.get(descriptor)?.get(kind);
  }
}

/** Converts a recorded location into a diagnostic span (1-based protoc line and column). */
export function locationSpan(location: SourceLocation, file: string): TextSpan {
  const end = location.end ?? location.start;
  return { kind: "text", file, start: toPosition(location.start), end: toPosition(end) };
}

export function toPosition(p: SourcePoint): TextPosition {
  return { offset: p.offset, line: p.line + 1, column: p.column + 1 };
}

/** Builds protoc's SourceCodeInfo (0-based [startLine, startCol, endLine?, endCol] spans). */
export function toSourceCodeInfo(locations: readonly SourceLocation[]): SourceCodeInfo {
  return create(SourceCodeInfoSchema, {
    location: locations.map((l) => {
      const end = l.end ?? l.start;
      const span = end.line === l.start.line ? [l.start.line, l.start.column, end.column] : [l.start.line, l.start.column, end.line, end.column];
      const loc = create(SourceCodeInfo_LocationSchema, { path: l.path, span, leadingDetachedComments: l.leadingDetachedComments });
      if (l.leadingComments !== undefined) loc.leadingComments = l.leadingComments;
      if (l.trailingComments !== undefined) loc.trailingComments = l.trailingComments;
      return loc;
    }),
  });
}

/** Finds the location recorded for exactly this path (the first one, as protoc's lookup does). */
export function findLocation(locations: readonly SourceLocation[], path: readonly number[]): SourceLocation | undefined {
  outer: for (const l of locations) {
    if (l.path.length !== path.length) continue;
    for (let i = 0; i < path.length; i++) if (l.path[i] !== path[i]) continue outer;
    return l;
  }
  return undefined;
}
