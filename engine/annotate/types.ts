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

export interface Annotation {
  /** Half-open byte range [start, end) in the output (assembler, encoder) or input (decoder). */
  bytes: [start: number, end: number];
  kind: AnnotationKind;
  /** Field number, for tags and for the nodes that stand for a whole field. */
  field?: number;
  /** Wire type 0..7, for tags and whole-field nodes. */
  wireType?: number;
  /** Where in the source text these bytes came from, when they came from text. */
  source?: SourceRange;
  /** Field path from the root, e.g. ["points", 2, "x"]; numbers where no name is known. */
  path: (string | number)[];
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
  children?: Annotation[];
}

/** Depth-first walk; stops descending into a node when `visit` returns false. */
export function walkAnnotations(
  nodes: readonly Annotation[],
  visit: (node: Annotation, depth: number) => boolean | void,
): void {
  const stack: { node: Annotation; depth: number }[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push({ node: nodes[i]!, depth: 0 });
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (visit(node, depth) === false || !node.children) continue;
    for (let i = node.children.length - 1; i >= 0; i--) {
      stack.push({ node: node.children[i]!, depth: depth + 1 });
    }
  }
}
