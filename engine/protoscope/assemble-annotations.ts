/**
 * Builds the assembler's annotation tree (engine/annotate/types.ts) while it assembles, as
 * columns of integers, and hands out node objects only for the parts of the tree someone reads.
 *
 * Why columns: the IDE needs the tree on every keystroke, and a megabyte of protoscope makes a
 * few hundred thousand nodes. As objects (a node, its byte pair, its source, its path array and
 * its reading string each) they cost about ten times the assembly itself, mostly in allocation
 * and garbage collection, while the views read only what is on screen or under the pointer. So a
 * node is a row of Int32Array columns (kind, byte range, source range, tag, links to its first
 * child and next sibling, how to compute its reading); `finish()` returns the top-level nodes as
 * a list (list.ts) that makes each node object when it is first read, and so are the children. Readings ("150", "\"abc\"",
 * "1:LEN") and paths are computed then, from the source text and the output bytes.
 *
 * Offsets: the assembler writes the payload of every `{}` first and inserts the length prefixes
 * at the end (see length-prefixes.ts), so while it runs it only knows "raw" offsets: positions in
 * the output without the prefixes. Each offset is recorded together with how many prefixes had
 * been opened when it was recorded; every one of those prefixes ends up before it in the output
 * and no later one does. Once all prefix sizes are known, `finish()` turns each (raw offset,
 * prefix count) into a real byte offset: raw + the total size of the first `count` prefixes.
 *
 * Node shapes (every output byte is covered by exactly one leaf):
 * - a tag and the value that follows it form one field node (`field`, `wireType`, the value's
 *   kind and reading) whose children are the tag and the value;
 * - a tag followed by `{...}`: a field node with children tag, length, then the nested nodes;
 *   its kind is "message" (has tags or braces inside), "packed" (only numbers), "string"/"bytes"
 *   (one string or hex literal);
 * - a tag followed by `!{...}`: a field node (kind "message", wire type 3) with children
 *   group-start tag, the nested nodes, group-end tag;
 * - a `{...}` without a tag: a node like the field node, without the tag;
 * - a tag followed by anything else (a string, another tag, `}`): a lone tag node;
 * - in recovering mode (the IDE), an `error` node with no bytes where an error was skipped.
 */
import { tagFieldNumber } from "../annotate/types.ts";
import type { Annotation, AnnotationKind, AnnotationList, FieldNumber, PathElement, SourceRange } from "../annotate/types.ts";
import { annotationList } from "../annotate/list.ts";
import type { RangeTree } from "../annotate/sources.ts";
import { toHex } from "../wire/hex.ts";
import { join64 } from "../wire/varint.ts";
import { formatFloat32 } from "./floats.ts";
import { decodedView, decodeString } from "./literals.ts";
import { newSymbolValue, parseSymbol, type SymbolValue, SymbolKind } from "./token-values.ts";

/** Readings longer than this are cut (with "…"), so an 8 MB string is not copied into its node. */
const MAX_READING = 120;

/** A node handle: its row in the columns. */
export type NodeId = number;
export const NO_NODE = -1;

const KINDS: readonly AnnotationKind[] = [
  "tag", "length", "varint", "zigzag", "i32", "i64", "float", "double", "string", "bytes",
  "group-start", "group-end", "packed", "message", "raw", "error",
];
const KIND_INDEX = new Map(KINDS.map((k, i) => [k, i]));
/** A kind as its index in KINDS (what the columns hold). */
export type NodeKind = number;
export const NodeKinds = {
  varint: KIND_INDEX.get("varint")!,
  zigzag: KIND_INDEX.get("zigzag")!,
  i32: KIND_INDEX.get("i32")!,
  i64: KIND_INDEX.get("i64")!,
  float: KIND_INDEX.get("float")!,
  double: KIND_INDEX.get("double")!,
} as const;
const K_TAG = KIND_INDEX.get("tag")!;
const K_LENGTH = KIND_INDEX.get("length")!;
const K_STRING = KIND_INDEX.get("string")!;
const K_BYTES = KIND_INDEX.get("bytes")!;
const K_GROUP_START = KIND_INDEX.get("group-start")!;
const K_GROUP_END = KIND_INDEX.get("group-end")!;
const K_PACKED = KIND_INDEX.get("packed")!;
const K_MESSAGE = KIND_INDEX.get("message")!;
const K_ERROR = KIND_INDEX.get("error")!;

/**
 * Columns of a node row: 11 numbers, 44 bytes. Building the tree is mostly writing rows to fresh
 * memory (a megabyte of protoscope makes some 370 000), so the row is kept small: the kind, flags
 * and reading mode share one number, and a tag keeps its value where other nodes keep a reading's
 * argument and their first child (a tag has neither).
 */
const SHAPE = 0; // kind | flags << FLAGS_SHIFT | mode << MODE_SHIFT
const START = 1; // raw until finish(), then the byte offset
const K0 = 2;
const END = 3;
const K1 = 4;
const FROM = 5;
const TO = 6;
const VALUE = 7; // what the mode needs: a token's start, a length, a node, a message index; a tag: the low half of its varint
const PATH_BASE = 8; // the node whose path this one extends (or shares); NO_NODE: the root
const FIRST_CHILD = 9; // a tag: the high half of its varint (field << 3 | wire type)
const NEXT = 10;
/** Numbers per row. */
export const STRIDE = 11;

const KIND_MASK = 15;
const FLAGS_SHIFT = 4;
const MODE_SHIFT = 7;

// Flags.
const HAS_FIELD = 1; // `field` and `wireType` are shown
const APPENDS_FIELD = 2; // the path is PATH_BASE's path plus this node's field number
const HAS_CHILDREN = 4; // `children` is a list (possibly empty), not undefined

function shapeOf(kind: NodeKind, flags: number, mode: number): number {
  return kind | (flags << FLAGS_SHIFT) | (mode << MODE_SHIFT);
}
const kindOf = (shape: number): NodeKind => shape & KIND_MASK;
const flagsOf = (shape: number): number => (shape >> FLAGS_SHIFT) & 7;
const modeOf = (shape: number): number => shape >> MODE_SHIFT;
/** Whether a node of this kind is a tag (its row holds the tag's value). */
const isTagKind = (kind: NodeKind): boolean => kind === K_TAG || kind === K_GROUP_START || kind === K_GROUP_END;

// How a node's reading (`value`) is computed.
const V_NONE = 0;
const V_NUMBER = 1; // the number, float or bool token at VALUE..TO
const V_STRING = 2; // the string token at VALUE..TO
const V_HEX = 3; // the output bytes START..END, as a hex literal
const V_TAG = 4; // "N:TYPE" from the tag
const V_LENGTH = 5; // VALUE is the length
const V_NODE = 6; // the reading of node VALUE
const V_MESSAGE = 7; // messages[VALUE]

interface Container {
  node: NodeId;
  /** The length node of a `{}` (its reading is known only at the close), or NO_NODE for a group. */
  length: NodeId;
  tags: number;
  scalars: number;
  strings: number;
  nested: number;
  /** The last string/hex child, for a `{"text"}` field. */
  lastString: NodeId;
  /** Its last child so far (NO_NODE: none), where the next one is linked. */
  last: NodeId;
}

function container(node: NodeId, length: NodeId, last: NodeId): Container {
  return { node, length, tags: 0, scalars: 0, strings: 0, nested: 0, lastString: NO_NODE, last };
}

export class AnnotationBuilder {
  private cols: Int32Array;
  /** Rows used; row 0 is the root (the top level's container). */
  private rows = 1;
  private readonly stack: Container[] = [];
  /** The containers made so far, by depth (open() reuses them). */
  private readonly pool: Container[] = [];
  private current: Container;
  /** Error messages of recovered errors (V_MESSAGE readings). */
  private messages: string[] = [];
  /**
   * Tags whose field number is above 536870911 (at most MAX_FIELD_WARNINGS): they assemble, as in
   * protoscope, but the assembler warns about them when it annotates (the IDE's mode).
   */
  tooLargeFields: FieldWarning[] = [];

  /**
   * `storage`: columns to build in (an AssemblyMemo's, kept from the run before, so a keystroke
   * allocates none); they grow as needed, and `columns` is where the rows ended up. With storage,
   * call `restore` or `emptyRoot` before building.
   */
  constructor(private readonly text: string, storage?: Int32Array) {
    // About one node per 8 characters of typical protoscope (the benchmark corpus makes one per
    // 8.1): sized once, the columns rarely grow (each doubling copies them all).
    this.cols = storage ?? new Int32Array(STRIDE * Math.min(Math.max(text.length >> 3, 4096), 1 << 21));
    this.root = container(0, NO_NODE, NO_NODE);
    this.current = this.root;
    // The root row; `restore` keeps the one already in `storage`.
    if (storage === undefined) this.emptyRoot();
  }

  /** Writes the root row (no children yet). */
  emptyRoot(): void {
    const c = this.cols;
    c.fill(0, 0, STRIDE);
    c[SHAPE] = shapeOf(K_MESSAGE, HAS_CHILDREN, V_NONE);
    c[PATH_BASE] = NO_NODE;
    c[FIRST_CHILD] = NO_NODE;
    c[NEXT] = NO_NODE;
    this.root.last = NO_NODE;
  }

  /** Nodes made so far. */
  get count(): number {
    return this.rows - 1;
  }

  /** Rows used (the root's included). */
  get rowCount(): number {
    return this.rows;
  }

  /** The columns the rows are in (they are replaced when they grow). */
  get columns(): Int32Array {
    return this.cols;
  }

  /** The last top-level node so far (NO_NODE: none). */
  get lastTopLevel(): NodeId {
    return this.root.last;
  }

  /**
   * Goes back to a point the builder passed with no container open: `rows` rows, `lastTopLevel`
   * the root's last child then (the root row, its first child, is the one in the columns), the first `messages` messages and `warnings` field warnings of
   * `from` (the lists are copied: the trees of earlier runs keep theirs). The columns must be
   * those the rows were built in, with no byte offset fixed yet (`finish(…, true)` leaves them so).
   */
  restore(rows: number, lastTopLevel: NodeId, from: { messages: readonly string[]; warnings: readonly FieldWarning[] }, messages: number, warnings: number): void {
    const c = this.cols;
    this.rows = rows;
    this.root.last = lastTopLevel;
    if (lastTopLevel === NO_NODE) c[FIRST_CHILD] = NO_NODE;
    else c[lastTopLevel * STRIDE + NEXT] = NO_NODE;
    this.messages = from.messages.slice(0, messages);
    this.tooLargeFields = from.warnings.slice(0, warnings);
  }

  /** The messages list (for an AssemblyMemo; `restore` copies what it takes). */
  get messageList(): readonly string[] {
    return this.messages;
  }
  /** A new row; its children and sibling links start empty. */
  private row(kind: NodeKind, rawStart: number, k0: number, rawEnd: number, k1: number, from: number, to: number, mode: number, value: number, pathBase: NodeId, flags: number): NodeId {
    let c = this.cols;
    const id = this.rows;
    let o = id * STRIDE;
    if (o + STRIDE > c.length) {
      const bigger = new Int32Array(c.length * 2);
      bigger.set(c);
      this.cols = c = bigger;
    }
    this.rows = id + 1;
    c[o++] = shapeOf(kind, flags, mode);
    c[o++] = rawStart;
    c[o++] = k0;
    c[o++] = rawEnd;
    c[o++] = k1;
    c[o++] = from;
    c[o++] = to;
    c[o++] = value;
    c[o++] = pathBase;
    c[o++] = NO_NODE;
    c[o] = NO_NODE;
    return id;
  }

  /** A number, float or bool value: its reading is the token from..to (long-form before it: `at`). */
  number(kind: NodeKind, rawStart: number, k0: number, rawEnd: number, k1: number, from: number, at: number, to: number): NodeId {
    return this.row(kind, rawStart, k0, rawEnd, k1, from, to, V_NUMBER, at, this.current.node, 0);
  }

  /** A string or hex literal token from..to; `text`: a string whose bytes are valid UTF-8. */
  literal(text: boolean, rawStart: number, k: number, rawEnd: number, from: number, to: number): NodeId {
    return this.row(text ? K_STRING : K_BYTES, rawStart, k, rawEnd, k, from, to, text ? V_STRING : V_HEX, from, this.current.node, 0);
  }

  /** The length prefix of a `{` (its reading is set at the close). */
  length(rawStart: number, k0: number, k1: number, from: number, to: number): NodeId {
    return this.row(K_LENGTH, rawStart, k0, rawStart, k1, from, to, V_LENGTH, 0, this.current.node, 0);
  }

  /** A zero-width `error` node at raw offset `raw` for source from..to, reading `message` (recovery). */
  error(raw: number, k: number, from: number, to: number, message: string): NodeId {
    this.messages.push(message);
    return this.row(K_ERROR, raw, k, raw, k, from, to, V_MESSAGE, this.messages.length - 1, this.current.node, 0);
  }

  /** A tag node (kind chosen from its wire type) for the tag value with halves lo, hi. */
  tag(lo: number, hi: number, rawStart: number, rawEnd: number, k: number, from: number, to: number): NodeId {
    const wireType = lo & 7;
    const kind = wireType === 3 ? K_GROUP_START : wireType === 4 ? K_GROUP_END : K_TAG;
    // The field number (tag >>> 3) is past 536870911 exactly when the tag needs more than 32 bits.
    if (hi !== 0 && kind !== K_GROUP_END && this.tooLargeFields.length < MAX_FIELD_WARNINGS) {
      this.tooLargeFields.push({ field: tagFieldNumber(lo, hi), from, to });
    }
    const id = this.row(kind, rawStart, k, rawEnd, k, from, to, V_TAG, lo, this.current.node, HAS_FIELD | APPENDS_FIELD);
    this.cols[id * STRIDE + FIRST_CHILD] = hi;
    return id;
  }

  /** The end tag of the innermost group: a tag node on the group's own path. */
  groupEnd(lo: number, hi: number, rawStart: number, rawEnd: number, k: number, from: number, to: number): NodeId {
    const id = this.tag(lo, hi, rawStart, rawEnd, k, from, to);
    this.cols[id * STRIDE + SHAPE] = shapeOf(K_GROUP_END, HAS_FIELD, V_TAG);
    return id;
  }

  /** The wire type of tag node `tag`. */
  wireTypeOf(tag: NodeId): number {
    return this.cols[tag * STRIDE + VALUE]! & 7;
  }

  /** The source start of node `id`. */
  fromOf(id: NodeId): number {
    return this.cols[id * STRIDE + FROM]!;
  }

  /** Adds a finished node to the open container and counts what it is. */
  add(id: NodeId): void {
    const cur = this.current;
    const c = this.cols;
    if (cur.last === NO_NODE) c[cur.node * STRIDE + FIRST_CHILD] = id;
    else c[cur.last * STRIDE + NEXT] = id;
    cur.last = id;
    const shape = c[id * STRIDE + SHAPE]!;
    const kind = kindOf(shape);
    if (kind === K_STRING || kind === K_BYTES) {
      cur.strings++;
      cur.lastString = id;
    } else if (kind === K_TAG || kind === K_GROUP_START || kind === K_GROUP_END) {
      cur.tags++;
    } else if (kind === K_MESSAGE || kind === K_PACKED) {
      cur.nested++;
    } else if (kind !== K_ERROR) {
      if ((flagsOf(shape) & HAS_FIELD) !== 0) cur.tags++;
      else cur.scalars++;
    }
  }

  /** Makes `tag` and `value`, the last two nodes made, the children of one field node and adds it. */
  addField(tag: NodeId, value: NodeId): void {
    const t = tag * STRIDE;
    const v = value * STRIDE;
    const before = this.cols;
    const id = this.row(kindOf(before[v + SHAPE]!), before[t + START]!, before[t + K0]!, before[v + END]!, before[v + K1]!, before[t + FROM]!, before[v + TO]!, V_NODE, value, tag, HAS_FIELD | HAS_CHILDREN);
    // row() may have grown the columns into a new array: read them again. The tag is the first
    // child (where the field's number is read), the value the second; neither was linked yet.
    const c = this.cols;
    c[id * STRIDE + FIRST_CHILD] = tag;
    c[t + NEXT] = value;
    c[v + PATH_BASE] = tag;
    this.add(id);
  }

  /**
   * Opens a container for `{` (with its length node) or `!{` (length NO_NODE), optionally led by
   * a tag; later nodes go inside it until close().
   */
  open(tag: NodeId, length: NodeId, rawStart: number, k: number, from: number): void {
    const id =
      tag !== NO_NODE
        ? this.row(K_MESSAGE, rawStart, k, rawStart, k, from, from, V_NONE, 0, tag, HAS_FIELD | HAS_CHILDREN)
        : this.row(K_MESSAGE, rawStart, k, rawStart, k, from, from, V_NONE, 0, this.current.node, HAS_CHILDREN);
    // Read after row(), which may have grown the columns into a new array. Its first children:
    // the tag (where the field's number is read), then the length.
    const c = this.cols;
    let last = NO_NODE;
    if (tag !== NO_NODE) {
      c[id * STRIDE + FIRST_CHILD] = tag;
      last = tag;
    }
    if (length !== NO_NODE) {
      c[length * STRIDE + PATH_BASE] = id;
      if (last === NO_NODE) c[id * STRIDE + FIRST_CHILD] = length;
      else c[last * STRIDE + NEXT] = length;
      last = length;
    }
    this.add(id);
    // One container object per depth, reused: a megabyte of protoscope opens some 100 000 braces.
    const depth = this.stack.length;
    let opened = this.pool[depth];
    if (opened === undefined) this.pool[depth] = opened = container(id, length, last);
    else {
      opened.node = id;
      opened.length = length;
      opened.tags = opened.scalars = opened.strings = opened.nested = 0;
      opened.lastString = NO_NODE;
      opened.last = last;
    }
    this.stack.push(opened);
    this.current = opened;
  }

  /** Closes the innermost container at raw offset `rawEnd` (with `k` prefixes opened), source end `to`. */
  close(rawEnd: number, k: number, to: number, lengthValue: number): void {
    const cont = this.stack.pop()!;
    const c = this.cols;
    const o = cont.node * STRIDE;
    c[o + END] = rawEnd;
    c[o + K1] = k;
    c[o + TO] = to;
    if (cont.length !== NO_NODE) {
      c[cont.length * STRIDE + VALUE] = lengthValue;
      const shape = c[o + SHAPE]!;
      const flags = flagsOf(shape);
      if (cont.tags > 0 || cont.nested > 0) c[o + SHAPE] = shapeOf(K_MESSAGE, flags, modeOf(shape));
      else if (cont.strings === 1 && cont.scalars === 0) {
        c[o + SHAPE] = shapeOf(kindOf(c[cont.lastString * STRIDE + SHAPE]!), flags, V_NODE);
        c[o + VALUE] = cont.lastString;
      } else if (cont.scalars > 0 && cont.strings === 0) c[o + SHAPE] = shapeOf(K_PACKED, flags, modeOf(shape));
      else if (cont.strings > 0) c[o + SHAPE] = shapeOf(K_BYTES, flags, modeOf(shape));
    }
    this.current = this.stack[this.stack.length - 1] ?? this.root;
  }

  /** The top level's container (its counts are never read). */
  private readonly root: Container;

  /** How many containers are open. */
  get depth(): number {
    return this.stack.length;
  }

  /**
   * Fixes every node's byte range once `prefixBefore[k]` (total prefix bytes of the first k) is
   * known, and returns the top-level nodes over the final `bytes`. `keep`: fix them in an
   * exact-size copy and leave the builder's columns as they are (raw), for an AssemblyMemo.
   */
  finish(prefixBefore: ArrayLike<number>, bytes: Uint8Array, keep = false): AnnotationList {
    const end = this.rows * STRIDE;
    const c = keep ? this.cols.slice(0, end) : this.cols;
    addPrefixes(c, end, prefixBefore);
    const tree = new AssembledTree(c, this.rows, this.text, bytes, this.messages);
    const roots = tree.list(0);
    // The rows stay reachable from the roots, so the tree can cross to another thread as data.
    Object.defineProperty(roots, TREE, { value: tree });
    return roots;
  }
}

/**
 * Turns every row's raw byte range into offsets in the output. A function of its own, not a loop
 * in finish(): a loop that runs once per call is compiled by on-stack replacement, and in the
 * Worker that code was thrown away and rebuilt run after run (in a CPU profile of the Worker,
 * finish() went from about 12 ms a 100 KB keystroke to about 5, most of it then the rows' copy);
 * a small function called every run stays optimised.
 */
function addPrefixes(c: Int32Array, end: number, prefixBefore: ArrayLike<number>): void {
  for (let o = STRIDE; o < end; o += STRIDE) {
    c[o + START] = c[o + START]! + prefixBefore[c[o + K0]!]!;
    c[o + END] = c[o + END]! + prefixBefore[c[o + K1]!]!;
  }
}

const TREE = Symbol("assembled tree");

/**
 * The assembler's tree as plain data for another thread: its rows, the messages of recovered
 * errors and the source text (the bytes travel on their own). A Worker sends this instead of
 * packing node objects, which would make every node to pack it.
 */
export interface AssembledTreeData {
  /**
   * The builder's own columns, not a copy: the first `rowCount` rows are the tree, the rest is
   * room the builder did not use. A Worker transfers the buffer (nothing is copied), which leaves
   * its own tree unreadable: call `assembledTreeData` once a tree is done with.
   */
  rows: Int32Array;
  rowCount: number;
  /**
   * The rows of the top-level nodes, in order. Finding them means walking the tree's sibling
   * links over megabytes of rows (some 6 ms for 70 000 nodes, nearly all of it waiting for
   * memory); the Worker has done that walk already, so the page does not do it again.
   */
  roots: Int32Array;
  messages: string[];
  text: string;
}

/** The data of a tree `assemble` returned; undefined for any other tree (the decoder's, say). */
export function assembledTreeData(roots: AnnotationList): AssembledTreeData | undefined {
  const tree = (roots as { [TREE]?: AssembledTree })[TREE];
  return tree?.data();
}

/**
 * The assembler's tree read by rows, ranges only, with no node objects made (for attaching its
 * source ranges to a decoded tree: engine/annotate/sources.ts); undefined for any other tree.
 */
export function assembledRanges(roots: AnnotationList): RangeTree | undefined {
  const tree = (roots as { [TREE]?: AssembledTree })[TREE];
  if (!tree) return undefined;
  const c = tree.cols;
  return {
    root: 0,
    children: (id) => tree.childIds(id),
    start: (id) => c[id * STRIDE + START]!,
    end: (id) => c[id * STRIDE + END]!,
    from: (id) => c[id * STRIDE + FROM]!,
    to: (id) => c[id * STRIDE + TO]!,
  };
}

/** The tree of `data` over the same `bytes`, its nodes made as they are read. */
export function assembledTreeFrom(data: AssembledTreeData, bytes: Uint8Array): AnnotationList {
  const tree = new AssembledTree(data.rows, data.rowCount, data.text, bytes, data.messages, data.roots);
  const roots = tree.list(0);
  Object.defineProperty(roots, TREE, { value: tree });
  return roots;
}

/** A tag whose field number is out of range, for its warning. */
export interface FieldWarning {
  field: FieldNumber;
  from: number;
  to: number;
}

/** Most "field number out of range" warnings one assembly reports. */
const MAX_FIELD_WARNINGS = 100;

/** The finished columns, the text and the bytes: everything a node object is made from. */
class AssembledTree {
  private readonly paths = new Map<NodeId, PathElement[]>();
  private readonly sym: SymbolValue = newSymbolValue();

  constructor(
    readonly cols: Int32Array,
    private readonly rowCount: number,
    private readonly text: string,
    private readonly bytes: Uint8Array,
    private readonly messages: readonly string[],
    private roots?: Int32Array,
  ) {}

  /** The columns (not copied), the rows in use, the top-level rows, messages and text. */
  data(): AssembledTreeData {
    return { rows: this.cols, rowCount: this.rowCount, roots: this.rootRows(), messages: [...this.messages], text: this.text };
  }

  /** The rows of the top-level nodes (walked once, or as the tree's data brought them). */
  private rootRows(): Int32Array {
    return (this.roots ??= Int32Array.from(this.childRows(0)));
  }

  private childRows(parent: NodeId): NodeId[] {
    const c = this.cols;
    const ids: NodeId[] = [];
    for (let id = c[parent * STRIDE + FIRST_CHILD]!; id !== NO_NODE; id = c[id * STRIDE + NEXT]!) ids.push(id);
    return ids;
  }

  /** The rows of `parent`'s children (0: the top level; none for a node without children). */
  childIds(parent: NodeId): ArrayLike<NodeId> {
    if (parent === 0) return this.rootRows();
    return (flagsOf(this.cols[parent * STRIDE + SHAPE]!) & HAS_CHILDREN) !== 0 ? this.childRows(parent) : [];
  }

  /** The children of `parent` (0: the top level), each node made when first read (see list.ts). */
  list(parent: NodeId): AnnotationList {
    const ids: ArrayLike<NodeId> = parent === 0 ? this.rootRows() : this.childRows(parent);
    return annotationList(ids.length, (i) => new AssembledAnnotation(this, ids[i]!));
  }

  /** The row holding node `id`'s tag: its own for a tag, else its first child's. */
  tagRow(id: NodeId): number {
    const c = this.cols;
    return (isTagKind(kindOf(c[id * STRIDE + SHAPE]!)) ? id : c[id * STRIDE + FIRST_CHILD]!) * STRIDE;
  }

  field(id: NodeId): FieldNumber {
    const t = this.tagRow(id);
    return tagFieldNumber(this.cols[t + VALUE]! >>> 0, this.cols[t + FIRST_CHILD]! >>> 0);
  }

  wireType(id: NodeId): number {
    return this.cols[this.tagRow(id) + VALUE]! & 7;
  }

  /** The path of node `id`, shared with every node whose path is the same. */
  path(id: NodeId): PathElement[] {
    const c = this.cols;
    // Walk up to a node whose path is known (or the root), then build back down.
    const chain: NodeId[] = [];
    let at = id;
    let base: PathElement[] = [];
    for (;;) {
      if (at === NO_NODE || at === 0) break;
      const known = this.paths.get(at);
      if (known !== undefined) {
        base = known;
        break;
      }
      chain.push(at);
      at = c[at * STRIDE + PATH_BASE]!;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const n = chain[i]!;
      if ((flagsOf(c[n * STRIDE + SHAPE]!) & APPENDS_FIELD) !== 0) base = extend(base, this.field(n));
      this.paths.set(n, base);
    }
    return base;
  }

  value(id: NodeId): string | undefined {
    const c = this.cols;
    for (;;) {
      const o = id * STRIDE;
      switch (modeOf(c[o + SHAPE]!)) {
        case V_NUMBER:
          parseSymbol(this.text, c[o + VALUE]!, c[o + TO]!, this.sym);
          return reading(this.sym);
        case V_STRING: {
          const n = decodeString(this.text, c[o + VALUE]!, c[o + TO]!);
          return JSON.stringify(clip(utf8(decodedView(n))!));
        }
        case V_HEX:
          return "`" + hexOf(this.bytes.subarray(c[o + START]!, c[o + END]!), 48) + "`";
        case V_TAG: {
          const wireType = c[o + VALUE]! & 7;
          return `${this.field(id)}:${WIRE_TYPE_NAMES[wireType] ?? wireType}`;
        }
        case V_LENGTH:
          return String(c[o + VALUE]!);
        case V_NODE:
          id = c[o + VALUE]!;
          continue;
        case V_MESSAGE:
          return this.messages[c[o + VALUE]!];
        default:
          return undefined;
      }
    }
  }
}

/**
 * An annotation read from the assembler's columns. Only its kind is set when it is made; its
 * byte range (made on first read, then kept), source, path, field, wire type and reading are read
 * from the rows when asked for, and its children list when first read. Each object and array
 * fewer is less for the garbage collector to move while the learner types.
 */
class AssembledAnnotation implements Annotation {
  kind: AnnotationKind;
  #tree: AssembledTree;
  #id: NodeId;
  #bytes: [number, number] | null = null;
  #children: AnnotationList | undefined | null = null;
  #value: string | undefined | null = null;

  constructor(tree: AssembledTree, id: NodeId) {
    this.#tree = tree;
    this.#id = id;
    this.kind = KINDS[kindOf(tree.cols[id * STRIDE + SHAPE]!)]!;
  }

  get bytes(): [number, number] {
    if (this.#bytes === null) {
      const o = this.#id * STRIDE;
      this.#bytes = [this.#tree.cols[o + START]!, this.#tree.cols[o + END]!];
    }
    return this.#bytes;
  }

  get source(): SourceRange {
    const o = this.#id * STRIDE;
    return { from: this.#tree.cols[o + FROM]!, to: this.#tree.cols[o + TO]! };
  }

  get path(): PathElement[] {
    return this.#tree.path(this.#id);
  }

  get field(): FieldNumber | undefined {
    return (flagsOf(this.#tree.cols[this.#id * STRIDE + SHAPE]!) & HAS_FIELD) !== 0 ? this.#tree.field(this.#id) : undefined;
  }

  get wireType(): number | undefined {
    return (flagsOf(this.#tree.cols[this.#id * STRIDE + SHAPE]!) & HAS_FIELD) !== 0 ? this.#tree.wireType(this.#id) : undefined;
  }

  get value(): string | undefined {
    if (this.#value === null) this.#value = this.#tree.value(this.#id);
    return this.#value;
  }

  get children(): AnnotationList | undefined {
    if (this.#children === null) {
      const flags = flagsOf(this.#tree.cols[this.#id * STRIDE + SHAPE]!);
      this.#children = (flags & HAS_CHILDREN) !== 0 ? this.#tree.list(this.#id) : undefined;
    }
    return this.#children;
  }

  /** JSON of the whole node, children included (its other properties are getters). */
  toJSON(): Annotation {
    const out: Annotation = { bytes: this.bytes, kind: this.kind, source: this.source, path: this.path };
    if (this.field !== undefined) out.field = this.field;
    if (this.wireType !== undefined) out.wireType = this.wireType;
    if (this.value !== undefined) out.value = this.value;
    if (this.children !== undefined) out.children = this.children;
    return out;
  }
}

/**
 * Longest path kept in full. Deeper paths keep their last MAX_PATH - 1 entries after a "…":
 * full paths in 100 000 nested messages would need 5 * 10^9 entries. (Protobuf parsers stop at
 * 100 levels of nesting anyway.)
 */
export const MAX_PATH = 100;

function extend(path: PathElement[], field: FieldNumber): PathElement[] {
  if (path.length < MAX_PATH) return [...path, field];
  return ["…", ...path.slice(path.length - MAX_PATH + 2), field];
}

const WIRE_TYPE_NAMES = ["VARINT", "I64", "LEN", "SGROUP", "EGROUP", "I32"];

/** Cuts a reading to MAX_READING characters. */
export function clip(text: string): string {
  return text.length > MAX_READING ? text.slice(0, MAX_READING) + "…" : text;
}

/** The human reading of a number symbol: the literal's value in decimal. */
function reading(sym: SymbolValue): string {
  switch (sym.kind) {
    case SymbolKind.Bool:
      return sym.small === 1 ? "true" : "false";
    case SymbolKind.Float: {
      const v = sym.float;
      if (v === Infinity) return "inf";
      if (v === -Infinity) return "-inf";
      if (Object.is(v, -0)) return "-0";
      return sym.width === 32 ? formatFloat32(v) : String(v);
    }
  }
  if (!sym.negative && sym.literalHi === 0) return String(sym.literalLo);
  if (!sym.negative && sym.literalHi < 0x200000) return String(sym.literalHi * 4294967296 + sym.literalLo);
  return String(join64(sym.literalLo, sym.literalHi, sym.negative));
}

/** Lowercase hex of the first `max` bytes, "…" when there are more. */
function hexOf(bytes: Uint8Array, max: number): string {
  if (bytes.length <= max) return toHex(bytes, "");
  return toHex(bytes.subarray(0, max), "") + "…";
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The bytes as text when they are valid UTF-8. */
function utf8(bytes: Uint8Array): string | undefined {
  let ascii = true;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii && bytes.length <= 256) return String.fromCharCode(...bytes);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Whether bytes are valid UTF-8 (what makes a string literal's node a "string" rather than "bytes"). */
export function isUtf8(bytes: Uint8Array): boolean {
  let i = 0;
  const n = bytes.length;
  while (i < n && bytes[i]! < 0x80) i++;
  return i === n || utf8(bytes.subarray(i)) !== undefined;
}
