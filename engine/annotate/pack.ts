// Annotation trees cross the Worker boundary as columns of integers plus a string table, not as
// objects: structured cloning 300 000 small objects took 2.5–4 s here (most of it on the page's
// thread), while packing, transferring the buffers and rebuilding the objects takes a small
// fraction of that. Nodes are stored in depth-first pre-order with their child counts.
import type { Annotation, AnnotationKind, AnnotationList, FieldNumber, PathElement } from "./types.ts";
import { annotationList } from "./list.ts";

const KINDS: readonly AnnotationKind[] = [
  "tag", "length", "varint", "zigzag", "i32", "i64", "float", "double", "string", "bytes",
  "group-start", "group-end", "packed", "message", "raw", "error",
];
const KIND_INDEX = new Map(KINDS.map((k, i) => [k, i]));

/** Int32 columns per node. */
const COLS = 12;
const [START, END, KIND, FIELD, WIRE, FROM, TO, CHILDREN, NAME, TYPE, VALUE, UNKNOWN] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
/** The UNKNOWN column: `unknown` absent, true or false (kept exactly, so the tree round-trips). */
const UNKNOWN_ABSENT = 0;
const UNKNOWN_TRUE = 1;
const UNKNOWN_FALSE = 2;

export interface PackedAnnotations {
  count: number;
  roots: number;
  /**
   * COLS int32s per node; -1 means "absent". A field number that does not fit an int32 is stored
   * as -2 - i, where strings[i] is its exact decimal text.
   */
  columns: Int32Array;
  /** Index into `paths` per node. */
  pathIds: Int32Array;
  strings: string[];
  /** Each distinct path, JSON-encoded (paths repeat a lot: every tag shares its field's path). */
  paths: string[];
}

function countNodes(nodes: AnnotationList): number {
  let n = 0;
  const stack: (AnnotationList)[] = [nodes];
  while (stack.length > 0) {
    const list = stack.pop()!;
    n += list.length;
    for (const node of list) if (node.children && node.children.length > 0) stack.push(node.children);
  }
  return n;
}

export function packAnnotations(roots: AnnotationList): PackedAnnotations {
  const count = countNodes(roots);
  const columns = new Int32Array(count * COLS);
  const pathIds = new Int32Array(count);
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const paths: string[] = [];
  const pathIndex = new Map<string, number>();
  const intern = (s: string | undefined): number => {
    if (s === undefined) return -1;
    let i = stringIndex.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      stringIndex.set(s, i);
    }
    return i;
  };
  let lastPath: unknown = undefined;
  let lastPathId = -1;
  let row = 0;
  const stack: Annotation[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push(roots.at(i)!);
  while (stack.length > 0) {
    const node = stack.pop()!;
    const o = row * COLS;
    columns[o + START] = node.bytes[0];
    columns[o + END] = node.bytes[1];
    columns[o + KIND] = KIND_INDEX.get(node.kind) ?? KIND_INDEX.get("raw")!;
    const field = node.field;
    columns[o + FIELD] = field === undefined ? -1 : typeof field === "number" && field <= 0x7fffffff ? field : -2 - intern(String(field));
    columns[o + WIRE] = node.wireType ?? -1;
    columns[o + FROM] = node.source ? node.source.from : -1;
    columns[o + TO] = node.source ? node.source.to : -1;
    columns[o + CHILDREN] = node.children ? node.children.length : -1;
    columns[o + NAME] = intern(node.name);
    columns[o + TYPE] = intern(node.type);
    columns[o + VALUE] = intern(node.value);
    columns[o + UNKNOWN] = node.unknown === undefined ? UNKNOWN_ABSENT : node.unknown ? UNKNOWN_TRUE : UNKNOWN_FALSE;
    if (node.path !== lastPath) {
      const key = JSON.stringify(node.path);
      let id = pathIndex.get(key);
      if (id === undefined) {
        id = paths.length;
        paths.push(key);
        pathIndex.set(key, id);
      }
      lastPath = node.path;
      lastPathId = id;
    }
    pathIds[row] = lastPathId;
    row++;
    if (node.children) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children.at(i)!);
  }
  return { count, roots: roots.length, columns, pathIds, strings, paths };
}

/** The field number stored in a FIELD column (see PackedAnnotations.columns). */
function fieldAt(column: number, strings: readonly string[]): FieldNumber {
  if (column >= 0) return column;
  const text = strings[-2 - column]!;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

export function unpackAnnotations(packed: PackedAnnotations): Annotation[] {
  const { columns, pathIds, strings } = packed;
  const paths = packed.paths.map((p) => JSON.parse(p) as PathElement[]);
  let row = 0;
  const build = (): { node: Annotation; children: Annotation[] | undefined } => {
    const o = row * COLS;
    const node: Annotation = {
      bytes: [columns[o + START]!, columns[o + END]!],
      kind: KINDS[columns[o + KIND]!]!,
      path: paths[pathIds[row]!]!,
    };
    if (columns[o + FIELD]! !== -1) node.field = fieldAt(columns[o + FIELD]!, strings);
    if (columns[o + WIRE]! >= 0) node.wireType = columns[o + WIRE]!;
    if (columns[o + FROM]! >= 0) node.source = { from: columns[o + FROM]!, to: columns[o + TO]! };
    if (columns[o + NAME]! >= 0) node.name = strings[columns[o + NAME]!]!;
    if (columns[o + TYPE]! >= 0) node.type = strings[columns[o + TYPE]!]!;
    if (columns[o + VALUE]! >= 0) node.value = strings[columns[o + VALUE]!]!;
    if (columns[o + UNKNOWN]! !== UNKNOWN_ABSENT) node.unknown = columns[o + UNKNOWN] === UNKNOWN_TRUE;
    const childCount = columns[o + CHILDREN]!;
    row++;
    return childCount >= 0 ? { node, children: (node.children = new Array<Annotation>(childCount)) } : { node, children: undefined };
  };
  // Pre-order rebuild with an explicit stack (trees can be deep).
  const roots: Annotation[] = new Array(packed.roots);
  const stack: { list: Annotation[]; i: number }[] = [{ list: roots, i: 0 }];
  while (stack.length > 0 && row < packed.count) {
    const top = stack[stack.length - 1]!;
    if (top.i >= top.list.length) {
      stack.pop();
      continue;
    }
    const { node, children } = build();
    top.list[top.i++] = node;
    if (children && children.length > 0) stack.push({ list: children, i: 0 });
  }
  return roots;
}

interface LazyContext {
  packed: PackedAnnotations;
  /** Nodes in each node's subtree, itself included: the step from a node to its next sibling. */
  subtree: Int32Array;
  pathCache: (PathElement[] | undefined)[];
}

function subtreeSizes(packed: PackedAnnotations): Int32Array {
  const { count, columns } = packed;
  const sizes = new Int32Array(count);
  // Pre-order: a node's children follow it, each a whole subtree, so sizes fill in backwards.
  for (let row = count - 1; row >= 0; row--) {
    let size = 1;
    let child = row + 1;
    const n = columns[row * COLS + CHILDREN]!;
    for (let c = 0; c < n && child < count; c++) {
      size += sizes[child]!;
      child += sizes[child]!;
    }
    sizes[row] = size;
  }
  return sizes;
}

function lazyList(ctx: LazyContext, firstRow: number, n: number): AnnotationList {
  // A damaged count cannot point past the rows: the list ends with them.
  const rows = new Int32Array(n);
  let row = firstRow;
  let i = 0;
  for (; i < n && row < ctx.packed.count; i++) {
    rows[i] = row;
    row += ctx.subtree[row]!;
  }
  return annotationList(i, (k) => new LazyAnnotation(ctx, rows[k]!));
}

/** An annotation read from the packed columns; its children are built when first asked for. */
class LazyAnnotation implements Annotation {
  bytes: [number, number];
  kind: AnnotationKind;
  path: PathElement[];
  declare field?: FieldNumber;
  declare wireType?: number;
  declare source?: { from: number; to: number };
  declare name?: string;
  declare type?: string;
  declare value?: string;
  declare unknown?: boolean;
  #ctx: LazyContext;
  #row: number;
  #children: AnnotationList | undefined | null = null;

  constructor(ctx: LazyContext, row: number) {
    const { columns, strings, pathIds, paths } = ctx.packed;
    const o = row * COLS;
    this.#ctx = ctx;
    this.#row = row;
    this.bytes = [columns[o + START]!, columns[o + END]!];
    this.kind = KINDS[columns[o + KIND]!]!;
    const pathId = pathIds[row]!;
    this.path = ctx.pathCache[pathId] ??= JSON.parse(paths[pathId]!) as PathElement[];
    if (columns[o + FIELD]! !== -1) this.field = fieldAt(columns[o + FIELD]!, strings);
    if (columns[o + WIRE]! >= 0) this.wireType = columns[o + WIRE]!;
    if (columns[o + FROM]! >= 0) this.source = { from: columns[o + FROM]!, to: columns[o + TO]! };
    if (columns[o + NAME]! >= 0) this.name = strings[columns[o + NAME]!]!;
    if (columns[o + TYPE]! >= 0) this.type = strings[columns[o + TYPE]!]!;
    if (columns[o + VALUE]! >= 0) this.value = strings[columns[o + VALUE]!]!;
    if (columns[o + UNKNOWN]! !== UNKNOWN_ABSENT) this.unknown = columns[o + UNKNOWN] === UNKNOWN_TRUE;
  }

  get children(): AnnotationList | undefined {
    if (this.#children === null) {
      const n = this.#ctx.packed.columns[this.#row * COLS + CHILDREN]!;
      this.#children = n < 0 ? undefined : lazyList(this.#ctx, this.#row + 1, n);
    }
    return this.#children;
  }
}

/**
 * Like unpackAnnotations, but builds only the top level now and each node's children when they
 * are first read. The views touch a few hundred nodes (what is on screen, what is hovered), so a
 * 300 000-node tree costs its roots, not all its nodes, on the page's thread.
 */
export function unpackAnnotationsLazy(packed: PackedAnnotations): AnnotationList {
  const ctx: LazyContext = { packed, subtree: subtreeSizes(packed), pathCache: new Array(packed.paths.length) };
  return lazyList(ctx, 0, packed.roots);
}
