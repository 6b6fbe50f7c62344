/**
 * The one data model every view shares. Every byte the engine produces or reads is covered by
 * annotations: the hex view, the field tree, editor hover links and explanations are all views
 * of this tree. Nothing else may invent its own byte-to-source mapping.
 */

/** What a run of bytes is. */
export type AnnotationKind =
  | "tag"
  | "length"
  | "varint"
  | "zigzag"
  | "i32"
  | "i64"
  | "float"
  | "double"
  | "string"
  | "bytes"
  | "group-start"
  | "group-end"
  | "packed"
  | "message"
  | "raw"
  | "error";

/** A half-open range of character offsets (UTF-16 code units) in the text that produced bytes. */
export interface SourceRange {
  from: number;
  to: number;
}

/**
 * A field number, exactly. A `number` whenever it is a safe integer: every field number a schema
 * may declare (1..536870911) and anything below 2^53. Tags in bytes can carry more (a tag varint
 * has 64 bits, so a field number reaches 2^61-1); those are kept as their exact decimal text,
 * like proto3 JSON keeps 64-bit integers, so they survive JSON, structured clone and printing
 * without rounding (2305843009213693951 must never become 2305843009213694000).
 */
export type FieldNumber = number | string;

/** The largest field number protobuf allows (2^29-1); larger ones decode but no parser accepts them. */
export const MAX_FIELD_NUMBER = 536870911;

/** The field number whose 64-bit value has 32-bit halves `lo` and `hi` (both unsigned). */
export function fieldNumberOf(lo: number, hi: number): FieldNumber {
  if (hi < 0x200000) return hi * 4294967296 + lo;
  return String((BigInt(hi) << 32n) | BigInt(lo));
}

/** The field number of a tag varint with halves `lo` and `hi` (the tag shifted right by 3). */
export function tagFieldNumber(lo: number, hi: number): FieldNumber {
  return fieldNumberOf(((lo >>> 3) | (hi << 29)) >>> 0, hi >>> 3);
}

/** Whether a field number is above MAX_FIELD_NUMBER (decimal text is always above 2^53). */
export function isFieldNumberTooLarge(field: FieldNumber): boolean {
  return typeof field === "string" || field > MAX_FIELD_NUMBER;
}

/** One element of a field path: a field name, a field number (FieldNumber), or a repeated index. */
export type PathElement = string | number;

export interface Annotation {
  /** Half-open byte range [start, end) in the output (assembler, encoder) or input (decoder). */
  bytes: [start: number, end: number];
  kind: AnnotationKind;
  /**
   * Field number, for tags and for the nodes that stand for a whole field: a number, or the
   * exact decimal text when it is above 2^53 (see FieldNumber). Compare with `===`; print as is.
   */
  field?: FieldNumber;
  /** Wire type 0..7, for tags and whole-field nodes. */
  wireType?: number;
  /** Where in the source text these bytes came from, when they came from text. */
  source?: SourceRange;
  /**
   * Field path from the root, e.g. ["points", 2, "x"]; field numbers where no name is known (a
   * number above 2^53 as its decimal text, as in `field`).
   */
  path: PathElement[];
  /** Field name from the schema, when one is given. */
  name?: string;
  /** Type from the schema (e.g. "int32", "pkg.Msg"), when one is given. */
  type?: string;
  /** Human reading: 150, -3 (zigzag), "abc", 1.5. */
  value?: string;
  /**
   * Decoded with a schema, but the schema has no such field (or declares it with another wire
   * type): `name` and `type` are then absent and the field is read without a schema.
   */
  unknown?: boolean;
  children?: AnnotationList;
}

/**
 * Nodes in order, read with `length`, `at(i)` and iteration: a plain array, or a list that makes
 * each node object when it is first read. The assembler's trees and the trees unpacked on the
 * page are the second kind: a megabyte of protoscope has some 70 000 top-level nodes, made again
 * on every keystroke, while a view reads the few on screen.
 */
export interface AnnotationList extends Iterable<Annotation> {
  readonly length: number;
  /** The node at `index` (from the end when negative), undefined outside the list. */
  at(index: number): Annotation | undefined;
}

/** The first node of `nodes` that `test` accepts (reading no node after it), or undefined. */
export function findAnnotation(nodes: AnnotationList, test: (node: Annotation) => boolean): Annotation | undefined {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes.at(i)!;
    if (test(node)) return node;
  }
  return undefined;
}

/** Depth-first walk; stops descending into a node when `visit` returns false. */
export function walkAnnotations(
  nodes: AnnotationList,
  visit: (node: Annotation, depth: number) => boolean | void,
): void {
  const stack: { node: Annotation; depth: number }[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push({ node: nodes.at(i)!, depth: 0 });
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (visit(node, depth) === false || !node.children) continue;
    for (let i = node.children.length - 1; i >= 0; i--) {
      stack.push({ node: node.children.at(i)!, depth: depth + 1 });
    }
  }
}
